//! Outside programs a test needs (GNU Go now; HAProxy and Chromium later): found, the
//! test runs; missing, it skips with a notice on stderr, except under `CI=true`, where
//! a missing program fails the test.

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What a test does about an outside program it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The program is there: run the test with it.
    Run(PathBuf),
    /// Missing outside CI: skip the test, printing this notice.
    Skip(String),
    /// Missing under CI: fail the test with this message.
    Fail(String),
}

/// The outside program `name`, looked for on `PATH` and then in `extra_dirs` (Debian
/// puts games in `/usr/games`, often not on `PATH`). `None` means the calling test must
/// return at once: the program is missing and a skip notice went to stderr. Panics when
/// it is missing under `CI=true`; `how_to_install` goes in both messages.
pub fn outside_program(name: &str, extra_dirs: &[&str], how_to_install: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = locate(name, &path, extra_dirs);
    let ci = std::env::var("CI").ok();
    let missing = format!(
        "{name} is not installed (looked on PATH{}; {how_to_install})",
        extra_dirs
            .iter()
            .map(|dir| format!(", {dir}"))
            .collect::<String>()
    );
    carry_out(decide(found, ci.as_deref(), &missing))
}

/// The first file called `name` in the directories of `path` (a `PATH` value), then in
/// `extra_dirs`. Empty entries are skipped (an unset `PATH` means no directory, not the
/// current one).
pub fn locate(name: &str, path: &OsStr, extra_dirs: &[&str]) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .chain(extra_dirs.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The decision, from where the program was found (if anywhere) and the value of the
/// `CI` variable (`None` when unset); `missing` says what is missing and how to get it.
pub fn decide(found: Option<PathBuf>, ci: Option<&str>, missing: &str) -> Decision {
    match (found, is_ci(ci)) {
        (Some(program), _) => Decision::Run(program),
        (None, false) => Decision::Skip(format!("skipped: {missing}; under CI=true this fails")),
        (None, true) => Decision::Fail(format!("{missing}; CI=true requires it")),
    }
}

/// Whether a `CI` value means a CI run: `true` (any case) or `1`, as CI services set it.
pub fn is_ci(ci: Option<&str>) -> bool {
    ci.is_some_and(|value| value.eq_ignore_ascii_case("true") || value == "1")
}

/// Acts on a decision: the program to run with, or `None` after printing the skip
/// notice; panics on [`Decision::Fail`]. The notice is written to stderr directly, not
/// through `eprintln!`, so that the test harness does not swallow it.
pub fn carry_out(decision: Decision) -> Option<PathBuf> {
    match decision {
        Decision::Run(program) => Some(program),
        Decision::Skip(notice) => {
            let _ = writeln!(std::io::stderr(), "{notice}");
            None
        }
        Decision::Fail(message) => panic!("{message}"),
    }
}

/// A client's source checkout a test reads: the directory named by `variable`, else the
/// repository mirror `mirror` (`owner+name`), else `target/<in_target>`, the first that
/// `looks_right` accepts (a bare mirror has a `HEAD` file and is always accepted).
pub fn source_checkout(
    variable: &str,
    mirror: &str,
    in_target: &str,
    looks_right: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    let named = std::env::var_os(variable).map(PathBuf::from);
    let known = [
        PathBuf::from("/work/.mirror").join(mirror).join("repo"),
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join(in_target),
    ];
    named
        .into_iter()
        .chain(known)
        .find(|path| path.join("HEAD").is_file() || looks_right(path))
}
