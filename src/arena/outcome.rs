//! How a game ended: the reason, the winner's seat, and which engines misbehaved.

use super::error::LinkError;
use serde::{Deserialize, Serialize};

/// Why a game ended, as `games.jsonl` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Played to the end and scored by the rules.
    Score,
    /// A Go engine resigned.
    Resign,
    /// A move the rules refuse, or one that cannot be read.
    Illegal,
    /// No answer within the move time plus the margin.
    Timeout,
    /// The engine exited, hung up, or could not be started.
    Crash,
    /// A `?` answer to a move request or to a command the engine must accept, or an
    /// answer that is not GTP.
    Error,
    /// A Go game stopped at `--max-moves` and scored as it stood.
    MaxMoves,
}

impl Reason {
    /// Every reason, in the order reports list them.
    pub const ALL: [Reason; 7] = [
        Reason::Score,
        Reason::Resign,
        Reason::Illegal,
        Reason::Timeout,
        Reason::Crash,
        Reason::Error,
        Reason::MaxMoves,
    ];

    /// The reason's word, as in `games.jsonl`.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Score => "score",
            Reason::Resign => "resign",
            Reason::Illegal => "illegal",
            Reason::Timeout => "timeout",
            Reason::Crash => "crash",
            Reason::Error => "error",
            Reason::MaxMoves => "max-moves",
        }
    }

    /// The forfeit an engine's link error costs it.
    pub fn of_link_error(error: &LinkError) -> Reason {
        match error {
            LinkError::Timeout { .. } => Reason::Timeout,
            LinkError::Spawn { .. }
            | LinkError::Connect { .. }
            | LinkError::Closed
            | LinkError::Io(_) => Reason::Crash,
            LinkError::Protocol(_) | LinkError::Refused { .. } => Reason::Error,
        }
    }
}

/// The end of one game, seen by the referee. Seats are 0 for the first mover and 1 for
/// the second.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    /// The result as the game writes it (`B+3.5`, `W+R`, `1 0.5`, `1-0`).
    pub result: String,
    /// The winner's seat; `None` for a draw.
    pub winner: Option<usize>,
    /// Why the game ended.
    pub reason: Reason,
    /// What went wrong, for forfeits (the engine's message, the refused move).
    pub detail: Option<String>,
    /// The seats whose links must not be used again: the loser of a forfeit.
    pub broken: [bool; 2],
}

impl Ending {
    /// A game played out: no fault.
    pub fn scored(result: String, winner: Option<usize>, reason: Reason) -> Ending {
        Ending {
            result,
            winner,
            reason,
            detail: None,
            broken: [false; 2],
        }
    }

    /// The game lost by `loser` for `reason`. Its link is dropped, so the engine is
    /// restarted (or reconnected) for its next game, whatever state it was left in.
    pub fn forfeit(loser: usize, reason: Reason, detail: String, result: String) -> Ending {
        let mut broken = [false; 2];
        broken[loser] = true;
        Ending {
            result,
            winner: Some(1 - loser),
            reason,
            detail: Some(detail),
            broken,
        }
    }
}
