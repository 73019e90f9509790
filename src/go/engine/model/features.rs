//! What the move model sees of a candidate move: a level in each of a few families of
//! tactical and positional features (captures, ataris, escapes, self-ataris, distance to
//! the last two moves, line and emptiness), and its shapes.

use super::shape::{shape3, shape_keys};
use crate::go::engine::ladder::LadderReader;
use crate::go::engine::playout_board::{cell_of, PlayoutBoard};

/// The families of [`MoveFeatures::levels`]: a name (used in the weights file) and how
/// many levels each has. A move has at most one level of each family.
pub const FAMILIES: [(&str, usize); 8] = [
    // 0: an ordinary pass, 1: a pass after the opponent's pass.
    ("pass", 2),
    // 0: takes the string the last move was part of, 1: one stone, 2: two to four
    // stones, 3: five or more.
    ("capture", 4),
    // Extends an own string in atari: 0: into a working ladder, 1: out of it.
    ("escape", 2),
    // Takes an opponent string to one liberty: 0: catching it in a ladder, 1: any other.
    ("atari", 2),
    // Leaves the new string with one liberty, capturing nothing: 0: one stone, 1: more.
    ("self-atari", 2),
    // Coulom's distance `|dx| + |dy| + max(|dx|, |dy|)` (2 to 16) to the last move,
    // level `distance - 2`.
    ("last-distance", 15),
    // The same to the move before it (the mover's own last move).
    ("before-last-distance", 15),
    // The line from the edge (first to fourth), twice: level `2 x (line - 1)`, plus one
    // when no stone stands within a Manhattan distance of 3.
    ("line", 8),
];

/// Index of each family in [`FAMILIES`].
const PASS: usize = 0;
/// The capture family.
pub const CAPTURE: usize = 1;
/// The escape family, whose level 0 is a run into a working ladder.
pub const ESCAPE: usize = 2;
/// The atari family, whose level 0 catches the string in a ladder.
pub const ATARI: usize = 3;
/// The self-atari family.
pub const SELF_ATARI: usize = 4;
const LAST_DISTANCE: usize = 5;
const BEFORE_LAST_DISTANCE: usize = 6;
const LINE: usize = 7;

/// The level stored for a family the move does not have.
pub const NO_LEVEL: u8 = u8::MAX;

/// A candidate move's features.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveFeatures {
    /// The level of each family of [`FAMILIES`], or [`NO_LEVEL`].
    pub levels: [u8; FAMILIES.len()],
    /// For a move on the board: its raw 3x3 code and its larger shape keys (see
    /// [`super::shape`]); `None` for a pass.
    pub shape: Option<(u32, [u64; 3])>,
}

/// The features of a pass for the side to move on `board`.
pub fn pass_features(board: &PlayoutBoard) -> MoveFeatures {
    let mut levels = [NO_LEVEL; FAMILIES.len()];
    levels[PASS] = u8::from(board.passes() > 0);
    MoveFeatures {
        levels,
        shape: None,
    }
}

/// The features of playing `point`, which must be legal, for the side to move; the
/// larger shape keys only when `with_shapes` (they cost the most), else zero.
pub fn move_features(
    board: &mut PlayoutBoard,
    ladders: &mut LadderReader,
    point: usize,
    with_shapes: bool,
) -> MoveFeatures {
    let mut levels = [NO_LEVEL; FAMILIES.len()];
    let own = cell_of(board.to_move());
    let grid = board.grid(point);
    let last = board.last_grid();
    let mut captured = 0;
    let mut takes_last = false;
    let mut saves = false;
    let mut caught_running = false;
    let mut atari = None;
    for next in board.neighbours(grid) {
        let cell = board.cell(next);
        if cell != own && cell != 3 - own {
            continue;
        }
        let liberties = board.liberties_at(next);
        if cell == 3 - own && liberties == 1 {
            captured += board.stones_at(next);
            takes_last |= last != 0 && board.cell(last) == cell && {
                let head_of = |stone| board.string_stones(stone).min();
                head_of(next) == head_of(last)
            };
        } else if cell == own && liberties == 1 {
            saves = true;
            caught_running |= ladders.is_caught(board, next);
        } else if cell == 3 - own && liberties == 2 && atari != Some(0) {
            atari = Some(if ladders.atari_catches(board, grid, next) {
                0
            } else {
                1
            });
        }
    }
    if captured > 0 {
        levels[CAPTURE] = match captured {
            _ if takes_last => 0,
            1 => 1,
            2..=4 => 2,
            _ => 3,
        };
    }
    match board.self_atari(grid) {
        Some(stones) => levels[SELF_ATARI] = u8::from(stones > 1),
        None if saves => levels[ESCAPE] = u8::from(!caught_running),
        None => {}
    }
    if let Some(level) = atari {
        levels[ATARI] = level;
    }
    let size = board.size();
    for (family, other) in [
        (LAST_DISTANCE, board.last_move()),
        (BEFORE_LAST_DISTANCE, board.before_last_move()),
    ] {
        if let Some(other) = other {
            let distance = coulom_distance(size, point, other);
            if (2..=16).contains(&distance) {
                levels[family] = (distance - 2) as u8;
            }
        }
    }
    let line = line(size, point);
    if line < 4 {
        levels[LINE] = (2 * line + usize::from(!stones_within(board, point, 3))) as u8;
    }
    MoveFeatures {
        levels,
        shape: Some((
            shape3(board, grid),
            if with_shapes {
                shape_keys(board, point)
            } else {
                [0; 3]
            },
        )),
    }
}

/// `|dx| + |dy| + max(|dx|, |dy|)` between two points.
fn coulom_distance(size: usize, a: usize, b: usize) -> usize {
    let (dr, dc) = ((a / size).abs_diff(b / size), (a % size).abs_diff(b % size));
    dr + dc + dr.max(dc)
}

/// Which line from the edge `point` is on: 0 for the first line.
pub fn line(size: usize, point: usize) -> usize {
    let (row, column) = (point / size, point % size);
    row.min(column).min(size - 1 - row).min(size - 1 - column)
}

/// Whether a stone stands within Manhattan distance `reach` of `point`.
pub fn stones_within(board: &PlayoutBoard, point: usize, reach: usize) -> bool {
    let size = board.size() as isize;
    let (row, column) = (point as isize / size, point as isize % size);
    let reach = reach as isize;
    (-reach..=reach).any(|dr| {
        let span = reach - dr.abs();
        (-span..=span).any(|dc| {
            let (r, c) = (row + dr, column + dc);
            (0..size).contains(&r)
                && (0..size).contains(&c)
                && board.get((r * size + c) as usize).is_some()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::Colour;

    #[test]
    fn a_capture_of_the_last_move_and_a_self_atari_are_seen() {
        let _bound = crate::test_bound::bound();
        // 5x5: White's last move C3 (12) stands surrounded on three sides by Black; C4
        // (17) takes it. A1 (0), next to a white stone, would be a one-stone self-atari.
        let mut board = Board::new(5);
        for (colour, point) in [
            (Colour::Black, 7),
            (Colour::White, 1),
            (Colour::Black, 11),
            (Colour::White, 24),
            (Colour::Black, 13),
            (Colour::White, 12),
        ] {
            board.play(colour, point).unwrap();
        }
        let mut playout = PlayoutBoard::from_board_to_move(&board, Colour::Black);
        let mut ladders = LadderReader::new();
        let take = move_features(&mut playout, &mut ladders, 17, true);
        assert_eq!(take.levels[CAPTURE], 0);
        assert_eq!(take.levels[LAST_DISTANCE], 0);
        let corner = move_features(&mut playout, &mut ladders, 0, true);
        assert_eq!(corner.levels[SELF_ATARI], 0);
        assert_eq!(corner.levels[CAPTURE], NO_LEVEL);
        assert_eq!(corner.levels[LINE], 0);
        assert_eq!(pass_features(&playout).levels[PASS], 0);
    }

    #[test]
    fn the_move_before_the_last_is_measured_too() {
        let _bound = crate::test_bound::bound();
        let mut board = Board::new(19);
        board.play(Colour::Black, 180).unwrap();
        board.play(Colour::White, 0).unwrap();
        let mut playout = PlayoutBoard::from_board_to_move(&board, Colour::Black);
        let features = move_features(&mut playout, &mut LadderReader::new(), 181, false);
        // One point from the own last move, far from the last.
        assert_eq!(features.levels[BEFORE_LAST_DISTANCE], 0);
        assert_eq!(features.levels[LAST_DISTANCE], NO_LEVEL);
        assert_eq!(features.shape.unwrap().1, [0; 3]);
    }
}
