//! The error of one command, whatever layer it came from.

use crate::gtp::{ArgError, ParseError};
use thiserror::Error;

/// Why a command failed. Its `Display` text is exactly what follows `?` on the wire.
#[derive(Debug, Error)]
pub enum CommandError {
    /// The line could not be read as a command.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// No admin verb and no game answers to this name.
    #[error("unknown command")]
    UnknownCommand,
    /// The arguments do not fit the verb.
    #[error(transparent)]
    Args(#[from] ArgError),
    /// The game refused the command (an illegal move, a move with no game, ...); the game's
    /// own error type says why.
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

impl CommandError {
    /// Wraps a game's own typed error.
    pub fn game(error: impl std::error::Error + Send + Sync + 'static) -> CommandError {
        CommandError::Game(Box::new(error))
    }
}
