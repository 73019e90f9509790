//! Go board helpers shared by the Go integration tests: vertices by name and set-up
//! positions.

use gamebot::go::board::Board;
use gamebot::go::Colour;

/// The point of the vertex called `name` (`"C3"`); panics if it is not on the board.
pub fn at(board: &Board, name: &str) -> usize {
    board
        .point(gamebot::go::gtp::vertex::parse(name).unwrap())
        .unwrap()
}

/// Places the black stones, then the white ones, each by its own colour, with a pass by
/// the other side after each so the turn order stays natural. Black is to move after.
pub fn setup(board: &mut Board, black: &[&str], white: &[&str]) {
    for name in black {
        let point = at(board, name);
        board.play(Colour::Black, point).unwrap();
        board.pass(Colour::White);
    }
    for name in white {
        let point = at(board, name);
        board.pass(Colour::Black);
        board.play(Colour::White, point).unwrap();
    }
}
