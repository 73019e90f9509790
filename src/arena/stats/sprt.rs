//! The sequential probability ratio test, trinomial: each game is a win, a draw or a
//! loss, and the log-likelihood ratio of H1 (the first engine is `elo1` stronger)
//! against H0 (`elo0` stronger) is the generalized SPRT's normal approximation on the
//! game scores, as fishtest, cutechess-cli and fastchess compute it for logistic Elo:
//!
//! `LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v)`
//!
//! with `s` and `v` the mean and variance of the game scores and `s0`, `s1` the expected
//! scores of `elo0` and `elo1`. Empty counts are taken as 0.001 games so that one-sided
//! results do not divide by zero. The test stops at `ln(β/(1-α))` (H0 accepted) or
//! `ln((1-β)/α)` (H1 accepted).

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
        let (w, d, l) = (count(tally.wins), count(tally.draws), count(tally.losses));
        let n = w + d + l;
        let mean = (w + d / 2.0) / n;
        let variance = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
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
        let state = TEST.state(&Tally::default());
        assert!((state.lower + 2.944_438_979).abs() < 1e-9);
        assert!((state.upper - 2.944_438_979).abs() < 1e-9);
        assert_eq!((state.llr, state.result), (0.0, Verdict::Continue));
    }

    #[test]
    fn llr_of_a_known_match() {
        // 1000 games, 300 wins, 450 draws, 250 losses: s = 0.525, v = 0.136875.
        let tally = Tally {
            wins: 300,
            draws: 450,
            losses: 250,
        };
        let (s, v) = tally.mean_and_variance().unwrap();
        let (s0, s1) = (0.5, expected_score(10.0));
        let expected = 1000.0 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v);
        assert!((TEST.state(&tally).llr - expected).abs() < 1e-9);
        assert!((expected - 1.8717).abs() < 1e-4, "{expected}");
    }

    #[test]
    fn clear_results_stop_the_test() {
        assert_eq!(
            TEST.state(&Tally {
                wins: 400,
                draws: 0,
                losses: 200
            })
            .result,
            Verdict::H1
        );
        assert_eq!(
            TEST.state(&Tally {
                wins: 200,
                draws: 0,
                losses: 400
            })
            .result,
            Verdict::H0
        );
        assert_eq!(
            TEST.state(&Tally {
                wins: 30,
                draws: 0,
                losses: 0
            })
            .result,
            Verdict::H1
        );
        assert_eq!(
            TEST.state(&Tally {
                wins: 5,
                draws: 0,
                losses: 5
            })
            .result,
            Verdict::Continue
        );
    }
}
