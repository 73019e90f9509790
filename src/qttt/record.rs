//! The record notation: a token is a cell pair (`AB`, either order, any case; `II` for
//! the single-cell move) or a collapse token (a decimal number).

use super::cells::{from_letter, letter};
use std::fmt;
use thiserror::Error;

/// One token of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// A move on two cells, the lower first (the same cell twice for the single-cell move).
    Pair(u8, u8),
    /// A collapse token: the subscript of the mark that fills the first cell of the cycle.
    Collapse(u32),
}

/// Why a token could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TokenSyntaxError {
    /// Two characters, but one is not a cell letter.
    #[error("unknown cell '{0}'")]
    UnknownCell(char),
    /// Neither two letters nor a number.
    #[error("not a cell pair or a collapse number")]
    Junk,
}

impl Token {
    /// Reads a token in any case and either cell order.
    pub fn parse(text: &str) -> Result<Token, TokenSyntaxError> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            // A number too long for u32 is no collapse option either.
            return Ok(Token::Collapse(text.parse().unwrap_or(u32::MAX)));
        }
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(first), Some(second), None)
                if first.is_ascii_alphabetic() && second.is_ascii_alphabetic() =>
            {
                let cell = |c: char| from_letter(c).ok_or(TokenSyntaxError::UnknownCell(c));
                let (a, b) = (cell(first)?, cell(second)?);
                Ok(Token::Pair(a.min(b), a.max(b)))
            }
            _ => Err(TokenSyntaxError::Junk),
        }
    }
}

impl fmt::Display for Token {
    /// Canonically: pairs upper case in alphabetical order, collapse tokens as numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Token::Pair(a, b) => write!(f, "{}{}", letter(a), letter(b)),
            Token::Collapse(n) => write!(f, "{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_any_case_and_order_and_prints_canonically() {
        for (text, canonical) in [
            ("ia", "AI"),
            ("AI", "AI"),
            ("Ei", "EI"),
            ("ii", "II"),
            ("4", "4"),
        ] {
            assert_eq!(Token::parse(text).unwrap().to_string(), canonical);
        }
        assert_eq!(Token::parse("007"), Ok(Token::Collapse(7)));
    }

    #[test]
    fn refuses_junk() {
        assert_eq!(Token::parse("AJ"), Err(TokenSyntaxError::UnknownCell('J')));
        assert_eq!(Token::parse("zA"), Err(TokenSyntaxError::UnknownCell('z')));
        for junk in ["", "A", "ABC", "A1", "-1", "1.5", "é", "éé"] {
            assert_eq!(Token::parse(junk), Err(TokenSyntaxError::Junk), "{junk}");
        }
    }
}
