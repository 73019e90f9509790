//! Why a Wythoff command was refused.

use thiserror::Error;

/// A refused Wythoff command; the text is what follows `? ` on the wire.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WythoffError {
    /// A move or a status request before any `wythoff-new`.
    #[error("no game: start one with wythoff-new A B")]
    NoGame,
    /// A move at `0 0`, where the game is over.
    #[error("game over: no counters are left")]
    GameOver,
    /// The move breaks the rules.
    #[error("illegal move: {0}")]
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
