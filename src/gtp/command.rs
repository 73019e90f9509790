//! A preprocessed GTP line parsed into an optional id, a verb and its arguments.

use thiserror::Error;

/// One GTP request: `[id] command_name [arguments]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The optional numeric id, echoed back in the response.
    pub id: Option<u64>,
    /// The command name, as sent (GTP verbs are case sensitive).
    pub name: String,
    /// The whitespace-separated arguments.
    pub args: Vec<String>,
}

/// Why a line could not be read as a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The line held an id but no command name.
    #[error("syntax error: missing command name")]
    MissingName {
        /// The id that was given, so the error can still carry it.
        id: u64,
    },
    /// The id was all digits but does not fit in 64 bits.
    #[error("syntax error: id out of range")]
    IdOutOfRange,
}

impl ParseError {
    /// The id to echo in the error response, where one was read.
    pub fn id(&self) -> Option<u64> {
        match self {
            ParseError::MissingName { id } => Some(*id),
            ParseError::IdOutOfRange => None,
        }
    }
}

impl Command {
    /// Parses a line that [`preprocess`](super::preprocess) has cleaned and found non-blank.
    pub fn parse(line: &str) -> Result<Command, ParseError> {
        let mut tokens = line.split_whitespace();
        let mut first = tokens.next().unwrap_or("");
        let mut id = None;
        if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
            let value = first.parse().map_err(|_| ParseError::IdOutOfRange)?;
            id = Some(value);
            first = tokens.next().ok_or(ParseError::MissingName { id: value })?;
        }
        Ok(Command {
            id,
            name: first.to_string(),
            args: tokens.map(str::to_string).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_command() {
        let c = Command::parse("play b C3").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "C3"]);
    }

    #[test]
    fn command_with_id() {
        let c = Command::parse("  42   genmove   w ").unwrap();
        assert_eq!(c.id, Some(42));
        assert_eq!(c.name, "genmove");
        assert_eq!(c.args, vec!["w"]);
    }

    #[test]
    fn id_without_command() {
        assert_eq!(Command::parse("7"), Err(ParseError::MissingName { id: 7 }));
        assert_eq!(
            Command::parse("99999999999999999999999 name"),
            Err(ParseError::IdOutOfRange)
        );
    }
}
