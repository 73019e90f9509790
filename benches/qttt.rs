//! QTTT engine benchmark (a bench binary, release): the cold decision from the empty board
//! (the whole game solved), later decisions cold and warm, `qttt-analyze` of the empty
//! board, and the peak memory. Prints the median of each.
//!
//! Run: `cargo bench --bench qttt`.

#![forbid(unsafe_code)]

use gamebot::qttt::gtp::notation::{parse_tokens, score_text, token_text};
use gamebot::qttt::{Engine, Game, Position, Score, Token};
use std::time::{Duration, Instant};

/// Positions after 2 to 4 moves for the later decisions.
const LATER: [&[&str]; 6] = [
    &["AI", "BE"],
    &["AB", "CE"],
    &["AE", "EI", "CG"],
    &["BH", "DF", "AI"],
    &["AI", "BE", "CG", "DF"],
    &["AB", "BC", "AC", "1"],
];

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn time<T>(run: impl FnOnce() -> T) -> (Duration, T) {
    let start = Instant::now();
    let result = run();
    (start.elapsed(), result)
}

fn later_positions() -> Vec<Position> {
    LATER
        .iter()
        .map(|record| {
            *Game::from_record(&parse_tokens(record).unwrap())
                .unwrap()
                .position()
        })
        .collect()
}

fn main() {
    let runs = std::env::args()
        .filter_map(|arg| arg.parse::<usize>().ok())
        .next()
        .unwrap_or(7);
    let empty = Position::new();

    let cold: Vec<Duration> = (0..runs)
        .map(|_| {
            let engine = Engine::new();
            let (elapsed, choice) = time(|| engine.choose(&empty));
            assert_eq!(choice.map(token_text).as_deref(), Some("AI"));
            elapsed
        })
        .collect();
    println!("cold decision, empty board:      median {:?}", median(cold));

    let mut fresh = Vec::new();
    let mut warm = Vec::new();
    for _ in 0..runs {
        for position in later_positions() {
            let engine = Engine::new();
            fresh.push(time(|| engine.choose(&position)).0);
        }
        let engine = Engine::new();
        engine.choose(&empty);
        for position in later_positions() {
            warm.push(time(|| engine.choose(&position)).0);
        }
    }
    println!(
        "later decision (2-4 moves), fresh engine: median {:?}, max {:?}",
        median(fresh.clone()),
        fresh.iter().max().unwrap()
    );
    println!(
        "later decision (2-4 moves), warm engine:  median {:?}, max {:?}",
        median(warm.clone()),
        warm.iter().max().unwrap()
    );

    let analyze: Vec<Duration> = (0..runs)
        .map(|_| {
            let engine = Engine::new();
            let (elapsed, lines) = time(|| engine.analyze(&empty));
            check_first_move_table(&lines);
            elapsed
        })
        .collect();
    println!(
        "analyze, empty board, fresh engine (first-move table checked): median {:?}",
        median(analyze)
    );

    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak = status
        .lines()
        .find(|line| line.starts_with("VmHWM"))
        .unwrap_or("VmHWM: unknown");
    println!("peak memory ({peak})");
}

/// The known first-move table: of the 36 first moves only AI and CG keep X's win of
/// 1 to 0.5; every other one leads to a draw.
fn check_first_move_table(lines: &[(Token, Score)]) {
    assert_eq!(lines.len(), 36);
    for (token, score) in lines {
        let token = token_text(*token);
        let expected = match token.as_str() {
            "AI" | "CG" => "1 0.5",
            _ => "0 0",
        };
        assert_eq!(score_text(*score), expected, "first move {token}");
    }
}
