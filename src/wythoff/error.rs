//! Why a Wythoff move was refused.

use thiserror::Error;

/// Why a game refused a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WythoffError {
    /// A move at `0 0`, where the game is over.
    #[error("no counters are left")]
    GameOver,
    /// The move breaks the rules.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// How a move breaks the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// Neither pile changes.
    #[error("the piles must change")]
    Unchanged,
    /// A pile would get larger.
    #[error("a pile cannot grow")]
    Grows,
    /// Both piles shrink, by different amounts.
    #[error("when both piles shrink they must shrink by the same amount")]
    Uneven,
}
