//! Go openings read from SGF files: the main line's moves, checked against the rules.

use crate::go::board::Board;
use crate::go::gtp::vertex::move_name;
use crate::go::vertex::Vertex;
use crate::go::Colour;

/// The moves of the main line of an SGF game (its first variation at every branch) on
/// a `size` x `size` board, as GTP vertices (`D4`, `pass`): Black first, colours
/// alternating, every move legal. Setup stones (AB, AW, AE) and a different board size
/// are refused.
pub fn read_opening(sgf: &str, size: usize) -> Result<Vec<String>, String> {
    let mut board = Board::new(size);
    let mut moves = Vec::new();
    for (name, value) in main_line(sgf)? {
        match name.as_str() {
            "SZ" if value.trim() != size.to_string() => {
                return Err(format!(
                    "the game is on SZ[{value}], the match on {size}x{size}"
                ));
            }
            "AB" | "AW" | "AE" => return Err("setup stones (AB, AW, AE) are not supported".into()),
            "B" | "W" => {
                let colour = if name == "B" {
                    Colour::Black
                } else {
                    Colour::White
                };
                if colour != board.to_move() {
                    return Err(format!(
                        "move {} is {name}[{value}], out of turn",
                        moves.len() + 1
                    ));
                }
                let vertex = point(&value, size).ok_or_else(|| {
                    format!("move {}: {name}[{value}] is not a point", moves.len() + 1)
                })?;
                match vertex {
                    None => board.pass(colour),
                    Some(vertex) => {
                        let at = board.point(vertex).expect("checked on the board");
                        board.play(colour, at).map_err(|why| {
                            format!("move {}: {name}[{value}]: {why}", moves.len() + 1)
                        })?;
                    }
                }
                moves.push(move_name(vertex));
            }
            _ => {}
        }
    }
    Ok(moves)
}

/// An SGF point on a `size` board: `None` for a pass (`[]`, or `[tt]` up to 19x19).
fn point(value: &str, size: usize) -> Option<Option<Vertex>> {
    let index = |c: u8| match c {
        b'a'..=b'z' => Some(usize::from(c - b'a')),
        b'A'..=b'Z' => Some(usize::from(c - b'A') + 26),
        _ => None,
    };
    match value.as_bytes() {
        [] => Some(None),
        b"tt" if size <= 19 => Some(None),
        &[column, row] => {
            let (column, row) = (index(column)?, index(row)?);
            (column < size && row < size).then(|| {
                Some(Vertex {
                    column,
                    row: size - 1 - row,
                })
            })
        }
        _ => None,
    }
}

/// The properties of the main line, in order: each value of each property as
/// `(NAME, value)`, escapes removed. The main line ends at the first `)` outside a
/// value, which closes the first variation of its last branch.
fn main_line(sgf: &str) -> Result<Vec<(String, String)>, String> {
    let mut properties = Vec::new();
    let mut name = String::new();
    let mut chars = sgf.chars();
    let mut opened = false;
    while let Some(c) = chars.next() {
        match c {
            '(' => opened = true,
            ')' => return Ok(properties),
            ';' => name.clear(),
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next() {
                        Some('\\') => value.extend(chars.next()),
                        Some(']') => break,
                        Some(other) => value.push(other),
                        None => return Err("a value without its ]".into()),
                    }
                }
                if name.is_empty() {
                    return Err("a value without a property name".into());
                }
                properties.push((name.clone(), value));
            }
            c if c.is_ascii_uppercase() => {
                if properties.last().is_some_and(|(last, _)| *last == name) {
                    name.clear();
                }
                name.push(c);
            }
            c if c.is_whitespace() => {}
            other if !opened => return Err(format!("'{other}' before the game's '('")),
            other => return Err(format!("unexpected '{other}'")),
        }
    }
    if opened {
        Err("the game has no closing ')'".into())
    } else {
        Err("no SGF game".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_main_line() {
        let _bound = crate::test_bound::bound();
        let sgf = "(;FF[4]GM[1]SZ[9]C[a \\] bracket];B[cc];W[gg](;B[ee];W[]\n;B[tt])(;B[aa]))";
        assert_eq!(
            read_opening(sgf, 9).unwrap(),
            ["C7", "G3", "E5", "pass", "pass"]
        );
        assert_eq!(read_opening("(;B[aa])", 19).unwrap(), ["A19"]);
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let _bound = crate::test_bound::bound();
        for (sgf, why) in [
            ("(;SZ[19];B[cc])", "SZ[19]"),
            ("(;SZ[9];W[cc])", "out of turn"),
            ("(;SZ[9];B[cc];W[cc])", "occupied"),
            ("(;SZ[9];B[zz])", "not a point"),
            ("(;SZ[9]AB[cc];W[dd])", "setup stones"),
            ("(;SZ[9];B[cc]", "closing"),
            ("hello", "before"),
        ] {
            let error = read_opening(sgf, 9).unwrap_err();
            assert!(error.contains(why), "{sgf}: {error}");
        }
    }
}
