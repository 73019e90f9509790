//! The board as text for people, as `showboard` answers it.

use super::vertex::{column_name, move_name};
use crate::go::board::Board;
use crate::go::handicap::star_points;
use crate::go::Colour;

/// Draws `board`: column letters above and below, row numbers both sides, `X` Black,
/// `O` White, `+` an empty star point, `.` another empty point; then whose turn it is,
/// komi, prisoners and the last move. Begins with a newline, so that after `= ` the
/// board starts on a line of its own; contains no empty line.
pub fn render(board: &Board, komi: &str) -> String {
    let size = board.size();
    let width = if size > 25 { 2 } else { 1 };
    let margin = size.to_string().len();
    let labels: Vec<String> = (0..size)
        .map(|c| format!("{:>width$}", column_name(c)))
        .collect();
    let header = format!("{:margin$} {}", "", labels.join(" "));
    let mut stars = vec![false; size * size];
    for vertex in star_points(size) {
        if let Some(point) = board.point(vertex) {
            stars[point] = true;
        }
    }
    let mut text = format!("\n{header}\n");
    for row in (0..size).rev() {
        let cells: Vec<String> = (0..size)
            .map(|column| {
                let point = row * size + column;
                let mark = match board.get(point) {
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                    None if stars[point] => '+',
                    None => '.',
                };
                format!("{mark:>width$}")
            })
            .collect();
        text += &format!("{:>margin$} {} {}\n", row + 1, cells.join(" "), row + 1);
    }
    text += &header;
    let turn = if board.is_over() {
        "game over (two passes)".to_string()
    } else {
        format!("{} to move", colour_name(board.to_move()))
    };
    text += &format!("\n{turn}, komi {komi}");
    text += &format!(
        "\nprisoners: Black (X) took {}, White (O) took {}",
        board.prisoners(Colour::Black),
        board.prisoners(Colour::White)
    );
    if let Some(last) = board.moves().last() {
        let name = move_name(last.point.map(|p| board.vertex(p)));
        let colour = if last.colour == Colour::Black {
            "Black"
        } else {
            "White"
        };
        text += &format!("\nmove {}: {colour} {name}", board.moves().len());
    }
    text
}

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black (X)",
        Colour::White => "White (O)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_small_board() {
        let _bound = crate::test_bound::bound();
        let mut board = Board::new(3);
        board.play(Colour::Black, 0).unwrap();
        board.play(Colour::White, 4).unwrap();
        let expected = "
  A B C
3 . . . 3
2 . O . 2
1 X . . 1
  A B C
Black (X) to move, komi 6.5
prisoners: Black (X) took 0, White (O) took 0
move 2: White B2";
        assert_eq!(render(&board, "6.5"), expected);
    }

    #[test]
    fn wide_boards_get_two_letter_columns_and_no_empty_line() {
        let _bound = crate::test_bound::bound();
        let mut board = Board::new(27);
        board.pass(Colour::Black);
        board.pass(Colour::White);
        let text = render(&board, "0");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].ends_with("Z AA AB"), "{}", lines[1]);
        assert!(lines[2].starts_with("27  .  ."), "{}", lines[2]);
        assert!(lines[2].ends_with(" . 27"), "{}", lines[2]);
        assert!(text.contains("game over"));
        assert!(lines[1..].iter().all(|line| !line.trim().is_empty()));
    }
}
