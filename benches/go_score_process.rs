//! Scoring 255x255 Go boards as whole processes: `gamebot score FILE` against this same
//! binary re-run as a naive relaxation scorer of the same file, with medians of wall time
//! (process start, reading, parsing, scoring, printing).
//!
//! `cargo bench --bench go_score_process`; without `--bench` (as `cargo test --benches`
//! runs it) it only checks, once, that both processes agree on small boards.

#![forbid(unsafe_code)]

#[path = "../tests/go_boards/mod.rs"]
mod go_boards;

use gamebot::go::gtp::challenge_text;
use gamebot::go::text_board::TextBoard;
use gamebot::go::Colour;
use gamebot::go::Points;
use go_boards::{board_text, random_board, relaxation_score, spiral};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Set to a board file, this binary scores it by relaxation and prints the result.
const RELAXATION_CHILD: &str = "GAMEBOT_BENCH_RELAXATION_FILE";

fn main() {
    if let Some(path) = std::env::var_os(RELAXATION_CHILD) {
        let text = std::fs::read(path).expect("the board file");
        let board = TextBoard::parse(text).expect("a square board");
        println!(
            "{}",
            challenge_text(relaxation_score(board.size(), board.points()).outcome(Points::ZERO))
        );
        return;
    }
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let size = if measuring { 255 } else { 19 };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("go_score_process");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    println!("whole-process scoring of {size}x{size} boards, medians of wall time");
    println!(
        "{:<10} {:>7} {:>14} {:>6} {:>14} {:>8}",
        "board", "result", "gamebot score", "runs", "relaxation", "runs"
    );
    for (name, points) in boards(size) {
        let path = dir.join(format!("{name}_{size}.txt"));
        std::fs::write(&path, board_text(size, &points)).expect("the board file");
        let gamebot_runs = if measuring { 101 } else { 1 };
        let relaxation_runs = match (measuring, name.as_str()) {
            (false, _) => 1,
            (true, "spiral") => 5,
            (true, _) => 51,
        };
        let mut gamebot = Command::new(env!("CARGO_BIN_EXE_gamebot"));
        gamebot.arg("score").arg(&path);
        let mut relaxation = Command::new(std::env::current_exe().expect("this binary"));
        relaxation.env(RELAXATION_CHILD, &path);
        let (result, fast) = median_run(&mut gamebot, gamebot_runs, &path);
        let (expected, slow) = median_run(&mut relaxation, relaxation_runs, &path);
        assert_eq!(result, expected, "the scorers disagree on {name}");
        println!(
            "{name:<10} {result:>7} {:>14} {gamebot_runs:>6} {:>14} {relaxation_runs:>8}",
            format!("{fast:.2?}"),
            format!("{slow:.2?}"),
        );
    }
}

/// The boards measured: name and points.
fn boards(size: usize) -> Vec<(String, Vec<Option<Colour>>)> {
    let mut boards: Vec<_> = [10, 50, 90]
        .into_iter()
        .map(|empty| (format!("random{empty}"), random_board(size, empty, empty)))
        .collect();
    boards.push(("spiral".to_string(), spiral(size)));
    boards
}

/// Runs `command` `runs` times; its output (the same every time) and the median time.
fn median_run(command: &mut Command, runs: usize, board: &Path) -> (String, Duration) {
    let mut output = String::new();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let run = command.output().expect("the scorer starts");
            let time = start.elapsed();
            assert!(
                run.status.success(),
                "{} on {board:?}: {run:?}",
                command.get_program().to_string_lossy()
            );
            output = String::from_utf8_lossy(&run.stdout).trim().to_string();
            time
        })
        .collect();
    times.sort();
    (output, times[runs / 2])
}
