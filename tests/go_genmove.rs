//! The move generator: legal, never a suicide or an own-eye fill, captures first, and
//! games between two generators end by two passes.

mod common;

use common::go::{at, setup};
use gamebot::go::board::Board;
use gamebot::go::genmove::genmove;
use gamebot::go::Colour;

const B: Colour = Colour::Black;
const W: Colour = Colour::White;

fn is_own_eye(board: &Board, colour: Colour, point: usize) -> bool {
    board.get(point).is_none()
        && board
            .neighbours(point)
            .all(|q| board.get(q) == Some(colour))
}

/// Plays a generator-vs-generator game; checks every move; returns the number of moves.
fn self_play(size: usize, cap: usize) -> usize {
    let mut board = Board::new(size);
    let mut colour = B;
    while !board.is_over() {
        assert!(
            board.moves().len() < cap,
            "no end after {cap} moves on {size}x{size}"
        );
        let eyes: Vec<usize> = (0..size * size)
            .filter(|&p| is_own_eye(&board, colour, p))
            .collect();
        let moves = board.moves().len();
        let chosen = genmove(&mut board, colour);
        assert_eq!(board.moves().len(), moves + 1);
        let record = board.moves().last().unwrap();
        assert_eq!((record.colour, record.point), (colour, chosen));
        assert!(record.suicided.is_empty(), "a suicide");
        if let Some(point) = chosen {
            assert!(!eyes.contains(&point), "filled an own eye");
        }
        colour = colour.opponent();
    }
    board.moves().len()
}

#[test]
fn generator_games_end_by_two_passes() {
    for size in [1, 2, 3, 5, 9, 13, 19, 25] {
        self_play(size, 20 * size * size);
    }
}

#[test]
fn captures_the_largest_string_in_atari() {
    let mut board = Board::new(9);
    // White E5 alone in atari at E6; White A1-B1 in atari at C1.
    setup(
        &mut board,
        &["D5", "F5", "E4", "A2", "B2"],
        &["E5", "A1", "B1"],
    );
    assert_eq!(genmove(&mut board, B), Some(at(&board, "C1")));
    assert_eq!(board.get(at(&board, "A1")), None);
    assert_eq!(genmove(&mut board, W), Some(at(&board, "E6")), "saves E5");
}

#[test]
fn passes_when_only_eyes_are_left() {
    let mut board = Board::new(3);
    setup(&mut board, &["B1", "C1", "A2", "B2", "C2", "A3", "B3"], &[]);
    // Empty: A1 and C3, both Black eyes. White cannot play there (single-stone suicide).
    assert_eq!(genmove(&mut board, B), None);
    assert_eq!(genmove(&mut board, W), None);
    assert!(board.is_over());
}

#[test]
fn the_same_position_gives_the_same_move() {
    let mut board = Board::new(19);
    for _ in 0..30 {
        let colour = board.to_move();
        genmove(&mut board, colour);
    }
    let mut copy = board.clone();
    let colour = board.to_move();
    assert_eq!(genmove(&mut board, colour), genmove(&mut copy, colour));
}
