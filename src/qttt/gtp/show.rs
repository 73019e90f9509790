//! The board for people: a 3x3 grid naming each cell, with its classical mark (`X1`) or
//! its spooky marks (`x3 o4`), then a line saying what is due.

use super::notation::{player_text, score_text};
use crate::qttt::cells::{letter, CELL_COUNT};
use crate::qttt::{Player, Position, Status};

/// The board as text lines (no empty line; every column as wide as the widest cell),
/// e.g.
///
/// ```text
/// A O4  B X1  C .
/// D X3  E O2  F .
/// G .   H .   I .
/// x to move
/// ```
pub fn show(position: &Position) -> String {
    let cells: Vec<String> = (0..CELL_COUNT as u8)
        .map(|cell| format!("{} {}", letter(cell), contents(position, cell)))
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(0);
    let mut lines: Vec<String> = cells
        .chunks(3)
        .map(|row| {
            let padded: Vec<String> = row.iter().map(|c| format!("{c:width$}")).collect();
            padded.join("  ").trim_end().to_string()
        })
        .collect();
    lines.push(match position.status() {
        Status::Move(player) => format!("{} to move", player_text(player)),
        Status::Collapse(player, options) => {
            let tokens: Vec<String> = options
                .as_slice()
                .iter()
                .map(|(token, _)| token.to_string())
                .collect();
            format!(
                "{} chooses the collapse: {}",
                player_text(player),
                tokens.join(" or ")
            )
        }
        Status::Over(score) => format!("game over: {}", score_text(score)),
    });
    lines.join("\n")
}

/// `X1` for a classical mark, `x3 o4` for spooky marks, `.` for an empty cell.
fn contents(position: &Position, cell: u8) -> String {
    if let Some(subscript) = position.classical(cell) {
        return format!("{}{subscript}", side(subscript).to_ascii_uppercase());
    }
    let spooky: Vec<String> = position
        .spooky_in(cell)
        .into_iter()
        .map(|subscript| format!("{}{subscript}", side(subscript)))
        .collect();
    if spooky.is_empty() {
        ".".to_string()
    } else {
        spooky.join(" ")
    }
}

fn side(subscript: u8) -> &'static str {
    player_text(Player::of_move(subscript))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qttt::game::tests::game;

    #[test]
    fn shows_classical_and_spooky_marks_and_what_is_due() {
        let _bound = crate::test_bound::bound();
        let collapsed = game("AB BE DE AE 1 CF");
        assert_eq!(
            show(collapsed.position()),
            "A X1  B O2  C x5\nD X3  E O4  F x5\nG .   H .   I .\no to move"
        );
        let due = game("AB BE DE AE");
        assert_eq!(
            show(due.position()),
            "A x1 o4     B x1 o2     C .\nD x3        E o2 x3 o4  F .\nG .         H .         I .\nx chooses the collapse: 1 or 4"
        );
    }
}
