//! What the load benches share: starting the real server, a GTP client over TCP, the
//! `name` probe and the report of a latency sample.

// Each bench compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader as AsyncBufReader};
use tokio::net::TcpStream;

/// Prints the median, 99th percentile and worst of `samples` (nothing when empty).
pub fn report(what: &str, mut samples: Vec<Duration>) {
    if samples.is_empty() {
        return;
    }
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

/// Starts `gamebot serve --listen 127.0.0.1:0` with `options` (logging only warnings);
/// returns it and the address it announced.
pub fn start_server(options: &[&str]) -> (Child, SocketAddr) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(options)
        .env("RUST_LOG", "warn")
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

/// Sends `name` every `every` until `done`; returns the round trips.
pub async fn probe(addr: SocketAddr, done: Arc<AtomicBool>, every: Duration) -> Vec<Duration> {
    let mut client = Client::connect(addr).await;
    let mut took = Vec::new();
    while !done.load(Ordering::Relaxed) || took.is_empty() {
        let start = Instant::now();
        let answer = client.ask("name").await;
        took.push(start.elapsed());
        assert_eq!(answer, "= gamebot\n\n");
        tokio::time::sleep(every).await;
    }
    took
}

/// A GTP client over TCP.
pub struct Client {
    reader: AsyncBufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
}

impl Client {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (reader, writer) = TcpStream::connect(addr)
            .await
            .expect("connect")
            .into_split();
        Client {
            reader: AsyncBufReader::new(reader),
            writer,
        }
    }

    /// Sends `line` and reads the whole answer; `None` when the connection fails.
    pub async fn try_ask(&mut self, line: &str) -> Option<String> {
        self.writer
            .write_all(format!("{line}\n").as_bytes())
            .await
            .ok()?;
        let mut answer = String::new();
        loop {
            let mut text = String::new();
            if self.reader.read_line(&mut text).await.ok()? == 0 {
                return None;
            }
            answer.push_str(&text);
            if text == "\n" {
                return Some(answer);
            }
        }
    }

    /// Sends `line` and reads the whole answer.
    pub async fn ask(&mut self, line: &str) -> String {
        self.try_ask(line).await.expect("an answer")
    }
}
