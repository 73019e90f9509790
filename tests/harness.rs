//! The test harness's own rule: every test is bounded. Each `#[test]` function in
//! `tests/` starts with the watchdog (`bounded(async { ... })`, `bounded_multi(...)`,
//! or `let _bound = bound();`), and no test there uses `#[tokio::test]`, whose runtime
//! would be dropped outside any limit. Each unit test in `src/` starts with
//! `let _bound = crate::test_bound::bound();` (the same watchdog); a `#[tokio::test]`
//! there bounds its body (its runtime's shutdown is outside the limit).

mod common;
use common::bound;

use std::path::{Path, PathBuf};

/// Every `.rs` file under `folder` (`tests`, the harness's own included, or `src`).
fn sources(folder: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(folder)];
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

/// The tests in `source` that do not start with the watchdog, as `file:line name`; a
/// unit test (`unit`: a file of `src/`) may be a `#[tokio::test]` that starts with it.
fn unbounded_tests(file: &str, source: &str, unit: bool) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut unbounded = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let attribute = line.trim();
        let tokio = attribute.starts_with("#[tokio::test");
        if tokio && !unit {
            unbounded.push(format!("{file}:{} uses #[tokio::test]", index + 1));
            continue;
        }
        if attribute != "#[test]" && !tokio {
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
        let starts_bounded = if unit {
            first.starts_with("let _bound = crate::test_bound::bound()")
        } else {
            ["bounded(", "bounded_multi(", "let _bound = bound"]
                .iter()
                .any(|start| first.starts_with(start))
        };
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["tests", "src"] {
        let mut tests = 0;
        for path in sources(folder) {
            let source = std::fs::read_to_string(&path).unwrap();
            tests += source
                .lines()
                .filter(|line| line.trim() == "#[test]")
                .count();
            let file = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            unbounded.extend(unbounded_tests(&file, &source, folder == "src"));
        }
        assert!(
            tests > 100,
            "only {tests} tests in {folder}: is the scan broken?"
        );
    }
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
        unbounded_tests("f.rs", source, false),
        ["f.rs:1 uses #[tokio::test]", "f.rs:8 ) {"]
    );
    // A unit test takes the watchdog by its path, and may be a #[tokio::test].
    let unit = "#[tokio::test]\nasync fn a() {\n    let _bound = crate::test_bound::bound();\n}\n\n#[test]\nfn b() {\n    let _bound = bound();\n}\n";
    assert_eq!(unbounded_tests("u.rs", unit, true), ["u.rs:7 fn b() {"]);
}
