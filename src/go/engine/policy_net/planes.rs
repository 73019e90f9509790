//! The policy network's input: 14 planes of the 9x9 board seen by the side to move.
//!
//! 0 and 1: its own stones and the opponent's; 2: the empty points; 3 to 5: its own
//! stones whose string has one, two, three or more liberties; 6 to 8: the same for the
//! opponent; 9 and 10: the last move and the one before; 11: the ko point; 12: every
//! point (so the convolutions see the edge); 13: the points where it may play.

use super::convolution::{cell, CELLS};
use super::SIZE;
use crate::go::engine::playout_board::{cell_of, PlayoutBoard, EMPTY};

/// How many planes the input has.
pub const PLANES: usize = 14;

/// The plane of the points where the side to move may play.
const LEGAL: usize = 13;

/// The input planes of the 9x9 `board`, each point's planes together, on the padded grid
/// of [`cell`].
pub fn input_planes(board: &PlayoutBoard) -> Vec<f32> {
    let mut planes = vec![0.0f32; CELLS * PLANES];
    let mut set = |plane: usize, point: usize| planes[cell(point) * PLANES + plane] = 1.0;
    let own = cell_of(board.to_move());
    for point in 0..SIZE * SIZE {
        set(12, point);
        let grid = board.grid(point);
        let stone = board.cell(grid);
        if stone == EMPTY {
            set(2, point);
            if board.is_legal(point) {
                set(LEGAL, point);
            }
            continue;
        }
        let liberties = board.liberties_at(grid).min(3) as usize;
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

/// Whether `planes` mark `point` as one where the side to move may play.
pub fn is_legal(planes: &[f32], point: usize) -> bool {
    planes[cell(point) * PLANES + LEGAL] > 0.0
}
