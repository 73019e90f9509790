//! The referee: gamebot plays whole 9x9 games against GNU Go (`gnugo --mode gtp`) and
//! against itself, every move relayed to the other engine, until two consecutive passes.
//! Every move must be accepted by the other side, and at the end both engines must see
//! the same stones. The games against GNU Go need it installed (Debian package `gnugo`):
//! without it they skip with a notice, except under `CI=true`, where they fail.

mod common;
use common::{bound, bounded};

use common::outside::{carry_out, decide, is_ci, locate, outside_program, Decision};
use common::Client;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The most moves a 9x9 game may take before the referee calls it a failure.
const MOVE_CAP: usize = 400;

/// GNU Go on PATH or in /usr/games, where Debian puts it; `None` (after a skip notice)
/// when it is missing outside CI.
fn gnugo_path() -> Option<PathBuf> {
    outside_program("gnugo", &["/usr/games"], "apt-get install gnugo")
}

/// A GNU Go process spoken to over its stdin and stdout.
struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start(program: &Path, seed: u32) -> GnuGo {
        let mut child = Command::new(program)
            .args(["--mode", "gtp", "--level", "1", "--chinese-rules"])
            .args(["--positional-superko", "--seed", &seed.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("GNU Go did not start");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        GnuGo {
            child,
            input,
            output,
        }
    }

    /// Sends one command; the result text on success, the message on failure.
    fn ask(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut response = String::new();
        loop {
            let mut next = String::new();
            assert!(
                self.output.read_line(&mut next).unwrap() > 0,
                "GNU Go closed"
            );
            if next == "\n" && !response.is_empty() {
                break;
            }
            response.push_str(&next);
        }
        let body = response.trim_end().to_string();
        match body.strip_prefix('=') {
            Some(result) => Ok(result.trim().to_string()),
            None => Err(body.trim_start_matches('?').trim().to_string()),
        }
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = self.ask("quit");
        let _ = self.child.wait();
    }
}

/// One side of a game.
enum Engine {
    GnuGo(GnuGo),
    Gamebot(Client),
}

impl Engine {
    fn name(&self) -> &'static str {
        match self {
            Engine::GnuGo(_) => "GNU Go",
            Engine::Gamebot(_) => "gamebot",
        }
    }

    async fn ask(&mut self, line: &str) -> Result<String, String> {
        match self {
            Engine::GnuGo(gnugo) => gnugo.ask(line),
            Engine::Gamebot(client) => {
                let response = client.ask(line).await;
                let body = response.trim_end().to_string();
                match body.strip_prefix("= ") {
                    Some(result) => Ok(result.to_string()),
                    None if body == "=" => Ok(String::new()),
                    None => Err(body),
                }
            }
        }
    }

    async fn ok(&mut self, line: &str) -> String {
        let name = self.name();
        self.ask(line)
            .await
            .unwrap_or_else(|e| panic!("{name} refused {line:?}: {e}"))
    }

    /// Every stone on the board as the engine sees it.
    async fn stones(&mut self) -> BTreeSet<String> {
        let text = match self {
            Engine::GnuGo(_) => {
                let black = self.ok("list_stones black").await;
                let white = self.ok("list_stones white").await;
                format!("{black} {white}")
            }
            // Every stone is either alive or dead in gamebot's judgement.
            Engine::Gamebot(_) => {
                let alive = self.ok("final_status_list alive").await;
                let dead = self.ok("final_status_list dead").await;
                format!("{alive} {dead}")
            }
        };
        text.split_whitespace().map(str::to_uppercase).collect()
    }
}

/// Plays a game to two consecutive passes; returns the moves, in order.
async fn play_game(engines: &mut [Engine; 2]) -> Vec<String> {
    for engine in engines.iter_mut() {
        engine.ok("boardsize 9").await;
        engine.ok("clear_board").await;
        engine.ok("komi 7").await;
    }
    let mut moves: Vec<String> = Vec::new();
    let mut passes = 0;
    while passes < 2 {
        assert!(
            moves.len() < MOVE_CAP,
            "no end after {MOVE_CAP} moves: {moves:?}"
        );
        let turn = moves.len() % 2;
        let colour = ["black", "white"][turn];
        let (first, second) = engines.split_at_mut(1);
        let (mover, other) = if turn == 0 {
            (&mut first[0], &mut second[0])
        } else {
            (&mut second[0], &mut first[0])
        };
        let chosen = mover.ok(&format!("genmove {colour}")).await;
        if chosen.eq_ignore_ascii_case("resign") {
            // A resignation ends the game; nothing was played.
            moves.push(chosen);
            break;
        }
        let relay = format!("play {colour} {chosen}");
        if let Err(e) = other.ask(&relay).await {
            panic!(
                "{} refused {}'s {relay:?}: {e}; game: {moves:?}",
                other.name(),
                mover.name()
            );
        }
        passes = if chosen.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        moves.push(chosen);
    }
    let [a, b] = engines;
    assert_eq!(
        a.stones().await,
        b.stones().await,
        "the engines see different boards"
    );
    moves
}

#[test]
fn gamebot_finishes_games_against_gnugo_with_either_colour() {
    bounded(async {
        let Some(program) = gnugo_path() else {
            return;
        };
        let server = common::TestServer::start().await;
        for seed in [1, 2] {
            let gamebot = Engine::Gamebot(server.connect().await);
            let gnugo = Engine::GnuGo(GnuGo::start(&program, seed));
            let mut engines = if seed % 2 == 1 {
                [gamebot, gnugo]
            } else {
                [gnugo, gamebot]
            };
            let moves = play_game(&mut engines).await;
            let score = engines[0].ok("final_score").await;
            println!(
                "game {seed}: {} moves, {} says {score}",
                moves.len(),
                engines[0].name()
            );
        }
        server.shutdown().await;
    })
}

#[test]
fn gamebot_finishes_games_against_itself() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut engines = [
            Engine::Gamebot(server.connect().await),
            Engine::Gamebot(server.connect().await),
        ];
        let moves = play_game(&mut engines).await;
        assert_eq!(
            engines[0].ok("final_score").await,
            engines[1].ok("final_score").await
        );
        println!("self-play: {} moves", moves.len());
        server.shutdown().await;
    })
}

/// What `decide` is told is missing in the tests below.
const MISSING: &str = "gnugo is not installed (apt-get install gnugo)";

#[test]
fn a_missing_program_outside_ci_skips_with_a_notice() {
    let _bound = bound();
    for ci in [None, Some(""), Some("false"), Some("0")] {
        assert_eq!(
            decide(None, ci, MISSING),
            Decision::Skip(format!("skipped: {MISSING}; under CI=true this fails")),
            "CI={ci:?}"
        );
    }
}

#[test]
#[should_panic(expected = "gnugo is not installed (apt-get install gnugo); CI=true requires it")]
fn a_missing_program_under_ci_fails_the_test() {
    let _bound = bound();
    let decision = decide(None, Some("true"), MISSING);
    assert!(matches!(decision, Decision::Fail(_)), "{decision:?}");
    carry_out(decision);
}

#[test]
fn a_found_program_runs_in_and_out_of_ci() {
    let _bound = bound();
    let program = PathBuf::from("/usr/games/gnugo");
    for ci in [None, Some("true"), Some("TRUE"), Some("1"), Some("false")] {
        assert_eq!(
            decide(Some(program.clone()), ci, MISSING),
            Decision::Run(program.clone()),
            "CI={ci:?}"
        );
    }
    assert_eq!(carry_out(Decision::Run(program.clone())), Some(program));
}

#[test]
fn ci_is_true_or_1() {
    let _bound = bound();
    assert!(is_ci(Some("true")) && is_ci(Some("True")) && is_ci(Some("1")));
    assert!(!is_ci(None) && !is_ci(Some("")) && !is_ci(Some("false")) && !is_ci(Some("0")));
}

#[test]
fn programs_are_looked_for_on_the_path_then_in_the_extra_directories() {
    let _bound = bound();
    let here = env!("CARGO_MANIFEST_DIR");
    let manifest = Path::new(here).join("Cargo.toml");
    let path = std::env::join_paths(["/nonexistent", here]).unwrap();
    assert_eq!(locate("Cargo.toml", &path, &[]), Some(manifest.clone()));
    assert_eq!(
        locate("Cargo.toml", OsStr::new(""), &[here]),
        Some(manifest)
    );
    assert_eq!(locate("Cargo.toml", OsStr::new("/nonexistent"), &[]), None);
    assert_eq!(
        locate("Cargo.toml", OsStr::new(""), &[]),
        None,
        "not the current dir"
    );
    assert_eq!(
        locate("src", OsStr::new(here), &[]),
        None,
        "a directory is no program"
    );
}
