//! 3x3 shapes: the eight points around a move, matched against a few good shapes of the
//! classic Monte-Carlo programs (hane, magari, cut), in every rotation and reflection.
//! The hand-set priors use them; the playouts use the move model's learned 3x3 shapes.

use super::playout_board::{self, cell_of, PlayoutBoard};
use crate::go::Colour;
use std::sync::OnceLock;

/// The good shapes, from the mover's view, rows from the top; the move is the centre.
/// `X` a stone of the mover, `O` of the opponent, `.` empty, `x` not the mover's
/// (opponent, empty or edge), `o` not the opponent's, `?` anything.
const SHAPES: [[&str; 3]; 5] = [
    // Hane that encloses an opponent stone.
    ["XOX", "...", "???"],
    // Hane that does not leave a cut.
    ["XO.", "...", "?.?"],
    // Magari: bending around.
    ["XO?", "X..", "x.?"],
    // Thin hane.
    [".O.", "X..", "..."],
    // Cut.
    ["XO?", "O.o", "?o?"],
];

/// Cell values in a code: 2 bits a point.
const EMPTY: u16 = 0;
const MINE: u16 = 1;
const THEIRS: u16 = 2;
const EDGE: u16 = 3;

/// Whether playing `point` for `colour` makes one of the good shapes.
pub fn is_good_pattern(board: &PlayoutBoard, point: usize, colour: Colour) -> bool {
    is_good_at(board, board.grid(point), colour)
}

/// [`is_good_pattern`] on a grid index.
fn is_good_at(board: &PlayoutBoard, grid: usize, colour: Colour) -> bool {
    let own = cell_of(colour);
    let mut code = 0u16;
    for cell in board.ring(grid) {
        let value = match board.cell(cell) {
            playout_board::EMPTY => EMPTY,
            playout_board::BORDER => EDGE,
            c if c == own => MINE,
            _ => THEIRS,
        };
        code = code << 2 | value;
    }
    table()[usize::from(code)]
}

/// Every code of the eight points around a move (clockwise from the upper left, two bits
/// each) that is a good shape.
fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![false; 1 << 16];
        for shape in SHAPES {
            for grid in symmetries(shape) {
                mark(&grid, 0, 0, &mut table);
            }
        }
        table
    })
}

/// The eight rotations and reflections of a 3x3 shape, as grids of symbols.
fn symmetries(shape: [&str; 3]) -> Vec<[[u8; 3]; 3]> {
    let mut grid = [[0u8; 3]; 3];
    for (row, text) in shape.iter().enumerate() {
        grid[row].copy_from_slice(text.as_bytes());
    }
    let mut all = Vec::new();
    for _ in 0..4 {
        grid = rotate(grid);
        all.push(grid);
        all.push(grid.map(|mut row| {
            row.reverse();
            row
        }));
    }
    all
}

fn rotate(grid: [[u8; 3]; 3]) -> [[u8; 3]; 3] {
    let mut turned = [[0u8; 3]; 3];
    for (row, line) in grid.iter().enumerate() {
        for (column, &symbol) in line.iter().enumerate() {
            turned[column][2 - row] = symbol;
        }
    }
    turned
}

/// The ring positions (row, column) in code order: clockwise from the upper left.
const RING: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
];

/// Marks every code the shape `grid` matches, expanding its wildcards from ring position
/// `at` on, with `code` holding the positions before it.
fn mark(grid: &[[u8; 3]; 3], at: usize, code: u16, table: &mut [bool]) {
    if at == RING.len() {
        table[usize::from(code)] = true;
        return;
    }
    let (row, column) = RING[at];
    let values: &[u16] = match grid[row][column] {
        b'X' => &[MINE],
        b'O' => &[THEIRS],
        b'.' => &[EMPTY],
        b'#' => &[EDGE],
        b'x' => &[EMPTY, THEIRS, EDGE],
        b'o' => &[EMPTY, MINE, EDGE],
        _ => &[EMPTY, MINE, THEIRS, EDGE],
    };
    for &value in values {
        mark(grid, at + 1, code << 2 | value, table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;

    /// A 5x5 board with Black and White stones, to match shapes around the centre (12).
    fn board(black: &[usize], white: &[usize]) -> PlayoutBoard {
        let mut rules = Board::new(5);
        for &p in black {
            rules.play(Colour::Black, p).unwrap();
        }
        for &p in white {
            rules.play(Colour::White, p).unwrap();
        }
        PlayoutBoard::from_board_to_move(&rules, Colour::Black)
    }

    #[test]
    fn a_hane_matches_in_every_orientation_and_for_either_colour() {
        let _bound = crate::test_bound::bound();
        // Above the centre (row 3): X O X at 16 17 18 encloses White's 17.
        let up = board(&[16, 18], &[17]);
        assert!(is_good_pattern(&up, 12, Colour::Black));
        // The same shape turned: X O X on the column to the right, 8 13 18.
        let right = board(&[8, 18], &[13]);
        assert!(is_good_pattern(&right, 12, Colour::Black));
        // With colours swapped it is White's good shape, not Black's.
        let swapped = board(&[17], &[16, 18]);
        assert!(is_good_pattern(&swapped, 12, Colour::White));
        assert!(!is_good_pattern(&swapped, 12, Colour::Black));
        // An empty neighbourhood is no shape.
        assert!(!is_good_pattern(&board(&[], &[]), 12, Colour::Black));
    }

    #[test]
    fn every_shape_has_eight_orientations_in_the_table() {
        let _bound = crate::test_bound::bound();
        assert_eq!(symmetries(SHAPES[0]).len(), 8);
        assert!(table().iter().filter(|&&good| good).count() > 100);
    }
}
