//! The README's documented facts stay true: the commands it gives to run the server and
//! the tests, the minimum Rust version (the `rust-version` of Cargo.toml), the netcat
//! advice, `.ci/run` running the README's test command, and every link to a heading of
//! the README or protocol.md leading to one.

mod common;
use common::bound;

use std::collections::HashSet;
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

/// The anchor GitHub gives a heading: lower case, every character but letters, digits,
/// spaces, hyphens and underscores dropped, spaces turned into hyphens.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings; a repeated one takes `-1`, `-2`, ... as
/// GitHub numbers them.
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for line in text.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        let Some(heading) = line[hashes..].strip_prefix(' ').filter(|_| hashes > 0) else {
            continue;
        };
        let anchor = anchor_of(heading);
        let free = (0..)
            .map(|n| match n {
                0 => anchor.clone(),
                n => format!("{anchor}-{n}"),
            })
            .find(|candidate| !seen.contains(candidate))
            .expect("some number is free");
        seen.insert(free);
    }
    seen
}

/// Every `](file#anchor)` and `](#anchor)` link of a Markdown text: (file, anchor), the
/// file empty for the text's own.
fn anchor_links(text: &str) -> Vec<(&str, &str)> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(link, _)| link))
        .filter_map(|link| link.split_once('#'))
        .filter(|(file, _)| !file.contains("://"))
        .collect()
}

#[test]
fn every_link_to_a_heading_finds_it() {
    let _bound = bound();
    let files = ["README.md", "protocol.md"];
    let texts: Vec<String> = files.iter().map(|name| read(name)).collect();
    let headings: Vec<HashSet<String>> = texts.iter().map(|text| anchors(text)).collect();
    let mut broken = Vec::new();
    for (name, text) in files.iter().zip(&texts) {
        for (file, anchor) in anchor_links(text) {
            let target = if file.is_empty() { *name } else { file };
            let index = files
                .iter()
                .position(|&known| known == target)
                .unwrap_or_else(|| panic!("{name} links to {target}#{anchor}, not checked here"));
            if !headings[index].contains(anchor) {
                broken.push(format!("{name}: {target}#{anchor}"));
            }
        }
    }
    assert!(broken.is_empty(), "links to no heading: {broken:?}");
}

#[test]
fn a_heading_run_into_itself_would_be_caught() {
    let _bound = bound();
    let text = "## Tuning and more## Tuning and more\n\nSee [below](#tuning-and-more).\n";
    let links = anchor_links(text);
    assert_eq!(links, [("", "tuning-and-more")]);
    assert!(!anchors(text).contains("tuning-and-more"));
    assert_eq!(
        anchor_of("Quantum tic-tac-toe (`qttt-` verbs)"),
        "quantum-tic-tac-toe-qttt--verbs"
    );
    let twice = anchors("# Go\n## Go\n");
    assert!(twice.contains("go") && twice.contains("go-1"));
}
