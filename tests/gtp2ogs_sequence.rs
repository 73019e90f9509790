//! What gtp2ogs, online-go.com's bridge for GTP engines, sends an engine, replayed against
//! the real `gamebot stdio`, each answer read the way gtp2ogs reads it.
//!
//! gtp2ogs needs an online-go.com bot account and the network, so it cannot run here;
//! its engine-driving code was read instead (v9.0.1, commit acb369e of
//! <https://github.com/online-go/gtp2ogs>: `src/Bot.ts`, and `src/Game.ts` for when it
//! calls what). Restated in our own words, it:
//!
//! - writes each command without an id, ended by CR LF;
//! - buffers stdout until it ends with a blank line, cuts it at blank lines, and takes a
//!   piece starting with `=` as a success (its text: the rest, trimmed), one starting
//!   with `?` as a failure (which marks the bot failed), and anything else as
//!   "unexpected output" (also a failure);
//! - first sends `list_commands`, and later silently skips (as if answered `=`) every
//!   command whose name was not listed, the required GTP ones apart;
//! - on loading a game: `kata-list_time_settings` when listed (Fischer goes through
//!   KataGo's command only if the answer contains `fischer-capped`), then `boardsize N`
//!   (`boardsize W H` for a rectangle), `clear_board`, `komi K`, `play black|white V` for
//!   set-up stones and for every move (lower-case vertices, `pass`), handicap stones as
//!   `set_free_handicap V...` when it replays a free-placement handicap;
//! - before every `genmove black|white` or `place_free_handicap N`: the clock, sent
//!   without waiting for the answers: with Fischer `kata-time_settings fischer-capped
//!   MAIN INCREMENT MAX -1`; with byo-yomi `kgs-time_settings byoyomi MAIN PERIOD
//!   PERIODS`; Canadian `kgs-time_settings canadian MAIN PERIOD STONES`; simple
//!   `time_settings 0 PER_MOVE 1`; absolute `time_settings TOTAL 0 0`; each followed by
//!   `time_left black T N` and `time_left white T N` (whole seconds);
//! - reads the move answer lower-cased, split at spaces: `resign`, `pass`, or a letter
//!   of `abcdefghjkl...` and a row counted from the bottom;
//! - at the end of a game `final_score` (with `farewellscore`), then `quit`, killing the
//!   engine if it is still there after the grace period (5 s by default).
//!
//! A persistent bot (gtp2ogs's default manager) keeps one process for the game; a pooled
//! one gets the whole game replayed before each move. Both are here.

mod common;
use common::bound;

use std::collections::HashSet;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);

/// The columns gtp2ogs knows, in its order (no `i`).
const COLUMNS: &str = "abcdefghjklmnopqrstuvwxyz";

/// A move as gtp2ogs reads an answer to `genmove`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Move {
    Resign,
    Pass,
    /// Column from the left and row from the top, as gtp2ogs keeps them.
    At(usize, usize),
}

/// gtp2ogs's reading of a move answer (`getMoves`): lower-cased, split at spaces.
fn read_moves(answer: &str, width: usize, height: usize) -> Vec<Move> {
    answer
        .to_lowercase()
        .split(' ')
        .filter(|word| !word.is_empty())
        .map(|word| match word {
            "resign" => Move::Resign,
            "pass" => Move::Pass,
            _ => {
                let x = COLUMNS
                    .find(&word[..1])
                    .unwrap_or_else(|| panic!("gtp2ogs cannot read the column of {word:?}"));
                let row: usize = word[1..]
                    .parse()
                    .unwrap_or_else(|_| panic!("gtp2ogs cannot read the row of {word:?}"));
                assert!(
                    x < width && (1..=height).contains(&row),
                    "{word} is off the board"
                );
                Move::At(x, height - row)
            }
        })
        .collect()
}

/// gtp2ogs's way of writing a move (`move2gtpvertex`): lower case, `pass`.
fn vertex(mv: Move, height: usize) -> String {
    match mv {
        Move::At(x, y) => format!("{}{}", &COLUMNS[x..x + 1], height - y),
        Move::Pass => "pass".to_owned(),
        Move::Resign => panic!("a resignation is not sent to the engine"),
    }
}

/// `gamebot stdio` driven as gtp2ogs drives an engine.
struct Bot {
    child: Child,
    stdin: ChildStdin,
    pieces: mpsc::Receiver<String>,
    listed: HashSet<String>,
}

impl Bot {
    /// Starts the engine and sends `list_commands`, as gtp2ogs does at once.
    fn start() -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamebot"))
            .args(["stdio", "--go-playouts", "50", "--seed", "3"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start gamebot");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut bot = Bot {
            child,
            stdin,
            pieces: read_as_gtp2ogs(stdout),
            listed: HashSet::new(),
        };
        let commands = bot.ok("list_commands");
        // Every line of the answer names a command (the first had its `=` cut).
        bot.listed = commands
            .split(['\r', '\n'])
            .filter(|line| !line.is_empty())
            .map(|line| line.trim_start_matches('=').trim().to_owned())
            .collect();
        bot
    }

    /// Writes a command as gtp2ogs does, without waiting for its answer. gtp2ogs drops a
    /// command the engine did not list: here that fails the test, since the command
    /// would never reach gamebot.
    fn send(&mut self, command: &str) {
        let name = command.split_whitespace().next().unwrap();
        assert!(
            self.listed.is_empty() || self.listed.contains(name),
            "gamebot does not list {name}: gtp2ogs would not send {command:?}"
        );
        write!(self.stdin, "{command}\r\n").expect("gamebot reads its input");
        self.stdin.flush().unwrap();
    }

    /// The next answer as gtp2ogs classifies it: `Ok(text)` for `=`, `Err(text)` for `?`.
    fn answer(&mut self) -> Result<String, String> {
        let piece = self
            .pieces
            .recv_timeout(PATIENCE)
            .expect("an answer from gamebot in time");
        if let Some(text) = piece.strip_prefix('=') {
            Ok(text.trim().to_owned())
        } else if let Some(text) = piece.trim().strip_prefix('?') {
            Err(text.trim().to_owned())
        } else {
            panic!("gtp2ogs would log \"Unexpected output\" and fail the bot: {piece:?}")
        }
    }

    /// Sends a command and insists on success.
    fn ok(&mut self, command: &str) -> String {
        self.send(command);
        self.answer()
            .unwrap_or_else(|error| panic!("{command:?} failed: ?{error}"))
    }

    /// The clock commands gtp2ogs sends, unanswered yet, before a move; then the move
    /// command; then every answer, the clock's first. Returns the move answer.
    fn clock_then(&mut self, clock: &[String], command: &str) -> String {
        for line in clock {
            self.send(line);
        }
        self.send(command);
        for line in clock {
            self.answer()
                .unwrap_or_else(|error| panic!("{line:?} failed: ?{error}"));
        }
        self.answer()
            .unwrap_or_else(|error| panic!("{command:?} failed: ?{error}"))
    }

    /// gtp2ogs's `kill`: `quit`, then a grace period before it kills the process.
    fn quit(mut self) {
        self.send("quit");
        assert_eq!(self.answer(), Ok(String::new()));
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "gamebot exited with {status}");
                return;
            }
            assert!(
                Instant::now() < deadline,
                "gamebot still runs 5 s after quit: gtp2ogs would kill it"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads the engine's stdout as gtp2ogs does: it keeps what came until the whole
/// buffer ends with a blank line (`\n\n` or `\r\n\r\n`), then cuts it at blank lines
/// and hands on every piece that is not blank.
fn read_as_gtp2ogs(mut from: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut buffer = String::new();
        let mut bytes = [0u8; 4096];
        loop {
            let count = match from.read(&mut bytes) {
                Ok(0) | Err(_) => return,
                Ok(count) => count,
            };
            buffer.push_str(&String::from_utf8_lossy(&bytes[..count]));
            let ended = buffer.ends_with("\n\n") || buffer.ends_with("\n\r\n");
            if !ended {
                continue;
            }
            let whole = std::mem::take(&mut buffer).replace("\r\n", "\n");
            for piece in whole.split("\n\n") {
                if !piece.trim().is_empty() && sender.send(piece.to_owned()).is_err() {
                    return;
                }
            }
        }
    });
    receiver
}

/// A Fischer clock as online-go.com keeps it, in whole seconds.
struct Fischer {
    initial: u64,
    increment: u64,
    max: u64,
    left: [f64; 2],
}

impl Fischer {
    fn new(initial: u64, increment: u64, max: u64) -> Fischer {
        Fischer {
            initial,
            increment,
            max,
            left: [initial as f64; 2],
        }
    }

    /// What gtp2ogs sends before a move when the engine has `fischer-capped`.
    fn commands(&self) -> Vec<String> {
        vec![
            format!(
                "kata-time_settings fischer-capped {} {} {} -1",
                self.initial, self.increment, self.max
            ),
            format!("time_left black {} 0", self.left[0].max(0.0).floor()),
            format!("time_left white {} 0", self.left[1].max(0.0).floor()),
        ]
    }

    /// A player used `spent` seconds on a move.
    fn spend(&mut self, player: usize, spent: f64) {
        let left = self.left[player] - spent + self.increment as f64;
        self.left[player] = left.min(self.max as f64);
    }
}

/// The opponent online: another gamebot, driven plainly, whose moves gtp2ogs relays.
struct Opponent(Bot);

impl Opponent {
    fn new(size: usize, komi: &str) -> Opponent {
        let mut bot = Bot::start();
        bot.ok(&format!("boardsize {size}"));
        bot.ok(&format!("komi {komi}"));
        Opponent(bot)
    }

    fn heard(&mut self, color: &str, at: &str) {
        self.0.ok(&format!("play {color} {at}"));
    }

    fn genmove(&mut self, color: &str, size: usize) -> Move {
        let answer = self.0.ok(&format!("genmove {color}"));
        read_moves(&answer, size, size)[0]
    }
}

#[test]
fn a_persistent_bot_plays_a_fischer_game_on_9x9_as_gtp2ogs_drives_it() {
    let _bound = bound();
    let size = 9;
    let komi = "6.5";
    let mut bot = Bot::start();
    for command in [
        "kata-list_time_settings",
        "kata-time_settings",
        "kgs-time_settings",
        "time_settings",
        "time_left",
        "final_score",
        "showboard",
        "place_free_handicap",
        "set_free_handicap",
    ] {
        assert!(bot.listed.contains(command), "gamebot lists {command}");
    }
    let mut opponent = Opponent::new(size, komi);
    let mut clock = Fischer::new(120, 10, 300);
    let mut record: Vec<Move> = Vec::new();
    let mut sent = 0; // moves the persistent bot has been told of
    let mut first_load = true;
    let mut resigned = false;
    // gamebot plays black; up to 12 moves each keeps the test short.
    for _ in 0..12 {
        // loadState: the time systems first, every time a move is asked for.
        let systems = bot.ok("kata-list_time_settings");
        assert!(
            systems.contains("fischer-capped"),
            "gtp2ogs would fake Fischer time: {systems:?}"
        );
        if first_load {
            bot.ok(&format!("boardsize {size}"));
            bot.ok("clear_board");
            bot.ok(&format!("komi {komi}"));
            first_load = false;
        }
        // The moves the bot has not been told of (the opponent's, while released).
        for (index, mv) in record.iter().enumerate().skip(sent) {
            let color = if index % 2 == 0 { "black" } else { "white" };
            bot.ok(&format!("play {color} {}", vertex(*mv, size)));
        }
        sent = record.len();
        let started = Instant::now();
        let answer = bot.clock_then(&clock.commands(), "genmove black");
        clock.spend(0, started.elapsed().as_secs_f64());
        let moves = read_moves(&answer, size, size);
        assert_eq!(moves.len(), 1, "{answer:?}");
        let mv = moves[0];
        if mv == Move::Resign {
            resigned = true;
            break;
        }
        record.push(mv);
        sent += 1; // genmove played it on the bot's board
        opponent.heard("black", &vertex(mv, size));
        let reply = opponent.genmove("white", size);
        if reply == Move::Resign {
            break;
        }
        record.push(reply);
        clock.spend(1, 1.0);
        if record.len() >= 2 && record[record.len() - 2..] == [Move::Pass, Move::Pass] {
            break;
        }
    }
    assert!(record.len() >= 2 || resigned, "{record:?}");
    // The last move of the opponent reaches the bot before the end of the game.
    for (index, mv) in record.iter().enumerate().skip(sent) {
        let color = if index % 2 == 0 { "black" } else { "white" };
        bot.ok(&format!("play {color} {}", vertex(*mv, size)));
    }
    // farewellscore: gtp2ogs shows the engine's count in the chat.
    let score = bot.ok("final_score");
    let readable = score == "0"
        || ((score.starts_with("B+") || score.starts_with("W+"))
            && score[2..].parse::<f64>().is_ok());
    assert!(readable, "final_score answered {score:?}");
    eprintln!(
        "{} moves, black resigned: {resigned}, final_score {score}",
        record.len()
    );
    opponent.0.quit();
    bot.quit();
}

#[test]
fn a_pooled_bot_gets_the_game_replayed_before_each_move() {
    let _bound = bound();
    let size = 9;
    let moves = ["e5", "c3", "g7", "c7", "g3", "pass"];
    let clock = Fischer::new(300, 5, 600);
    // A fresh engine for each move, as a pool may give: the whole game again.
    for upto in [0, 3, moves.len()] {
        let mut bot = Bot::start();
        let systems = bot.ok("kata-list_time_settings");
        assert!(systems.contains("fischer-capped"), "{systems:?}");
        bot.ok(&format!("boardsize {size}"));
        bot.ok("clear_board");
        bot.ok("komi 7");
        for (index, at) in moves[..upto].iter().enumerate() {
            let color = if index % 2 == 0 { "black" } else { "white" };
            bot.ok(&format!("play {color} {at}"));
        }
        let color = if upto % 2 == 0 { "black" } else { "white" };
        let answer = bot.clock_then(&clock.commands(), &format!("genmove {color}"));
        let read = read_moves(&answer, size, size);
        assert_eq!(read.len(), 1, "{answer:?}");
        if let Move::At(..) = read[0] {
            let at = vertex(read[0], size);
            assert!(!moves[..upto].contains(&at.as_str()), "{at} is taken");
        }
        bot.quit();
    }
}

#[test]
fn free_handicap_both_ways_as_gtp2ogs_sends_it() {
    let _bound = bound();
    let size = 9;
    let clock = Fischer::new(60, 5, 120);
    // gamebot as Black places its own stones: `place_free_handicap N` after the clock,
    // read like a move answer; gtp2ogs resigns unless it gets N stones and no pass.
    let mut bot = Bot::start();
    bot.ok("kata-list_time_settings");
    bot.ok(&format!("boardsize {size}"));
    bot.ok("clear_board");
    bot.ok("komi 0.5");
    let answer = bot.clock_then(&clock.commands(), "place_free_handicap 3");
    let stones = read_moves(&answer, size, size);
    assert_eq!(stones.len(), 3, "{answer:?}");
    let distinct: HashSet<Move> = stones.iter().copied().collect();
    assert_eq!(distinct.len(), 3, "{answer:?}");
    assert!(
        stones.iter().all(|mv| matches!(mv, Move::At(..))),
        "{answer:?}"
    );
    // Then White's first move comes as a `play`, and gamebot answers with a move.
    bot.ok("play white e5");
    let answer = bot.clock_then(&clock.commands(), "genmove black");
    assert_eq!(read_moves(&answer, size, size).len(), 1);
    bot.quit();

    // gamebot as White, replaying a free-handicap game: the stones in one
    // `set_free_handicap`, then the moves with White to play first.
    let mut bot = Bot::start();
    bot.ok("kata-list_time_settings");
    bot.ok(&format!("boardsize {size}"));
    bot.ok("clear_board");
    bot.ok("komi 0.5");
    bot.ok("set_free_handicap c3 g7");
    bot.ok("play white e5");
    bot.ok("play black c7");
    let answer = bot.clock_then(&clock.commands(), "genmove white");
    let read = read_moves(&answer, size, size);
    assert_eq!(read.len(), 1, "{answer:?}");
    if let Move::At(..) = read[0] {
        let at = vertex(read[0], size);
        assert!(!["c3", "g7", "e5", "c7"].contains(&at.as_str()), "{at}");
    }
    bot.quit();
}

#[test]
fn every_clock_gtp2ogs_sets_is_taken() {
    let _bound = bound();
    let size = 9;
    // gamebot lists kgs-time_settings, so byo-yomi and Canadian go through it; simple and
    // absolute time through plain time_settings. Main time, then overtime.
    let clocks: [&[&str]; 8] = [
        &[
            "kgs-time_settings byoyomi 600 30 5",
            "time_left black 590 0",
            "time_left white 600 0",
        ],
        &[
            "kgs-time_settings byoyomi 600 30 5",
            "time_left black 25 3",
            "time_left white 30 5",
        ],
        &[
            "kgs-time_settings canadian 600 300 10",
            "time_left black 590 0",
            "time_left white 600 0",
        ],
        &[
            "kgs-time_settings canadian 600 300 10",
            "time_left black 280 7",
            "time_left white 300 10",
        ],
        &[
            "time_settings 0 30 1",
            "time_left black 29 1",
            "time_left white 30 1",
        ],
        &[
            "time_settings 900 0 0",
            "time_left black 890 0",
            "time_left white 900 0",
        ],
        &[
            "kata-time_settings fischer-capped 120 10 300 -1",
            "time_left black 118 0",
            "time_left white 120 0",
        ],
        &[
            "kata-time_settings fischer-capped 120 10 300 -1",
            "time_left black 3 0",
            "time_left white 250 0",
        ],
    ];
    let mut bot = Bot::start();
    bot.ok(&format!("boardsize {size}"));
    bot.ok("clear_board");
    bot.ok("komi 6.5");
    for (index, clock) in clocks.iter().enumerate() {
        let clock: Vec<String> = clock.iter().map(|line| line.to_string()).collect();
        let color = if index % 2 == 0 { "black" } else { "white" };
        let answer = bot.clock_then(&clock, &format!("genmove {color}"));
        assert_eq!(read_moves(&answer, size, size).len(), 1, "{answer:?}");
    }
    bot.quit();
}

#[test]
fn a_rectangular_game_is_refused_clearly() {
    let _bound = bound();
    // gtp2ogs sends `boardsize W H` for a rectangle; gamebot plays square boards only and
    // says so, which gtp2ogs logs before failing the game. gtp2ogs's default
    // allowed_board_sizes (9, 13, 19) never accepts such a challenge.
    let mut bot = Bot::start();
    bot.send("boardsize 9 13");
    let refusal = bot.answer().expect_err("a rectangle is refused");
    assert!(refusal.starts_with("unacceptable size"), "{refusal}");
    bot.quit();
}
