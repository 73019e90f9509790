//! Wins, draws and losses of the first engine against the second.

/// The games so far, counted for the first engine of the match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

impl Tally {
    /// Counts one game: `winner` is the winning engine (0 or 1), `None` for a draw.
    pub fn add(&mut self, winner: Option<usize>) {
        match winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points: a win is 1, a draw 0.5.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The same games counted for the second engine.
    pub fn mirrored(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The mean score per game and its variance per game, from these frequencies;
    /// `None` before the first game.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let mean = w + d / 2.0;
        let variance = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
        Some((mean, variance))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_scores() {
        let _bound = crate::test_bound::bound();
        let mut tally = Tally::default();
        assert_eq!(tally.mean_and_variance(), None);
        for winner in [Some(0), Some(0), None, Some(1)] {
            tally.add(winner);
        }
        assert_eq!(
            (tally.wins, tally.draws, tally.losses, tally.games()),
            (2, 1, 1, 4)
        );
        assert_eq!(tally.points(), 2.5);
        assert_eq!(tally.mirrored().points(), 1.5);
        let (mean, variance) = tally.mean_and_variance().unwrap();
        assert_eq!(mean, 0.625);
        // (2 * 0.375^2 + 0.125^2 + 0.625^2) / 4
        assert!((variance - 0.171_875).abs() < 1e-12, "{variance}");
    }
}
