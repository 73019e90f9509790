//! Typed access to a command's arguments, with syntax errors that name what was wrong.

use std::str::FromStr;
use thiserror::Error;

/// An argument list that does not fit what the verb takes.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArgError {
    /// Too few or too many arguments.
    #[error("syntax error: expected {expected}, got {got} argument(s)")]
    Count {
        /// What the verb takes, for people (`2 arguments`, `at least 1 argument`).
        expected: String,
        /// How many came.
        got: usize,
    },
    /// One argument could not be read as the kind of value the verb takes.
    #[error("syntax error: {what} expected, got '{got}'")]
    Invalid {
        /// The kind of value wanted (`a pile size`, `a colour`).
        what: &'static str,
        /// The argument as given.
        got: String,
    },
}

/// The arguments of one command.
#[derive(Debug, Clone, Copy)]
pub struct Args<'a> {
    items: &'a [&'a str],
}

impl<'a> Args<'a> {
    /// Wraps a command's argument list.
    #[inline]
    pub fn new(items: &'a [&'a str]) -> Args<'a> {
        Args { items }
    }

    /// All arguments, as given.
    pub fn all(&self) -> &'a [&'a str] {
        self.items
    }

    /// How many arguments there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Fails unless there are exactly `n` arguments.
    #[inline]
    pub fn expect_count(&self, n: usize) -> Result<(), ArgError> {
        if self.items.len() == n {
            Ok(())
        } else {
            Err(self.wrong_count(n))
        }
    }

    /// The error for a count other than `n`; kept apart so the check itself stays small.
    #[cold]
    fn wrong_count(&self, n: usize) -> ArgError {
        ArgError::Count {
            expected: plural(n),
            got: self.items.len(),
        }
    }

    /// Fails unless there are between `min` and `max` arguments, inclusive.
    pub fn expect_range(&self, min: usize, max: usize) -> Result<(), ArgError> {
        if (min..=max).contains(&self.items.len()) {
            Ok(())
        } else {
            Err(ArgError::Count {
                expected: format!("{min} to {max} arguments"),
                got: self.items.len(),
            })
        }
    }

    /// Argument `index` parsed with `parse`, or a syntax error naming `what` was wanted.
    pub fn parse_with<T>(
        &self,
        index: usize,
        what: &'static str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, ArgError> {
        let raw = self.items.get(index).ok_or_else(|| ArgError::Count {
            expected: format!("at least {}", plural(index + 1)),
            got: self.items.len(),
        })?;
        parse(raw).ok_or_else(|| ArgError::Invalid {
            what,
            got: raw.to_string(),
        })
    }

    /// Argument `index` parsed by its `FromStr`, or a syntax error naming `what`.
    pub fn parse<T: FromStr>(&self, index: usize, what: &'static str) -> Result<T, ArgError> {
        self.parse_with(index, what, |raw| raw.parse().ok())
    }
}

fn plural(n: usize) -> String {
    if n == 1 {
        "1 argument".to_string()
    } else {
        format!("{n} arguments")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let _bound = crate::test_bound::bound();
        let args = Args::new(&["1", "2"]);
        assert!(args.expect_count(2).is_ok());
        assert_eq!(
            args.expect_count(1).unwrap_err().to_string(),
            "syntax error: expected 1 argument, got 2 argument(s)"
        );
        assert!(args.expect_range(1, 3).is_ok());
        assert!(args.expect_range(3, 4).is_err());
    }

    #[test]
    fn typed_values() {
        let _bound = crate::test_bound::bound();
        let args = Args::new(&["7", "x"]);
        assert_eq!(args.parse::<u32>(0, "a number"), Ok(7));
        assert_eq!(
            args.parse::<u32>(1, "a number").unwrap_err().to_string(),
            "syntax error: a number expected, got 'x'"
        );
        assert!(args.parse::<u32>(2, "a number").is_err());
    }
}
