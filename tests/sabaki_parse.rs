//! Sabaki's own analysis parsing (its source's `parseAnalysis`, v0.60.2 and v0.52.2)
//! run under node on gamebot's real `analyze`, `kata-analyze`, `lz-analyze` and
//! `genmove_analyze` output, by `scripts/sabaki_parse_check.mjs`.
//!
//! Needs node and Sabaki's source (a git clone, bare or not, or a checkout): `SABAKI_SRC`
//! names it, else the mirror at /work/.mirror/SabakiHQ+Sabaki/repo or a clone in
//! target/sabaki-src is used. Without node the test skips with a notice, except under
//! `CI=true`. Sabaki is on no package registry and CI machines reach no git host, so
//! without its source the test skips with a notice even in CI: it is then the documented
//! check of the README (clone Sabaki, set `SABAKI_SRC`, run this test).

mod common;
use common::bound;
use common::outside::{outside_program, source_checkout};

use std::path::PathBuf;
use std::process::Command;

/// Where Sabaki's source is, if anywhere.
fn sabaki_source() -> Option<PathBuf> {
    source_checkout("SABAKI_SRC", "SabakiHQ+Sabaki", "sabaki-src", |path| {
        path.join("src/modules").is_dir()
    })
}

#[test]
fn sabaki_reads_gamebot_s_analysis_right() {
    let _bound = bound();
    let Some(node) = outside_program("node", &[], "apt-get install nodejs") else {
        return;
    };
    let Some(sabaki) = sabaki_source() else {
        eprintln!(
            "skipping: Sabaki's source is not there (set SABAKI_SRC to a clone of \
             https://github.com/SabakiHQ/Sabaki)"
        );
        return;
    };
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/sabaki_parse_check.mjs");
    let output = Command::new(node)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_gamebot"))
        .arg(&sabaki)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("ok: Sabaki"), "{stdout}");
}
