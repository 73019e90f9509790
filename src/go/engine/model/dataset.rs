//! Positions to learn from: a game record replayed, and at each move the candidates the
//! search would weigh with the one the player chose.

use super::features::{move_features, pass_features, MoveFeatures};
use crate::go::board::Board;
use crate::go::engine::ladder::LadderReader;
use crate::go::engine::playout_board::PlayoutBoard;
use crate::go::engine::tree::Move;
use crate::go::sgf::SgfGame;
use crate::go::Colour;

/// The moves the search weighs on `board`: every legal point of the side to move that
/// does not fill one of its own true single-point eyes (see
/// [`PlayoutBoard::is_true_eye`]), then the pass (`None`).
pub fn candidates(board: &PlayoutBoard) -> Vec<Move> {
    let colour = board.to_move();
    let size = board.size();
    (0..size * size)
        .filter(|&point| board.is_legal(point) && !board.is_true_eye(colour, point))
        .map(Some)
        .chain([None])
        .collect()
}

/// Replays `game` (setup stones, then its moves) and calls `visit` with the board before
/// each move after the first `skip` and the move played, for the moves played by the
/// side whose turn it was (a record that lets one colour move twice is followed, but
/// those moves are not visited). Stops at the first illegal move, whose number (from 1)
/// is the error.
pub fn replay(
    game: &SgfGame,
    skip: usize,
    mut visit: impl FnMut(&mut PlayoutBoard, Move),
) -> Result<(), usize> {
    let mut board = Board::new(game.size);
    let points = |vertices: &[crate::go::vertex::Vertex], board: &Board| -> Vec<usize> {
        vertices.iter().filter_map(|&v| board.point(v)).collect()
    };
    let (black, white) = (points(&game.black, &board), points(&game.white, &board));
    let first = game
        .to_move
        .or_else(|| game.moves.first().map(|&(colour, _)| colour))
        .unwrap_or(Colour::Black);
    board.set_up(&black, &white, first);
    let mut to_move = first;
    for (index, &(colour, vertex)) in game.moves.iter().enumerate() {
        let point = match vertex {
            Some(vertex) => Some(board.point(vertex).ok_or(index + 1)?),
            None => None,
        };
        if index >= skip && colour == to_move {
            let mut playout = PlayoutBoard::from_board_to_move(&board, colour);
            visit(&mut playout, point);
        }
        match point {
            Some(point) => {
                board.play(colour, point).map_err(|_| index + 1)?;
            }
            None => board.pass(colour),
        }
        to_move = colour.opponent();
    }
    Ok(())
}

/// One position to learn from: the features of every candidate, and which candidate
/// the player chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The features of each candidate (see [`candidates`]).
    pub candidates: Vec<MoveFeatures>,
    /// The index of the move played among them.
    pub chosen: usize,
}

/// The positions of `game` after its first `skip` moves whose move played is one of the
/// candidates (a move into an own eye is left out), with the larger shapes' keys.
pub fn positions(game: &SgfGame, skip: usize) -> Result<Vec<Position>, usize> {
    let mut ladders = LadderReader::new();
    let mut positions = Vec::new();
    replay(game, skip, |board, played| {
        let moves = candidates(board);
        if let Some(chosen) = moves.iter().position(|&mv| mv == played) {
            let candidates = moves
                .iter()
                .map(|&mv| match mv {
                    Some(point) => move_features(board, &mut ladders, point, true),
                    None => pass_features(board),
                })
                .collect();
            positions.push(Position { candidates, chosen });
        }
    })?;
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_gives_one_position_a_move_after_the_skipped_ones() {
        let _bound = crate::test_bound::bound();
        let game = SgfGame::parse("(;SZ[5];B[cc];W[bb];B[cb];W[];B[dd])").unwrap();
        let positions = positions(&game, 1).unwrap();
        assert_eq!(positions.len(), 4);
        // White's first move: any of the 24 empty points, or a pass.
        assert_eq!(positions[0].candidates.len(), 24 + 1);
        // White's pass is the last candidate.
        assert_eq!(positions[2].chosen, positions[2].candidates.len() - 1);
    }

    #[test]
    fn an_illegal_move_is_named_by_its_number() {
        let _bound = crate::test_bound::bound();
        let game = SgfGame::parse("(;SZ[5];B[cc];W[cc])").unwrap();
        assert_eq!(positions(&game, 0), Err(2));
    }

    #[test]
    fn a_false_eye_is_a_candidate_and_a_true_eye_is_not() {
        let _bound = crate::test_bound::bound();
        // 5x5, points row by row from the bottom. Black's eye at 17 (16, 18, 12 and 22
        // Black) has White on two diagonals, 11 and 13: false. Black's eye in the corner,
        // 0 (1 and 5 Black): true.
        let mut rules = Board::new(5);
        for point in [16, 18, 12, 22, 1, 5] {
            rules.play(Colour::Black, point).unwrap();
        }
        for point in [11, 13] {
            rules.play(Colour::White, point).unwrap();
        }
        let board = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
        let listed = candidates(&board);
        assert!(listed.contains(&Some(17)), "the false eye");
        assert!(!listed.contains(&Some(0)), "the true eye");
    }
}
