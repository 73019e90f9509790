//! Quantum tic-tac-toe over a real socket: the seed cases, every verb, refusals that
//! change nothing.

mod common;
use common::bounded;

/// The eleven test cases of the scoring challenge (seed 000): records and scores, from
/// the same file the crate's unit tests read.
fn seed_cases() -> Vec<(&'static str, &'static str)> {
    include_str!("data/qttt_seed_cases.txt")
        .lines()
        .map(|line| line.split_once(" => ").expect("RECORD => SCORE"))
        .collect()
}

#[test]
fn seed_cases_through_score_and_play() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        let cases = seed_cases();
        assert_eq!(cases.len(), 11);
        for (record, expected) in cases {
            assert_eq!(client.ok(&format!("qttt-score {record}")).await, expected);
            client.ok("qttt-new").await;
            let status = client.ok(&format!("qttt-play {record}")).await;
            if record == "AB" {
                assert_eq!(status, "move o");
            } else {
                assert_eq!(status, format!("over {expected}"), "{record}");
            }
            assert_eq!(client.ok("qttt-score").await, expected, "{record}");
        }
        // The stateless score leaves the session's game alone.
        assert_eq!(
            client.ok("qttt-record").await,
            "AD BH EF CI EF 3 HI DG BI 2 AG 1"
        );
        server.shutdown().await;
    })
}

#[test]
fn verbs_status_record_show_undo() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ok("qttt-status").await, "move x");
        assert_eq!(client.ok("qttt-play ab be").await, "move x");
        assert_eq!(client.ok("qttt-play ed EA").await, "collapse x 1 4");
        assert_eq!(client.ok("qttt-record").await, "AB BE DE AE");
        assert_eq!(
        client.ok("qttt-show").await,
        "A x1 o4     B x1 o2     C .\nD x3        E o2 x3 o4  F .\nG .         H .         I .\nx chooses the collapse: 1 or 4"
    );
        assert_eq!(client.ok("qttt-score").await, "0 0");
        assert_eq!(client.ok("qttt-play 4").await, "move x");
        client.ok("qttt-undo").await;
        assert_eq!(client.ok("qttt-status").await, "collapse x 1 4");
        for _ in 0..4 {
            client.ok("qttt-undo").await;
        }
        assert_eq!(client.err("qttt-undo").await, "cannot undo");
        assert_eq!(client.ok("qttt-play CG CG").await, "collapse x 1 2");
        client.ok("qttt-new").await;
        assert_eq!(client.ok("qttt-record").await, "");
        server.shutdown().await;
    })
}

#[test]
fn bad_tokens_are_refused_and_change_nothing() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        let cases = [
        ("", "qttt-play AJ", "syntax error: AJ: unknown cell 'J'"),
        ("", "qttt-play AB CDE", "syntax error: CDE: not a cell pair or a collapse number"),
        ("", "qttt-play A?", "syntax error: A?: not a cell pair or a collapse number"),
        ("", "qttt-play 1", "illegal move: 1: no collapse is due"),
        ("", "qttt-play AA", "illegal move: AA: a single-cell move is legal only when exactly one cell is not classical"),
        ("AB BE DE AE", "qttt-play CF", "illegal move: CF: a collapse is due, choose 1 or 4"),
        ("AB BE DE AE", "qttt-play 2", "illegal move: 2: not a collapse option, choose 1 or 4"),
        ("AB BE DE AE", "qttt-play 99999999999", "illegal move: 99999999999: not a collapse option, choose 1 or 4"),
        ("AB BE DE AE 1", "qttt-play CF EA", "illegal move: EA: cell A is classical"),
        ("AE BF EI DH AI 1", "qttt-play CG", "illegal move: CG: the game is over"),
        ("AE BF EI DH AI 1", "qttt-play 1", "illegal move: 1: the game is over"),
        ("", "qttt-play", "syntax error: expected 1 argument, got 0 argument(s)"),
        ("", "qttt-status now", "syntax error: expected 0 arguments, got 1 argument(s)"),
    ];
        for (setup, command, message) in cases {
            client.ok("qttt-new").await;
            if !setup.is_empty() {
                client.ok(&format!("qttt-play {setup}")).await;
            }
            let record = client.ok("qttt-record").await;
            let status = client.ok("qttt-status").await;
            let show = client.ok("qttt-show").await;
            assert_eq!(client.err(command).await, message, "{setup} / {command}");
            assert_eq!(client.ok("qttt-record").await, record, "{command}");
            assert_eq!(client.ok("qttt-status").await, status, "{command}");
            assert_eq!(client.ok("qttt-show").await, show, "{command}");
        }
        assert_eq!(
            client.err("qttt-score AB ZZ").await,
            "syntax error: ZZ: unknown cell 'Z'"
        );
        server.shutdown().await;
    })
}

#[test]
fn genmove_plays_the_first_best_action_of_analyze() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        for setup in ["AB CD EF GH AC BD", "AB CD EF GH AC BD 1", "AE BF CG DH AB"] {
            client.ok("qttt-new").await;
            client.ok(&format!("qttt-play {setup}")).await;
            let analysis = client.ok("qttt-analyze").await;
            let lines: Vec<(String, f64, f64)> = analysis
                .lines()
                .map(|line| {
                    let parts: Vec<&str> = line.split(' ').collect();
                    assert_eq!(parts.len(), 3, "{line}");
                    (
                        parts[0].to_string(),
                        parts[1].parse().unwrap(),
                        parts[2].parse().unwrap(),
                    )
                })
                .collect();
            assert!(!lines.is_empty());
            let status = client.ok("qttt-status").await;
            let x_to_act = status == "move x" || status.starts_with("collapse x");
            let margin = |(_, x, o): &(String, f64, f64)| if x_to_act { x - o } else { o - x };
            let best = lines.iter().map(margin).fold(f64::MIN, f64::max);
            let first_best = &lines.iter().find(|line| margin(line) == best).unwrap().0;
            let token = client.ok("qttt-genmove").await;
            assert_eq!(&token, first_best, "{setup}");
            assert_eq!(client.ok("qttt-record").await, format!("{setup} {token}"));
        }
        server.shutdown().await;
    })
}

#[test]
fn engine_plays_a_whole_game_and_then_refuses() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        client.ok("qttt-play AI BC DE FG AH").await;
        while !client.ok("qttt-status").await.starts_with("over") {
            client.ok("qttt-genmove").await;
        }
        let record = client.ok("qttt-record").await;
        assert_eq!(
            client.ok(&format!("qttt-score {record}")).await,
            client.ok("qttt-score").await
        );
        assert_eq!(
            client.err("qttt-genmove").await,
            "illegal move: the game is over"
        );
        assert_eq!(
            client.err("qttt-analyze").await,
            "illegal move: the game is over"
        );
        assert_eq!(client.ok("qttt-record").await, record);
        server.shutdown().await;
    })
}

#[test]
fn a_long_search_does_not_block_another_session() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut searcher = server.connect().await;
        let mut other = server.connect().await;
        searcher.ok("qttt-play AB CE").await;
        // The server's engine is fresh: this analysis solves 36 positions from scratch.
        searcher.send("qttt-analyze").await;
        assert_eq!(other.ok("name").await, "gamebot");
        assert_eq!(other.ok("qttt-play AI").await, "move o");
        assert!(
            !searcher.has_unread().await,
            "the other session was answered only after the search"
        );
        let analysis = searcher.response().await;
        assert_eq!(analysis.lines().count(), 36 + 1, "{analysis}");
        server.shutdown().await;
    })
}
