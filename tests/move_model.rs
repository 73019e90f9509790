//! `gamebot train-model`: game records in, a weights file the engine can read out, with
//! the prediction report; bad input named, nothing written.

mod common;
use common::{bound, scratch};

use std::path::Path;
use std::process::{Command, Output};

fn train(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .arg("train-model")
        .args(args)
        .output()
        .expect("cannot run gamebot")
}

/// Writes `count` small 9x9 records: the same tidy opening shape each time (so that
/// shapes repeat), shifted along the board.
fn write_records(dir: &Path, count: usize) {
    let letters = b"abcdefghi";
    for n in 0..count {
        let column = |c: usize| letters[(c + n) % 5 + 2] as char;
        let moves = format!(
            ";B[{}e];W[{}f];B[{}f];W[{}g];B[{}d];W[cc];B[{}e];W[]",
            column(0),
            column(0),
            column(1),
            column(1),
            column(0),
            column(2),
        );
        let record = format!("(;GM[1]FF[4]SZ[9]KM[7]{moves})");
        std::fs::write(dir.join(format!("game-{n:03}.sgf")), record).unwrap();
    }
}

#[test]
fn records_in_weights_out_with_a_report() {
    let _bound = bound();
    let dir = scratch("train");
    write_records(&dir, 12);
    let out = dir.join("model.txt");
    let output = train(&[
        dir.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--held-out",
        "0.25",
        "--skip",
        "0",
        "--min-shape",
        "2",
        "--source",
        "twelve test records",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout.contains("9 learned from, 3 kept out"), "{stdout}");
    assert!(stdout.contains("move model: top-1"), "{stdout}");
    assert!(stdout.contains("hand-set priors: top-1"), "{stdout}");
    let weights = std::fs::read_to_string(&out).unwrap();
    let model = gamebot::go::engine::model::Weights::parse(&weights).expect("the file reads");
    assert_eq!(model.comments[0], "source: twelve test records");
    assert!(!model.shape3.is_empty());
}

#[test]
fn no_usable_record_is_an_error_and_writes_nothing() {
    let _bound = bound();
    let dir = scratch("empty");
    std::fs::write(dir.join("broken.sgf"), "(;GM[1]SZ[9];B[zz])").unwrap();
    let out = dir.join("model.txt");
    let output = train(&[dir.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("skipping"), "{stderr}");
    assert!(stderr.contains("no position to learn from"), "{stderr}");
    assert!(!out.exists());
    let missing = train(&["/nonexistent/records.sgf", "--out", out.to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/records.sgf"));
}
