//! A preprocessed GTP line parsed into an optional id, a verb and its arguments.

use thiserror::Error;

/// One GTP request: `[id] command_name [arguments]`, borrowed from the line it was read
/// from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command<'a> {
    /// The optional numeric id, echoed back in the response.
    pub id: Option<u64>,
    /// The command name, as sent (GTP verbs are case sensitive).
    pub name: &'a str,
    /// The space-separated arguments (empty, and not allocated, when there are none).
    pub args: Vec<&'a str>,
}

/// A [`Command`] that owns its text, for a command that must outlive the buffer it was
/// read from (one handed to another thread).
///
/// The name and the arguments are kept end to end in one string, with where each word
/// ends: copying a command of 65,000 arguments is then one allocation, not 65,000.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedCommand {
    id: Option<u64>,
    words: String,
    /// The end of each word in `words`: the name's first, then each argument's.
    ends: Vec<usize>,
}

impl OwnedCommand {
    /// The command, borrowed from this one.
    pub fn command(&self) -> Command<'_> {
        let mut start = self.ends[0];
        let args = self.ends[1..]
            .iter()
            .map(|&end| {
                let word = &self.words[start..end];
                start = end;
                word
            })
            .collect();
        Command {
            id: self.id,
            name: &self.words[..self.ends[0]],
            args,
        }
    }
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

impl<'a> Command<'a> {
    /// Parses a line that [`preprocess`](super::preprocess) has cleaned and found non-blank.
    ///
    /// Words are separated by runs of spaces: preprocessing has turned HT into spaces and
    /// removed every other ASCII white space (all control characters), so spaces are the
    /// only ASCII white space left. Any other character, such as a no-break space, is part
    /// of a word.
    #[inline]
    pub fn parse(line: &'a str) -> Result<Command<'a>, ParseError> {
        let mut rest = line;
        let mut name = next_word(&mut rest).unwrap_or("");
        let mut id = None;
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            let value = name.parse().map_err(|_| ParseError::IdOutOfRange)?;
            id = Some(value);
            name = next_word(&mut rest).ok_or(ParseError::MissingName { id: value })?;
        }
        // Without arguments the empty Vec is made in place: building it through the loop
        // below costs a measured stall (its parts are stored apart, then read as one).
        let args = match next_word(&mut rest) {
            None => Vec::new(),
            Some(first) => {
                let mut args = vec![first];
                while let Some(arg) = next_word(&mut rest) {
                    args.push(arg);
                }
                args
            }
        };
        Ok(Command { id, name, args })
    }

    /// A copy that owns its text.
    pub fn to_owned_command(&self) -> OwnedCommand {
        let length = self.name.len() + self.args.iter().map(|arg| arg.len()).sum::<usize>();
        let mut words = String::with_capacity(length);
        let mut ends = Vec::with_capacity(1 + self.args.len());
        for word in std::iter::once(self.name).chain(self.args.iter().copied()) {
            words.push_str(word);
            ends.push(words.len());
        }
        OwnedCommand {
            id: self.id,
            words,
            ends,
        }
    }
}

/// Takes the first word off `rest`: the text up to the next space, after skipping any
/// spaces before it.
#[inline(always)]
fn next_word<'a>(rest: &mut &'a str) -> Option<&'a str> {
    let text: &'a str = rest;
    let start = text.bytes().position(|b| b != b' ')?;
    let end = super::scan::find_byte(b' ', &text.as_bytes()[start..])
        .map_or(text.len(), |len| start + len);
    // Both ends are next to spaces or at the ends of the text: character boundaries.
    *rest = &text[end..];
    Some(&text[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_command() {
        let _bound = crate::test_bound::bound();
        let c = Command::parse("play b C3").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "C3"]);
    }

    #[test]
    fn command_with_id() {
        let _bound = crate::test_bound::bound();
        let c = Command::parse("  42   genmove   w ").unwrap();
        assert_eq!(c.id, Some(42));
        assert_eq!(c.name, "genmove");
        assert_eq!(c.args, vec!["w"]);
    }

    #[test]
    fn non_ascii_white_space_is_part_of_a_word() {
        let _bound = crate::test_bound::bound();
        let c = Command::parse(" 7  known_command  x\u{2003}y\u{a0} ").unwrap();
        assert_eq!(c.id, Some(7));
        assert_eq!(c.name, "known_command");
        assert_eq!(c.args, vec!["x\u{2003}y\u{a0}"]);
        let c = Command::parse("\u{a0}7").unwrap();
        assert_eq!((c.id, c.name), (None, "\u{a0}7"));
    }

    #[test]
    fn no_arguments_allocate_nothing() {
        let _bound = crate::test_bound::bound();
        let c = Command::parse("protocol_version").unwrap();
        assert_eq!(c.args.capacity(), 0);
    }

    #[test]
    fn owned_copy_reads_back_the_same() {
        let _bound = crate::test_bound::bound();
        for line in ["3 play b C3", "name", "x  a bb  ccc", "7 é ü"] {
            let c = Command::parse(line).unwrap();
            assert_eq!(c.to_owned_command().command(), c, "{line}");
        }
    }

    #[test]
    fn id_without_command() {
        let _bound = crate::test_bound::bound();
        assert_eq!(Command::parse("7"), Err(ParseError::MissingName { id: 7 }));
        assert_eq!(
            Command::parse("99999999999999999999999 name"),
            Err(ParseError::IdOutOfRange)
        );
    }
}
