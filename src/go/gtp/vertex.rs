//! Vertices as GTP writes them: `D4`, `q16`, `AA1` past the 25th column, and `pass`.

use crate::go::vertex::Vertex;

/// The 25 column letters: `A` to `Z` without `I`.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The most columns two letters can name: `ZZ` is column index 649.
const MAX_COLUMNS: usize = 25 * 26;

/// Reads a vertex: column letters in any case, then the 1-based row. `pass` is not a
/// vertex (see [`parse_move`]).
pub fn parse(text: &str) -> Option<Vertex> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = text.split_at(split);
    let column = parse_column(letters)?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    Some(Vertex {
        column,
        row: row.checked_sub(1)?,
    })
}

/// Writes a vertex: its column letters, then its 1-based row (`D4`, `AA12`).
pub fn name(vertex: Vertex) -> String {
    format!("{}{}", column_name(vertex.column), vertex.row + 1)
}

/// Reads a move: `pass` (any case) is `None`, otherwise a vertex.
pub fn parse_move(text: &str) -> Option<Option<Vertex>> {
    if text.eq_ignore_ascii_case("pass") {
        Some(None)
    } else {
        parse(text).map(Some)
    }
}

/// Writes a move: a vertex, or `pass` for `None`.
pub fn move_name(vertex: Option<Vertex>) -> String {
    vertex.map_or_else(|| "pass".to_string(), name)
}

/// The letters of column `index`: one letter below 25, else letter `index / 25 - 1` then
/// letter `index % 25` (the KataGo and GoGui convention: `AA` is index 25).
///
/// # Panics
/// If `index` is past `ZZ` (649), which no board reaches.
pub fn column_name(index: usize) -> String {
    assert!(index < MAX_COLUMNS, "column {index} has no two-letter name");
    let letter = |i: usize| LETTERS[i] as char;
    if index < 25 {
        letter(index).to_string()
    } else {
        format!("{}{}", letter(index / 25 - 1), letter(index % 25))
    }
}

fn parse_column(letters: &str) -> Option<usize> {
    let index = |c: u8| LETTERS.iter().position(|&l| l == c.to_ascii_uppercase());
    match letters.as_bytes() {
        [one] => index(*one),
        [first, second] => Some((index(*first)? + 1) * 25 + index(*second)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_up_to_255_round_trips() {
        let _bound = crate::test_bound::bound();
        for column in 0..255 {
            let letters = column_name(column);
            for row in [0, 8, 254] {
                let vertex = Vertex { column, row };
                let text = name(vertex);
                assert_eq!(parse(&text), Some(vertex), "{text}");
                assert_eq!(parse(&text.to_lowercase()), Some(vertex), "{text}");
            }
            assert!(letters.len() <= 2);
        }
    }

    #[test]
    fn named_columns() {
        let _bound = crate::test_bound::bound();
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(7), "H");
        assert_eq!(column_name(8), "J");
        assert_eq!(column_name(24), "Z");
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(49), "AZ");
        assert_eq!(column_name(50), "BA");
        assert_eq!(column_name(254), "KE");
        assert_eq!(parse("d4"), Some(Vertex { column: 3, row: 3 }));
        assert_eq!(parse("J10"), Some(Vertex { column: 8, row: 9 }));
        assert_eq!(
            parse("ke255"),
            Some(Vertex {
                column: 254,
                row: 254
            })
        );
    }

    #[test]
    fn rejects_what_is_not_a_vertex() {
        let _bound = crate::test_bound::bound();
        for bad in [
            "",
            "A",
            "4",
            "I5",
            "A0",
            "A-1",
            "A+1",
            "AAA1",
            "Ä1",
            "A1x",
            "A 1",
            "pass1",
            "A99999999999",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        assert_eq!(parse_move("PASS"), Some(None));
        assert_eq!(parse_move("Pass"), Some(None));
        assert_eq!(move_name(None), "pass");
        assert!(Vertex { column: 8, row: 8 }.is_on(9));
        assert!(!Vertex { column: 9, row: 0 }.is_on(9));
    }
}
