//! The policy network's input: 14 planes of the board seen by the side to move.
//!
//! 0 and 1: its own stones and the opponent's; 2: the empty points; 3 to 5: its own
//! stones whose string has one, two, three or more liberties; 6 to 8: the same for the
//! opponent; 9 and 10: the last move and the one before; 11: the ko point; 12: every
//! point (so the convolutions see the edge); 13: the points where it may play.

use super::convolution::Grid;
use crate::go::engine::playout_board::{cell_of, PlayoutBoard, EMPTY};

/// How many planes the input has.
pub const PLANES: usize = 14;

/// The plane of the points where the side to move may play.
const LEGAL: usize = 13;

/// The input planes of `board`, each point's planes together, on `grid` (the padded grid
/// of the board's size).
pub fn input_planes(board: &PlayoutBoard, grid: &Grid) -> Vec<f32> {
    let mut planes = vec![0.0f32; grid.cells() * PLANES];
    let mut set = |plane: usize, point: usize| planes[grid.cell(point) * PLANES + plane] = 1.0;
    let own = cell_of(board.to_move());
    for point in 0..grid.size() * grid.size() {
        set(12, point);
        let at = board.grid(point);
        let stone = board.cell(at);
        if stone == EMPTY {
            set(2, point);
            if board.is_legal(point) {
                set(LEGAL, point);
            }
            continue;
        }
        let liberties = board.liberties_at(at).min(3) as usize;
        if stone == own {
            set(0, point);
            set(2 + liberties, point);
        } else {
            set(1, point);
            set(5 + liberties, point);
        }
    }
    if let Some(last) = board.last_move() {
        set(9, last);
    }
    if let Some(before) = board.before_last_move() {
        set(10, before);
    }
    if let Some(ko) = board.ko_point() {
        set(11, ko);
    }
    planes
}

/// Whether `planes`, on `grid`, mark `point` as one where the side to move may play.
pub fn is_legal(planes: &[f32], grid: &Grid, point: usize) -> bool {
    planes[grid.cell(point) * PLANES + LEGAL] > 0.0
}
