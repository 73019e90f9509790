//! GoGui's own command-line tools against gamebot, by `scripts/gogui_check.sh`:
//! `gogui-twogtp` (two 9x9 games against GNU Go, GNU Go as referee), `gogui-regress` on
//! `tests/data/gogui/gamebot.tst` over `gamebot stdio`, and the same through
//! `gogui-client` to `gamebot serve`.
//!
//! Needs java and javac, GNU Go, git and GoGui's source (a clone of
//! <https://github.com/Remi-Coulom/gogui>, bare or not): `GOGUI_SRC` names it, else the
//! mirror at /work/.mirror/Remi-Coulom+gogui/repo or a clone in target/gogui-src is used.
//! CI installs no Java and reaches no git host, so without them the test skips with a
//! notice even under `CI=true`: it is the README's documented check, run by hand.

mod common;
use common::bound_for;
use common::outside::{carry_out, locate, source_checkout, Decision};

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// Where GoGui's source is, if anywhere.
fn gogui_source() -> Option<PathBuf> {
    source_checkout("GOGUI_SRC", "Remi-Coulom+gogui", "gogui-src", |path| {
        path.join(".git").exists()
    })
}

/// An outside program, or a skip notice: never a failure, CI or not (CI lacks them).
fn optional(name: &str, extra_dirs: &[&str], how: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    carry_out(match locate(name, &path, extra_dirs) {
        Some(program) => Decision::Run(program),
        None => Decision::Skip(format!(
            "skipped: {name} is not installed ({how}); GoGui's tools need it"
        )),
    })
}

#[test]
fn gogui_s_tools_run_gamebot() {
    let _bound = bound_for(Duration::from_secs(300));
    // The first run compiles GoGui (about 15 s on one core), then plays two games: more
    // than the usual minute may be needed on a loaded machine.
    for (name, dirs, how) in [
        ("java", &[][..], "apt-get install default-jdk-headless"),
        ("javac", &[][..], "apt-get install default-jdk-headless"),
        ("git", &[][..], "apt-get install git"),
        ("gnugo", &["/usr/games"][..], "apt-get install gnugo"),
    ] {
        if optional(name, dirs, how).is_none() {
            return;
        }
    }
    let Some(gogui) = gogui_source() else {
        eprintln!(
            "skipping: GoGui's source is not there (set GOGUI_SRC to a clone of \
             https://github.com/Remi-Coulom/gogui)"
        );
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("bash")
        .arg(root.join("scripts/gogui_check.sh"))
        .arg(env!("CARGO_BIN_EXE_gamebot"))
        .arg(&gogui)
        .arg(root.join("target/tmp/gogui"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("ok: GoGui"), "{stdout}");
    assert_eq!(stdout.matches("6/6 passes").count(), 2, "{stdout}");
}
