//! A position of Wythoff's Nim: two piles in a fixed order, the moves between positions,
//! and the engine's choice of move.

use super::error::IllegalMove;
use super::solve::solve;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::cmp::Ordering;

/// Two piles of counters, of any size, in the order the user gave them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The first pile.
    pub first: BigUint,
    /// The second pile.
    pub second: BigUint,
}

impl Position {
    /// The size of the larger pile in bits.
    pub fn bits(&self) -> u64 {
        self.first.bits().max(self.second.bits())
    }

    /// The position with these piles.
    pub fn new(first: impl Into<BigUint>, second: impl Into<BigUint>) -> Position {
        Position {
            first: first.into(),
            second: second.into(),
        }
    }

    /// Whether no counter is left: the game is over and the side to move has lost.
    pub fn is_empty(&self) -> bool {
        self.first.is_zero() && self.second.is_zero()
    }

    /// Whether moving from here to `to` is legal: one pile reduced, or both reduced by
    /// the same amount.
    pub fn check_move(&self, to: &Position) -> Result<(), IllegalMove> {
        let first = to.first.cmp(&self.first);
        let second = to.second.cmp(&self.second);
        match (first, second) {
            (Ordering::Greater, _) | (_, Ordering::Greater) => Err(IllegalMove::Grows),
            (Ordering::Equal, Ordering::Equal) => Err(IllegalMove::Unchanged),
            (Ordering::Equal, Ordering::Less) | (Ordering::Less, Ordering::Equal) => Ok(()),
            (Ordering::Less, Ordering::Less) => {
                if &self.first - &to.first == &self.second - &to.second {
                    Ok(())
                } else {
                    Err(IllegalMove::Uneven)
                }
            }
        }
    }

    /// A winning move (the position after it), or `None` when this position is cold:
    /// lost for the side to move against perfect play, `0 0` included.
    ///
    /// Piles that fit in machine words take the fixed-point fast path.
    pub fn winning_move(&self) -> Option<Position> {
        match (self.first.to_u64(), self.second.to_u64()) {
            (Some(first), Some(second)) => {
                solve(&first, &second).map(|(first, second)| Position::new(first, second))
            }
            _ => solve(&self.first, &self.second).map(|(first, second)| Position { first, second }),
        }
    }

    /// The engine's move: a winning move when there is one, otherwise one counter taken
    /// from the larger pile (the first pile when they are equal). `None` at `0 0`.
    pub fn engine_move(&self) -> Option<Position> {
        if self.is_empty() {
            return None;
        }
        self.winning_move().or_else(|| {
            let mut next = self.clone();
            if next.first >= next.second {
                next.first -= 1u32;
            } else {
                next.second -= 1u32;
            }
            Some(next)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_and_illegal_moves() {
        let _bound = crate::test_bound::bound();
        let here = Position::new(13u32, 9u32);
        for to in [(13u32, 8u32), (0, 9), (13, 0), (10, 6), (4, 0)] {
            assert_eq!(
                here.check_move(&Position::new(to.0, to.1)),
                Ok(()),
                "{to:?}"
            );
        }
        let cases = [
            ((13u32, 9u32), IllegalMove::Unchanged),
            ((14, 9), IllegalMove::Grows),
            ((12, 10), IllegalMove::Grows),
            ((12, 7), IllegalMove::Uneven),
            ((0, 0), IllegalMove::Uneven),
        ];
        for ((a, b), why) in cases {
            assert_eq!(
                here.check_move(&Position::new(a, b)),
                Err(why),
                "({a}, {b})"
            );
        }
    }

    #[test]
    fn engine_moves() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            Position::new(13u32, 9u32).engine_move(),
            Some(Position::new(10u32, 6u32))
        );
        assert_eq!(
            Position::new(3u32, 5u32).engine_move(),
            Some(Position::new(3u32, 4u32))
        );
        assert_eq!(
            Position::new(5u32, 3u32).engine_move(),
            Some(Position::new(4u32, 3u32))
        );
        assert_eq!(Position::new(0u32, 0u32).engine_move(), None);
    }
}
