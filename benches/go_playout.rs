//! Go engine speed (a bench binary): playouts per second on empty 9x9 and 19x19 boards,
//! with the standard policy, the Moggy policy and purely random, and full search simulations per second on one
//! thread and on all cores, from the empty boards and from a 9x9 middle game (where the
//! priors of new nodes cost more), and evaluations a second of the policy network
//! (`--go-policy-net`, the repository's) on that middle game and on empty 13x13 and
//! 19x19 boards (its convolutions read any size), and of the value network
//! (`--go-value-net`, the repository's 13x13 one) and of the policy network with its value
//! head (`policy_value_13.txt`) on empty 13x13. Prints the median of 5
//! timed runs of each.
//!
//! Run: `cargo bench --bench go_playout` (about a minute). Under `cargo test` it only checks
//! that every case runs.

#![forbid(unsafe_code)]

use gamebot::go::board::Board;
use gamebot::go::engine::amaf::FirstPlays;
use gamebot::go::engine::playout::{playout, random_playout, PlayoutStyle, Policy};
use gamebot::go::engine::playout_board::PlayoutBoard;
use gamebot::go::engine::policy_net::PolicyNet;
use gamebot::go::engine::search::{search, Budget, Settings};
use gamebot::go::engine::value_net::ValueNet;
use gamebot::go::engine::EngineOptions;
use gamebot::go::rng::Rng;
use gamebot::go::{Colour, Points};
use std::time::{Duration, Instant};

/// Playouts per second from the empty `size` board during `span`.
fn playouts_per_second(
    size: usize,
    mut run: impl FnMut(&mut PlayoutBoard, &mut Rng, usize, &mut FirstPlays) -> i64,
    span: Duration,
) -> f64 {
    let empty = PlayoutBoard::from_board_to_move(&Board::new(size), Colour::Black);
    let mut rng = Rng::new(1);
    let mut first = FirstPlays::new(size * size);
    let start = Instant::now();
    let mut count = 0u64;
    while start.elapsed() < span {
        let mut board = empty.clone();
        first.clear();
        run(&mut board, &mut rng, 3 * size * size, &mut first);
        count += 1;
    }
    count as f64 / start.elapsed().as_secs_f64()
}

/// A 9x9 middle game: the first 20 moves of a game between two builds of the engine,
/// Black first, as (column, row) from the lower left.
const MIDDLE_GAME: [(usize, usize); 20] = [
    (4, 7),
    (0, 2),
    (4, 2),
    (5, 4),
    (3, 4),
    (4, 3),
    (3, 3),
    (5, 2),
    (5, 1),
    (4, 1),
    (3, 2),
    (6, 1),
    (3, 1),
    (4, 6),
    (5, 6),
    (4, 5),
    (3, 7),
    (2, 6),
    (3, 6),
    (3, 5),
];

/// The board after [`MIDDLE_GAME`]'s moves, Black to move.
fn middle_game() -> Board {
    let mut board = Board::new(9);
    for (index, &(column, row)) in MIDDLE_GAME.iter().enumerate() {
        let colour = if index % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        board
            .play(colour, row * 9 + column)
            .expect("a legal middle-game move");
    }
    board
}

/// Search simulations per second for Black from `board` during `span`.
fn simulations_per_second(board: &Board, threads: usize, span: Duration) -> f64 {
    let settings = Settings {
        komi: Points::parse("7").expect("a komi"),
        seed: 1,
        max_nodes: EngineOptions::default().max_nodes,
        ownership: false,
        threads,
        dynamic_komi: 0,
        avoid: None,
        playout_style: PlayoutStyle::Standard,
    };
    let budget = Budget {
        deadline: Some(Instant::now() + span),
        ..Budget::default()
    };
    let start = Instant::now();
    let result = search(board, Colour::Black, &settings, &budget);
    result.playouts as f64 / start.elapsed().as_secs_f64()
}

/// How many times a second `evaluate` runs during `span` (at least once).
fn calls_per_second(span: Duration, mut evaluate: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut calls = 0u32;
    while calls == 0 || start.elapsed() < span {
        evaluate();
        calls += 1;
    }
    f64::from(calls) / start.elapsed().as_secs_f64()
}

/// Evaluations a second of the repository's policy network on `board`, Black to move,
/// during `span`.
fn evaluations_per_second(board: &Board, span: Duration) -> f64 {
    let text = include_str!("../data/policy-nets/policy_9x9.txt");
    let net = PolicyNet::parse(text).expect("the repository's policy network reads");
    let position = PlayoutBoard::from_board_to_move(board, Colour::Black);
    calls_per_second(span, || {
        std::hint::black_box(net.probabilities(&position));
    })
}

/// How many times a second `evaluate` runs on the empty 13x13 board, Black to move,
/// during `span`.
fn empty_13x13_calls_per_second(span: Duration, evaluate: impl Fn(&PlayoutBoard)) -> f64 {
    let position = PlayoutBoard::from_board_to_move(&Board::new(13), Colour::Black);
    calls_per_second(span, || evaluate(&position))
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (runs, span) = if measuring {
        (5, Duration::from_secs(1))
    } else {
        (1, Duration::from_millis(20))
    };
    println!("one thread unless said, median of {runs} runs of {span:?}");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let search = |board: &Board, threads| {
        median(
            (0..runs)
                .map(|_| simulations_per_second(board, threads, span))
                .collect(),
        )
    };
    let styled = |size, style| {
        median(
            (0..runs)
                .map(|_| {
                    let mut policy = Policy::new(style);
                    let with_policy =
                        |board: &mut PlayoutBoard, rng: &mut Rng, moves, first: &mut FirstPlays| {
                            playout(board, rng, moves, first, &mut policy)
                        };
                    playouts_per_second(size, with_policy, span)
                })
                .collect(),
        )
    };
    for size in [9, 19] {
        let policy = styled(size, PlayoutStyle::Standard);
        let moggy = styled(size, PlayoutStyle::Moggy);
        let random = median(
            (0..runs)
                .map(|_| playouts_per_second(size, random_playout, span))
                .collect(),
        );
        let empty = Board::new(size);
        println!(
            "{size}x{size}: policy playouts {policy:>9.0}/s  moggy playouts {moggy:>9.0}/s  \
             random playouts {random:>9.0}/s  (policy costs {:.2}x)  search simulations \
             {:>9.0}/s, with {threads} threads {:>9.0}/s",
            random / policy,
            search(&empty, 1),
            search(&empty, threads),
        );
    }
    let middle = middle_game();
    println!(
        "9x9 middle game (20 moves in): search simulations {:>9.0}/s, with {threads} threads \
         {:>9.0}/s; policy network evaluations {:>6.0}/s",
        search(&middle, 1),
        search(&middle, threads),
        median(
            (0..runs)
                .map(|_| evaluations_per_second(&middle, span))
                .collect()
        ),
    );
    let evaluations = |size| {
        median(
            (0..runs)
                .map(|_| evaluations_per_second(&Board::new(size), span))
                .collect(),
        )
    };
    let value = ValueNet::parse(include_str!("../data/value-nets/value_13.txt"))
        .expect("the repository's value network reads");
    let headed = PolicyNet::parse(include_str!("../data/policy-nets/policy_value_13.txt"))
        .expect("the repository's policy network with a value head reads");
    println!(
        "policy network evaluations on empty boards: 13x13 {:>6.0}/s, 19x19 {:>6.0}/s; \
         value network evaluations on empty 13x13 {:>6.0}/s; policy network with its \
         value head on empty 13x13 {:>6.0}/s",
        evaluations(13),
        evaluations(19),
        median(
            (0..runs)
                .map(|_| empty_13x13_calls_per_second(span, |position| {
                    std::hint::black_box(value.win_rate(position));
                }))
                .collect()
        ),
        // Policy and win rate together, as the search asks them, at the head's komi.
        median(
            (0..runs)
                .map(|_| empty_13x13_calls_per_second(span, |position| {
                    std::hint::black_box(headed.evaluate(position, Some(7.0)));
                }))
                .collect()
        ),
    );
}
