//! Commands GUIs, tournament tools and KGS's bridge send besides the standard ones:
//! CPU time, GoGui's interrupt, the rules, the end of a game, board shapes.

mod common;
use common::{bounded, Client, TestServer};
use std::time::{Duration, Instant};

/// The board as `showboard` draws it, to check a failed command changed nothing.
async fn state(client: &mut Client) -> String {
    client.ok("showboard").await
}

#[test]
fn cpu_time_counts_the_process_cpu_seconds() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        let before: f64 = c.ok("cputime").await.parse().unwrap();
        c.ok("boardsize 9").await;
        c.ok("genmove b").await;
        let after: f64 = c.ok("gomill-cpu_time").await.parse().unwrap();
        assert!(before >= 0.0 && after > before, "{before} then {after}");
        assert!(c.err("cputime now").await.starts_with("syntax error"));
        server.shutdown().await;
    })
}

#[test]
fn gogui_interrupt_cuts_a_search_short_with_its_best_move() {
    bounded(async {
        let engine = gamebot::go::engine::EngineOptions {
            move_time: Duration::from_secs(40),
            seed: 3,
            threads: 1,
            ..Default::default()
        };
        let server = TestServer::start_with_engine(common::default_config(), engine).await;
        let mut c = server.connect().await;
        let verbs = c.ok("list_commands").await;
        assert!(
            verbs.lines().any(|verb| verb == "gogui-interrupt"),
            "{verbs}"
        );
        assert_eq!(c.ok("gogui-interrupt").await, "");
        c.ok("boardsize 9").await;
        let start = Instant::now();
        c.send("4 genmove b").await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        c.send("# interrupt").await;
        let answer = c.response().await;
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        let vertex = answer
            .strip_prefix("=4 ")
            .expect(&answer)
            .trim()
            .to_string();
        assert!(c.ok("showboard").await.contains(&format!("Black {vertex}")));
        // The genmove form of an analysis too, after its head line.
        c.send("kata-genmove_analyze w 10").await;
        assert_eq!(c.line().await, "=\n");
        tokio::time::sleep(Duration::from_millis(200)).await;
        c.send("# interrupt").await;
        let played = loop {
            let line = c.line().await;
            if let Some(vertex) = line.strip_prefix("play ") {
                break vertex.trim().to_string();
            }
        };
        assert_eq!(c.line().await, "\n");
        assert!(start.elapsed() < Duration::from_secs(30));
        assert!(c.ok("showboard").await.contains(&format!("White {played}")));
        // Other comment lines do not interrupt: they are ignored, as always.
        assert_eq!(c.ask("# interrupted\nname").await, "= gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn the_rules_and_the_end_of_a_game_as_katago_and_kgs_tell_them() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        let rules: serde_json::Value = serde_json::from_str(&c.ok("kata-get-rules").await).unwrap();
        assert_eq!(rules["ko"], "POSITIONAL");
        assert_eq!(rules["scoring"], "AREA");
        assert_eq!(rules["tax"], "NONE");
        assert_eq!(rules["suicide"], true);
        assert_eq!(rules["hasButton"], false);
        for ruleset in ["chinese", "aga", "new_zealand", "Japanese"] {
            assert_eq!(c.ok(&format!("kgs-rules {ruleset}")).await, "");
        }
        assert_eq!(
            c.err("kgs-rules ing").await,
            "syntax error: a KGS rule set (chinese, aga, new_zealand or japanese) expected, got 'ing'"
        );
        assert!(c.err("kgs-rules").await.starts_with("syntax error"));
        assert!(c.err("kata-get-rules x").await.starts_with("syntax error"));
        c.ok("boardsize 5").await;
        c.ok("play w C3").await;
        c.ok("genmove b").await;
        assert_eq!(c.ok("kgs-game_over").await, "");
        assert_eq!(c.ok("stop").await, "");
        assert!(c.err("stop now").await.starts_with("syntax error"));
        assert!(c.err("kgs-game_over x").await.starts_with("syntax error"));
        server.shutdown().await;
    })
}

#[test]
fn boards_of_two_sides_are_square_or_clearly_refused() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        c.ok("play b E5").await;
        let before = state(&mut c).await;
        for (command, message) in [
            ("boardsize 19 13", "unacceptable size: 19x13 is not square; gamebot plays square boards from 1x1 to 255x255"),
            ("rectangular_boardsize 13 19", "unacceptable size: 13x19 is not square; gamebot plays square boards from 1x1 to 255x255"),
            ("rectangular_boardsize 300 300", "unacceptable size"),
            ("boardsize 0 0", "unacceptable size"),
            ("rectangular_boardsize 9 x", "syntax error: a board size expected, got 'x'"),
            ("boardsize 9 9 9", "syntax error: expected 1 to 2 arguments, got 3 argument(s)"),
            ("rectangular_boardsize", "syntax error: expected 1 to 2 arguments, got 0 argument(s)"),
        ] {
            assert_eq!(c.err(command).await, message, "{command}");
            assert_eq!(state(&mut c).await, before, "{command}");
        }
        c.ok("rectangular_boardsize 7 7").await;
        assert!(state(&mut c).await.contains("7 . . . . . . . 7"));
        c.ok("boardsize 5 5").await;
        assert!(state(&mut c).await.contains("5 . . . . . 5"));
        c.ok("rectangular_boardsize 3").await;
        assert!(state(&mut c).await.contains("3 . . . 3"));
        server.shutdown().await;
    })
}
