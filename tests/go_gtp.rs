//! Go over a real socket: every verb, the standard errors, and no change on failure.

mod common;
use common::{bounded, bounded_multi};

use common::Client;

/// The board as `showboard` draws it, to check a failed command changed nothing.
async fn state(client: &mut Client) -> String {
    client.ok("showboard").await
}

#[test]
fn a_short_session_with_every_verb() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        let verbs = c.ok("list_commands").await;
        for verb in [
            "boardsize",
            "clear_board",
            "komi",
            "play",
            "genmove",
            "undo",
            "showboard",
            "final_score",
            "final_status_list",
            "fixed_handicap",
            "place_free_handicap",
            "set_free_handicap",
            "time_settings",
            "time_left",
        ] {
            assert!(verbs.lines().any(|line| line == verb), "{verb} not listed");
        }
        assert_eq!(c.ask("1 boardsize 9").await, "=1 \n\n");
        c.ok("clear_board").await;
        c.ok("komi 6.5").await;
        c.ok("time_settings 300 30 5").await;
        c.ok("play black D5").await;
        c.ok("play W e5").await;
        c.ok("time_left b 290.5 0").await;
        // Test servers search a fixed number of simulations from a fixed seed: the same
        // position gives the same move, here a contact move next to the two stones
        // (a hane or a stand; which one is up to the playouts at 200 simulations).
        let reply = c.ok("genmove b").await;
        let contact = ["C4", "C5", "C6", "D4", "D6", "E4", "E6", "F4", "F5", "F6"];
        assert!(contact.contains(&reply.as_str()), "{reply}");
        c.ok("undo").await;
        assert_eq!(c.ok("genmove b").await, reply);
        c.ok("undo").await;
        c.ok("play b pass").await;
        c.ok("play w PASS").await;
        let board = c.ok("showboard").await;
        assert!(
            board.starts_with("\n  A B C D E F G H J\n9 . . . . . . . . . 9\n"),
            "{board}"
        );
        assert!(board.contains("\n5 . . . X O . . . . 5\n"), "{board}");
        assert!(board.contains("game over"), "{board}");
        assert!(board.contains("komi 6.5"), "{board}");
        // Each stone alone reaches the empty region shared with the other: no territory.
        assert_eq!(c.ok("final_score").await, "W+6.5");
        c.ok("komi 0").await;
        assert_eq!(c.ok("final_score").await, "0");
        assert_eq!(c.ok("final_status_list alive").await, "D5\nE5");
        assert_eq!(c.ok("final_status_list dead").await, "");
        assert_eq!(c.ok("final_status_list seki").await, "");
        // Play goes on after two passes; undo takes back passes and moves alike.
        c.ok("play b A1").await;
        for _ in 0..5 {
            c.ok("undo").await;
        }
        assert_eq!(c.err("undo").await, "cannot undo");
        assert_eq!(c.ok("fixed_handicap 3").await, "C3 G7 C7");
        assert_eq!(c.err("fixed_handicap 2").await, "board not empty");
        assert_eq!(c.err("undo").await, "cannot undo");
        c.ok("boardsize 19").await;
        assert_eq!(c.ok("place_free_handicap 4").await, "D4 Q16 D16 Q4");
        c.ok("clear_board").await;
        c.ok("set_free_handicap D4 q16 K10").await;
        assert!(c.ok("showboard").await.contains("White (O) to move"));
        assert_ne!(c.ok("genmove white").await, "pass");
        assert_eq!(c.ok("final_status_list alive").await.lines().count(), 4);
        c.ok("boardsize 255").await;
        c.ok("play b KE255").await;
        c.ok("play w AA26").await;
        assert!(c.ok("showboard").await.contains(" KE\n"));
        assert_eq!(c.ok("final_score").await, "0");
        assert_eq!(c.ask("quit").await, "= \n\n");
        server.shutdown().await;
    })
}

#[test]
fn rules_over_the_wire() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 5").await;
        // A ko: Black takes at C2; White may not retake at once.
        for line in [
            "play b A2",
            "play w D2",
            "play b B3",
            "play w C3",
            "play b B1",
            "play w C1",
            "play b pass",
            "play w B2",
        ] {
            c.ok(line).await;
        }
        c.ok("play b C2").await;
        let before = state(&mut c).await;
        assert_eq!(
            c.err("play w B2").await,
            "illegal move: superko (repeats an earlier position)"
        );
        assert_eq!(state(&mut c).await, before);
        assert_eq!(c.err("play w C2").await, "illegal move: occupied");
        c.ok("clear_board").await;
        c.ok("play w A2").await;
        c.ok("play w B1").await;
        assert_eq!(
            c.err("play b A1").await,
            "illegal move: single-stone suicide repeats the position"
        );
        server.shutdown().await;
    })
}

#[test]
fn bad_input_gets_standard_errors_and_changes_nothing() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        c.ok("komi 5.5").await;
        c.ok("play b E5").await;
        let before = state(&mut c).await;
        let cases = [
            ("boardsize 0", "unacceptable size"),
            ("boardsize 256", "unacceptable size"),
            ("boardsize -3", "unacceptable size"),
            ("boardsize 99999999999999999999999", "unacceptable size"),
            (
                "boardsize +9",
                "syntax error: a board size expected, got '+9'",
            ),
            (
                "boardsize nine",
                "syntax error: a board size expected, got 'nine'",
            ),
            (
                "boardsize 9 9 9",
                "syntax error: expected 1 to 2 arguments, got 3 argument(s)",
            ),
            (
                "boardsize 9 7",
                "unacceptable size: 9x7 is not square; gamebot plays square boards from 1x1 to 255x255",
            ),
            ("play b E5", "illegal move: occupied"),
            (
                "play b J10",
                "syntax error: a vertex on the board, or pass expected, got 'J10'",
            ),
            (
                "play b I5",
                "syntax error: a vertex on the board, or pass expected, got 'I5'",
            ),
            (
                "play b Z",
                "syntax error: a vertex on the board, or pass expected, got 'Z'",
            ),
            (
                "play red E6",
                "syntax error: a colour (b, black, w or white) expected, got 'red'",
            ),
            (
                "play b",
                "syntax error: expected 2 arguments, got 1 argument(s)",
            ),
            (
                "play b E6 E7",
                "syntax error: expected 2 arguments, got 3 argument(s)",
            ),
            (
                "genmove",
                "syntax error: expected 1 argument, got 0 argument(s)",
            ),
            (
                "genmove x",
                "syntax error: a colour (b, black, w or white) expected, got 'x'",
            ),
            (
                "clear_board now",
                "syntax error: expected 0 arguments, got 1 argument(s)",
            ),
            (
                "showboard 1",
                "syntax error: expected 0 arguments, got 1 argument(s)",
            ),
            (
                "final_status_list maybe",
                "syntax error: a status (alive, dead or seki) expected, got 'maybe'",
            ),
            ("fixed_handicap 2", "board not empty"),
            ("place_free_handicap 2", "board not empty"),
            ("set_free_handicap A1 B1", "board not empty"),
            (
                "fixed_handicap two",
                "syntax error: a number of stones expected, got 'two'",
            ),
            (
                "time_settings 1 2",
                "syntax error: expected 3 arguments, got 2 argument(s)",
            ),
            (
                "time_settings 1 2 x",
                "syntax error: a number of byo-yomi stones expected, got 'x'",
            ),
            (
                "time_left b -1 0",
                "syntax error: a time left in seconds expected, got '-1'",
            ),
            ("Play b A1", "unknown command"),
        ];
        for (line, message) in cases {
            assert_eq!(c.err(line).await, message, "{line}");
            assert_eq!(state(&mut c).await, before, "{line} changed the state");
        }
        assert_eq!(c.ok("final_score").await, "B+75.5");
        c.ok("undo").await;
        let empty = state(&mut c).await;
        let cases = [
            (
                "fixed_handicap 1",
                "invalid number of stones: 2 to 9 on a 9x9 board",
            ),
            (
                "fixed_handicap 10",
                "invalid number of stones: 2 to 9 on a 9x9 board",
            ),
            (
                "fixed_handicap -2",
                "invalid number of stones: a positive number expected",
            ),
            (
                "place_free_handicap 81",
                "invalid number of stones: 2 to 80 on a 9x9 board",
            ),
            (
                "set_free_handicap A1",
                "bad vertex list: 2 to 80 on a 9x9 board, got 1",
            ),
            (
                "set_free_handicap",
                "bad vertex list: 2 to 80 on a 9x9 board, got 0",
            ),
            ("set_free_handicap A1 A1", "bad vertex list: A1 repeated"),
            (
                "set_free_handicap A1 pass",
                "bad vertex list: pass is not a vertex",
            ),
            (
                "set_free_handicap A1 K10",
                "bad vertex list: K10 is off the board",
            ),
            (
                "set_free_handicap A1 x",
                "syntax error: a vertex expected, got 'x'",
            ),
        ];
        for (line, message) in cases {
            assert_eq!(c.err(line).await, message, "{line}");
            assert_eq!(state(&mut c).await, empty, "{line} changed the state");
        }
        c.ok("boardsize 1").await;
        assert_eq!(
            c.err("place_free_handicap 2").await,
            "invalid number of stones: no handicap fits a 1x1 board"
        );
        c.ok("boardsize 6").await;
        assert_eq!(
            c.err("fixed_handicap 2").await,
            "invalid number of stones: no fixed handicap on a 6x6 board"
        );
        server.shutdown().await;
    })
}

#[test]
fn each_connection_has_its_own_board() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut a = server.connect().await;
        let mut b = server.connect().await;
        a.ok("play b D4").await;
        b.ok("play b D4").await;
        assert_eq!(a.ok("final_status_list alive").await, "D4");
        assert_eq!(b.ok("final_score").await, "B+361");
        server.shutdown().await;
    })
}

/// The komi rule's refusal for `got`, ending in why.
fn komi_refusal(got: &str, why: &str) -> String {
    format!(
        "syntax error: komi must be a plain decimal such as 6.5 or -7.5, with at most 6 \
         decimals and below 10^9, got '{got}': {why}"
    )
}

#[test]
fn komi_is_exact_and_scores_print_without_float_noise() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 2").await;
        c.ok("komi 3.7").await;
        c.ok("play b A1").await;
        // Black owns all four points: 4 - 3.7, which floats make 0.2999999999999998.
        assert_eq!(c.ok("final_score").await, "B+0.3");
        // Each komi a client may send, and what it makes of Black's 4 points.
        for (komi, shown, score) in [
            ("6.5", "6.5", "W+2.5"),
            ("-7.5", "-7.5", "B+11.5"),
            ("0.25", "0.25", "B+3.75"),
            ("7", "7", "W+3"),
            ("4", "4", "0"),
            ("0", "0", "B+4"),
            ("-0", "0", "B+4"),
            ("+2", "2", "B+2"),
            (".5", "0.5", "B+3.5"),
            ("5.", "5", "W+1"),
            ("3.999999", "3.999999", "B+0.000001"),
            ("4.000001", "4.000001", "W+0.000001"),
            ("6.50000000000000", "6.5", "W+2.5"),
            ("999999999.999999", "999999999.999999", "W+999999995.999999"),
        ] {
            c.ok(&format!("komi {komi}")).await;
            assert_eq!(c.ok("final_score").await, score, "komi {komi}");
            let board = state(&mut c).await;
            assert!(
                board.contains(&format!(", komi {shown}\n")),
                "{komi}: {board}"
            );
        }
    })
}

#[test]
fn a_refused_komi_changes_nothing() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 2").await;
        c.ok("play b A1").await;
        c.ok("komi 6.5").await;
        let before = state(&mut c).await;
        for (komi, why) in [
            ("1e1", "not a decimal number"),
            ("1E-1", "not a decimal number"),
            ("inf", "not a decimal number"),
            ("-inf", "not a decimal number"),
            ("nan", "not a decimal number"),
            ("lots", "not a decimal number"),
            ("0x10", "not a decimal number"),
            ("6,5", "not a decimal number"),
            ("--1", "not a decimal number"),
            (".", "not a decimal number"),
            ("0.1234567", "more than 6 decimals"),
            ("1000000000", "too large"),
            ("-123456789012345678901234567890", "too large"),
        ] {
            assert_eq!(
                c.err(&format!("komi {komi}")).await,
                komi_refusal(komi, why),
                "komi {komi}"
            );
            assert_eq!(state(&mut c).await, before, "komi {komi}");
            assert_eq!(c.ok("final_score").await, "W+2.5", "komi {komi}");
        }
        assert_eq!(
            c.err("komi").await,
            "syntax error: expected 1 argument, got 0 argument(s)"
        );
    })
}

#[test]
fn genmove_resigns_a_hopeless_game_but_not_in_the_opening_nor_after_a_pass() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 5").await;
        // White's rows 2 and 4 own the whole board; Black has nothing and no room to live.
        for row in [2, 4] {
            for column in ["A", "B", "C", "D", "E"] {
                c.ok(&format!("play w {column}{row}")).await;
            }
        }
        let before = state(&mut c).await;
        assert_eq!(c.ok("genmove b").await, "resign");
        // Resigning plays nothing.
        assert_eq!(state(&mut c).await, before);
        // After White's pass, a pass ends the game by the count, which is never worse
        // than resigning: Black plays on (or passes) instead.
        c.ok("play w pass").await;
        assert_ne!(c.ok("genmove b").await, "resign");
        // In the opening (fewer moves than a quarter of the points) it plays on.
        c.ok("clear_board").await;
        c.ok("komi 100").await;
        assert_ne!(c.ok("genmove b").await, "resign");
    })
}

/// A server whose engine thinks by the clock (no fixed number of simulations), with a
/// default move time long enough to notice if the clock were ignored.
async fn clocked_server() -> common::TestServer {
    let engine = gamebot::go::engine::EngineOptions {
        move_time: std::time::Duration::from_secs(20),
        seed: 3,
        ..Default::default()
    };
    common::TestServer::start_with_engine(common::default_config(), engine).await
}

/// Asks `genmove b` and returns how long the answer took.
async fn timed_genmove(c: &mut Client) -> std::time::Duration {
    let start = std::time::Instant::now();
    let reply = c.ok("genmove b").await;
    assert!(!reply.is_empty());
    start.elapsed()
}

#[test]
fn genmove_keeps_to_the_clock_and_never_loses_on_time() {
    bounded_multi(2, async {
        let server = clocked_server().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        // Each clock below leaves at most 2 s for the move, where the server would think
        // 20 s: an answer within 10 s shows the clock was kept to, with room for a
        // loaded machine. (How the time is shared out is tested in the time manager's
        // unit tests, without a wall clock.)
        let kept = std::time::Duration::from_secs(10);
        // One second a move (Canadian, one stone a period).
        c.ok("time_settings 0 1 1").await;
        c.ok("time_left b 1 1").await;
        let took = timed_genmove(&mut c).await;
        assert!(took < kept, "{took:?}");
        // Absolute time nearly gone: 0.3 s left for the rest of the game.
        c.ok("time_settings 600 0 0").await;
        c.ok("time_left b 0.3 0").await;
        let took = timed_genmove(&mut c).await;
        assert!(took < kept, "{took:?}");
        // KGS byo-yomi, in the last period of 2 seconds (time_left's stones are periods).
        c.ok("kgs-time_settings byoyomi 0 2 3").await;
        c.ok("time_left b 2 1").await;
        let took = timed_genmove(&mut c).await;
        assert!(took < kept, "{took:?}");
        // Without a limit the server's move time applies again; not timed here (20 s).
        c.ok("kgs-time_settings none").await;
        server.shutdown().await;
    })
}

#[test]
fn time_commands_are_checked_and_change_nothing_when_refused() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        for (command, message) in [
        ("time_settings -1.5 0 0", "syntax error: a main time in seconds expected, got '-1.5'"),
        ("time_settings 10 inf 1", "syntax error: a byo-yomi time in seconds expected, got 'inf'"),
        ("time_settings 10 30 1.5", "syntax error: a number of byo-yomi stones expected, got '1.5'"),
        ("time_left b 1e300 0", "syntax error: a time left in seconds expected, got '1e300'"),
        ("time_settings 10 5", "syntax error: expected 3 arguments, got 2 argument(s)"),
        ("time_left b -1 0", "syntax error: a time left in seconds expected, got '-1'"),
        ("time_left x 10 0", "syntax error: a colour (b, black, w or white) expected, got 'x'"),
        ("kgs-time_settings", "syntax error: expected at least 1 argument, got 0 argument(s)"),
        ("kgs-time_settings fischer 10 5", "syntax error: a time system (none, absolute, byoyomi or canadian) expected, got 'fischer'"),
        ("kgs-time_settings absolute", "syntax error: expected 2 arguments, got 1 argument(s)"),
        ("kgs-time_settings byoyomi 10 5", "syntax error: expected 4 arguments, got 3 argument(s)"),
        ("kgs-time_settings canadian 10 x 5", "syntax error: seconds expected, got 'x'"),
        ("kgs-time_settings byoyomi 600.5 30 5.5", "syntax error: a number of periods expected, got '5.5'"),
    ] {
        assert_eq!(c.err(command).await, message, "{command}");
    }
        for command in [
            "kgs-time_settings none",
            "kgs-time_settings absolute 300",
            "kgs-time_settings byoyomi 300 30 5",
            "kgs-time_settings canadian 300 30 25",
            "time_settings 300 30 25",
            "time_left white 12.5 3",
        ] {
            c.ok(command).await;
        }
        server.shutdown().await;
    })
}

#[test]
fn kata_time_settings_take_fischer_as_gtp2ogs_sends_it() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        let verbs = c.ok("list_commands").await;
        for verb in ["kata-list_time_settings", "kata-time_settings"] {
            assert!(verbs.lines().any(|line| line == verb), "{verb} not listed");
        }
        // gtp2ogs looks for fischer-capped in this list before it sends Fischer time.
        assert_eq!(
            c.ok("kata-list_time_settings").await,
            "none absolute byoyomi canadian fischer fischer-capped"
        );
        c.ok("boardsize 9").await;
        c.ok("kata-time_settings fischer-capped 60.5 2.5 120 -1")
            .await;
        c.ok("time_left black 58.25 0").await;
        c.ok("time_left white 60 0").await;
        assert!(!c.ok("genmove b").await.is_empty());
        for command in [
            "kata-time_settings none",
            "kata-time_settings absolute 300.5",
            "kata-time_settings byoyomi 300 30 5",
            "kata-time_settings byo-yomi 300 30 5",
            "kata-time_settings canadian 0.5 30.25 25",
            "kata-time_settings fischer 300 10",
            "kata-time_settings FISCHER-CAPPED 300 10 -1 -1",
        ] {
            c.ok(command).await;
        }
        let before = state(&mut c).await;
        for (command, message) in [
            ("kata-time_settings", "syntax error: expected at least 1 argument, got 0 argument(s)"),
            ("kata-list_time_settings all", "syntax error: expected 0 arguments, got 1 argument(s)"),
            ("kata-time_settings sundial 10", "syntax error: a time system (none, absolute, byoyomi, canadian, fischer or fischer-capped) expected, got 'sundial'"),
            ("kata-time_settings fischer 300", "syntax error: expected 3 arguments, got 2 argument(s)"),
            ("kata-time_settings fischer 300 -5", "syntax error: a time in seconds (a decimal from 0) expected, got '-5'"),
            ("kata-time_settings absolute inf", "syntax error: a time in seconds (a decimal from 0) expected, got 'inf'"),
            ("kata-time_settings canadian 300 30 0", "syntax error: a number of stones (1 or more) expected, got '0'"),
            ("kata-time_settings byoyomi 300 30 x", "syntax error: a number of periods (1 or more) expected, got 'x'"),
            ("kata-time_settings fischer-capped 300 10 200 -1", "syntax error: a main time limit in seconds, at least the main time (negative for none) expected, got '200'"),
            ("kata-time_settings fischer-capped 300 10 -1 nan", "syntax error: a time per move in seconds (negative for none) expected, got 'nan'"),
        ] {
            assert_eq!(c.err(command).await, message, "{command}");
        }
        assert_eq!(state(&mut c).await, before);
        server.shutdown().await;
    })
}

/// 9x9: Black's wall on row 4 owns rows 1 to 3, White's on row 6 rows 7 to 9; a lone
/// White stone at E2 and a lone Black one at E8 are dead in the other's area.
async fn walls_with_dead_stones(c: &mut Client) {
    c.ok("boardsize 9").await;
    for column in ["A", "B", "C", "D", "E", "F", "G", "H", "J"] {
        c.ok(&format!("play b {column}4")).await;
        c.ok(&format!("play w {column}6")).await;
    }
    c.ok("play w E2").await;
    c.ok("play b E8").await;
}

#[test]
fn final_status_list_marks_stones_the_engine_expects_to_die() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        walls_with_dead_stones(&mut c).await;
        let before = state(&mut c).await;
        assert_eq!(c.ok("final_status_list dead").await, "E2\nE8");
        let alive = c.ok("final_status_list alive").await;
        assert_eq!(alive.lines().count(), 2, "{alive}");
        assert!(alive.contains("A4 B4 C4 D4 E4 F4 G4 H4 J4"), "{alive}");
        assert_eq!(c.ok("final_status_list seki").await, "");
        // The strict Tromp-Taylor count is of the board as it stands: E2 and E8 spoil both
        // areas, so only the walls count.
        assert_eq!(c.ok("final_score").await, "0");
        assert_eq!(state(&mut c).await, before);
    })
}

#[test]
fn reg_genmove_answers_without_playing_and_cleanup_captures_before_passing() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        walls_with_dead_stones(&mut c).await;
        c.ok("play w pass").await;
        let before = state(&mut c).await;
        let answer = c.ok("reg_genmove b").await;
        assert_eq!(state(&mut c).await, before, "reg_genmove played");
        assert_eq!(
            c.ok("genmove b").await,
            answer,
            "the same search decides both"
        );
        c.ok("undo").await;
        assert_ne!(c.ok("kgs-genmove_cleanup b").await, "pass");
    })
}

#[test]
fn gogui_analyze_commands_name_commands_that_answer_as_gogui_reads_them() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        walls_with_dead_stones(&mut c).await;
        let commands = c.ok("gogui-analyze_commands").await;
        assert_eq!(
            commands,
            "dboard/Ownership/gamebot-ownership\ngfx/Principal variation/gamebot-pv"
        );
        for line in commands.lines() {
            let command = line.rsplit('/').next().unwrap();
            assert_eq!(c.ok(&format!("known_command {command}")).await, "true");
        }
        let before = state(&mut c).await;
        // Ownership: nine rows of nine values from -1 to 1, the top row first: White's area
        // at the top, Black's at the bottom.
        let rows: Vec<Vec<f32>> = c
            .ok("gamebot-ownership")
            .await
            .lines()
            .map(|line| line.split(' ').map(|v| v.parse().unwrap()).collect())
            .collect();
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(|row| row.len() == 9));
        assert!(rows.iter().flatten().all(|v| (-1.0..=1.0).contains(v)));
        assert!(rows[0][0] < -0.5 && rows[8][0] > 0.5, "{rows:?}");
        // The principal variation: colours alternating from the side to move (White, after
        // Black's E8).
        let pv = c.ok("gamebot-pv").await;
        let words: Vec<&str> = pv.split(' ').collect();
        assert_eq!(words[0], "VAR", "{pv}");
        assert!(words.len() >= 3 && words.len() % 2 == 1, "{pv}");
        for (index, colour) in words[1..].iter().step_by(2).enumerate() {
            assert_eq!(*colour, ["w", "b"][index % 2], "{pv}");
        }
        assert_eq!(state(&mut c).await, before, "analysis changed the board");
    })
}

#[test]
fn the_engine_plays_legal_moves_on_the_largest_board() {
    bounded(async {
        let engine = gamebot::go::engine::EngineOptions {
            move_time: std::time::Duration::from_millis(200),
            seed: 5,
            ..Default::default()
        };
        let server = common::TestServer::start_with_engine(common::default_config(), engine).await;
        let mut c = server.connect().await;
        c.ok("boardsize 255").await;
        c.ok("play b KE255").await;
        for colour in ["w", "b", "w"] {
            let vertex = c.ok(&format!("genmove {colour}")).await;
            // Played: the point is taken now.
            assert!(c
                .err(&format!("play b {vertex}"))
                .await
                .starts_with("illegal move"));
        }
        server.shutdown().await;
    })
}

#[test]
fn times_take_decimals_as_katago_takes_them() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        for command in [
            "kgs-time_settings byoyomi 600.5 30 5",
            "kgs-time_settings canadian 0.5 29.75 25",
            "kgs-time_settings absolute 300.25",
            "time_settings 300.0 30 5",
            "time_settings 0 0.5 1",
            "time_left b 0.4 1",
        ] {
            c.ok(command).await;
        }
        // The clock set by decimals drives a move as whole seconds would.
        assert!(!c.ok("genmove b").await.is_empty());
        server.shutdown().await;
    })
}
