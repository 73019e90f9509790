//! The scoring challenge's five cases through the library, `gamebot score FILE` and
//! `gamebot score` on stdin, and the CLI's refusals.

mod common;
use common::{bound, bounded};

use gamebot::go::gtp::tt_score;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The seed's test cases: input text and expected output.
const CASES: [(&str, &str); 5] = [
    (
        "- - - X - O - - -
- - - X - O - - -
- - - X - O - - -
- - - X O - - O -
X X X O - O O - -
- - - X O - - O O
- - - X - O - - -
- - - X - O - X -
- - - - - O - - -
",
        "W+6",
    ),
    ("Xavier is insane -- says Oliver\n", "Jigo"),
    ("Code-Golf\n", "Jigo"),
    (
        "-XXXXXXX-XOOOOOOOXXO-OXXXOXXXOX--XOXXOOX
-
XOOXXOX--XOXXXOXXXO-OXXOOOOOOOX-XXXXXXX-
",
        "B+21",
    ),
    (
        "- - X O O O O X X - - - - - - X O O -
- X X O X O X X O X X X X X X - X O -
- X O O X X X - O O O X O O X X X O -
- X O O O X X O O O O O O X X X O - -
- - X X O X - X X X X O O O O O O O -
- - X O O X X X - X X X O O O X X O -
- - X O - O X O X O O O O O X X X O -
- X O O - O O O X X X X X O O X O - -
- X X X O - - - O X O X X X O X O - -
X O O O O - - O - O O O O X X X O O -
X X O - - - O - - O O X X - - X X O O
X O O O - - O - O O X - - - - X O O X
- X X X O O X O O X X - - - - X X X X
X - X X X O X X O O X - - X X O X O O
X X O O X O X O X X - - - X O O O O -
X O - O X X X O X - - - - - X O - - -
O O - O X O O O O X X - X X X X O - -
O O - O O O X O X X - - X - X X O - -
- - O - - O X X X - - - - X O O O - -
",
        "B+6",
    ),
];

fn gamebot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamebot"))
}

/// Writes `text` to a file of this test's own under the target's scratch directory.
fn board_file(name: &str, text: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("go_score_seed");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn score_file(name: &str, text: &[u8]) -> Output {
    gamebot()
        .arg("score")
        .arg(board_file(name, text))
        .output()
        .unwrap()
}

fn score_stdin(text: &[u8]) -> Output {
    let mut child = gamebot()
        .arg("score")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // gamebot may refuse an over-long board before reading all of it.
    if let Err(error) = child.stdin.take().unwrap().write_all(text) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
    }
    child.wait_with_output().unwrap()
}

fn assert_scored(output: &Output, expected: &str) {
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{expected}\n")
    );
    assert!(output.stderr.is_empty(), "{output:?}");
}

/// The CLI refused the input with exit status 2, a message naming `message`, and none of
/// the protocol's wording.
fn assert_refused(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(message), "{stderr}");
    assert!(stderr.starts_with("gamebot score: "), "{stderr}");
    assert!(!stderr.contains("syntax error"), "{stderr}");
}

#[test]
fn seed_cases_through_the_library() {
    let _bound = bound();
    for (text, expected) in CASES {
        assert_eq!(tt_score(text).as_deref(), Ok(expected), "{text}");
    }
}

#[test]
fn seed_cases_as_gtp_arguments_joined_by_spaces() {
    let _bound = bound();
    for (text, expected) in CASES {
        let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(tt_score(joined).as_deref(), Ok(expected), "{text}");
    }
}

#[test]
fn seed_cases_through_the_cli_from_a_file() {
    let _bound = bound();
    for (number, (text, expected)) in CASES.iter().enumerate() {
        let output = score_file(&format!("case{number}.txt"), text.as_bytes());
        assert_scored(&output, expected);
    }
}

#[test]
fn seed_cases_through_the_cli_from_stdin() {
    let _bound = bound();
    for (text, expected) in CASES {
        assert_scored(&score_stdin(text.as_bytes()), expected);
    }
}

#[test]
fn empty_input_is_the_empty_board() {
    let _bound = bound();
    assert_scored(&score_stdin(b""), "Jigo");
}

#[test]
fn a_board_that_is_not_square_is_refused() {
    let _bound = bound();
    let output = score_file("not_square.txt", b"X O -\nX O\n");
    assert_refused(
        &output,
        "not_square.txt: at the end of the input: 5 points of X, O and - do not make a \
         square board (4 would make 2x2, 9 would make 3x3)",
    );
    assert_refused(&score_stdin(b"XO"), "gamebot score: stdin: at the end");
}

#[test]
fn a_board_larger_than_255_is_refused() {
    let _bound = bound();
    let output = score_stdin("-".repeat(4 << 20).as_bytes());
    assert_refused(
        &output,
        "stdin: line 1, column 65026: more than 65025 points of X, O and - (the largest \
         board is 255x255)",
    );
    // 256 lines of 255 points: the first point too many opens line 256.
    let rows = format!("{}\n", "X".repeat(255)).repeat(256);
    let output = score_file("too_large.txt", rows.as_bytes());
    assert_refused(
        &output,
        "too_large.txt: line 256, column 1: more than 65025 points",
    );
}

#[test]
fn an_unreadable_file_is_refused() {
    let _bound = bound();
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no such board.txt");
    let output = gamebot().arg("score").arg(&missing).output().unwrap();
    assert_refused(
        &output,
        "no such board.txt: cannot open: No such file or directory",
    );
    let directory = gamebot()
        .arg("score")
        .arg(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap();
    assert_refused(&directory, "cannot read: Is a directory");
}

#[test]
fn seed_cases_through_the_verb_over_tcp() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        client.ok("boardsize 9").await;
        client.ok("play b E5").await;
        for (text, expected) in CASES {
            let args = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(client.ok(&format!("tt-score {args}")).await, expected);
        }
        assert_eq!(
        client.err("tt-score XO").await,
        "syntax error: 2 points of X, O and - do not make a square board (1 would make 1x1, 4 would make 2x2)"
    );
        assert_eq!(client.ok("tt-score").await, "Jigo");
        // Stateless: the session's own game is untouched.
        assert_eq!(client.ok("final_score").await, "B+81");
        server.shutdown().await;
    })
}
