//! Tromp-Taylor play on the board module: captures, suicide, ko, superko, undo, and random
//! games checked against a naive model of the rules.

mod common;
use common::bound;

use common::go::{at, setup};
use gamebot::go::board::{Board, Illegal, Played};
use gamebot::go::rng::Rng;
use gamebot::go::{zobrist, Colour};
use std::collections::HashSet;

const B: Colour = Colour::Black;
const W: Colour = Colour::White;

/// Plays `colour` at the vertex called `name`.
fn play(board: &mut Board, colour: Colour, name: &str) -> Result<Played, Illegal> {
    let point = at(board, name);
    board.play(colour, point)
}

#[test]
fn capture_removes_the_string_and_counts_prisoners() {
    let _bound = bound();
    let mut board = Board::new(5);
    setup(&mut board, &["A2", "B1", "C2", "A3", "C3"], &["B2", "B3"]);
    assert_eq!(board.stone_count(), 7);
    assert_eq!(
        play(&mut board, B, "B4"),
        Ok(Played {
            captured: 2,
            suicided: 0
        })
    );
    assert_eq!(board.get(at(&board, "B2")), None);
    assert_eq!(board.get(at(&board, "B3")), None);
    assert_eq!(board.prisoners(B), 2);
    assert_eq!(board.prisoners(W), 0);
    assert_eq!(board.stone_count(), 6);
    assert_eq!(board.to_move(), W);
}

#[test]
fn multi_stone_suicide_removes_the_own_string() {
    let _bound = bound();
    let mut board = Board::new(4);
    setup(&mut board, &["A1"], &["C1", "A2", "B2"]);
    let before = board.moves().len();
    assert_eq!(
        play(&mut board, B, "B1"),
        Ok(Played {
            captured: 0,
            suicided: 2
        })
    );
    assert_eq!(board.get(at(&board, "A1")), None);
    assert_eq!(board.get(at(&board, "B1")), None);
    assert_eq!(board.stone_count(), 3);
    assert_eq!(board.prisoners(W), 2);
    assert_eq!(board.moves().len(), before + 1);
    assert!(board.undo());
    assert_eq!(board.get(at(&board, "A1")), Some(B));
    assert_eq!(board.get(at(&board, "B1")), None);
    assert_eq!(board.prisoners(W), 0);
}

#[test]
fn single_stone_suicide_is_refused_and_changes_nothing() {
    let _bound = bound();
    let mut board = Board::new(3);
    setup(&mut board, &[], &["A2", "B1"]);
    let (hash, moves, points) = (board.hash(), board.moves().len(), board.points().to_vec());
    assert_eq!(play(&mut board, B, "A1"), Err(Illegal::SingleStoneSuicide));
    assert_eq!(board.hash(), hash);
    assert_eq!(board.moves().len(), moves);
    assert_eq!(board.points(), &points[..]);
    assert_eq!(play(&mut board, B, "A2"), Err(Illegal::Occupied));
    assert_eq!(board.points(), &points[..]);
}

/// The ko of the triple-ko test, on rows 1 to 3: Black can take at C2.
fn ko_board() -> Board {
    let mut board = Board::new(9);
    setup(&mut board, &["A2", "B3", "B1"], &["C3", "C1", "D2", "B2"]);
    board
}

#[test]
fn simple_ko_recapture_is_refused_until_the_position_differs() {
    let _bound = bound();
    let mut board = ko_board();
    assert_eq!(
        play(&mut board, B, "C2"),
        Ok(Played {
            captured: 1,
            suicided: 0
        })
    );
    let hash = board.hash();
    assert_eq!(play(&mut board, W, "B2"), Err(Illegal::Superko));
    assert_eq!(board.hash(), hash);
    assert_eq!(board.get(at(&board, "C2")), Some(B));
    // A ko threat and its answer change the position; then the retake is new.
    play(&mut board, W, "H8").unwrap();
    play(&mut board, B, "H7").unwrap();
    assert_eq!(
        play(&mut board, W, "B2"),
        Ok(Played {
            captured: 1,
            suicided: 0
        })
    );
    assert_eq!(play(&mut board, B, "C2"), Err(Illegal::Superko));
}

#[test]
fn a_triple_ko_cycle_is_refused_on_its_sixth_move() {
    let _bound = bound();
    // Three kos, each a white stone at B which Black takes at C, or a black stone at C
    // which White takes at B. Start: kos 1 and 3 white, ko 2 black.
    let mut board = Board::new(9);
    setup(
        &mut board,
        &["A2", "B3", "B1", "A5", "B6", "B4", "A8", "B9", "B7", "C5"],
        &[
            "C3", "C1", "D2", "C6", "C4", "D5", "C9", "C7", "D8", "B2", "B8",
        ],
    );
    let start = board.points().to_vec();
    let cycle = [(B, "C2"), (W, "B5"), (B, "C8"), (W, "B2"), (B, "C5")];
    for (colour, name) in cycle {
        assert_eq!(
            play(&mut board, colour, name),
            Ok(Played {
                captured: 1,
                suicided: 0
            }),
            "{name}"
        );
        assert_ne!(board.points(), &start[..]);
    }
    // White's take at B8 is no immediate recapture, but it recreates the start.
    let last = board.points().to_vec();
    assert_eq!(play(&mut board, W, "B8"), Err(Illegal::Superko));
    assert_eq!(board.points(), &last[..]);
    // Going back one move and choosing another order is fine.
    assert!(board.undo());
    assert_eq!(
        play(&mut board, B, "E5"),
        Ok(Played {
            captured: 0,
            suicided: 0
        })
    );
    assert_eq!(
        play(&mut board, W, "B8"),
        Ok(Played {
            captured: 1,
            suicided: 0
        })
    );
}

#[test]
fn passes_end_the_game_and_undo_reopens_it() {
    let _bound = bound();
    let mut board = Board::new(9);
    assert!(!board.is_over());
    board.pass(B);
    assert!(!board.is_over());
    board.pass(W);
    assert!(board.is_over());
    assert!(board.undo());
    assert!(!board.is_over());
    assert_eq!(board.to_move(), W);
}

struct Snapshot {
    points: Vec<Option<Colour>>,
    hash: u64,
    moves: usize,
    prisoners: (usize, usize),
    stones: usize,
    to_move: Colour,
}

fn snapshot(board: &Board) -> Snapshot {
    Snapshot {
        points: board.points().to_vec(),
        hash: board.hash(),
        moves: board.moves().len(),
        prisoners: (board.prisoners(B), board.prisoners(W)),
        stones: board.stone_count(),
        to_move: board.to_move(),
    }
}

fn assert_same(board: &Board, snap: &Snapshot) {
    assert_eq!(board.points(), &snap.points[..]);
    assert_eq!(board.hash(), snap.hash);
    assert_eq!(board.moves().len(), snap.moves);
    assert_eq!((board.prisoners(B), board.prisoners(W)), snap.prisoners);
    assert_eq!(board.stone_count(), snap.stones);
    assert_eq!(board.to_move(), snap.to_move);
}

#[test]
fn undo_across_captures_and_passes_restores_everything() {
    let _bound = bound();
    let mut board = ko_board();
    let mut snaps = vec![snapshot(&board)];
    let sequence = [
        (B, "C2"),
        (W, "H8"),
        (B, "H7"),
        (W, "B2"),
        (B, "pass"),
        (W, "C2"),
    ];
    for (colour, name) in sequence {
        if name == "pass" {
            board.pass(colour);
        } else {
            play(&mut board, colour, name).unwrap();
        }
        snaps.push(snapshot(&board));
    }
    // White filled the ko at C2 after Black passed: Black's C2 can no longer be played.
    while let Some(snap) = snaps.pop() {
        assert_same(&board, &snap);
        // The history is restored too: the recapture refused at this point still is.
        if snap.moves == snaps.first().map_or(0, |s| s.moves) + 1 {
            assert_eq!(play(&mut board, W, "B2"), Err(Illegal::Superko));
        }
        if snaps.is_empty() {
            break;
        }
        assert!(board.undo());
    }
    let mut empty = Board::new(3);
    assert!(!empty.undo());
}

/// The rules written the slow, obvious way: whole-board copies and a list of every
/// colouring seen.
struct Naive {
    size: usize,
    points: Vec<Option<Colour>>,
    seen: Vec<Vec<Option<Colour>>>,
}

impl Naive {
    fn liberty(&self, points: &[Option<Colour>], start: usize) -> bool {
        let mut stack = vec![start];
        let mut seen = HashSet::from([start]);
        while let Some(p) = stack.pop() {
            for q in around(self.size, p) {
                if points[q].is_none() {
                    return true;
                }
                if points[q] == points[start] && seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        false
    }

    fn clear_dead(&self, points: &mut [Option<Colour>], colour: Colour) {
        let dead: Vec<usize> = (0..points.len())
            .filter(|&p| points[p] == Some(colour) && !self.liberty(points, p))
            .collect();
        for p in dead {
            points[p] = None;
        }
    }

    /// The colouring after the move, or `None` if it is illegal.
    fn play(&self, colour: Colour, point: usize) -> Option<Vec<Option<Colour>>> {
        if self.points[point].is_some() {
            return None;
        }
        let mut next = self.points.clone();
        next[point] = Some(colour);
        self.clear_dead(&mut next, colour.opponent());
        self.clear_dead(&mut next, colour);
        (!self.seen.contains(&next)).then_some(next)
    }
}

fn around(size: usize, p: usize) -> Vec<usize> {
    let (r, c) = (p / size, p % size);
    let mut out = Vec::new();
    if c > 0 {
        out.push(p - 1);
    }
    if c + 1 < size {
        out.push(p + 1);
    }
    if r > 0 {
        out.push(p - size);
    }
    if r + 1 < size {
        out.push(p + size);
    }
    out
}

fn check_invariants(board: &mut Board) {
    let mut hash = 0;
    for (p, content) in board.points().iter().enumerate() {
        if let Some(colour) = content {
            hash ^= zobrist::key(p, *colour);
        }
    }
    assert_eq!(board.hash(), hash);
    let strings = board.strings();
    let stones: usize = strings.iter().map(Vec::len).sum();
    assert_eq!(board.stone_count(), stones);
    for string in strings {
        assert!(
            board.liberties(string[0], 1) >= 1,
            "a string without liberty"
        );
    }
}

#[test]
fn random_games_follow_the_naive_rules_and_undo_to_the_empty_board() {
    let _bound = bound();
    let mut rng = Rng::new(2026);
    let mut refused = HashSet::new();
    for game in 0..40 {
        let size = [1, 2, 3, 4, 5, 7][game % 6];
        let mut board = Board::new(size);
        let mut naive = Naive {
            size,
            points: vec![None; size * size],
            seen: vec![vec![None; size * size]],
        };
        let mut colour = B;
        for _ in 0..150 {
            let point = rng.below(size * size);
            let expected = naive.play(colour, point);
            match board.play(colour, point) {
                Ok(_) => {
                    let next = expected.expect("the naive rules refuse this move");
                    assert_eq!(board.points(), &next[..]);
                    naive.seen.push(next.clone());
                    naive.points = next;
                    colour = colour.opponent();
                }
                Err(why) => {
                    refused.insert(why);
                    assert_eq!(expected, None, "the naive rules allow this move");
                    assert_eq!(board.points(), &naive.points[..]);
                }
            }
            check_invariants(&mut board);
        }
        while board.undo() {
            check_invariants(&mut board);
        }
        assert_eq!(board.hash(), 0);
        assert_eq!(board.stone_count(), 0);
        assert!(board.points().iter().all(Option::is_none));
    }
    assert_eq!(
        refused.len(),
        3,
        "every kind of refusal was met: {refused:?}"
    );
}

#[test]
fn handicap_stones_start_the_game_and_cannot_be_undone() {
    let _bound = bound();
    let mut board = Board::new(9);
    let points = [at(&board, "C3"), at(&board, "G7")];
    board.place_handicap(&points);
    assert_eq!(board.stone_count(), 2);
    assert_eq!(board.to_move(), W);
    assert!(!board.undo());
    play(&mut board, W, "E5").unwrap();
    assert!(board.undo());
    assert_eq!(board.stone_count(), 2);
}
