//! The Elo difference a score means, its 95% interval, and the likelihood of
//! superiority.

use super::tally::Tally;
use serde::Serialize;

/// The normal quantile of 97.5%: a 95% two-sided interval is 1.96 standard errors.
const Z95: f64 = 1.959_963_984_540_054;

/// The first engine's Elo advantage over the second and the half-width of its 95%
/// interval. Either is infinite when the score (or an end of its interval) is 0% or
/// 100%; JSON then has `null`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Elo {
    /// The difference: `400 log10(s / (1 - s))` for the mean score `s`.
    pub diff: f64,
    /// Half the width of the interval of the difference from the score's 95% interval
    /// (the mean score plus or minus 1.96 standard errors, the standard error from the
    /// games' win, draw and loss frequencies).
    pub error95: f64,
}

impl Elo {
    /// The Elo of the games in `tally`; `None` before the first game.
    pub fn of(tally: &Tally) -> Option<Elo> {
        let (mean, variance) = tally.mean_and_variance()?;
        let error = Z95 * (variance / tally.games() as f64).sqrt();
        let diff = elo_of_score(mean);
        let error95 = if diff.is_finite() {
            (elo_of_score(mean + error) - elo_of_score(mean - error)) / 2.0
        } else {
            f64::INFINITY
        };
        Some(Elo { diff, error95 })
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
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!((elo_of_score(0.75) - 190.848_501_887_865).abs() < 1e-9);
        assert!((elo_of_score(0.25) + 190.848_501_887_865).abs() < 1e-9);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_of_an_even_match() {
        // 100 games, 50 wins 50 losses: s = 0.5, sd 0.5, se 0.05, s in 0.402..0.598.
        let elo = Elo::of(&tally(50, 0, 50)).unwrap();
        assert_eq!(elo.diff, 0.0);
        assert!((elo.error95 - 68.99).abs() < 0.01, "{elo:?}");
        assert_eq!(Elo::of(&tally(0, 0, 0)), None);
        let sweep = Elo::of(&tally(10, 0, 0)).unwrap();
        assert_eq!((sweep.diff, sweep.error95), (f64::INFINITY, f64::INFINITY));
    }

    #[test]
    fn likelihood_of_superiority() {
        assert_eq!(los(&tally(0, 5, 0)), 0.5);
        assert!((los(&tally(60, 0, 40)) - 0.977_249_868).abs() < 1e-6);
        assert!((los(&tally(40, 0, 60)) - 0.022_750_132).abs() < 1e-6);
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 2e-7);
    }
}
