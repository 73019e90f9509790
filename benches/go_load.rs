//! Cost under load (a bench binary): while many sessions run `genmove` at once, how late
//! do their moves come back, and how fast does `name` answer on another connection?
//!
//! Starts the real server (`gamebot serve`, every core searching, `--go-move-time 0.2`),
//! connects 100 sessions that each play 10 `genmove`s on 9x9 as fast as the answers come,
//! and meanwhile sends `name` every 10 ms on one more connection. Prints the median,
//! 99th percentile and worst of each: for `genmove`, the time past its 0.2 s budget.
//!
//! Run: `cargo bench --bench go_load` (about 30 s). Under `cargo test` it runs a tiny
//! version, to check that it works.

#![forbid(unsafe_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader as AsyncBufReader};
use tokio::net::TcpStream;

/// Each genmove's budget.
const MOVE_TIME: Duration = Duration::from_millis(200);

fn main() {
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (sessions, moves) = if measuring { (100, 10) } else { (4, 2) };
    let (mut server, addr) = start_server();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (mut genmoves, mut names) = runtime.block_on(load(addr, sessions, moves));
    let _ = server.kill();
    let _ = server.wait();
    let late: Vec<Duration> = genmoves
        .iter_mut()
        .map(|took| took.saturating_sub(MOVE_TIME))
        .collect();
    println!(
        "{sessions} sessions x {moves} genmoves at {MOVE_TIME:?} on 9x9, `name` every 10 ms on another connection"
    );
    report("genmove past its budget", late);
    report("name round trip", std::mem::take(&mut names));
}

/// Prints the median, 99th percentile and worst of `samples`.
fn report(what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |fraction: f64| samples[((samples.len() - 1) as f64 * fraction).round() as usize];
    println!(
        "{what:>26}: median {:>8.2?}  p99 {:>8.2?}  worst {:>8.2?}  ({} samples)",
        at(0.5),
        at(0.99),
        samples[samples.len() - 1],
        samples.len()
    );
}

/// Starts `gamebot serve` on a free port; returns it and its address.
fn start_server() -> (Child, SocketAddr) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--go-move-time",
            "0.2",
            "--max-connections",
            "1000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gamebot serve");
    let mut line = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .expect("listening on ADDR")
        .parse()
        .expect("an address");
    (server, addr)
}

/// Runs the sessions and the `name` probe; returns every genmove's and every name's
/// round trip.
async fn load(addr: SocketAddr, sessions: usize, moves: usize) -> (Vec<Duration>, Vec<Duration>) {
    let players: Vec<_> = (0..sessions)
        .map(|_| tokio::spawn(play(addr, moves)))
        .collect();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = tokio::spawn(probe(addr, done.clone()));
    let mut genmoves = Vec::new();
    for player in players {
        genmoves.extend(player.await.expect("a session"));
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    (genmoves, probe.await.expect("the probe"))
}

/// One session: a 9x9 game of `moves` genmoves, alternating colours.
async fn play(addr: SocketAddr, moves: usize) -> Vec<Duration> {
    let mut client = Client::connect(addr).await;
    client.ask("boardsize 9").await;
    client.ask("komi 7").await;
    let mut took = Vec::new();
    for index in 0..moves {
        let colour = if index % 2 == 0 { "b" } else { "w" };
        let start = Instant::now();
        let answer = client.ask(&format!("genmove {colour}")).await;
        took.push(start.elapsed());
        assert!(answer.starts_with('='), "{answer}");
    }
    took
}

/// Sends `name` every 10 ms until `done`; returns the round trips.
async fn probe(
    addr: SocketAddr,
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Vec<Duration> {
    let mut client = Client::connect(addr).await;
    let mut took = Vec::new();
    while !done.load(std::sync::atomic::Ordering::Relaxed) || took.is_empty() {
        let start = Instant::now();
        let answer = client.ask("name").await;
        took.push(start.elapsed());
        assert_eq!(answer, "= gamebot\n\n");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    took
}

/// A GTP client over TCP.
struct Client {
    reader: AsyncBufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let (reader, writer) = TcpStream::connect(addr)
            .await
            .expect("connect")
            .into_split();
        Client {
            reader: AsyncBufReader::new(reader),
            writer,
        }
    }

    /// Sends `line` and reads the whole answer.
    async fn ask(&mut self, line: &str) -> String {
        self.writer
            .write_all(format!("{line}\n").as_bytes())
            .await
            .expect("send");
        let mut answer = String::new();
        loop {
            let mut text = String::new();
            let read = self.reader.read_line(&mut text).await.expect("read");
            assert!(read > 0, "the server closed");
            answer.push_str(&text);
            if text == "\n" {
                return answer;
            }
        }
    }
}
