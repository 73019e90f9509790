//! The sequential probability ratio test, trinomial: each game is a win, a draw or a
//! loss (scores 1, 1/2, 0). It is the generalized SPRT that fishtest uses for logistic
//! Elo: for each hypothesis (the first engine is `elo0`, or `elo1`, stronger), the
//! distribution of the three results closest to the observed frequencies (their maximum
//! likelihood under that expected score) is found, and
//!
//! `LLR = N Σ f_i ln(p1_i / p0_i)`
//!
//! over the observed frequencies `f_i` and the two distributions `p0`, `p1`. For many
//! games it equals the normal approximation `N (s1 - s0) (2s - s0 - s1) / (2v)`; unlike
//! it, it stays moderate after a few one-sided games. Empty counts are taken as 0.001
//! games. The test stops at `ln(β/(1-α))` (H0 accepted) or `ln((1-β)/α)` (H1
//! accepted).

use super::tally::Tally;
use serde::Serialize;

/// The test's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// The LLR fell to the lower bound: H0 accepted.
    H0,
    /// The LLR rose to the upper bound: H1 accepted.
    H1,
    /// Neither bound reached yet.
    #[serde(rename = "continue")]
    Continue,
}

/// The test's state after some games, as `summary.json` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound.
    pub lower: f64,
    /// The upper bound.
    pub upper: f64,
    /// The outcome.
    pub result: Verdict,
}

/// Counts of 0 are taken as this many games.
const EMPTY: f64 = 1e-3;

impl Sprt {
    /// The state of the test after the games in `tally`.
    pub fn state(&self, tally: &Tally) -> SprtState {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        let llr = self.llr(tally);
        let result = if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        };
        SprtState {
            llr,
            lower,
            upper,
            result,
        }
    }

    /// The log-likelihood ratio of the games in `tally`; 0 before the first game.
    fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let count = |games: u64| if games == 0 { EMPTY } else { games as f64 };
        let counts = [count(tally.wins), count(tally.draws), count(tally.losses)];
        let n: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / n);
        let p0 = closest(&observed, expected_score(self.elo0));
        let p1 = closest(&observed, expected_score(self.elo1));
        n * (0..3)
            .map(|i| observed[i] * (p1[i] / p0[i]).ln())
            .sum::<f64>()
    }
}

/// The scores of a win, a draw and a loss.
const SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The distribution over win, draw and loss with expected score `score` (strictly
/// between 0 and 1) that is most likely to have produced the frequencies `observed`
/// (all positive): `observed_i / (1 + λ (x_i - score))` for the `λ` that makes it sum
/// to 1, found by bisection (the sum falls as `λ` grows).
fn closest(observed: &[f64; 3], score: f64) -> [f64; 3] {
    let tilt = |lambda: f64| SCORES.map(|x| 1.0 + lambda * (x - score));
    let excess = |lambda: f64| -> f64 {
        let tilt = tilt(lambda);
        (0..3)
            .map(|i| observed[i] * (SCORES[i] - score) / tilt[i])
            .sum()
    };
    // Every tilt stays positive strictly inside (-1/(1 - score), 1/score).
    let (mut low, mut high) = (-1.0 / (1.0 - score), 1.0 / score);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if excess(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let tilt = tilt((low + high) / 2.0);
    [0, 1, 2].map(|i| observed[i] / tilt[i])
}

/// The expected score of an Elo advantage (logistic).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn bounds_of_five_percent_errors() {
        let _bound = crate::test_bound::bound();
        let state = TEST.state(&Tally::default());
        assert!((state.lower + 2.944_438_979).abs() < 1e-9);
        assert!((state.upper - 2.944_438_979).abs() < 1e-9);
        assert_eq!((state.llr, state.result), (0.0, Verdict::Continue));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn llr_of_known_matches() {
        let _bound = crate::test_bound::bound();
        // 1000 games, 300 wins, 450 draws, 250 losses; the normal approximation:
        // s = 0.525, v = 0.136875, 1000 (s1 - s0) (2s - s0 - s1) / (2v) = 1.8717.
        let tally = Tally {
            wins: 300,
            draws: 450,
            losses: 250,
        };
        assert!(
            close(TEST.state(&tally).llr, 1.865_023),
            "{:?}",
            TEST.state(&tally)
        );
        let wide = Sprt {
            elo1: 100.0,
            ..TEST
        };
        let sweep = |wins| {
            wide.state(&Tally {
                wins,
                draws: 0,
                losses: 0,
            })
        };
        assert!(close(sweep(1).llr, 0.246_879), "{:?}", sweep(1));
        assert!(close(sweep(20).llr, 4.939_151), "{:?}", sweep(20));
        assert_eq!(sweep(10).result, Verdict::Continue);
        assert_eq!(sweep(20).result, Verdict::H1);
    }

    #[test]
    fn clear_results_stop_the_test() {
        let _bound = crate::test_bound::bound();
        let state = |wins, losses| {
            TEST.state(&Tally {
                wins,
                draws: 0,
                losses,
            })
        };
        assert!(close(state(400, 200).llr, 5.507_979));
        assert_eq!(state(400, 200).result, Verdict::H1);
        assert!(close(state(200, 400).llr, -6.004_966));
        assert_eq!(state(200, 400).result, Verdict::H0);
        assert_eq!(state(5, 5).result, Verdict::Continue);
    }

    #[test]
    fn the_closest_distribution_has_the_asked_score() {
        let _bound = crate::test_bound::bound();
        let p = closest(&[0.5, 0.3, 0.2], 0.4);
        assert!(close(p.iter().sum(), 1.0));
        assert!(close(p[0] + p[1] / 2.0, 0.4));
        assert!(p.iter().all(|&x| x > 0.0));
    }
}
