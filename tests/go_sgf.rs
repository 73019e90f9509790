//! `loadsgf` and `printsgf` over a real socket: records replayed and written, files kept
//! inside the directory a server is given, bad records refused with nothing changed.

mod common;
use common::{bounded, scratch, Client, TestServer};
use gamebot::go::gtp::SgfFiles;
use gamebot::server::Scheduler;
use std::path::Path;
use std::sync::Arc;

/// A server whose sessions read and write files inside `directory`.
async fn server_in(directory: &Path) -> TestServer {
    let files = SgfFiles::under(directory).unwrap();
    let catalog = gamebot::standard_catalog_with_files(common::test_engine(), files);
    TestServer::start_catalog(
        common::default_config(),
        Arc::new(catalog),
        Scheduler::per_core(1024),
    )
    .await
}

/// The board as `showboard` draws it, and the komi, to check a failed command changed
/// nothing.
async fn state(client: &mut Client) -> String {
    client.ok("showboard").await
}

/// A 9x9 game with a handicap-like setup and komi 0.5: AB at C3 and G7, White to move,
/// then W E5, B D4 (pass in between), W F5.
const GAME: &str = "(;FF[4]GM[1]SZ[9]KM[0.5]AB[cg][gc]PL[W]\n;W[ee];B[];B[df](;W[fe])(;W[aa]))";

#[test]
fn loadsgf_replays_a_record_up_to_a_move_or_a_vertex() {
    bounded(async {
        let dir = scratch("loadsgf");
        std::fs::write(dir.join("game.sgf"), GAME).unwrap();
        let server = server_in(&dir).await;
        let mut c = server.connect().await;
        assert_eq!(c.ok("loadsgf game.sgf").await, "");
        let board = state(&mut c).await;
        assert!(board.contains("komi 0.5"), "{board}");
        assert!(board.contains("move 4: White F5"), "{board}");
        assert!(board.contains("7 . . + . . . X . . 7"), "{board}");
        // GNU Go's regression form: stop before move 3, then ask for a move.
        c.ok("komi 7").await;
        c.ok("loadsgf game.sgf 3").await;
        let board = state(&mut c).await;
        assert!(board.contains("move 2: Black pass"), "{board}");
        assert!(board.contains("komi 0.5"), "{board}");
        assert!(!c.ok("reg_genmove w").await.is_empty());
        // Before the first move at a vertex; move 1 is before any move.
        c.ok("loadsgf game.sgf F5").await;
        assert!(state(&mut c).await.contains("move 3: Black D4"));
        c.ok("loadsgf ./game.sgf 1").await;
        let board = state(&mut c).await;
        assert!(board.contains("White (O) to move"), "{board}");
        assert_eq!(c.err("undo").await, "cannot undo");
        server.shutdown().await;
    })
}

#[test]
fn printsgf_answers_the_game_or_writes_it_for_loadsgf() {
    bounded(async {
        let dir = scratch("printsgf");
        let server = server_in(&dir).await;
        let mut c = server.connect().await;
        c.ok("boardsize 7").await;
        c.ok("komi 6.5").await;
        c.ok("fixed_handicap 2").await;
        c.ok("play w D4").await;
        c.ok("play b pass").await;
        let text = c.ok("printsgf").await;
        assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
        for part in [
            "SZ[7]",
            "KM[6.5]",
            "RU[Tromp-Taylor]",
            "AB[",
            "PL[W]",
            ";W[dd]",
            ";B[])",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert_eq!(c.ok("printsgf -").await, text);
        let before = state(&mut c).await;
        assert_eq!(c.ok("printsgf saved.sgf").await, "");
        assert_eq!(
            std::fs::read_to_string(dir.join("saved.sgf")).unwrap(),
            format!("{text}\n")
        );
        // Read back into another session: the same position.
        let mut other = server.connect().await;
        other.ok("loadsgf saved.sgf").await;
        assert_eq!(state(&mut other).await, before);
        server.shutdown().await;
    })
}

#[test]
fn a_server_touches_no_file_outside_its_directory() {
    bounded(async {
        let dir = scratch("sgf-outside");
        std::fs::create_dir_all(dir.join("inside")).unwrap();
        std::fs::write(dir.join("secret.sgf"), GAME).unwrap();
        let server = server_in(&dir.join("inside")).await;
        let mut c = server.connect().await;
        let before = state(&mut c).await;
        for command in [
            "loadsgf ../secret.sgf",
            "loadsgf /etc/passwd",
            "loadsgf inside/../../secret.sgf",
        ] {
            let message = c.err(command).await;
            assert!(
                message.starts_with("cannot load file: '"),
                "{command}: {message}"
            );
            assert!(message.contains("is not a relative path inside the SGF directory"));
        }
        assert!(c
            .err("printsgf ../written.sgf")
            .await
            .starts_with("cannot save file: '"));
        assert!(!dir.join("written.sgf").exists());
        assert_eq!(state(&mut c).await, before);
        server.shutdown().await;
        // Without a directory, a server reads and writes no file at all.
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        let refused = "files are not read or written over this connection (a server does so only inside the directory given by --sgf-dir)";
        let path = dir.join("secret.sgf");
        assert_eq!(
            c.err(&format!("loadsgf {}", path.display())).await,
            format!("cannot load file: {refused}")
        );
        assert_eq!(
            c.err("printsgf x.sgf").await,
            format!("cannot save file: {refused}")
        );
        assert!(c.ok("printsgf").await.starts_with("(;FF[4]"));
        server.shutdown().await;
    })
}

#[test]
fn a_bad_record_or_argument_loads_nothing() {
    bounded(async {
        let dir = scratch("sgf-bad");
        for (name, text) in [
            ("garbage.sgf", "hello"),
            ("cut.sgf", "(;SZ[9];B[ee]"),
            ("wide.sgf", "(;SZ[19:13])"),
            ("chess.sgf", "(;GM[3])"),
            ("occupied.sgf", "(;SZ[9];B[ee];W[ee])"),
            ("off.sgf", "(;SZ[9];B[zz])"),
            ("komi.sgf", "(;SZ[9]KM[lots])"),
            ("late.sgf", "(;SZ[9];B[ee];AW[aa])"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let server = server_in(&dir).await;
        let mut c = server.connect().await;
        c.ok("boardsize 5").await;
        c.ok("komi 2.5").await;
        c.ok("play b C3").await;
        let before = state(&mut c).await;
        for (command, message) in [
            ("loadsgf garbage.sgf", "cannot load file: not an SGF game record: no game tree '('"),
            ("loadsgf cut.sgf", "cannot load file: not an SGF game record: the record ends before its ')'"),
            ("loadsgf wide.sgf", "cannot load file: unacceptable size SZ[19:13]: gamebot reads square boards from 1x1 to 52x52"),
            ("loadsgf chess.sgf", "cannot load file: not a Go record (GM[3])"),
            ("loadsgf occupied.sgf", "cannot load file: move 2 (W E5) is illegal: occupied"),
            ("loadsgf off.sgf", "cannot load file: B[zz] is not a point of the board"),
            ("loadsgf komi.sgf", "cannot load file: komi KM[lots] is not a plain decimal"),
            ("loadsgf late.sgf", "cannot load file: setup (AW) after the first move is not supported"),
            ("loadsgf occupied.sgf 0", "syntax error: a move number from 1, or a vertex expected, got '0'"),
            ("loadsgf occupied.sgf x", "syntax error: a move number from 1, or a vertex expected, got 'x'"),
            ("loadsgf", "syntax error: expected 1 to 2 arguments, got 0 argument(s)"),
            ("printsgf a b", "syntax error: expected 0 to 1 arguments, got 2 argument(s)"),
        ] {
            assert_eq!(c.err(command).await, message, "{command}");
            assert_eq!(state(&mut c).await, before, "{command}");
        }
        let missing = c.err("loadsgf missing.sgf").await;
        assert!(
            missing.starts_with("cannot load file: 'missing.sgf': "),
            "{missing}"
        );
        // Up to the bad move, the record loads.
        c.ok("loadsgf occupied.sgf 2").await;
        assert!(state(&mut c).await.contains("move 1: Black E5"));
        server.shutdown().await;
    })
}
