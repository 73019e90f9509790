//! Pipelined `protocol_version` round trips per second on loopback: gamebot's server
//! against a bare tokio line server that answers every line with `= 2\n\n`, same client,
//! same run.
//!
//! Run with `cargo bench --bench throughput`. Prints, for batches of 1, 10 and 100
//! commands and for 1 and 4 connections, the median commands per second of each server
//! over several rounds, and their ratio.

#![forbid(unsafe_code)]

use gamebot::server::{serve, ServerConfig, SessionLimits};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The bare server's only answer, and gamebot's answer to `protocol_version`.
const REPLY: &[u8] = b"= 2\n\n";
/// The command every client sends.
const REQUEST: &str = "protocol_version\n";
/// Commands sent in one write before reading their answers, and commands per run for
/// each: one at a time (a GUI), a few (a script), many (a bulk client).
const WORKLOADS: [(usize, usize); 3] = [(1, 20_000), (10, 100_000), (100, 400_000)];
/// Runs per server and workload; the median is reported.
const ROUNDS: usize = 7;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let gamebot = start_gamebot().await;
        let bare = start_bare().await;
        println!("pipelined protocol_version round trips, median of {ROUNDS} runs (commands/s)");
        println!("batch  connections      gamebot         bare   gamebot/bare");
        for (batch, commands) in WORKLOADS {
            for connections in [1, 4] {
                let run = Run {
                    batch,
                    batches: commands / connections / batch,
                    connections,
                };
                let mut gamebot_rates = Vec::new();
                let mut bare_rates = Vec::new();
                for round in 0..ROUNDS {
                    // Alternate which server goes first, so drift in the machine's load
                    // hits both alike.
                    if round % 2 == 0 {
                        gamebot_rates.push(run.rate(gamebot).await);
                        bare_rates.push(run.rate(bare).await);
                    } else {
                        bare_rates.push(run.rate(bare).await);
                        gamebot_rates.push(run.rate(gamebot).await);
                    }
                }
                let gamebot_median = median(&mut gamebot_rates);
                let bare_median = median(&mut bare_rates);
                println!(
                    "{batch:>5}  {connections:>11}  {gamebot_median:>11.0}  {bare_median:>11.0}   {:>12.3}",
                    gamebot_median / bare_median
                );
            }
        }
    });
}

/// gamebot's own server, as `gamebot serve` runs it, on a free loopback port.
async fn start_gamebot() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let config = ServerConfig {
        max_connections: 64,
        limits: SessionLimits {
            max_line_bytes: 1 << 20,
            idle_timeout: Some(Duration::from_secs(3600)),
            drain_timeout: Duration::from_secs(10),
            end_of_input_cancels: true,
        },
    };
    let catalog = Arc::new(gamebot::standard_catalog(Default::default()));
    // As `gamebot serve` does: every command is counted and timed.
    gamebot::server::Metrics::install(&catalog).expect("the metrics recorder");
    tokio::spawn(serve(
        listener,
        config,
        catalog,
        gamebot::server::Scheduler::per_core(1024),
        std::future::pending(),
    ));
    addr
}

/// The baseline: reads what has arrived, answers each complete line with [`REPLY`] in one
/// write, and keeps any partial line for the next read.
async fn start_bare() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move {
        loop {
            let (mut stream, _) = listener.accept().await.expect("accept");
            tokio::spawn(async move {
                let mut input = Vec::with_capacity(64 * 1024);
                let mut chunk = vec![0u8; 64 * 1024];
                let mut output = Vec::with_capacity(64 * 1024);
                loop {
                    let n = match stream.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => n,
                    };
                    input.extend_from_slice(&chunk[..n]);
                    let mut start = 0;
                    while let Some(end) = input[start..].iter().position(|&b| b == b'\n') {
                        output.extend_from_slice(REPLY);
                        start += end + 1;
                    }
                    input.drain(..start);
                    if stream.write_all(&output).await.is_err() {
                        return;
                    }
                    output.clear();
                }
            });
        }
    });
    addr
}

/// One measured run: `connections` clients, each sending `batches` batches of `batch`
/// commands and reading all answers to a batch before sending the next.
struct Run {
    batch: usize,
    batches: usize,
    connections: usize,
}

impl Run {
    /// Commands per second against the server at `addr`.
    async fn rate(&self, addr: SocketAddr) -> f64 {
        let mut streams = Vec::new();
        for _ in 0..self.connections {
            let stream = TcpStream::connect(addr).await.expect("connect");
            stream.set_nodelay(true).expect("nodelay");
            streams.push(stream);
        }
        let started = Instant::now();
        let clients: Vec<_> = streams
            .into_iter()
            .map(|stream| tokio::spawn(client(stream, self.batch, self.batches)))
            .collect();
        for client in clients {
            client.await.expect("client");
        }
        let elapsed = started.elapsed().as_secs_f64();
        (self.batches * self.batch * self.connections) as f64 / elapsed
    }
}

/// One connection's share of a run; checks that every answer is exactly [`REPLY`].
async fn client(mut stream: TcpStream, batch: usize, batches: usize) {
    let request = REQUEST.repeat(batch);
    let expected = REPLY.repeat(batch);
    let mut answers = vec![0u8; expected.len()];
    for _ in 0..batches {
        stream.write_all(request.as_bytes()).await.expect("write");
        stream.read_exact(&mut answers).await.expect("read");
        assert_eq!(answers, expected, "wrong answers");
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
