//! The test harness's own rule: every test is bounded. Each `#[test]` function in
//! `tests/` starts with the watchdog (`bounded(async { ... })`, `bounded_multi(...)`,
//! or `let _bound = bound();`), and no test uses `#[tokio::test]`, whose runtime would
//! be dropped outside any limit.

mod common;
use common::bound;

use std::path::{Path, PathBuf};

/// Every `.rs` file under `tests/`, the harness's own included.
fn test_sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The tests in `source` that do not start with the watchdog, as `file:line name`.
fn unbounded_tests(file: &str, source: &str) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut unbounded = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let attribute = line.trim();
        if attribute.starts_with("#[tokio::test") {
            unbounded.push(format!("{file}:{} uses #[tokio::test]", index + 1));
            continue;
        }
        if attribute != "#[test]" {
            continue;
        }
        // The signature may take several lines; the body starts after its `{`.
        let Some(open) = (index..lines.len()).find(|&at| lines[at].trim_end().ends_with('{'))
        else {
            continue;
        };
        let first = lines[open + 1..]
            .iter()
            .map(|line| line.trim())
            .find(|line| !line.is_empty())
            .unwrap_or("");
        let starts_bounded = ["bounded(", "bounded_multi(", "let _bound = bound"]
            .iter()
            .any(|start| first.starts_with(start));
        if !starts_bounded {
            unbounded.push(format!("{file}:{} {}", open + 1, lines[open].trim()));
        }
    }
    unbounded
}

#[test]
fn every_test_starts_with_the_watchdog() {
    let _bound = bound();
    let mut unbounded = Vec::new();
    let mut tests = 0;
    for path in test_sources() {
        let source = std::fs::read_to_string(&path).unwrap();
        tests += source
            .lines()
            .filter(|line| line.trim() == "#[test]")
            .count();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        unbounded.extend(unbounded_tests(&file, &source));
    }
    assert!(tests > 100, "only {tests} tests found: is the scan broken?");
    assert!(
        unbounded.is_empty(),
        "unbounded tests:\n{}",
        unbounded.join("\n")
    );
}

#[test]
fn the_scan_finds_an_unbounded_test() {
    let _bound = bound();
    let source = "#[tokio::test]\nasync fn a() {\n}\n\n#[test]\nfn b(\n    x: u8,\n) {\n    work();\n}\n\n#[test]\nfn c() {\n    let _bound = bound();\n}\n";
    assert_eq!(
        unbounded_tests("f.rs", source),
        ["f.rs:1 uses #[tokio::test]", "f.rs:8 ) {"]
    );
}
