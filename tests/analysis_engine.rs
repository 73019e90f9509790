//! `gamebot analysis`, the real binary, driven as KaTrain drives KataGo's analysis
//! engine: JSON queries on its stdin, one JSON answer a line on its stdout.

mod common;
use common::{bound, edge_loving_model, scratch};

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running `gamebot analysis`.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts it with KataGo's arguments as KaTrain passes them, and `extra`.
    fn start(extra: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamebot"))
            .args(["analysis", "-model", "/nowhere/model.bin.gz", "-config"])
            .args([
                "/nowhere/analysis.cfg",
                "-override-config",
                "homeDataDir=/tmp",
            ])
            .args(["--search-threads", "1", "--seed", "1"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("gamebot runs");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends one line.
    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").expect("written");
        input.flush().expect("flushed");
    }

    /// The next answer.
    fn answer(&mut self) -> Value {
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).expect("read") > 0,
            "end of output"
        );
        serde_json::from_str(&line).unwrap_or_else(|error| panic!("{error}: {line}"))
    }

    /// Closes its input and waits for it to exit; what it still wrote.
    fn finish(mut self) -> Vec<Value> {
        drop(self.input.take());
        let rest: Vec<Value> = self
            .output
            .lines()
            .map(|line| serde_json::from_str(&line.expect("a line")).expect("JSON"))
            .collect();
        assert!(self.child.wait().expect("exit").success());
        rest
    }
}

/// A query as KaTrain sends it, on 9x9 with `moves`, and `extra` fields.
fn query(id: &str, moves: Value, extra: Value) -> String {
    let mut query = json!({
        "id": id,
        "rules": "japanese",
        "priority": 0,
        "maxVisits": 40,
        "komi": 6.5,
        "boardXSize": 9,
        "boardYSize": 9,
        "includeOwnership": false,
        "includeMovesOwnership": false,
        "includePolicy": false,
        "initialStones": [],
        "initialPlayer": "B",
        "moves": moves,
        "overrideSettings": {"reportAnalysisWinratesAs": "BLACK", "wideRootNoise": 0.04, "maxTime": 8.0},
    });
    for (key, value) in extra.as_object().expect("an object") {
        query[key] = value.clone();
    }
    query.to_string()
}

/// Skips the warning about the rules (gamebot plays Tromp-Taylor).
fn result(engine: &mut Engine) -> Value {
    loop {
        let answer = engine.answer();
        if answer.get("warning").is_none() {
            return answer;
        }
        assert_eq!(answer["field"], "rules", "{answer}");
    }
}

#[test]
fn a_katrain_query_gets_moves_win_rates_scores_ownership_and_policy() {
    let _bound = bound();
    let mut engine = Engine::start(&["--playouts-per-visit", "5"]);
    let moves = json!([["B", "E5"], ["W", "C3"]]);
    engine.send(&query(
        "k1",
        moves,
        json!({"analyzeTurns": [0, 2], "includeOwnership": true, "includePolicy": true, "includePVVisits": true}),
    ));
    let mut turns = Vec::new();
    for _ in 0..2 {
        let answer = result(&mut engine);
        assert_eq!(answer["id"], "k1");
        assert_eq!(answer["isDuringSearch"], false);
        let infos = answer["moveInfos"].as_array().expect("moveInfos");
        assert!(!infos.is_empty(), "{answer}");
        for (order, info) in infos.iter().enumerate() {
            assert_eq!(info["order"], order);
            for key in [
                "winrate",
                "scoreLead",
                "scoreMean",
                "scoreStdev",
                "prior",
                "utility",
                "lcb",
                "visits",
            ] {
                assert!(info[key].is_number(), "{key} in {info}");
            }
            let pv = info["pv"].as_array().expect("pv");
            assert_eq!(pv[0], info["move"]);
            assert_eq!(
                info["pvVisits"].as_array().expect("pvVisits").len(),
                pv.len()
            );
            assert!((0.0..=1.0).contains(&info["winrate"].as_f64().unwrap()));
        }
        let root = &answer["rootInfo"];
        assert_eq!(root["visits"], 200, "40 visits of 5 playouts: {root}");
        assert!(root["winrate"].is_number() && root["scoreLead"].is_number());
        let ownership = answer["ownership"].as_array().expect("ownership");
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|v| v.as_f64().unwrap().abs() <= 1.0));
        let policy = answer["policy"].as_array().expect("policy");
        assert_eq!(policy.len(), 82);
        turns.push((answer["turnNumber"].as_u64().unwrap(), answer.clone()));
    }
    turns.sort_by_key(|(turn, _)| *turn);
    let (zero, two) = (&turns[0].1, &turns[1].1);
    assert_eq!((turns[0].0, turns[1].0), (0, 2));
    assert_eq!(zero["rootInfo"]["currentPlayer"], "B");
    assert_eq!(two["rootInfo"]["currentPlayer"], "B");
    // Policy: row by row from A9; E5 (row 5 from the top, column 5) and C3 are taken
    // at turn 2 but not at turn 0; the priors of the legal moves add up to 1.
    let e5 = 4 * 9 + 4;
    assert_eq!(two["policy"][e5], -1.0);
    assert!(zero["policy"][e5].as_f64().unwrap() > 0.0);
    let legal: f64 = two["policy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .filter(|&p| p >= 0.0)
        .sum();
    assert!((legal - 1.0).abs() < 1e-3, "{legal}");
    // Black's E5 is Black's: ownership is Black's point of view.
    assert!(
        two["ownership"][e5].as_f64().unwrap() > 0.5,
        "{}",
        two["ownership"]
    );
    engine.finish();
}

#[test]
fn scores_and_win_rates_follow_the_perspective_asked_for() {
    let _bound = bound();
    let mut engine = Engine::start(&["--playouts-per-visit", "20"]);
    // Black fills columns A to E but for two eyes and a hole round a dead white stone
    // at B5; White fills F to J but for two eyes: Black leads by 45 - 36 - 2.5 = 6.5.
    let mut stones = Vec::new();
    for column in ["A", "B", "C", "D", "E", "F", "G", "H", "J"] {
        for row in 1..=9 {
            let point = format!("{column}{row}");
            if !["A2", "A8", "B4", "B6", "G2", "G8"].contains(&point.as_str()) {
                let colour = if column < "F" && point != "B5" {
                    "B"
                } else {
                    "W"
                };
                stones.push(json!([colour, point]));
            }
        }
    }
    for (perspective, sign) in [("BLACK", 1.0), ("WHITE", -1.0), ("SIDETOMOVE", -1.0)] {
        engine.send(&query(
            perspective,
            json!([]),
            json!({
                "initialStones": stones,
                "initialPlayer": "W",
                "komi": 2.5,
                "rules": "tromp-taylor",
                "overrideSettings": {"reportAnalysisWinratesAs": perspective},
            }),
        ));
        let answer = engine.answer();
        let root = &answer["rootInfo"];
        assert_eq!(root["currentPlayer"], "W");
        let lead = root["scoreLead"].as_f64().unwrap();
        assert!((lead - sign * 6.5).abs() <= 3.0, "{perspective}: {root}");
        let winrate = root["winrate"].as_f64().unwrap();
        assert!((winrate - 0.5) * sign > 0.3, "{perspective}: {root}");
    }
    engine.finish();
}

#[test]
fn bad_lines_get_katago_s_errors_and_the_engine_goes_on() {
    let _bound = bound();
    let mut engine = Engine::start(&[]);
    engine.send("not json");
    let error = engine.answer();
    assert!(error["error"].as_str().unwrap().contains("could not parse"));
    assert!(error.get("id").is_none());
    engine.send(r#"{"moves": []}"#);
    assert_eq!(
        engine.answer()["error"],
        "Request must have a string \"id\" field"
    );
    let refused = [
        (json!({"boardYSize": 13}), "boardYSize"),
        (json!({"moves": [["B", "E5"], ["W", "E5"]]}), "moves"),
        (json!({"moves": [["B", "K10"]]}), "moves"),
        (json!({"analyzeTurns": [5]}), "analyzeTurns"),
        (json!({"komi": "six"}), "komi"),
        (json!({"maxVisits": 0}), "maxVisits"),
        (
            json!({"overrideSettings": {"reportAnalysisWinratesAs": "NOBODY"}}),
            "overrideSettings",
        ),
    ];
    for (fields, field) in refused {
        engine.send(&query("bad", json!([]), fields.clone()));
        let answer = result(&mut engine);
        assert_eq!(answer["id"], "bad", "{fields}: {answer}");
        assert_eq!(answer["field"], field, "{fields}: {answer}");
        assert!(answer["error"].is_string(), "{answer}");
    }
    let illegal = query("bad", json!([["B", "E5"], ["W", "E5"]]), json!({}));
    engine.send(&illegal);
    assert_eq!(result(&mut engine)["error"], "Illegal move 1: E5");
    engine.send(r#"{"id":"v","action":"query_version"}"#);
    let version = engine.answer();
    assert_eq!(version["id"], "v");
    assert_eq!(version["action"], "query_version");
    assert!(version["version"].is_string());
    engine.send(r#"{"id":"c","action":"clear_cache"}"#);
    assert_eq!(engine.answer(), json!({"id": "c", "action": "clear_cache"}));
    // No analysis was queued by any of them.
    assert!(engine.finish().is_empty());
}

#[test]
fn terminate_stops_a_search_that_reports_while_it_runs() {
    let _bound = bound();
    let mut engine = Engine::start(&["--analysis-threads", "1"]);
    // As KaTrain ponders: a huge budget, reports every 0.1 s.
    engine.send(&query(
        "ponder",
        json!([["B", "E5"]]),
        json!({"maxVisits": 10_000_000, "reportDuringSearchEvery": 0.1, "rules": "tromp-taylor", "overrideSettings": {}}),
    ));
    // Waits behind it (one worker): terminated before it starts.
    engine.send(&query(
        "queued",
        json!([]),
        json!({"rules": "tromp-taylor"}),
    ));
    let report = engine.answer();
    assert_eq!(report["id"], "ponder");
    assert_eq!(report["isDuringSearch"], true);
    engine.send(r#"{"id":"t","action":"terminate_all","turnNumbers":[0]}"#);
    // The echo, and the queued query's turn with no results; the other goes on.
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let answer = engine.answer();
        if answer["id"] == "ponder" {
            assert_eq!(answer["isDuringSearch"], true, "{answer}");
        } else {
            seen.push(answer);
        }
    }
    assert!(seen.contains(&json!({"id": "t", "action": "terminate_all", "turnNumbers": [0]})));
    assert!(
        seen.contains(
            &json!({"id": "queued", "turnNumber": 0, "isDuringSearch": false, "noResults": true})
        ),
        "{seen:?}"
    );
    engine.send(r#"{"id":"t2","action":"terminate","terminateId":"ponder"}"#);
    let last = loop {
        let answer = engine.answer();
        if answer["id"] == "ponder" && answer["isDuringSearch"] == false {
            break answer;
        }
    };
    assert_eq!(last["turnNumber"], 1);
    assert!(last["rootInfo"]["visits"].as_u64().unwrap() > 0, "{last}");
    engine.finish();
}

#[test]
fn the_end_of_the_input_finishes_the_queries_waiting_first() {
    let _bound = bound();
    let mut engine = Engine::start(&["--playouts-per-visit", "2"]);
    for id in ["a", "b", "c"] {
        engine.send(&query(
            id,
            json!([["B", "C3"]]),
            json!({"rules": "tromp-taylor"}),
        ));
    }
    let mut ids: Vec<String> = engine
        .finish()
        .iter()
        .map(|answer| answer["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    assert_eq!(ids, ["a", "b", "c"]);
}

/// Where the policy of the empty 9x9 board peaks (a slot, row by row from A9), for
/// `gamebot analysis` started with `extra`.
fn empty_board_policy_peak(extra: &[&str]) -> usize {
    let mut engine = Engine::start(extra);
    engine.send(&query(
        "p",
        json!([]),
        json!({"maxVisits": 1, "includePolicy": true}),
    ));
    let answer = result(&mut engine);
    engine.finish();
    let policy: Vec<f64> = answer["policy"]
        .as_array()
        .expect("policy")
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    (0..81)
        .max_by(|&a, &b| policy[a].total_cmp(&policy[b]))
        .unwrap()
}

#[test]
fn the_policy_comes_from_the_move_model_it_is_given() {
    let _bound = bound();
    let dir = scratch("analysis-model");
    let on_first_line = |slot: usize| matches!(slot / 9, 0 | 8) || matches!(slot % 9, 0 | 8);
    // The shipped model likes the centre of an empty board; a model in love with the
    // first line of an empty area likes the edge.
    let shipped = empty_board_policy_peak(&[]);
    assert!(
        !on_first_line(shipped),
        "the shipped policy peaks at {shipped}"
    );
    let edge_lover = edge_loving_model(&dir);
    let given = empty_board_policy_peak(&["--go-model", edge_lover.to_str().unwrap()]);
    assert!(
        on_first_line(given),
        "the given model's policy peaks at {given}"
    );
}
