//! `name` under heavy load (a bench binary): while 1,000 sessions all send heavy commands,
//! how fast does `name` answer on another connection?
//!
//! Starts the real server (`gamebot serve`, a lane per core, `--go-move-time 0.05`),
//! connects 1,000 sessions that each loop over heavy commands as fast as the answers
//! come (a Wythoff position with 6,000-digit piles, a QTTT `qttt-genmove` from a fresh
//! game, a 9x9 Go `genmove`), and meanwhile sends `name` every 5 ms on one more
//! connection for 20 s. Prints the median, 99th percentile and worst `name` round trip,
//! and how many heavy commands were answered (and how many were `? server busy`).
//!
//! Run: `cargo bench --bench heavy_load` (about 30 s). Under `cargo test` it runs a tiny
//! version, to check that it works.

#![forbid(unsafe_code)]

mod common;

use common::{probe, report, start_server, Client};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn main() {
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (sessions, seconds) = if measuring { (1000, 20) } else { (4, 1) };
    let (mut server, addr) = start_server(&["--go-move-time", "0.05", "--max-connections", "2000"]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (names, answered, busy) =
        runtime.block_on(load(addr, sessions, Duration::from_secs(seconds)));
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "{sessions} sessions sending heavy commands for {seconds} s, `name` every 5 ms on another connection"
    );
    println!("heavy commands answered: {answered} ({busy} of them `? server busy`)");
    report("name round trip", names);
}

/// Runs the sessions and the `name` probe for `period`; returns every `name` round trip,
/// the heavy commands answered and how many of those were `? server busy`.
async fn load(addr: SocketAddr, sessions: usize, period: Duration) -> (Vec<Duration>, u64, u64) {
    let done = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicU64::new(0));
    let busy = Arc::new(AtomicU64::new(0));
    let mut players = Vec::new();
    for index in 0..sessions {
        let client = Client::connect(addr).await;
        players.push(tokio::spawn(work(
            client,
            index,
            done.clone(),
            answered.clone(),
            busy.clone(),
        )));
    }
    let probe = tokio::spawn(probe(addr, done.clone(), Duration::from_millis(5)));
    tokio::time::sleep(period).await;
    done.store(true, Ordering::Relaxed);
    for player in players {
        player.await.expect("a session");
    }
    let names = probe.await.expect("the probe");
    (
        names,
        answered.load(Ordering::Relaxed),
        busy.load(Ordering::Relaxed),
    )
}

/// One session: heavy commands in turn until `done`.
async fn work(
    mut client: Client,
    index: usize,
    done: Arc<AtomicBool>,
    answered: Arc<AtomicU64>,
    busy: Arc<AtomicU64>,
) {
    let digits = |seed: usize| -> String {
        (0..6000)
            .map(|i| char::from(b'1' + ((i * 7 + seed) % 9) as u8))
            .collect()
    };
    let wythoff = format!("wythoff-solve {} {}", digits(index), digits(index + 3));
    client.ask("boardsize 9").await;
    let mut turn = index;
    while !done.load(Ordering::Relaxed) {
        let answer = match turn % 3 {
            0 => client.ask(&wythoff).await,
            1 => {
                client.ask("qttt-new").await;
                client.ask("qttt-genmove").await
            }
            _ => {
                client.ask("clear_board").await;
                client.ask("genmove b").await
            }
        };
        turn += 1;
        answered.fetch_add(1, Ordering::Relaxed);
        if answer.starts_with("? server busy") {
            busy.fetch_add(1, Ordering::Relaxed);
        } else {
            assert!(answer.starts_with('='), "{answer}");
        }
    }
}
