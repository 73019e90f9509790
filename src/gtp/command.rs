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
    /// A `String` given by value is reused to hold the command name.
    pub fn parse(line: impl Into<String>) -> Result<Command, ParseError> {
        let mut line = line.into();
        let mut tokens = Tokens { line: &line, at: 0 };
        let mut name = tokens.next().unwrap_or(0..0);
        let mut id = None;
        let first = &line[name.clone()];
        if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
            let value = first.parse().map_err(|_| ParseError::IdOutOfRange)?;
            id = Some(value);
            name = tokens.next().ok_or(ParseError::MissingName { id: value })?;
        }
        let args = tokens.map(|token| line[token].to_string()).collect();
        line.truncate(name.end);
        line.drain(..name.start);
        Ok(Command {
            id,
            name: line,
            args,
        })
    }
}

/// The byte ranges of the whitespace-separated tokens of a line.
struct Tokens<'a> {
    line: &'a str,
    at: usize,
}

impl Iterator for Tokens<'_> {
    type Item = std::ops::Range<usize>;

    fn next(&mut self) -> Option<std::ops::Range<usize>> {
        let rest = &self.line[self.at..];
        let start = self.at + rest.find(|c: char| !c.is_whitespace())?;
        let end = self.line[start..]
            .find(char::is_whitespace)
            .map_or(self.line.len(), |len| start + len);
        self.at = end;
        Some(start..end)
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
    fn any_unicode_whitespace_separates() {
        let c = Command::parse("\u{a0}7\u{3000}known_command  x\u{2003}y\u{a0}").unwrap();
        assert_eq!(c.id, Some(7));
        assert_eq!(c.name, "known_command");
        assert_eq!(c.args, vec!["x", "y"]);
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
