//! Why a line got a failure response, whatever layer refused it, and the one place where
//! that becomes GTP error text.

use crate::gtp::{ArgError, ParseError, Response};
use thiserror::Error;

/// Why a line failed. Its `Display` text is exactly what follows `?` on the wire; it is
/// written only by [`write_failure`].
#[derive(Debug, Error)]
pub enum CommandError {
    /// The line was longer than the session's limit (and was discarded).
    #[error("line too long")]
    LineTooLong,
    /// The line was not valid UTF-8 (and was discarded).
    #[error("invalid UTF-8")]
    InvalidUtf8,
    /// The server was full: the connection is refused, or a heavy command found the
    /// queue of heavy work full.
    #[error("server busy")]
    ServerBusy,
    /// A heavy command gave up because its client went.
    #[error("cancelled")]
    Cancelled,
    /// The line could not be read as a command.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// No admin verb and no game answers to this name.
    #[error("unknown command")]
    UnknownCommand,
    /// The arguments do not fit the verb.
    #[error(transparent)]
    Args(#[from] ArgError),
    /// The game refused the command (an illegal move, a move with no game, ...). The
    /// adapter's own error type gives the words.
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

impl CommandError {
    /// Wraps an adapter's own typed error.
    pub fn game(error: impl std::error::Error + Send + Sync + 'static) -> CommandError {
        CommandError::Game(Box::new(error))
    }

    /// What kind of error this is, as the `kind` label of the `gamebot_errors_total`
    /// metric: one of a few fixed words.
    pub fn kind(&self) -> &'static str {
        match self {
            CommandError::LineTooLong => "line_too_long",
            CommandError::InvalidUtf8 => "invalid_utf8",
            CommandError::ServerBusy => "server_busy",
            CommandError::Cancelled => "cancelled",
            CommandError::Parse(_) => "syntax",
            CommandError::UnknownCommand => "unknown_command",
            CommandError::Args(_) => "arguments",
            CommandError::Game(_) => "refused_by_game",
        }
    }
}

/// Appends the failure response for `error` to `out`, echoing `id`: the one place where a
/// typed error becomes GTP error text, and where errors are counted by kind.
#[cold]
pub fn write_failure(id: Option<u64>, error: &CommandError, out: &mut Vec<u8>) {
    metrics::counter!("gamebot_errors_total", "kind" => error.kind()).increment(1);
    Response::failure(id, &error.to_string()).write_to(out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(id: Option<u64>, error: CommandError) -> String {
        let mut out = Vec::new();
        write_failure(id, &error, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn refusals_before_any_command_use_the_same_words_as_the_contract() {
        let _bound = crate::test_bound::bound();
        assert_eq!(text(None, CommandError::LineTooLong), "? line too long\n\n");
        assert_eq!(text(None, CommandError::InvalidUtf8), "? invalid UTF-8\n\n");
        assert_eq!(text(None, CommandError::ServerBusy), "? server busy\n\n");
        assert_eq!(
            text(Some(4), CommandError::UnknownCommand),
            "?4 unknown command\n\n"
        );
    }
}
