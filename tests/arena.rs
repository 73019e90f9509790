//! `gamebot arena` as a user runs it: the real binary playing matches between real
//! gamebot sessions, a random player and misbehaving engines, checked through the
//! files it writes.

mod arena_engines;
mod common;
use common::{bound, scratch};

use arena_engines::{
    arena, gamebot, games, referee_script, script, summary, text, Misdeed, RandomQttt, Server,
    GAMEBOT,
};
use gamebot::go::board::Board;
use gamebot::go::gtp::challenge_text;
use gamebot::go::gtp::vertex::parse_move;
use gamebot::go::{area_score, Colour, Points};
use gamebot::qttt::gtp::notation::{parse_record, score_text};
use gamebot::wythoff::{solve, Game as WythoffGame, Position};
use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The moves of a game record.
fn moves(game: &Value) -> Vec<&str> {
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}

#[test]
fn perfect_qttt_self_play_is_won_by_the_first_player_one_to_a_half() {
    let _bound = bound();
    let dir = scratch("qttt-self");
    let out = dir.to_str().unwrap();
    let server = Server::start();
    let engine = &server.spec;
    let stdout = arena(&[
        "--game",
        "qttt",
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "4",
        "--move-time",
        "60",
        "--out",
        out,
    ])
    .stdout;
    let played = games(&dir);
    assert_eq!(played.len(), 4);
    for game in &played {
        assert_eq!(text(game, "result"), "1 0.5", "{game}");
        assert_eq!(game["winner"], game["players"][0], "{game}");
        assert_eq!(text(game, "reason"), "score");
        // The record replays under the rules to the same score.
        let record = parse_record(&moves(game).join(" ")).unwrap().to_vec();
        let replayed = gamebot::qttt::Game::from_record(&record).unwrap();
        assert_eq!(score_text(replayed.position().outcome().unwrap()), "1 0.5");
    }
    let summary = summary(&dir);
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["engines"][0]["wins"], 2);
    assert_eq!(summary["engines"][1]["points"], 2.0);
    let table = String::from_utf8(stdout).unwrap();
    assert!(table.contains("Elo (a - b): +0.0"), "{table}");
}

#[test]
fn perfect_qttt_never_loses_to_a_random_player() {
    let _bound = bound();
    let dir = scratch("qttt-random");
    let random = RandomQttt::start(42);
    let other = RandomQttt::start(43);
    arena(&[
        "--game",
        "qttt",
        "--engine",
        &format!("perfect={}", gamebot("")),
        "--engine",
        &format!("random=tcp:{},{}", random.address, other.address),
        "--games",
        "4",
        "--openings",
        "random:1",
        "--move-time",
        "60",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let played = games(&dir);
    assert_eq!(played.len(), 4);
    for game in &played {
        assert_ne!(game["winner"], "random", "{game}");
        assert_eq!(game["opening"], 1);
    }
    assert!(summary(&dir)["engines"][0]["wins"].as_u64().unwrap() >= 2);
    // One connection per game, the games spread over the two addresses in turn (the
    // first also had the check before the first game).
    assert_eq!((random.connections(), other.connections()), (3, 2));
}

#[test]
fn perfect_wythoff_wins_every_game_from_a_winning_start_and_records_replay() {
    let _bound = bound();
    let dir = scratch("wythoff");
    let engine = gamebot("");
    arena(&[
        "--game",
        "wythoff",
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "30",
        "--concurrency",
        "3",
        "--max-pile",
        "40",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let played = games(&dir);
    assert_eq!(played.len(), 30);
    for (index, game) in played.iter().enumerate() {
        assert_eq!(game["game"], index as u64 + 1);
        let start: Vec<u64> = text(game, "start")
            .split(' ')
            .map(|p| p.parse().unwrap())
            .collect();
        let hot = solve(&start[0], &start[1]).is_some();
        let expected_winner = &game["players"][usize::from(!hot)];
        assert_eq!(&game["winner"], expected_winner, "{game}");
        let mut replay = WythoffGame::new(Position::new(start[0], start[1]));
        for step in moves(game) {
            let (a, b) = step.split_once(' ').unwrap();
            replay
                .play(Position::new(
                    a.parse::<u64>().unwrap(),
                    b.parse::<u64>().unwrap(),
                ))
                .unwrap();
        }
        assert!(replay.position().is_empty(), "{game}");
    }
    // Pairs share their start with the seats swapped.
    assert_eq!(played[0]["start"], played[1]["start"]);
    assert_eq!(played[0]["players"][0], played[1]["players"][1]);
}

#[test]
fn listed_wythoff_starts_open_the_pairs_in_turn() {
    let _bound = bound();
    let dir = scratch("wythoff-listed");
    let engine = gamebot("");
    arena(&[
        "--game",
        "wythoff",
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "6",
        "--openings",
        "3,5",
        "1000000,7",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let played = games(&dir);
    let starts: Vec<&str> = played.iter().map(|g| text(g, "start")).collect();
    assert_eq!(
        starts,
        ["3 5", "3 5", "1000000 7", "1000000 7", "3 5", "3 5"]
    );
}

/// Reads the moves of an SGF game written by the arena: `;B[cd]`, `;W[]`.
fn sgf_moves(sgf: &str, size: usize) -> Vec<Option<usize>> {
    sgf.split(';')
        .skip(2)
        .map(|node| {
            let inside = &node[node.find('[').unwrap() + 1..node.find(']').unwrap()];
            let bytes = inside.as_bytes();
            (bytes.len() == 2).then(|| {
                let column = usize::from(bytes[0] - b'a');
                let row = size - 1 - usize::from(bytes[1] - b'a');
                row * size + column
            })
        })
        .collect()
}

/// A Go match of two games between gamebots at 50 simulations a move, with `options`
/// (size, komi, ...), written to `dir`; the arena's output.
fn small_go_match(dir: &std::path::Path, options: &[&str]) -> std::process::Output {
    let engine = |seed| gamebot(&format!("--go-playouts 50 --seed {seed}"));
    let (one, two) = (format!("one={}", engine(1)), format!("two={}", engine(2)));
    let mut args = vec!["--game", "go"];
    args.extend_from_slice(options);
    args.extend(["--engine", &one, "--engine", &two, "--games", "2"]);
    args.extend(["--out", dir.to_str().unwrap()]);
    arena(&args)
}

/// Plays a game's SGF moves on `board` (its side to move first, colours alternating),
/// each the move `games.jsonl` recorded.
fn replay_sgf(board: &mut Board, sgf: &str, game: &Value) {
    let replayed = sgf_moves(sgf, board.size());
    assert_eq!(replayed.len(), moves(game).len());
    let mut colour = board.to_move();
    for (point, written) in replayed.iter().zip(moves(game)) {
        assert_eq!(
            *point,
            parse_move(written)
                .unwrap()
                .map(|v| board.point(v).unwrap())
        );
        match point {
            Some(point) => {
                board.play(colour, *point).unwrap();
            }
            None => board.pass(colour),
        }
        colour = colour.opponent();
    }
}

#[test]
fn go_self_play_on_a_small_board_writes_sgf_that_replays_to_the_result() {
    let _bound = bound();
    let dir = scratch("go");
    small_go_match(
        &dir,
        &["--size", "5", "--komi", "2.5", "--openings", "random:2"],
    );
    let played = games(&dir);
    assert_eq!(played.len(), 2);
    assert_eq!(
        moves(&played[0])[..2],
        moves(&played[1])[..2],
        "one opening per pair"
    );
    for game in &played {
        let number = game["game"].as_u64().unwrap();
        let sgf = std::fs::read_to_string(dir.join(format!("game-{number:04}.sgf"))).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[1]"), "{sgf}");
        for part in [
            "SZ[5]".to_string(),
            "KM[2.5]".to_string(),
            "RU[Tromp-Taylor]".to_string(),
            format!("PB[{}]", game["players"][0].as_str().unwrap()),
            format!("PW[{}]", game["players"][1].as_str().unwrap()),
            format!("RE[{}]", text(game, "result")),
        ] {
            assert!(sgf.contains(&part), "{part} in {sgf}");
        }
        let mut board = Board::new(5);
        replay_sgf(&mut board, &sgf, game);
        if text(game, "reason") == "score" {
            assert!(board.is_over());
            let outcome = area_score(5, board.points()).outcome(Points::parse("2.5").unwrap());
            assert_eq!(challenge_text(outcome), text(game, "result"), "{game}");
        } else {
            assert_eq!(text(game, "reason"), "resign", "{game}");
        }
    }
}

#[test]
fn handicap_games_start_from_the_stones_with_white_to_play() {
    let _bound = bound();
    let dir = scratch("handicap");
    let output = small_go_match(
        &dir,
        &[
            "--size",
            "7",
            "--komi",
            "0.5",
            "--handicap",
            "3",
            "--openings",
            "random:1",
        ],
    );
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        table.contains("one by seat (wins-draws-losses): first (Black, X) "),
        "{table}"
    );
    let played = games(&dir);
    assert_eq!(played.len(), 2);
    for game in &played {
        assert!(
            game["reason"] == "score" || game["reason"] == "resign",
            "{game}"
        );
        let number = game["game"].as_u64().unwrap();
        let sgf = std::fs::read_to_string(dir.join(format!("game-{number:04}.sgf"))).unwrap();
        assert!(sgf.contains("HA[3]AB[ce][ec][cc]"), "C3 E5 C5 in {sgf}");
        let mut board = Board::new(7);
        let stones: Vec<usize> = ["C3", "E5", "C5"]
            .iter()
            .map(|v| board.point(parse_move(v).unwrap().unwrap()).unwrap())
            .collect();
        board.place_handicap(&stones);
        assert!(sgf.contains("\n;W["), "White plays first: {sgf}");
        replay_sgf(&mut board, &sgf, game);
        if text(game, "reason") == "score" {
            let outcome = area_score(7, board.points()).outcome(Points::parse("0.5").unwrap());
            assert_eq!(challenge_text(outcome), text(game, "result"), "{game}");
        }
    }
}

#[test]
fn go_openings_from_sgf_files_open_the_pairs_in_turn() {
    let _bound = bound();
    let dir = scratch("sgf-openings");
    let first = dir.join("first.sgf");
    let second = dir.join("second.sgf");
    std::fs::write(&first, "(;FF[4]GM[1]SZ[5];B[cc];W[bd](;B[dd])(;B[aa]))").unwrap();
    std::fs::write(&second, "(;FF[4]GM[1]SZ[5];B[ae])").unwrap();
    let engine = gamebot("--go-playouts 30 --seed 1");
    arena(&[
        "--game",
        "go",
        "--size",
        "5",
        "--openings",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "4",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    let played = games(&dir.join("out"));
    for (game, opening) in played.iter().zip([
        ["C3", "B2", "D2"].as_slice(),
        &["C3", "B2", "D2"],
        &["A1"],
        &["A1"],
    ]) {
        assert_eq!(&moves(game)[..opening.len()], opening, "{game}");
        assert_eq!(game["opening"], opening.len());
    }
}

/// A Go match of two games on 5x5 between two quick gamebots, scored by `referee`.
fn refereed(name: &str, referee: &str) -> Vec<Value> {
    let dir = scratch(name);
    let engine = |seed| {
        gamebot(&format!(
            "--go-playouts 30 --seed {seed} --go-resign-below 0"
        ))
    };
    arena(&[
        "--game",
        "go",
        "--size",
        "4",
        "--referee",
        referee,
        "--engine",
        &format!("one={}", engine(1)),
        "--engine",
        &format!("two={}", engine(2)),
        "--games",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    games(&dir)
}

#[test]
fn a_referee_engine_s_final_score_decides() {
    let _bound = bound();
    let dir = scratch("referee-engine");
    for game in refereed("referee", &referee_script(&dir, "referee", "= W+99")) {
        assert_eq!(text(&game, "result"), "W+99", "{game}");
        assert_eq!(game["winner"], game["players"][1]);
    }
}

#[test]
fn a_failing_referee_leaves_the_count_to_the_arena() {
    let _bound = bound();
    let dir = scratch("failing-referee");
    for game in refereed(
        "failing",
        &referee_script(&dir, "referee", "? cannot score"),
    ) {
        assert!(
            text(&game, "detail").contains("the referee failed")
                && text(&game, "detail").contains("cannot score"),
            "{game}"
        );
        assert!(["B+", "W+", "0"]
            .iter()
            .any(|r| text(&game, "result").starts_with(r)));
    }
}

#[test]
fn gamebot_plays_gnu_go_refereed_by_gnu_go() {
    let _bound = bound();
    let Some(gnugo) =
        common::outside::outside_program("gnugo", &["/usr/games"], "apt-get install gnugo")
    else {
        return;
    };
    let gnugo = format!(
        "cmd:{} --mode gtp --level 1 --chinese-rules",
        gnugo.display()
    );
    let dir = scratch("gnugo");
    arena(&[
        "--game",
        "go",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--referee",
        &gnugo,
        "--engine",
        &format!("gamebot={}", gamebot("--go-playouts 50 --seed 1")),
        "--engine",
        &format!("gnugo={gnugo}"),
        "--games",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let played = games(&dir);
    assert_eq!(played.len(), 2);
    for game in &played {
        assert!(
            ["score", "resign", "max-moves"].contains(&text(game, "reason")),
            "{game}"
        );
        assert!(game.get("detail").is_none(), "{game}");
        assert!(dir
            .join(format!("game-{:04}.sgf", game["game"].as_u64().unwrap()))
            .exists());
    }
}

/// A Go match of two games on 5x5 between `bad` and a quick gamebot: the games of
/// `games.jsonl`.
fn go_against(name: &str, bad: &str) -> Vec<Value> {
    let dir = scratch(name);
    arena(&[
        "--game",
        "go",
        "--size",
        "5",
        "--engine",
        &format!("bad={bad}"),
        "--engine",
        &format!("good={}", gamebot("--go-playouts 50 --seed 3")),
        "--games",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    games(&dir)
}

#[test]
fn an_illegal_move_forfeits_the_game_and_the_match_goes_on() {
    let _bound = bound();
    let dir = scratch("illegal-engine");
    let played = go_against(
        "illegal",
        &script(&dir, "illegal", Misdeed::Answer("Z99"), None),
    );
    assert_eq!(played.len(), 2);
    for game in &played {
        assert_eq!(text(game, "reason"), "illegal", "{game}");
        assert_eq!(game["winner"], "good");
        assert!(
            text(game, "detail").contains("Z99 is off the board"),
            "{game}"
        );
    }
    assert_eq!(text(&played[0], "result"), "W+F");
    assert_eq!(text(&played[1], "result"), "B+F");
}

#[test]
fn a_resignation_ends_the_game_without_a_forfeit() {
    let _bound = bound();
    let dir = scratch("resigning-engine");
    let played = go_against(
        "resign",
        &script(&dir, "resign", Misdeed::Answer("resign"), None),
    );
    assert_eq!(text(&played[0], "result"), "W+R");
    assert_eq!(text(&played[1], "result"), "B+R");
    for game in &played {
        assert_eq!(text(game, "reason"), "resign", "{game}");
        assert_eq!(game["winner"], "good");
        assert!(game.get("detail").is_none(), "{game}");
    }
}

#[test]
fn go_games_stop_at_max_moves_and_are_scored_as_they_stand() {
    let _bound = bound();
    let dir = scratch("max-moves");
    let engine = gamebot("--go-playouts 30 --seed 1");
    arena(&[
        "--game",
        "go",
        "--size",
        "5",
        "--max-moves",
        "3",
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--out",
        dir.to_str().unwrap(),
    ]);
    for game in games(&dir) {
        assert_eq!(text(&game, "reason"), "max-moves", "{game}");
        assert_eq!(moves(&game).len(), 3);
        let mut board = Board::new(5);
        for (index, vertex) in moves(&game).into_iter().enumerate() {
            let colour = if index % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let point = board.point(parse_move(vertex).unwrap().unwrap()).unwrap();
            board.play(colour, point).unwrap();
        }
        let outcome = area_score(5, board.points()).outcome(Points::parse("7").unwrap());
        assert_eq!(challenge_text(outcome), text(&game, "result"), "{game}");
    }
}

#[test]
fn a_question_mark_to_genmove_forfeits_as_an_error() {
    let _bound = bound();
    let dir = scratch("refusing-engine");
    let played = go_against("refuse", &script(&dir, "refuse", Misdeed::Refuse, None));
    for game in &played {
        assert_eq!(text(game, "reason"), "error", "{game}");
        assert_eq!(game["winner"], "good");
        assert!(text(game, "detail").contains("? no move"), "{game}");
    }
}

/// A Wythoff match of four games where `bad` moves first in game 1 and misbehaves
/// once; restarted, it is a real gamebot. The games of `games.jsonl`.
///
/// Each move may take 0.3 s and a margin of 5 s: the sleeper (a minute) still loses on
/// time, while a restarted debug-build gamebot on a loaded machine, which can take over
/// half a second to start and answer, does not.
fn wythoff_against_once(name: &str, misdeed: Misdeed) -> Vec<Value> {
    let dir = scratch(name);
    let bad = script(&dir, "bad", misdeed, Some(""));
    arena(&[
        "--game",
        "wythoff",
        "--engine",
        &format!("bad={bad}"),
        "--engine",
        &format!("good={}", gamebot("")),
        "--games",
        "4",
        "--move-time",
        "0.3",
        "--margin",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let played = games(&dir);
    assert_eq!(played.len(), 4);
    assert_eq!(played[0]["winner"], "good", "{}", played[0]);
    for game in &played[1..] {
        assert_eq!(
            text(game, "reason"),
            "score",
            "restarted, the engine plays: {game}"
        );
    }
    played
}

#[test]
fn a_sleeping_engine_loses_on_time_and_is_restarted() {
    let _bound = bound();
    let began = Instant::now();
    let played = wythoff_against_once("sleep", Misdeed::Sleep);
    assert_eq!(text(&played[0], "reason"), "timeout");
    assert!(
        text(&played[0], "detail").contains("within 5.3 s"),
        "{}",
        played[0]
    );
    assert!(
        played[0]["seconds"].as_f64().unwrap() < 10.0,
        "{}",
        played[0]
    );
    assert!(began.elapsed() < Duration::from_secs(30));
}

#[test]
fn an_engine_that_exits_loses_by_crash_and_is_restarted() {
    let _bound = bound();
    let played = wythoff_against_once("exit", Misdeed::Exit);
    assert_eq!(text(&played[0], "reason"), "crash", "{}", played[0]);
    assert_eq!(text(&played[0], "result"), "0-1");
}

#[test]
fn resume_after_a_kill_plays_each_game_exactly_once() {
    let _bound = bound();
    let dir = scratch("resume");
    let out = dir.to_str().unwrap();
    let engine = gamebot("");
    let args = [
        "arena",
        "--game",
        "wythoff",
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "600",
        "--concurrency",
        "2",
        "--max-pile",
        "20",
        "--out",
        out,
    ];
    let mut child = Command::new(GAMEBOT)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let journal = dir.join("games.jsonl");
    let began = Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count()) < 20 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "no games written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = std::fs::read_to_string(&journal).unwrap().lines().count();
    assert!(
        before < 600,
        "the match ended before the kill; make it longer"
    );
    let mut resumed: Vec<&str> = args[1..].to_vec();
    resumed.push("--resume");
    arena(&resumed);
    let played = games(&dir);
    let numbers: Vec<u64> = played.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=600).collect::<Vec<_>>());
    assert_eq!(summary(&dir)["games"], 600);
    // Run again with --resume: nothing is left to play.
    arena(&resumed);
    assert_eq!(games(&dir).len(), 600);
    // Another seed would start the games otherwise: refused.
    resumed.extend(["--seed", "2"]);
    let refused = Command::new(GAMEBOT)
        .arg("arena")
        .args(&resumed)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("did not start as this match starts it"),
        "{stderr}"
    );
}

#[test]
fn sigint_stops_the_match_with_its_table_and_whole_files() {
    let _bound = bound();
    let dir = scratch("sigint");
    let engine = gamebot("");
    let child = Command::new(GAMEBOT)
        .args([
            "arena",
            "--game",
            "wythoff",
            "--engine",
            &format!("a={engine}"),
            "--engine",
            &format!("b={engine}"),
            "--games",
            "100000",
            "--out",
            dir.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let journal = dir.join("games.jsonl");
    let began = Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count()) < 10 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "no games written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("interrupted; games in play were abandoned; --resume plays the rest"),
        "{stderr}"
    );
    let played = games(&dir).len() as u64;
    assert!(played < 100_000);
    assert_eq!(summary(&dir)["games"], played);
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.contains(&format!("a       {played:>6}")), "{table}");
}

#[test]
fn the_sprt_stops_a_clear_match_early() {
    let _bound = bound();
    // An engine that answers ? to every move request loses every game it moves in, and
    // a perfect player wins the others: H1 (100 Elo better) after a dozen games.
    let dir = scratch("sprt");
    let bad = script(&dir, "refuse", Misdeed::Refuse, None);
    let stdout = arena(&[
        "--game",
        "wythoff",
        "--engine",
        &format!("good={}", gamebot("")),
        "--engine",
        &format!("bad={bad}"),
        "--games",
        "500",
        "--sprt",
        "0,100",
        "--out",
        dir.to_str().unwrap(),
    ])
    .stdout;
    let summary = summary(&dir);
    assert_eq!(summary["sprt"]["result"], "H1", "{summary}");
    let played = summary["games"].as_u64().unwrap();
    assert!((10..30).contains(&played), "{summary}");
    assert_eq!(summary["engines"][0]["wins"], played);
    assert_eq!(games(&dir).len() as u64, played);
    let table = String::from_utf8(stdout).unwrap();
    assert!(
        table.contains("SPRT (trinomial)") && table.contains("H1 accepted"),
        "{table}"
    );
}

#[test]
fn bad_options_and_unusable_engines_are_refused() {
    let _bound = bound();
    let engine = format!("a={}", gamebot(""));
    for (args, message) in [
        (
            vec!["--game", "go", "--engine", engine.as_str()],
            "give two engines",
        ),
        (
            vec![
                "--game",
                "go",
                "--engine",
                engine.as_str(),
                "--engine",
                engine.as_str(),
            ],
            "both engines are called a",
        ),
        (
            vec![
                "--game",
                "go",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=cmd:/nonexistent/engine",
            ],
            "engine b cannot be used",
        ),
        (
            vec![
                "--game",
                "go",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=ftp:x",
            ],
            "bad engine",
        ),
        (
            vec![
                "--game",
                "go",
                "--move-time",
                "0.5",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=tcp:127.0.0.1:1",
            ],
            "whole seconds",
        ),
        (
            vec![
                "--game",
                "wythoff",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=tcp:127.0.0.1:1",
                "--openings",
                "0,0",
            ],
            "leaves the first player no move",
        ),
        (
            vec![
                "--game",
                "wythoff",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=tcp:127.0.0.1:1",
                "--openings",
                "random:3",
            ],
            "expected two piles",
        ),
        (
            vec![
                "--game",
                "go",
                "--size",
                "8",
                "--handicap",
                "5",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=tcp:127.0.0.1:1",
            ],
            "--handicap 5: give 2 to 4 stones on a 8x8 board",
        ),
        (
            vec![
                "--game",
                "wythoff",
                "--handicap",
                "2",
                "--engine",
                engine.as_str(),
                "--engine",
                "b=tcp:127.0.0.1:1",
            ],
            "--handicap is for Go",
        ),
    ] {
        let output = Command::new(GAMEBOT)
            .arg("arena")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
