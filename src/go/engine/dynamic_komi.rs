//! Dynamic komi: in a lopsided game (handicap stones, or a win rate pinned near 0 or 1)
//! the search scores its simulations against a komi moved toward balance, so that its
//! win rates still tell a good move from a slack one; the game's own komi stays what
//! is reported and what resignation looks at.
//!
//! Two parts, both in whole points added to the komi (in White's favour when
//! positive): the handicap stones' worth, which fades linearly over the opening and
//! middle game, and a part learned from each search's root win rate, which steers it
//! into a useful band once the game is pinned. Both fade out as the board fills, so the
//! endgame is counted against the real komi.

use super::game::Game;
use crate::go::Colour;

/// Points each handicap stone is counted for at the start.
const STONE_POINTS: f64 = 7.0;

/// The handicap part falls to nothing over this share of the board's points in moves.
const HANDICAP_MOVES_SHARE: f64 = 0.5;

/// A root win rate below or above these pins the game: learning starts.
const PINNED_LOW: f32 = 0.15;
const PINNED_HIGH: f32 = 0.85;

/// Once learning has started, it steers the root win rate into this band.
const BAND_LOW: f32 = 0.4;
const BAND_HIGH: f32 = 0.6;

/// Points of komi moved for each unit of win rate outside the band, for each point of
/// the board: about 10 points on 9x9 and 45 on 19x19 for a win rate of 1.6 outside.
const GAIN_PER_POINT: f64 = 0.125;

/// The learned part stays within this share of the board's points either way.
const LEARNED_SHARE: f64 = 0.25;

/// Everything counts fully while at least this share of the board is empty, and fades
/// to nothing at [`EMPTY_NONE`].
const EMPTY_FULL: f64 = 0.4;
const EMPTY_NONE: f64 = 0.1;

impl Game {
    /// How much of the offsets still counts: 1 while the board is open, down to 0 as it
    /// fills.
    fn fade(&self) -> f64 {
        let empty = self.empty as f64 / self.points.max(1) as f64;
        ((empty - EMPTY_NONE) / (EMPTY_FULL - EMPTY_NONE)).clamp(0.0, 1.0)
    }

    /// The handicap stones' worth still counted: [`STONE_POINTS`] each at the start,
    /// falling linearly to nothing.
    fn handicap_points(&self) -> f64 {
        if self.handicap < 2 {
            return 0.0;
        }
        let over = self.points as f64 * HANDICAP_MOVES_SHARE;
        let left = (1.0 - self.moves_played as f64 / over).max(0.0);
        STONE_POINTS * self.handicap as f64 * left
    }
}

/// One player's dynamic komi.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DynamicKomi {
    /// Points learned from the root win rates so far (in White's favour when positive).
    learned: f64,
}

impl DynamicKomi {
    /// Whole points to add to the game's komi for the next search in `game` (positive:
    /// in White's favour).
    pub fn offset(&self, game: &Game) -> i64 {
        ((game.handicap_points() + self.learned) * game.fade()).round() as i64
    }

    /// Learns from a search for `colour` in `game` whose best move won `win_rate`
    /// against the komi that search used. A win rate outside [`BAND_LOW`]..[`BAND_HIGH`]
    /// moves the komi against the side it favours, in proportion; in an even game only
    /// once the game has been pinned (a win rate beyond [`PINNED_LOW`] or
    /// [`PINNED_HIGH`]), so that an ordinary game keeps its komi, while a handicap game,
    /// whose komi is moved from the start, is steered all along. Coming back from one
    /// side, the learned part stops at zero unless the game is pinned the other way.
    pub fn learn(&mut self, colour: Colour, win_rate: f32, game: &Game) {
        let pinned = !(PINNED_LOW..=PINNED_HIGH).contains(&win_rate);
        if self.learned == 0.0 && !pinned && game.handicap < 2 {
            return;
        }
        let excess = if win_rate > BAND_HIGH {
            win_rate - BAND_HIGH
        } else if win_rate < BAND_LOW {
            win_rate - BAND_LOW
        } else {
            0.0
        };
        let against_mover = f64::from(excess) * GAIN_PER_POINT * game.points as f64;
        let step = match colour {
            Colour::White => -against_mover,
            Colour::Black => against_mover,
        };
        let before = self.learned;
        let mut after = before + step;
        if !pinned && before * after < 0.0 {
            after = 0.0;
        }
        let bound = LEARNED_SHARE * game.points as f64;
        self.learned = after.clamp(-bound, bound);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(points: usize, handicap: usize, moves_played: usize) -> Game {
        Game {
            points,
            empty: points - handicap - moves_played.min(points / 2),
            handicap,
            moves_played,
        }
    }

    #[test]
    fn handicap_stones_count_at_first_and_fade_over_the_game() {
        let _bound = crate::test_bound::bound();
        let none = DynamicKomi::default();
        assert_eq!(none.offset(&game(361, 9, 0)), 63);
        assert_eq!(none.offset(&game(361, 9, 90)), 32);
        assert_eq!(none.offset(&game(361, 9, 181)), 0);
        assert_eq!(none.offset(&game(81, 4, 0)), 28);
        assert_eq!(none.offset(&game(81, 4, 20)), 14);
        // An even game (or a single stone, which is no handicap) keeps its komi.
        assert_eq!(none.offset(&game(361, 0, 0)), 0);
        assert_eq!(none.offset(&game(361, 1, 0)), 0);
    }

    #[test]
    fn a_handicap_game_is_steered_before_it_is_pinned() {
        let _bound = crate::test_bound::bound();
        let four = game(81, 4, 10);
        let mut white = DynamicKomi::default();
        let start = white.offset(&four);
        white.learn(Colour::White, 0.3, &four);
        assert!(white.offset(&four) > start, "{white:?}");
    }

    #[test]
    fn an_ordinary_game_learns_nothing() {
        let _bound = crate::test_bound::bound();
        let mut komi = DynamicKomi::default();
        for rate in [0.3, 0.5, 0.7, 0.84, 0.16] {
            komi.learn(Colour::Black, rate, &game(81, 0, 10));
        }
        assert_eq!(komi, DynamicKomi::default());
    }

    #[test]
    fn a_pinned_game_moves_the_komi_against_the_favoured_side_until_the_band() {
        let _bound = crate::test_bound::bound();
        let nine = game(81, 0, 10);
        // Black winning nearly every simulation: White gets points, in steps.
        let mut black = DynamicKomi::default();
        black.learn(Colour::Black, 0.95, &nine);
        let first = black.offset(&nine);
        assert!(first > 0, "{first}");
        black.learn(Colour::Black, 0.7, &nine);
        let second = black.offset(&nine);
        assert!(second > first, "{first} {second}");
        // Inside the band it holds.
        black.learn(Colour::Black, 0.5, &nine);
        assert_eq!(black.offset(&nine), second);
        // White losing nearly every simulation: White gets points too.
        let mut white = DynamicKomi::default();
        white.learn(Colour::White, 0.02, &nine);
        assert!(white.offset(&nine) > 0);
        // White now winning too much: back toward zero, and no further unless pinned.
        for _ in 0..10 {
            white.learn(Colour::White, 0.75, &nine);
        }
        assert_eq!(white.offset(&nine), 0);
    }

    #[test]
    fn the_learned_part_is_bounded_and_fades_as_the_board_fills() {
        let _bound = crate::test_bound::bound();
        let open = game(81, 0, 10);
        let mut komi = DynamicKomi::default();
        for _ in 0..100 {
            komi.learn(Colour::White, 0.0, &open);
        }
        assert_eq!(komi.offset(&open), 20);
        let full = Game { empty: 8, ..open };
        assert_eq!(komi.offset(&full), 0);
        let half = Game { empty: 20, ..open };
        assert!(
            (5..15).contains(&komi.offset(&half)),
            "{}",
            komi.offset(&half)
        );
    }
}
