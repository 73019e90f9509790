//! The move generator: a fast rule-based player that always moves legally and passes when
//! nothing useful is left.
//!
//! In order of preference:
//! 1. capture: a move on the last liberty of opponent strings, the most stones first;
//! 2. rescue: a move on the last liberty of an own string that leaves it at least two
//!    liberties, the largest string first;
//! 3. a random move (seeded by the position, so reproducible) that is not inside own
//!    territory, not a suicide, and not a self-atari unless it captures;
//! 4. pass.
//!
//! Own territory is an empty region whose neighbours are all own stones. It includes every
//! own eye (a single empty point whose orthogonal neighbours are all own stones, true or
//! false eye alike), which no step ever fills; bigger own regions are left alone by step
//! 3 only, since playing there can only lose eye space and adds nothing to the area score.

use super::board::Board;
use super::rng::Rng;
use super::{zobrist, Colour};

/// Chooses `colour`'s move, plays it on `board` (a pass if `None`), and returns it.
pub fn genmove(board: &mut Board, colour: Colour) -> Option<usize> {
    let analysis = Analysis::of(board, colour);
    let chosen = capture(board, colour, &analysis)
        .or_else(|| rescue(board, colour, &analysis))
        .or_else(|| random_move(board, colour, &analysis));
    if chosen.is_none() {
        board.pass(colour);
    }
    chosen
}

/// What the generator needs to know about the position, found in one pass over the board.
struct Analysis {
    /// (last liberty, stones) of each opponent string in atari.
    opponent_atari: Vec<(usize, usize)>,
    /// (last liberty, stones) of each own string in atari.
    own_atari: Vec<(usize, usize)>,
    /// Whether each point is empty and in a region bordered only by own stones.
    own_territory: Vec<bool>,
    /// Whether each point is an own eye.
    own_eye: Vec<bool>,
}

impl Analysis {
    fn of(board: &Board, colour: Colour) -> Analysis {
        let n = board.points().len();
        let mut analysis = Analysis {
            opponent_atari: Vec::new(),
            own_atari: Vec::new(),
            own_territory: vec![false; n],
            own_eye: vec![false; n],
        };
        let mut seen = vec![false; n];
        let mut liberty_of = vec![usize::MAX; n];
        let mut members = Vec::new();
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let content = board.get(start);
            let (mut liberties, mut last_liberty) = (0, 0);
            let (mut own, mut opponent) = (false, false);
            flood(board, start, &mut seen, &mut members, |p| {
                match board.get(p) {
                    stone if stone == content => true,
                    None => {
                        if liberty_of[p] != start {
                            liberty_of[p] = start;
                            liberties += 1;
                            last_liberty = p;
                        }
                        false
                    }
                    Some(c) => {
                        own |= c == colour;
                        opponent |= c != colour;
                        false
                    }
                }
            });
            match content {
                Some(c) if liberties == 1 => {
                    let list = if c == colour {
                        &mut analysis.own_atari
                    } else {
                        &mut analysis.opponent_atari
                    };
                    list.push((last_liberty, members.len()));
                }
                None if own && !opponent => {
                    for &p in &members {
                        analysis.own_territory[p] = true;
                    }
                    if let [p] = members[..] {
                        analysis.own_eye[p] = true;
                    }
                }
                _ => {}
            }
        }
        analysis
    }
}

/// Collects into `members` the points reachable from `start` through points of the same
/// content, marking them `seen`; `visit(p)` is told of every neighbour of a member and
/// answers whether it has the same content.
fn flood(
    board: &Board,
    start: usize,
    seen: &mut [bool],
    members: &mut Vec<usize>,
    mut visit: impl FnMut(usize) -> bool,
) {
    members.clear();
    seen[start] = true;
    members.push(start);
    let mut next = 0;
    while next < members.len() {
        let p = members[next];
        next += 1;
        for q in board.neighbours(p) {
            if visit(q) && !seen[q] {
                seen[q] = true;
                members.push(q);
            }
        }
    }
}

fn capture(board: &mut Board, colour: Colour, analysis: &Analysis) -> Option<usize> {
    let mut gains: Vec<(usize, usize)> = Vec::new();
    for &(point, stones) in &analysis.opponent_atari {
        match gains.iter_mut().find(|(p, _)| *p == point) {
            Some((_, total)) => *total += stones,
            None => gains.push((point, stones)),
        }
    }
    gains.sort_by_key(|&(point, total)| (std::cmp::Reverse(total), point));
    gains
        .into_iter()
        .map(|(point, _)| point)
        .find(|&point| board.play(colour, point).is_ok())
}

fn rescue(board: &mut Board, colour: Colour, analysis: &Analysis) -> Option<usize> {
    let mut threatened = analysis.own_atari.clone();
    threatened.sort_by_key(|&(point, stones)| (std::cmp::Reverse(stones), point));
    threatened
        .into_iter()
        .map(|(point, _)| point)
        .filter(|&point| !analysis.own_eye[point])
        .find(|&point| {
            keep_if(board, colour, point, |board, _| {
                board.liberties(point, 2) >= 2
            })
        })
}

fn random_move(board: &mut Board, colour: Colour, analysis: &Analysis) -> Option<usize> {
    let mut candidates: Vec<usize> = (0..board.points().len())
        .filter(|&p| board.get(p).is_none() && !analysis.own_territory[p])
        .collect();
    let seed =
        board.hash() ^ ((board.moves().len() as u64) << 1) ^ u64::from(colour == Colour::White);
    Rng::new(zobrist::mix(seed)).shuffle(&mut candidates);
    candidates.into_iter().find(|&point| {
        keep_if(board, colour, point, |board, captured| {
            captured > 0 || board.liberties(point, 2) >= 2
        })
    })
}

/// Plays `colour` on `point` and keeps the move if it is legal, not a suicide, and
/// `good(board, captured)` holds afterwards; otherwise leaves the board as it was.
fn keep_if(
    board: &mut Board,
    colour: Colour,
    point: usize,
    good: impl FnOnce(&mut Board, usize) -> bool,
) -> bool {
    match board.play(colour, point) {
        Ok(played) if played.suicided == 0 && good(board, played.captured) => true,
        Ok(_) => {
            board.undo();
            false
        }
        Err(_) => false,
    }
}
