//! Engines for the arena tests: misbehaving ones as small shell scripts (answer an
//! illegal move, answer `?`, sleep, exit; optionally only until they have misbehaved
//! once, after which a restart gets a real gamebot), a random quantum tic-tac-toe
//! player served over TCP from the test itself, and the arena run as a process.

use gamebot::qttt::gtp::notation::{parse_token, token_text};
use gamebot::qttt::{legal_tokens, Game};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The gamebot binary under test.
pub const GAMEBOT: &str = env!("CARGO_BIN_EXE_gamebot");

/// The longest an arena run in these tests may take before the test fails.
const ARENA_PATIENCE: Duration = Duration::from_secs(120);

/// `cmd:` spec of a gamebot session over stdio with `args`.
pub fn gamebot(args: &str) -> String {
    format!("cmd:{GAMEBOT} stdio {args}")
}

/// How a scripted engine answers a move request.
#[derive(Debug, Clone, Copy)]
pub enum Misdeed {
    /// Answers this move text (`Z99`, `999 999`).
    Answer(&'static str),
    /// Answers `? no move`.
    Refuse,
    /// Never answers.
    Sleep,
    /// Exits.
    Exit,
}

/// Writes a shell-script engine to `dir/name` and returns its `cmd:` spec. It answers
/// every command with `=` and misbehaves at the first move request. With `once`, it
/// leaves a mark when it misbehaves, and a later start finding the mark runs a real
/// gamebot (with `once`'s arguments) instead: so a restarted engine plays properly.
pub fn script(dir: &Path, name: &str, misdeed: Misdeed, once: Option<&str>) -> String {
    let mark = dir.join(format!("{name}.misbehaved"));
    let act = match misdeed {
        Misdeed::Answer(text) => format!("printf '= {text}\\n\\n'"),
        Misdeed::Refuse => "printf '? no move\\n\\n'".to_string(),
        Misdeed::Sleep => "exec sleep 60".to_string(),
        Misdeed::Exit => "exit 0".to_string(),
    };
    let (recover, leave_mark) = match once {
        Some(args) => (
            format!(
                "[ -e '{}' ] && exec '{GAMEBOT}' stdio {args}\n",
                mark.display()
            ),
            format!("touch '{}'; ", mark.display()),
        ),
        None => (String::new(), String::new()),
    };
    let text = format!(
        "#!/bin/sh\n{recover}while read -r line; do\n  case \"$line\" in\n    \
         *genmove*) {leave_mark}{act} ;;\n    \
         quit*) printf '=\\n\\n'; exit 0 ;;\n    \
         *) printf '=\\n\\n' ;;\n  esac\ndone\n"
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("cmd:sh {}", path.display())
}

/// Runs `gamebot arena` with `args`, failing the test if it takes too long.
pub fn arena(args: &[&str]) -> Output {
    let mut child = Command::new(GAMEBOT)
        .arg("arena")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > ARENA_PATIENCE {
            child.kill().unwrap();
            panic!("gamebot arena {args:?} took over {ARENA_PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "gamebot arena {args:?}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The games of `dir/games.jsonl`, in game order.
pub fn games(dir: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let mut games: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    games.sort_by_key(|game| game["game"].as_u64().unwrap());
    games
}

/// `dir/summary.json`.
pub fn summary(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap()
}

/// A game's field as text.
pub fn text<'a>(game: &'a Value, field: &str) -> &'a str {
    game[field]
        .as_str()
        .unwrap_or_else(|| panic!("{field} in {game}"))
}

/// A quantum tic-tac-toe player that picks uniformly among the legal actions, served
/// one session per connection on a free loopback port for as long as the test runs.
pub struct RandomQttt {
    /// Where it listens.
    pub address: SocketAddr,
    connections: Arc<AtomicUsize>,
}

impl RandomQttt {
    /// Starts serving, with random choices from `seed`.
    pub fn start(seed: u64) -> RandomQttt {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let connections = Arc::new(AtomicUsize::new(0));
        let counted = connections.clone();
        std::thread::spawn(move || {
            for (index, stream) in listener.incoming().enumerate() {
                let stream = stream.unwrap();
                counted.fetch_add(1, Ordering::SeqCst);
                let seed = (seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1;
                std::thread::spawn(move || random_session(stream, seed));
            }
        });
        RandomQttt {
            address,
            connections,
        }
    }

    /// How many connections it has accepted.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

/// One session of the random player.
fn random_session(stream: TcpStream, mut state: u64) {
    let mut writer = stream.try_clone().unwrap();
    let mut game = Game::new();
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { return };
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.first().copied() {
            Some("qttt-new") => {
                game = Game::new();
                Ok(String::new())
            }
            Some("qttt-play") => {
                let tokens: Vec<_> = words[1..].iter().map(|w| parse_token(w).unwrap()).collect();
                game.play(&tokens)
                    .map(|()| String::new())
                    .map_err(|e| format!("{e:?}"))
            }
            Some("qttt-genmove") => {
                let legal = legal_tokens(game.position());
                // xorshift64: enough randomness for a random opponent.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let token = legal[(state % legal.len() as u64) as usize];
                game.play_token(token).unwrap();
                Ok(token_text(token))
            }
            Some("protocol_version") => Ok("2".to_string()),
            Some("quit") => {
                let _ = writer.write_all(b"=\n\n");
                return;
            }
            _ => Err("unknown command".to_string()),
        };
        let reply = match answer {
            Ok(text) => format!("= {text}\n\n"),
            Err(message) => format!("? {message}\n\n"),
        };
        if writer.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

/// A `gamebot serve` process on a free loopback port, stopped when dropped. Its
/// sessions share one QTTT engine, so the game is solved once for all of them.
pub struct Server {
    child: std::process::Child,
    /// `tcp:HOST:PORT`, the arena's spec for it.
    pub spec: String,
}

impl Server {
    /// Starts the server and reads the address it announces.
    pub fn start() -> Server {
        let mut child = Command::new(GAMEBOT)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("{line}"));
        Server {
            spec: format!("tcp:{address}"),
            child,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes a shell-script Go referee to `dir/name` and returns its `cmd:` spec: it
/// accepts every command and answers `final_score` with `score` (`= W+99`, `? no`).
pub fn referee_script(dir: &Path, name: &str, score: &str) -> String {
    let text = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    \
         final_score*) printf '{score}\\n\\n' ;;\n    \
         quit*) printf '=\\n\\n'; exit 0 ;;\n    \
         *) printf '=\\n\\n' ;;\n  esac\ndone\n"
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("cmd:sh {}", path.display())
}
