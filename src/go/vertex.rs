//! Board coordinates as GTP writes them: `D4`, `q16`, `AA1` past the 25th column, `pass`.

use std::fmt;

/// The 25 column letters: `A` to `Z` without `I`.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The most columns two letters can name: `ZZ` is column index 649.
const MAX_COLUMNS: usize = 25 * 26;

/// A point on the board: 0-based column from the left and row from the bottom.
///
/// `Vertex { column: 3, row: 3 }` is `D4`. A vertex knows nothing about board size; the
/// caller checks it is on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    /// 0-based column, `A` = 0, `H` = 7, `J` = 8, `AA` = 25.
    pub column: usize,
    /// 0-based row, counted from the bottom: row 0 is written `1`.
    pub row: usize,
}

impl Vertex {
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

    /// Whether the vertex lies on a `size` x `size` board.
    pub fn is_on(self, size: usize) -> bool {
        self.column < size && self.row < size
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.column), self.row + 1)
    }
}

/// Reads a move: `pass` (any case) is `None`, otherwise a vertex.
pub fn parse_move(text: &str) -> Option<Option<Vertex>> {
    if text.eq_ignore_ascii_case("pass") {
        Some(None)
    } else {
        Vertex::parse(text).map(Some)
    }
}

/// Writes a move: a vertex, or `pass` for `None`.
pub fn move_name(vertex: Option<Vertex>) -> String {
    vertex.map_or_else(|| "pass".to_string(), |v| v.to_string())
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
        for column in 0..255 {
            let name = column_name(column);
            for row in [0, 8, 254] {
                let vertex = Vertex { column, row };
                let text = vertex.to_string();
                assert_eq!(Vertex::parse(&text), Some(vertex), "{text}");
                assert_eq!(Vertex::parse(&text.to_lowercase()), Some(vertex), "{text}");
            }
            assert!(name.len() <= 2);
        }
    }

    #[test]
    fn named_columns() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(7), "H");
        assert_eq!(column_name(8), "J");
        assert_eq!(column_name(24), "Z");
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(49), "AZ");
        assert_eq!(column_name(50), "BA");
        assert_eq!(column_name(254), "KE");
        assert_eq!(Vertex::parse("d4"), Some(Vertex { column: 3, row: 3 }));
        assert_eq!(Vertex::parse("J10"), Some(Vertex { column: 8, row: 9 }));
        assert_eq!(
            Vertex::parse("ke255"),
            Some(Vertex {
                column: 254,
                row: 254
            })
        );
    }

    #[test]
    fn rejects_what_is_not_a_vertex() {
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
            assert_eq!(Vertex::parse(bad), None, "{bad:?}");
        }
        assert_eq!(parse_move("PASS"), Some(None));
        assert_eq!(parse_move("Pass"), Some(None));
        assert_eq!(move_name(None), "pass");
        assert!(Vertex { column: 8, row: 8 }.is_on(9));
        assert!(!Vertex { column: 9, row: 0 }.is_on(9));
    }
}
