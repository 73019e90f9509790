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

mod common;

use common::{probe, report, start_server, Client};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Each genmove's budget.
const MOVE_TIME: Duration = Duration::from_millis(200);

fn main() {
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (sessions, moves) = if measuring { (100, 10) } else { (4, 2) };
    let (mut server, addr) = start_server(&["--go-move-time", "0.2", "--max-connections", "1000"]);
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

/// Runs the sessions and the `name` probe; returns every genmove's and every name's
/// round trip.
async fn load(addr: SocketAddr, sessions: usize, moves: usize) -> (Vec<Duration>, Vec<Duration>) {
    let players: Vec<_> = (0..sessions)
        .map(|_| tokio::spawn(play(addr, moves)))
        .collect();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = tokio::spawn(probe(addr, done.clone(), Duration::from_millis(10)));
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
