//! The two players.

/// A player: `first` moves first in a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}
