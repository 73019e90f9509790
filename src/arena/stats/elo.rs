//! The Elo difference a score means, its 95% interval (Wilson's), and the likelihood
//! of superiority.

use super::tally::Tally;
use serde::Serialize;

/// The normal quantile of 97.5%: a 95% two-sided interval is 1.96 standard errors.
const Z95: f64 = 1.959_963_984_540_054;

/// The first engine's Elo advantage over the second and its 95% interval. The
/// difference is infinite when the score is 0% or 100%, and so is one end of the
/// interval; JSON then has `null`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Elo {
    /// The difference: `400 log10(s / (1 - s))` for the mean score `s`.
    pub diff: f64,
    /// The low end of the 95% interval: the difference at the low end of the Wilson
    /// score interval of `s` (draws counted as half a win).
    pub low: f64,
    /// The high end of the 95% interval, likewise.
    pub high: f64,
}

impl Elo {
    /// The Elo of the games in `tally`; `None` before the first game.
    pub fn of(tally: &Tally) -> Option<Elo> {
        let games = tally.games();
        if games == 0 {
            return None;
        }
        let n = games as f64;
        let score = tally.points() / n;
        // Wilson's interval stays inside (0, 1) unless the score is 0 or 1 itself.
        let z2 = Z95 * Z95;
        let centre = (score + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (score * (1.0 - score) / n + z2 / (4.0 * n * n)).sqrt();
        let low = if tally.losses == games {
            f64::NEG_INFINITY
        } else {
            elo_of_score(centre - half)
        };
        let high = if tally.wins == games {
            f64::INFINITY
        } else {
            elo_of_score(centre + half)
        };
        Some(Elo {
            diff: elo_of_score(score),
            low,
            high,
        })
    }

    /// The difference and its interval in words: `-301.3 (95%: -503.0 to -99.6)`, or
    /// `all games won (95%: at least +166.2)` when the difference is infinite, with
    /// `decimals` digits after the point.
    pub fn describe(&self, decimals: usize) -> String {
        let signed = |elo: f64| format!("{elo:+.decimals$}");
        if self.diff == f64::INFINITY {
            format!("all games won (95%: at least {})", signed(self.low))
        } else if self.diff == f64::NEG_INFINITY {
            format!("all games lost (95%: at most {})", signed(self.high))
        } else {
            format!(
                "{} (95%: {} to {})",
                signed(self.diff),
                signed(self.low),
                signed(self.high)
            )
        }
    }
}

/// The Elo difference of an expected score (infinite at 0 and 1 and beyond).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// The likelihood of superiority: the chance that the first engine is the stronger,
/// from wins and losses (draws say nothing): `Φ((W - L) / sqrt(W + L))`; exactly 0.5
/// when wins and losses are even.
pub fn los(tally: &Tally) -> f64 {
    let decisive = (tally.wins + tally.losses) as f64;
    if tally.wins == tally.losses {
        return 0.5;
    }
    let difference = tally.wins as f64 - tally.losses as f64;
    0.5 * (1.0 + erf(difference / (2.0 * decisive).sqrt()))
}

/// The error function, to within 1.5e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let value = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -value
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_of_known_scores() {
        let _bound = crate::test_bound::bound();
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!((elo_of_score(0.75) - 190.848_501_887_865).abs() < 1e-9);
        assert!((elo_of_score(0.25) + 190.848_501_887_865).abs() < 1e-9);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_of_an_even_match() {
        let _bound = crate::test_bound::bound();
        // 100 games, 50 wins 50 losses: Wilson's interval is 0.4038..0.5962.
        let elo = Elo::of(&tally(50, 0, 50)).unwrap();
        assert_eq!(elo.diff, 0.0);
        assert!((elo.high - 67.7).abs() < 0.05, "{elo:?}");
        assert!((elo.low + elo.high).abs() < 1e-9, "{elo:?}");
        assert_eq!(Elo::of(&tally(0, 0, 0)), None);
    }

    #[test]
    fn a_lopsided_match_has_a_finite_interval() {
        let _bound = crate::test_bound::bound();
        // 3-17: s = 0.15, Wilson's interval 0.0524..0.3604.
        let elo = Elo::of(&tally(3, 0, 17)).unwrap();
        assert!((elo.diff + 301.3).abs() < 0.05, "{elo:?}");
        assert!((elo.low + 503.0).abs() < 0.5, "{elo:?}");
        assert!((elo.high + 99.6).abs() < 0.5, "{elo:?}");
        assert_eq!(elo.describe(1), "-301.3 (95%: -503.0 to -99.6)");
        assert_eq!(
            Elo::of(&tally(17, 0, 3)).unwrap().describe(0),
            "+301 (95%: +100 to +503)"
        );
    }

    #[test]
    fn a_sweep_says_so_with_its_finite_end() {
        let _bound = crate::test_bound::bound();
        // 10-0: the low end of the score is 10 / (10 + z^2) = 0.7225.
        let sweep = Elo::of(&tally(10, 0, 0)).unwrap();
        assert_eq!((sweep.diff, sweep.high), (f64::INFINITY, f64::INFINITY));
        assert!((sweep.low - 166.2).abs() < 0.05, "{sweep:?}");
        assert_eq!(sweep.describe(1), "all games won (95%: at least +166.2)");
        let swept = Elo::of(&tally(0, 0, 10)).unwrap();
        assert_eq!(swept.low, f64::NEG_INFINITY);
        assert_eq!(swept.describe(0), "all games lost (95%: at most -166)");
        let drawn = Elo::of(&tally(0, 4, 0)).unwrap();
        assert!(drawn.low.is_finite() && drawn.high.is_finite(), "{drawn:?}");
    }

    #[test]
    fn likelihood_of_superiority() {
        let _bound = crate::test_bound::bound();
        assert_eq!(los(&tally(0, 5, 0)), 0.5);
        assert!((los(&tally(60, 0, 40)) - 0.977_249_868).abs() < 1e-6);
        assert!((los(&tally(40, 0, 60)) - 0.022_750_132).abs() < 1e-6);
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 2e-7);
    }
}
