//! Prior knowledge for new tree nodes: each move starts with a few virtual simulations
//! whose win rate says what the learned move model ([`super::model`]) thinks of it. The
//! hand-set priors it replaced (captures, atari escapes, 3x3 shapes, closeness to the
//! last move, self-ataris, the empty edge) stay, to measure the model against.

use super::ladder::LadderReader;
use super::model::dataset::candidates;
use super::model::features::{self, line, move_features, stones_within, NO_LEVEL};
use super::model::MoveModel;
use super::pattern::is_good_pattern;
use super::playout_board::{cell_of, PlayoutBoard};
use super::tree::Move;

/// How the move model's strengths become priors: every move starts as `MODEL_VISITS`
/// simulations, the strongest won at `MODEL_CEILING`, the others at a rate that falls
/// toward `MODEL_FLOOR` as their strength relative to it, raised to `MODEL_EXPONENT`,
/// falls toward 0. Flatter shapes won the tuning matches on 9x9 (the README's table):
/// the search has to be free to find what the model misses. 30 visits rather than the
/// first tuning's 20 won once the model had learned from Pachi's records (the README's
/// "Prior weight, again").
const MODEL_VISITS: f32 = 30.0;
const MODEL_FLOOR: f32 = 0.35;
const MODEL_CEILING: f32 = 0.85;
const MODEL_EXPONENT: f32 = 0.3;

/// On boards of [`LARGE_BOARD`] lines or more the exponent is `MODEL_EXPONENT_LARGE`: a
/// steeper fall from the strongest move, so that the search spends less of its budget on
/// the many more moves a large board offers (the README's "A steeper prior on large
/// boards").
const MODEL_EXPONENT_LARGE: f32 = 0.5;
const LARGE_BOARD: usize = 13;

/// The least strength a policy probability gives a move, so that no candidate's strength
/// is zero (the measured experiment build did the same).
const LEAST_POLICY: f32 = 1e-6;

/// On boards of `OPENING_BOARD` lines or more, a move with no stone within
/// `OPENING_REACH` (Manhattan distance) starts with `OPENING_WEIGHT` won simulations on
/// the third and fourth lines and as many lost ones elsewhere: the move model learned the
/// lines from 9x9 records, where the fifth line is the centre point and the fourth line
/// next to it, so on its own it sends a large board's opening to the centre (the
/// README's "Opening lines on large boards": a gain on 19x19, none on 13x13).
const OPENING_WEIGHT: f32 = 20.0;
const OPENING_REACH: usize = 3;
const OPENING_BOARD: usize = 15;

/// The tactical part of the priors (see [`tactics`]) counts at this share of the
/// hand-set weights it had before the model knew the same features.
const TACTICS_SHARE: f32 = 0.5;

/// Every move starts as this many simulations at even odds.
const EVEN: f32 = 10.0;
/// Won simulations for a move that captures one stone, and several.
const CAPTURE_ONE: f32 = 15.0;
const CAPTURE_MANY: f32 = 30.0;
/// Won simulations for a move that saves an own string in atari.
const ESCAPE: f32 = 20.0;
/// Lost simulations for running from atari into a working ladder.
const CAUGHT_RUNNING: f32 = 20.0;
/// Won simulations for an atari that catches the string in a ladder.
const LADDER_CAPTURE: f32 = 20.0;
/// Won simulations for a move that makes a good 3x3 shape.
const PATTERN: f32 = 10.0;
/// Won simulations by distance (1, 2, 3) to the last move.
const NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
/// Lost simulations for a self-atari of more than one stone (one stone: half of it).
const SELF_ATARI: f32 = 10.0;
/// Lost simulations for a move on the first two lines far from every stone; won ones
/// for the third line there.
const EMPTY_AREA: f32 = 10.0;
/// A pass starts as this many simulations at this win rate: passing is rarely right,
/// and when it is (the game ends with a win) the search sees it exactly.
const PASS: (f32, f32) = (10.0, 0.1);

/// A move with its prior: `visits` virtual simulations won at `rate`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prior {
    /// The move.
    pub mv: Move,
    /// Virtual simulations.
    pub visits: f32,
    /// Their win rate for the player to move.
    pub rate: f32,
}

/// The priors of every candidate move of the side to move on `board` (see
/// [`candidates`]: the legal moves that fill none of its own single-point eyes, then the
/// pass), from the move model: the strongest move starts with the best win rate, and a
/// move's rate falls with its strength relative to that best. With `policy` (a
/// probability for each rules point, from the [policy network](super::policy_net)), a
/// move's strength is its probability instead of the model's gamma; the tactical and
/// opening terms stay.
pub fn priors(
    board: &mut PlayoutBoard,
    ladders: &mut LadderReader,
    policy: Option<&[f32]>,
) -> Vec<Prior> {
    let model = MoveModel::active();
    let with_shapes = model.uses_shapes();
    let size = board.size();
    let moves = candidates(board);
    let weighed: Vec<(f32, (f32, f32))> = moves
        .iter()
        .map(|&mv| match mv {
            Some(point) => {
                let features = move_features(board, ladders, point, with_shapes);
                let (won, lost) = tactics(&features.levels);
                let (open_won, open_lost) = opening(board, point);
                let strength = match policy {
                    Some(policy) => policy[point].max(LEAST_POLICY),
                    None => model.gamma(&features),
                };
                (strength, (won + open_won, lost + open_lost))
            }
            None => (0.0, (0.0, 0.0)),
        })
        .collect();
    let best = weighed
        .iter()
        .map(|&(strength, _)| strength)
        .fold(f32::MIN_POSITIVE, f32::max);
    moves
        .into_iter()
        .zip(weighed)
        .map(|(mv, (strength, (won, lost)))| {
            if mv.is_none() {
                return Prior {
                    mv,
                    visits: PASS.0,
                    rate: PASS.1,
                };
            }
            let rate = model_rate(strength / best, size);
            let visits = MODEL_VISITS + won + lost;
            Prior {
                mv,
                visits,
                rate: (MODEL_VISITS * rate + won) / visits,
            }
        })
        .collect()
}

/// The prior win rate of a move whose strength is `relative` times the strongest
/// move's (0 to 1), on a board of `size` lines.
fn model_rate(relative: f32, size: usize) -> f32 {
    let exponent = if size >= LARGE_BOARD {
        MODEL_EXPONENT_LARGE
    } else {
        MODEL_EXPONENT
    };
    MODEL_FLOOR + (MODEL_CEILING - MODEL_FLOOR) * relative.powf(exponent)
}

/// The tactical part of the hand-set priors, kept on top of the model's at
/// [`TACTICS_SHARE`] of their weight: won and lost virtual simulations for captures,
/// escapes from atari, ladders read out and self-ataris. The model knows these features
/// too, but from records where the urgent ones are rare (a ladder that works is seldom
/// run or chased), and the search needs them tried first.
fn tactics(levels: &[u8; features::FAMILIES.len()]) -> (f32, f32) {
    let (mut won, mut lost) = (0.0, 0.0);
    match levels[features::CAPTURE] {
        1 => won += CAPTURE_ONE,
        NO_LEVEL => {}
        _ => won += CAPTURE_MANY,
    }
    match levels[features::ESCAPE] {
        0 => lost += CAUGHT_RUNNING,
        1 => won += ESCAPE,
        _ => {}
    }
    if levels[features::ATARI] == 0 {
        won += LADDER_CAPTURE;
    }
    match levels[features::SELF_ATARI] {
        0 => lost += SELF_ATARI / 2.0,
        1 => lost += SELF_ATARI,
        _ => {}
    }
    (TACTICS_SHARE * won, TACTICS_SHARE * lost)
}

/// Won and lost virtual simulations for a move on `point` in an empty part of a large
/// board (see [`OPENING_WEIGHT`]): the third and fourth lines are liked, the others not.
fn opening(board: &PlayoutBoard, point: usize) -> (f32, f32) {
    let size = board.size();
    if size < OPENING_BOARD || stones_within(board, point, OPENING_REACH) {
        return (0.0, 0.0);
    }
    match line(size, point) {
        2 | 3 => (OPENING_WEIGHT, 0.0),
        _ => (0.0, OPENING_WEIGHT),
    }
}

/// The hand-set priors the engine had before its move model, kept to measure the model
/// against (see [`super::model::evaluate`]): for each candidate move, virtual simulations
/// for captures, atari escapes, good 3x3 shapes and closeness to the last move, against
/// self-ataris and the empty edge.
pub fn hand_priors(board: &mut PlayoutBoard, ladders: &mut LadderReader) -> Vec<Prior> {
    candidates(board)
        .into_iter()
        .map(|mv| match mv {
            Some(point) => prior_of(board, ladders, point),
            None => Prior {
                mv: None,
                visits: PASS.0,
                rate: PASS.1,
            },
        })
        .collect()
}

/// The prior of playing `point`, which must be legal.
fn prior_of(board: &mut PlayoutBoard, ladders: &mut LadderReader, point: usize) -> Prior {
    let colour = board.to_move();
    let size = board.size();
    let (mut visits, mut wins) = (EVEN, EVEN / 2.0);
    let mut add = |won: f32, lost: f32| {
        visits += won + lost;
        wins += won;
    };
    let grid = board.grid(point);
    let own = cell_of(colour);
    let mut captured = 0;
    let mut saves = false;
    let mut caught_running = false;
    let mut ladder_capture = false;
    for next in board.neighbours(grid) {
        let cell = board.cell(next);
        let liberties = if cell == own || cell == 3 - own {
            board.liberties_at(next)
        } else {
            0
        };
        if cell == 3 - own && liberties == 1 {
            captured += board.stones_at(next);
        } else if cell == own && liberties == 1 {
            saves = true;
            caught_running |= ladders.is_caught(board, next);
        } else if cell == 3 - own && liberties == 2 && !ladder_capture {
            ladder_capture = ladders.atari_catches(board, grid, next);
        }
    }
    if ladder_capture {
        add(LADDER_CAPTURE, 0.0);
    }
    let self_atari = board.self_atari(grid);
    match captured {
        0 => {}
        1 => add(CAPTURE_ONE, 0.0),
        _ => add(CAPTURE_MANY, 0.0),
    }
    match self_atari {
        None if saves && caught_running => add(0.0, CAUGHT_RUNNING),
        None if saves => add(ESCAPE, 0.0),
        Some(stones) => add(
            0.0,
            if stones > 1 {
                SELF_ATARI
            } else {
                SELF_ATARI / 2.0
            },
        ),
        None => {}
    }
    if is_good_pattern(board, point, colour) {
        add(PATTERN, 0.0);
    }
    if let Some(last) = board.last_move() {
        let distance = manhattan(size, point, last);
        if (1..=3).contains(&distance) {
            add(NEAR_LAST[distance - 1], 0.0);
        }
    }
    if size >= 9 && !stones_within(board, point, 3) {
        match line(size, point) {
            0 | 1 => add(0.0, EMPTY_AREA),
            2 => add(EMPTY_AREA, 0.0),
            _ => {}
        }
    }
    Prior {
        mv: Some(point),
        visits,
        rate: wins / visits,
    }
}

fn manhattan(size: usize, a: usize, b: usize) -> usize {
    (a / size).abs_diff(b / size) + (a % size).abs_diff(b % size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::Colour;

    fn board_with(size: usize, black: &[usize], white: &[usize]) -> PlayoutBoard {
        let mut board = Board::new(size);
        for &point in black {
            board.play(Colour::Black, point).unwrap();
            board.pass(Colour::White);
        }
        for &point in white {
            board.pass(Colour::Black);
            board.play(Colour::White, point).unwrap();
        }
        PlayoutBoard::from_board_to_move(&board, Colour::Black)
    }

    fn rate_of(priors: &[Prior], point: usize) -> f32 {
        priors.iter().find(|p| p.mv == Some(point)).unwrap().rate
    }

    #[test]
    fn a_capture_is_liked_and_a_self_atari_disliked() {
        let _bound = crate::test_bound::bound();
        // 5x5: a white stone at C3 (12) surrounded on three sides by black; C4 (17)
        // captures it. Black B5-ish corner moves are neutral.
        let mut board = board_with(5, &[7, 11, 13], &[12]);
        let priors = priors(&mut board, &mut LadderReader::new(), None);
        assert!(rate_of(&priors, 17) > 0.6, "{priors:?}");
        assert_eq!(priors.last().unwrap().mv, None);
        // Every legal move and the pass, nothing else.
        assert_eq!(priors.len(), 25 - 4 + 1);
    }

    #[test]
    fn large_boards_rate_the_weaker_moves_further_below_the_strongest() {
        let _bound = crate::test_bound::bound();
        for size in [9, 13, 19] {
            assert!((model_rate(1.0, size) - MODEL_CEILING).abs() < 1e-6);
            assert!((model_rate(0.0, size) - MODEL_FLOOR).abs() < 1e-6);
        }
        for relative in [0.001, 0.01, 0.1, 0.5] {
            let (small, large) = (model_rate(relative, 9), model_rate(relative, 13));
            assert!(large < small, "{relative}: {large} against {small}");
            assert_eq!(model_rate(relative, 19), large);
            assert!(
                large > model_rate(relative / 2.0, 13),
                "falls with strength"
            );
        }
    }

    #[test]
    fn large_boards_open_on_the_third_and_fourth_lines() {
        let _bound = crate::test_bound::bound();
        let mut board = board_with(19, &[], &[]);
        let priors = priors(&mut board, &mut LadderReader::new(), None);
        let (centre, fifth_line, second_line) = (9 * 19 + 9, 4 * 19 + 4, 19 + 9);
        for (star, three_four) in [(3 * 19 + 3, 2 * 19 + 3), (15 * 19 + 15, 15 * 19 + 16)] {
            for elsewhere in [centre, fifth_line, second_line] {
                assert!(rate_of(&priors, star) > rate_of(&priors, elsewhere));
                assert!(rate_of(&priors, three_four) > rate_of(&priors, elsewhere));
            }
        }
        assert_eq!(opening(&board, 3 * 19 + 3), (OPENING_WEIGHT, 0.0));
        assert_eq!(opening(&board, centre), (0.0, OPENING_WEIGHT));
        // Near a stone, and on small boards, the lines say nothing.
        let board = board_with(19, &[3 * 19 + 3], &[]);
        assert_eq!(opening(&board, 3 * 19 + 5), (0.0, 0.0));
        assert_eq!(opening(&board, 9 * 19 + 9), (0.0, OPENING_WEIGHT));
        for size in [9, 13] {
            let board = board_with(size, &[], &[]);
            let centre = size / 2 * (size + 1);
            assert_eq!(opening(&board, 2 * size + 2), (0.0, 0.0));
            assert_eq!(opening(&board, centre), (0.0, 0.0));
        }
    }
}
