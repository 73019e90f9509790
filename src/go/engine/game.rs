//! What the engine's time manager and dynamic komi know of a game: how big the board
//! is, how full, and how far play has gone.

use crate::go::board::Board;

/// A summary of a game's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Points of the board.
    pub points: usize,
    /// Empty points now.
    pub empty: usize,
    /// Handicap stones the game started with.
    pub handicap: usize,
    /// Moves played since the start position, passes included.
    pub moves_played: usize,
}

impl Game {
    /// The summary of `board`'s game.
    pub fn of(board: &Board) -> Game {
        let points = board.size() * board.size();
        Game {
            points,
            empty: points - board.stone_count(),
            handicap: board.handicap(),
            moves_played: board.moves().len(),
        }
    }
}
