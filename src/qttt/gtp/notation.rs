//! The scoring challenge's notation, read and written: tokens (`AB`, either order, any
//! case; `II`; collapse numbers), records, scores (`0.5 1`) and players (`x`, `o`).

use crate::qttt::cells::{from_letter, letter};
use crate::qttt::{Player, Score, Token};
use thiserror::Error;

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

/// Reads a token in any case and either cell order.
pub fn parse_token(text: &str) -> Result<Token, TokenSyntaxError> {
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
            Ok(Token::pair(cell(first)?, cell(second)?))
        }
        _ => Err(TokenSyntaxError::Junk),
    }
}

/// Writes a token canonically: pairs upper case in alphabetical order, collapse tokens as
/// numbers.
pub fn token_text(token: Token) -> String {
    match token {
        Token::Pair(a, b) => format!("{}{}", letter(a), letter(b)),
        Token::Collapse(n) => n.to_string(),
    }
}

/// Reads every token of a record, or says which one (its text) could not be read.
pub fn parse_tokens<'a>(texts: &[&'a str]) -> Result<Vec<Token>, (&'a str, TokenSyntaxError)> {
    texts
        .iter()
        .map(|&text| parse_token(text).map_err(|why| (text, why)))
        .collect()
}

/// Reads a record written as one text, tokens separated by white space.
pub fn parse_record(record: &str) -> Result<Vec<Token>, (&str, TokenSyntaxError)> {
    parse_tokens(&record.split_whitespace().collect::<Vec<_>>())
}

/// Writes a record canonically: tokens separated by one space.
pub fn record_text(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|&token| token_text(token))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `x` or `o`.
pub fn player_text(player: Player) -> &'static str {
    match player {
        Player::X => "x",
        Player::O => "o",
    }
}

/// `0.5 1`, `2 0`, `0 0`: X's score, a space, O's score.
pub fn score_text(score: Score) -> String {
    let (x, o) = score.halves();
    format!("{} {}", halves_text(x), halves_text(o))
}

/// A score given in half-points: `0.5`, `1`, `1.5`, `2`.
fn halves_text(halves: u8) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "0.5".to_string(),
        (whole, 1) => format!("{whole}.5"),
        (whole, _) => whole.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_any_case_and_order_and_prints_canonically() {
        let _bound = crate::test_bound::bound();
        for (text, canonical) in [
            ("ia", "AI"),
            ("AI", "AI"),
            ("Ei", "EI"),
            ("ii", "II"),
            ("4", "4"),
        ] {
            assert_eq!(token_text(parse_token(text).unwrap()), canonical);
        }
        assert_eq!(parse_token("007"), Ok(Token::Collapse(7)));
        assert_eq!(
            record_text(&parse_tokens(&["ba", "be", "1"]).unwrap()),
            "AB BE 1"
        );
        assert_eq!(record_text(&parse_record(" ba  be 1 ").unwrap()), "AB BE 1");
    }

    #[test]
    fn refuses_junk() {
        let _bound = crate::test_bound::bound();
        assert_eq!(parse_token("AJ"), Err(TokenSyntaxError::UnknownCell('J')));
        assert_eq!(parse_token("zA"), Err(TokenSyntaxError::UnknownCell('z')));
        for junk in ["", "A", "ABC", "A1", "-1", "1.5", "é", "éé"] {
            assert_eq!(parse_token(junk), Err(TokenSyntaxError::Junk), "{junk}");
        }
        assert_eq!(
            parse_tokens(&["AB", "CQ"]),
            Err(("CQ", TokenSyntaxError::UnknownCell('Q')))
        );
    }

    #[test]
    fn scores_and_players() {
        let _bound = crate::test_bound::bound();
        let text = |margin| score_text(Score::from_margin(margin).unwrap());
        assert_eq!(text(1), "1 0.5");
        assert_eq!(text(-1), "0.5 1");
        assert_eq!(text(4), "2 0");
        assert_eq!(score_text(Score::NONE), "0 0");
        assert_eq!(player_text(Player::X.opponent()), "o");
    }
}
