//! One game of Wythoff's Nim: the position and whose turn it is.

use super::error::WythoffError;
use super::position::Position;
use super::side::Side;

/// A game in progress (or over, at `0 0`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    position: Position,
    to_move: Side,
}

impl Game {
    /// A new game at `position`, the first player to move.
    pub fn new(position: Position) -> Game {
        Game {
            position,
            to_move: Side::First,
        }
    }

    /// The piles now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Who took the last counter, once the game is over at `0 0`.
    pub fn winner(&self) -> Option<Side> {
        self.position.is_empty().then(|| self.to_move.opponent())
    }

    /// The side to move moves to `to`; refused, changing nothing, unless legal.
    pub fn play(&mut self, to: Position) -> Result<(), WythoffError> {
        if self.position.is_empty() {
            return Err(WythoffError::GameOver);
        }
        self.position.check_move(&to)?;
        self.advance(to);
        Ok(())
    }

    /// The engine moves for the side to move (see [`Position::engine_move`]) and returns
    /// the new position; refused at `0 0`.
    pub fn genmove(&mut self) -> Result<&Position, WythoffError> {
        let to = self.position.engine_move().ok_or(WythoffError::GameOver)?;
        self.advance(to);
        Ok(&self.position)
    }

    fn advance(&mut self, to: Position) {
        self.position = to;
        self.to_move = self.to_move.opponent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_alternate_and_refusals_change_nothing() {
        let _bound = crate::test_bound::bound();
        let mut game = Game::new(Position::new(13u32, 9u32));
        assert_eq!(game.to_move(), Side::First);
        assert!(game.play(Position::new(12u32, 7u32)).is_err());
        assert_eq!(game.position(), &Position::new(13u32, 9u32));
        assert_eq!(game.to_move(), Side::First);
        game.play(Position::new(13u32, 8u32)).unwrap();
        assert_eq!(game.to_move(), Side::Second);
        // (13, 8) is cold: the engine takes one counter from the larger pile.
        assert_eq!(game.genmove().unwrap(), &Position::new(12u32, 8u32));
        assert_eq!(game.to_move(), Side::First);
    }

    #[test]
    fn over_at_zero() {
        let _bound = crate::test_bound::bound();
        let mut game = Game::new(Position::new(0u32, 5u32));
        assert_eq!(game.winner(), None);
        game.genmove().unwrap();
        assert_eq!(game.winner(), Some(Side::First));
        assert_eq!(game.genmove(), Err(WythoffError::GameOver));
        assert_eq!(
            game.play(Position::new(0u32, 0u32)),
            Err(WythoffError::GameOver)
        );
        assert_eq!(
            Game::new(Position::new(0u32, 0u32)).winner(),
            Some(Side::Second)
        );
    }
}
