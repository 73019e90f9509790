//! Analysis for GUIs over a real socket: `lz-analyze`, `kata-analyze` and the
//! `genmove_analyze` forms stream `info` lines until the next input line (or, for the
//! `genmove` forms, until the move), then end with the empty line.

mod common;
use common::bounded;

use common::{Client, TestServer};
use std::time::Duration;

/// Reads lines until the empty line that ends a response; returns them without it.
async fn stream_lines(client: &mut Client, wanted: usize, stop_with: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut stopped = false;
    loop {
        let line = client.line().await;
        if line == "\n" {
            return lines;
        }
        lines.push(line.trim_end().to_string());
        // Once enough info lines came, the next input line ends the stream.
        if !stopped && lines.len() > wanted {
            client.send(stop_with).await;
            stopped = true;
        }
    }
}

/// The `info` entries of one report line: `info move ... pv ...` each.
fn entries(line: &str) -> Vec<&str> {
    line.split("info ")
        .filter(|entry| !entry.is_empty())
        .collect()
}

/// The value after `key` in an entry.
fn field<'a>(entry: &'a str, key: &str) -> &'a str {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let at = words
        .iter()
        .position(|word| *word == key)
        .unwrap_or_else(|| panic!("{key} in {entry}"));
    words[at + 1]
}

#[test]
fn lz_analyze_streams_until_the_next_line_which_is_then_answered() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        c.ok("play b E5").await;
        c.send("7 lz-analyze w 2").await;
        assert_eq!(c.line().await, "=7\n");
        let lines = stream_lines(&mut c, 3, "name").await;
        assert!(lines.len() >= 3, "{lines:?}");
        for line in &lines {
            for (order, entry) in entries(line).iter().enumerate() {
                assert_eq!(field(entry, "order"), order.to_string(), "{line}");
                let rate: u32 = field(entry, "winrate").parse().unwrap();
                let prior: u32 = field(entry, "prior").parse().unwrap();
                let lcb: u32 = field(entry, "lcb").parse().unwrap();
                assert!(rate <= 10_000 && prior <= 10_000 && lcb <= rate, "{entry}");
                let visits: u32 = field(entry, "visits").parse().unwrap();
                assert!(visits > 0, "{entry}");
                // The principal variation starts with the move, and E5 is taken.
                let mv = field(entry, "move");
                assert_eq!(field(entry, "pv"), mv);
                assert_ne!(mv, "E5");
            }
        }
        // Visits only grow from one report to the next.
        let total = |line: &String| -> u32 {
            entries(line)
                .iter()
                .map(|entry| field(entry, "visits").parse::<u32>().unwrap())
                .sum()
        };
        assert!(total(&lines[0]) <= total(lines.last().unwrap()));
        // The line that stopped the stream is answered next; the position is unchanged.
        assert_eq!(c.response().await, "= gamebot\n\n");
        assert!(c.ok("showboard").await.contains("Black E5"));
        server.shutdown().await;
    })
}

#[test]
fn an_empty_line_stops_the_analysis_and_gets_no_answer() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 5").await;
        c.send("lz-analyze 1").await;
        assert_eq!(c.line().await, "=\n");
        let lines = stream_lines(&mut c, 1, "").await;
        assert!(lines.len() >= 2);
        assert_eq!(c.ask("2 name").await, "=2 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_pipelined_line_ends_the_analysis_at_once() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.send_raw(b"boardsize 9\n3 kata-analyze 1\n4 name\n").await;
        assert_eq!(c.response().await, "= \n\n");
        assert_eq!(c.response().await, "=3\n\n");
        assert_eq!(c.response().await, "=4 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn kata_analyze_gives_fractions_and_ownership_for_every_point() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 7").await;
        c.send("kata-analyze b interval 2 ownership true maxmoves 3")
            .await;
        assert_eq!(c.line().await, "=\n");
        let lines = stream_lines(&mut c, 2, "name").await;
        for line in &lines {
            let (infos, owners) = line.split_once("ownership").expect("ownership");
            let infos = entries(infos);
            assert!((1..=3).contains(&infos.len()), "{line}");
            for entry in infos {
                let rate: f32 = field(entry, "winrate").parse().unwrap();
                assert!((0.0..=1.0).contains(&rate), "{entry}");
                assert!(field(entry, "prior").contains('.'));
            }
            let owners: Vec<f32> = owners
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            assert_eq!(owners.len(), 49);
            assert!(owners.iter().all(|owner| owner.abs() <= 1.0));
        }
        assert_eq!(c.response().await, "= gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn analysis_arguments_are_checked_before_anything_streams() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        let before = c.ok("showboard").await;
        for bad in [
            "lz-analyze b x",
            "analyze -5",
            "kata-analyze 10 ownership maybe",
            "kata-analyze rootInfo yes",
            "kata-analyze interval",
            "kata-analyze 10 movesOwnership",
            "lz-genmove_analyze b 10 maxmoves -1",
            "kata-analyze b avoid b D4 0",
            "kata-analyze b avoid x D4 1",
            "kata-analyze b avoid b D4,Z99 1",
            "kata-analyze b avoid b D4",
            "lz-analyze b allow b D4 1 allow b E5 1",
            "kata-analyze b allow w D4 1 avoid w E5 1",
        ] {
            let message = c.err(bad).await;
            assert!(message.starts_with("syntax error"), "{bad}: {message}");
        }
        assert_eq!(c.ok("showboard").await, before);
        server.shutdown().await;
    })
}

#[test]
fn genmove_analyze_thinks_its_time_then_plays_whatever_comes_meanwhile() {
    bounded(async {
        let engine = gamebot::go::engine::EngineOptions {
            move_time: Duration::from_millis(300),
            seed: 3,
            threads: 1,
            ..Default::default()
        };
        let server = TestServer::start_with_engine(common::default_config(), engine).await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        // The pipelined name neither stops the move nor is answered before it.
        c.send_raw(b"5 lz-genmove_analyze b 5\nname\n").await;
        assert_eq!(c.line().await, "=5\n");
        let mut infos = 0;
        let played = loop {
            let line = c.line().await;
            if let Some(vertex) = line.strip_prefix("play ") {
                break vertex.trim().to_string();
            }
            assert!(line.starts_with("info move "), "{line}");
            infos += 1;
        };
        assert_eq!(c.line().await, "\n");
        assert!(infos >= 2, "{infos} reports in 0.3 s at 0.05 s");
        assert_eq!(c.response().await, "= gamebot\n\n");
        // The move was played.
        assert!(c.ok("showboard").await.contains(&format!("Black {played}")));
        assert!(c
            .err(&format!("play w {played}"))
            .await
            .starts_with("illegal move"));
        // Sabaki's name for it, with KataGo's numbers.
        c.send("genmove_analyze w 5").await;
        assert_eq!(c.line().await, "=\n");
        let mut last = String::new();
        loop {
            let line = c.line().await;
            if line == "\n" {
                break;
            }
            last = line;
        }
        assert!(last.starts_with("play "), "{last}");
        server.shutdown().await;
    })
}

#[test]
fn a_client_that_goes_mid_analysis_leaves_the_server_well() {
    bounded(async {
        let server = TestServer::start().await;
        for _ in 0..3 {
            let mut c = server.connect().await;
            c.ok("boardsize 19").await;
            c.send("lz-analyze 1").await;
            assert_eq!(c.line().await, "=\n");
            c.line().await;
            drop(c);
        }
        // End of input also ends an analysis, then the session.
        let mut c = server.connect().await;
        c.send("lz-analyze 1").await;
        assert_eq!(c.line().await, "=\n");
        c.finish().await;
        let rest = c.read_to_close().await;
        let (reports, end) = rest.split_at(rest.len() - 1);
        assert_eq!(end, "\n", "{rest:?}");
        assert!(
            reports.lines().all(|line| line.starts_with("info move ")),
            "{rest:?}"
        );
        let mut other = server.connect().await;
        assert_eq!(other.ok("name").await, "gamebot");
        // Shutting down waits for every session: the analyses must all have ended.
        tokio::time::timeout(Duration::from_secs(10), server.shutdown())
            .await
            .expect("analyses left running");
    })
}

/// Which Sabaki reads the numbers.
#[derive(Debug, Clone, Copy)]
enum Sabaki {
    /// 0.52: a `winrate` with a decimal point is a fraction, one without is in
    /// hundredths of a percent, whatever the command.
    V052,
    /// 0.60: the `winrate` of a command whose name starts with `kata` is a fraction; of
    /// any other command (`analyze`, `lz-analyze`, ...), whole hundredths of a percent.
    V060,
}

/// The percentage Sabaki shows for the `winrate` value `value` of an answer to
/// `command`: our own re-statement of the rule each version applies (documented in
/// protocol.md), not Sabaki's code.
fn sabaki_percent(sabaki: Sabaki, command: &str, value: &str) -> f64 {
    let fraction = match sabaki {
        Sabaki::V052 => value.contains('.'),
        Sabaki::V060 => command.starts_with("kata"),
    };
    let number: f64 = value.parse().unwrap();
    if fraction {
        number * 100.0
    } else {
        number / 100.0
    }
}

#[test]
fn sabaki_shows_the_win_rate_of_every_analysis_command_as_a_percentage() {
    bounded(async {
        let engine = gamebot::go::engine::EngineOptions {
            move_time: Duration::from_millis(300),
            seed: 3,
            threads: 1,
            ..Default::default()
        };
        let server = TestServer::start_with_engine(common::default_config(), engine).await;
        let mut c = server.connect().await;
        // A wall down the middle: Black owns the whole 5x5 board.
        c.ok("boardsize 5").await;
        for row in 1..=5 {
            c.ok(&format!("play b C{row}")).await;
        }
        for command in ["analyze", "kata-analyze", "lz-analyze"] {
            for (colour, winning) in [("b", true), ("w", false)] {
                c.send(&format!("{command} {colour} 5")).await;
                assert_eq!(c.line().await, "=\n");
                let lines = stream_lines(&mut c, 1, "").await;
                let best = entries(&lines[0])[0];
                let value = field(best, "winrate");
                for sabaki in [Sabaki::V052, Sabaki::V060] {
                    let shown = sabaki_percent(sabaki, command, value);
                    let right = if winning { shown > 60.0 } else { shown < 40.0 };
                    assert!(
                        right && (0.0..=100.0).contains(&shown),
                        "{sabaki:?} shows {shown}% for {command} {colour}: {best}"
                    );
                }
            }
        }
        // genmove_analyze is read by the same rule as analyze.
        c.send("genmove_analyze b 5").await;
        assert_eq!(c.line().await, "=\n");
        let first = c.line().await;
        let value = field(entries(&first)[0], "winrate");
        assert!(!value.contains('.'), "{first}");
        server.shutdown().await;
    })
}

#[test]
fn the_head_line_comes_at_once_alone_before_any_report() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        // A report a minute, or none at all: the head line must not wait for one.
        for (command, head) in [
            ("7 lz-analyze b 6000", "=7\n"),
            ("8 kata-analyze b 0", "=8\n"),
            ("analyze w interval 6000", "=\n"),
        ] {
            c.send(command).await;
            let line = tokio::time::timeout(Duration::from_secs(5), c.line())
                .await
                .unwrap_or_else(|_| panic!("{command}: no head line while it runs"));
            assert_eq!(line, head, "{command}");
            assert!(!c.has_unread().await, "{command}: more than the head line");
            c.send("").await;
            assert_eq!(c.line().await, "\n", "{command}");
        }
        assert_eq!(c.ok("name").await, "gamebot");
        server.shutdown().await;
    })
}

/// The first report of a stream started by `command`, which must stream; the stream is
/// then stopped and read to its end.
async fn first_report(client: &mut Client, command: &str) -> String {
    client.send(command).await;
    assert_eq!(client.line().await, "=\n", "{command}");
    let lines = stream_lines(client, 1, "").await;
    lines[0].clone()
}

#[test]
fn keys_gamebot_does_not_use_are_accepted_and_ignored() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        // As LizGoban and lizzieyzy send them.
        for command in [
            "kata-analyze b 5 rootInfo true pvVisits true movesOwnership true ownershipStdev true",
            "kata-analyze w interval 5 pvEdgeVisits true noResultValue false",
            "lz-analyze b 5 ownership true",
            "analyze 5 speed 3",
            "lz-analyze 5.5 minmoves 2",
        ] {
            let report = first_report(&mut c, command).await;
            assert!(report.starts_with("info move "), "{command}: {report}");
            for unused in ["movesOwnership", "ownership", "pvEdgeVisits", "speed"] {
                assert!(!report.contains(unused), "{command}: {report}");
            }
        }
        assert_eq!(c.ok("name").await, "gamebot");
        server.shutdown().await;
    })
}

#[test]
fn root_info_and_pv_visits_come_on_request() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 7").await;
        c.ok("play b D4").await;
        let report = first_report(&mut c, "kata-analyze w 5 pvVisits true rootInfo true").await;
        let (infos, root) = report.split_once(" rootInfo ").expect("rootInfo");
        let mut visited = 0;
        for entry in entries(infos) {
            let (head, visits) = entry.split_once(" pvVisits ").expect("pvVisits");
            let pv: Vec<&str> = head
                .split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .collect();
            let visits: Vec<u64> = visits
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            assert_eq!(pv.len(), visits.len(), "{entry}");
            assert_eq!(visits[0].to_string(), field(entry, "visits"), "{entry}");
            assert!(visits.windows(2).all(|pair| pair[0] >= pair[1]), "{entry}");
            visited += visits[0];
        }
        let root_visits: u64 = field(root, "visits").parse().unwrap();
        assert!(root_visits >= visited && visited > 0, "{report}");
        let rate: f64 = field(root, "winrate").parse().unwrap();
        assert!((0.0..=1.0).contains(&rate), "{root}");
        assert_eq!(field(root, "currentPlayer"), "W");
        // Sabaki's form writes the root's win rate as its entries': hundredths.
        let report = first_report(&mut c, "analyze b 5 rootInfo true").await;
        let root = report.split_once(" rootInfo ").expect("rootInfo").1;
        assert!(!field(root, "winrate").contains('.'), "{root}");
        server.shutdown().await;
    })
}

#[test]
fn avoid_and_allow_keep_moves_out_of_the_candidates() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        let avoided = ["E5", "D4", "pass"];
        let report = first_report(
            &mut c,
            "kata-analyze b 5 avoid b E5,d4 1 avoid b pass 3 minmoves 100",
        )
        .await;
        let moves: Vec<&str> = entries(&report).iter().map(|e| field(e, "move")).collect();
        assert!(moves.len() > 50, "{report}");
        assert!(moves.iter().all(|mv| !avoided.contains(mv)), "{moves:?}");
        let report = first_report(&mut c, "lz-analyze b 5 allow b C3,G7 1 minmoves 10").await;
        let moves: Vec<&str> = entries(&report).iter().map(|e| field(e, "move")).collect();
        assert!(
            !moves.is_empty() && moves.iter().all(|mv| ["C3", "G7"].contains(mv)),
            "{moves:?}"
        );
        // A rule for the other colour leaves the first move alone (it holds at White's
        // moves: see the depth test).
        let report = first_report(&mut c, "kata-analyze b 5 allow w C3 1 minmoves 10").await;
        assert!(entries(&report).len() >= 10, "{report}");
        // The genmove forms play an allowed move.
        c.send("kata-genmove_analyze b 5 allow b J9 1").await;
        assert_eq!(c.line().await, "=\n");
        let played = loop {
            let line = c.line().await;
            if let Some(vertex) = line.strip_prefix("play ") {
                break vertex.trim().to_string();
            }
        };
        assert_eq!(played, "J9");
        assert_eq!(c.line().await, "\n");
        assert!(c.ok("showboard").await.contains("Black J9"));
        server.shutdown().await;
    })
}

/// The principal variations of a report's entries.
fn variations(report: &str) -> Vec<Vec<String>> {
    entries(report)
        .iter()
        .map(|entry| {
            let pv = entry.split(" pv ").nth(1).expect("a pv");
            pv.split_whitespace().map(str::to_string).collect()
        })
        .collect()
}

#[test]
fn avoid_and_allow_hold_down_to_their_depth_in_the_tree() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 5").await;
        // C3 kept out for Black at depths 0 and 2, for White at depth 1: no variation
        // has it among its first three moves, however deep the search goes.
        let report = last_report(
            &mut c,
            "kata-analyze b 20 avoid b C3 3 avoid w C3,pass 2 maxmoves 8",
            3,
        )
        .await;
        let pvs = variations(&report);
        assert!(pvs.iter().any(|pv| pv.len() >= 3), "{report}");
        for pv in &pvs {
            let head = &pv[..pv.len().min(3)];
            assert!(!head.contains(&"C3".to_string()), "{pv:?}");
            assert_ne!(pv.get(1).map(String::as_str), Some("pass"), "{pv:?}");
        }
        // Kept out for Black's first move only, White takes the centre at once.
        let report = last_report(&mut c, "kata-analyze b 20 avoid b C3 1 maxmoves 8", 3).await;
        let pvs = variations(&report);
        assert!(pvs.iter().all(|pv| pv[0] != "C3"), "{report}");
        assert!(
            pvs.iter()
                .any(|pv| pv.get(1).map(String::as_str) == Some("C3")),
            "{report}"
        );
        // allow until depth 2: Black's first move and White's reply from the list.
        let report = last_report(
            &mut c,
            "kata-analyze b 20 allow b B2,D4 1 allow w B4,D2 2",
            3,
        )
        .await;
        for pv in variations(&report) {
            assert!(["B2", "D4"].contains(&pv[0].as_str()), "{pv:?}");
            if let Some(reply) = pv.get(1) {
                assert!(["B4", "D2"].contains(&reply.as_str()), "{pv:?}");
            }
        }
        server.shutdown().await;
    })
}

/// The last report of a `kata-analyze` stream that ran for `reports` reports.
async fn last_report(c: &mut Client, command: &str, reports: usize) -> String {
    c.send(command).await;
    assert_eq!(c.line().await, "=\n");
    let lines = stream_lines(c, reports, "name").await;
    assert_eq!(c.response().await, "= gamebot\n\n");
    lines.last().expect("a report").clone()
}

/// The number after `key` in `text`.
fn number(text: &str, key: &str) -> f32 {
    field(text, key)
        .parse()
        .unwrap_or_else(|_| panic!("{key} in {text}"))
}

#[test]
fn scores_are_the_expected_final_margin_for_the_side_analysed() {
    bounded(async {
        let server = TestServer::start().await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        c.ok("komi 2.5").await;
        // Black fills columns A to E but for two eyes and a hole (B4, B6) round a dead
        // white stone at B5; White fills F to J but for two eyes. Once B5 is taken Black
        // has 45 points, White 36: Black leads by 9 - 2.5 = 6.5.
        for column in ["A", "B", "C", "D", "E", "F", "G", "H", "J"] {
            for row in 1..=9 {
                let point = format!("{column}{row}");
                let colour = if column < "F" { "b" } else { "w" };
                if !["A2", "A8", "B4", "B5", "B6", "G2", "G8"].contains(&point.as_str()) {
                    c.ok(&format!("play {colour} {point}")).await;
                }
            }
        }
        c.ok("play w B5").await;
        for (colour, sign) in [("b", 1.0), ("w", -1.0)] {
            let line = last_report(
                &mut c,
                &format!("kata-analyze {colour} 30 rootInfo true"),
                3,
            )
            .await;
            let (infos, root) = line.split_once("rootInfo").expect("rootInfo");
            let lead = number(root, "scoreLead");
            assert!((lead - sign * 6.5).abs() <= 3.0, "{colour}: {root}");
            assert_eq!(number(root, "scoreMean"), lead, "{root}");
            assert!(number(root, "scoreStdev") >= 0.0, "{root}");
            let best = entries(infos)[0];
            let best_lead = number(best, "scoreLead");
            assert!((best_lead - sign * 6.5).abs() <= 3.0, "{colour}: {best}");
            assert_eq!(number(best, "scoreMean"), best_lead, "{best}");
        }
        // Leela Zero's form has no scores.
        let line = last_report(&mut c, "lz-analyze b 30", 1).await;
        assert!(!line.contains("score"), "{line}");
        server.shutdown().await;
    })
}

#[test]
fn an_analysis_whose_tree_fills_goes_quiet_until_the_next_line() {
    bounded(async {
        // A 9x9 leaf takes 82 nodes: 3,000 fill within a few hundred simulations.
        let engine = gamebot::go::engine::EngineOptions {
            max_nodes: 3_000,
            ..common::test_engine()
        };
        let server = TestServer::start_with_engine(common::default_config(), engine).await;
        let mut c = server.connect().await;
        c.ok("boardsize 9").await;
        c.send("5 kata-analyze b 1").await;
        assert_eq!(c.line().await, "=5\n");
        // Reports come every 10 ms while the search runs; once the tree is full the
        // last one is sent again and then nothing until the next line.
        let mut last = String::new();
        while let Ok(line) = tokio::time::timeout(Duration::from_millis(500), c.line()).await {
            assert!(line.starts_with("info move "), "{line:?}");
            last = line;
        }
        assert!(!last.is_empty(), "no report before the tree filled");
        c.send("6 name").await;
        assert_eq!(c.line().await, "\n", "the stream ends at the next line");
        assert_eq!(c.response().await, "=6 gamebot\n\n");
        server.shutdown().await;
    })
}
