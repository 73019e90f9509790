//! The README's documented facts stay true: the commands it gives to run the server and
//! the tests, the minimum Rust version (the `rust-version` of Cargo.toml), the netcat
//! advice, and `.ci/run` running the README's test command.

mod common;
use common::bound;

use std::path::Path;

/// A file of the project, as text.
fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of the README section headed `## {heading}`, up to the next heading.
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("no section {heading:?}"));
    let body = &readme[start + heading.len() + 5..];
    body.find("\n## ").map_or(body, |end| &body[..end])
}

/// The first non-blank line after the line that ends with `intro`, trimmed: the command
/// the README gives there.
fn command_after<'a>(text: &'a str, intro: &str) -> &'a str {
    let mut lines = text.lines().skip_while(|line| !line.ends_with(intro));
    assert!(lines.next().is_some(), "no line ending with {intro:?}");
    lines
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or_else(|| panic!("nothing after {intro:?}"))
}

/// The README's "Build and run" section.
fn build_and_run() -> String {
    section(&read("README.md"), "Build and run").to_string()
}

#[test]
fn the_readme_gives_the_run_and_test_commands() {
    let _bound = bound();
    let build = build_and_run();
    assert_eq!(
        command_after(&build, "Run the server:"),
        "cargo run --release -- serve"
    );
    assert_eq!(command_after(&build, "Run the tests:"), "cargo test");
}

#[test]
fn the_readme_states_the_declared_minimum_rust_version() {
    let _bound = bound();
    let declared = env!("CARGO_PKG_RUST_VERSION");
    assert!(!declared.is_empty(), "Cargo.toml declares no rust-version");
    let stated = format!("You need Rust {declared} or later");
    assert!(
        build_and_run().contains(&stated),
        "{stated:?} not in the README"
    );
}

#[test]
fn every_pipe_into_netcat_closes_at_the_end_of_input() {
    let _bound = bound();
    let readme = read("README.md");
    let pipes: Vec<&str> = readme.split("| nc ").skip(1).collect();
    assert!(!pipes.is_empty(), "the README pipes nothing into nc");
    for after in pipes {
        assert!(
            after.starts_with("-N "),
            "a pipe into nc without -N: {after:.40}"
        );
    }
    let netcat = section(&readme, "A session with netcat");
    assert!(netcat.contains("`-N`") && netcat.contains("netcat-openbsd"));
}

#[test]
fn ci_runs_the_readme_test_command() {
    let _bound = bound();
    let test_command = command_after(&build_and_run(), "Run the tests:").to_string();
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|line| line.trim() == test_command),
        ".ci/run does not run {test_command:?}"
    );
}
