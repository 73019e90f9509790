//! Many idle-ish sessions (a bench binary): 19,000 concurrent sessions, each sending a
//! command every second for 60 s; counts errors, and measures the server's memory per
//! idle session.
//!
//! Starts the real server (`gamebot serve --max-connections 19500`), measures its
//! resident memory (VmRSS), opens the sessions (each answers `name` once), measures
//! again: the difference divided by the sessions is the memory per idle session. Then
//! every session sends one command a second (`name`, `wythoff-new 3 5`,
//! `wythoff-status`, `qttt-status`, in turn, at spread-out moments) for the period, and
//! every answer is checked. Prints the errors (wrong answers, closed connections), the
//! round-trip median, 99th percentile and worst, and the memory figures.
//!
//! The server and this client both need about 19,000 file descriptors (`ulimit -n`
//! 20000). Run: `cargo bench --bench many_sessions` (about 70 s); `SESSIONS` and
//! `SECONDS` change the defaults. Under `cargo test` it runs a tiny version.

#![forbid(unsafe_code)]

mod common;

use common::{report, start_server, Client};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The commands sessions send in turn, with their answers.
const ROUND: [(&str, &str); 4] = [
    ("name", "= gamebot\n\n"),
    ("wythoff-new 3 5", "= \n\n"),
    ("wythoff-status", "= 3 5 first\n\n"),
    ("qttt-status", "= move x\n\n"),
];

fn main() {
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let setting = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse().ok())
            .unwrap_or(default)
    };
    let (sessions, seconds) = if measuring {
        (setting("SESSIONS", 19_000), setting("SECONDS", 60))
    } else {
        (20, 2)
    };
    let (mut server, addr) = start_server(&["--max-connections", "19500"]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let pid = server.id();
    let result = runtime.block_on(load(addr, pid, sessions as usize, seconds));
    let _ = server.kill();
    let _ = server.wait();
    println!("{sessions} sessions, one command a second each for {seconds} s");
    println!(
        "server memory: {} KiB before, {} KiB with every session open and idle: {:.2} KiB per idle session",
        result.rss_before,
        result.rss_idle,
        (result.rss_idle - result.rss_before) as f64 / sessions as f64
    );
    println!(
        "server memory at the end: {} KiB; commands answered: {}; errors: {}",
        result.rss_end, result.answered, result.errors
    );
    report("round trip", result.round_trips);
    assert_eq!(result.errors, 0, "errors under load");
}

/// What one run measured.
struct Outcome {
    rss_before: u64,
    rss_idle: u64,
    rss_end: u64,
    answered: u64,
    errors: u64,
    round_trips: Vec<Duration>,
}

/// The resident memory of process `pid` in KiB.
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Opens the sessions, measures memory, then runs the traffic.
async fn load(addr: SocketAddr, pid: u32, sessions: usize, seconds: u64) -> Outcome {
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss_before = rss(pid);
    let mut clients = Vec::with_capacity(sessions);
    for _ in 0..sessions {
        let mut client = Client::connect(addr).await;
        assert_eq!(client.ask("name").await, "= gamebot\n\n");
        clients.push(client);
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_idle = rss(pid);
    let answered = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let period = Duration::from_secs(seconds);
    let tasks: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(index, client)| {
            let (answered, errors) = (answered.clone(), errors.clone());
            // Spread the sessions' moments over the second.
            let offset = Duration::from_micros((index as u64 * 1_000_000) / sessions as u64);
            tokio::spawn(talk(client, start + offset, period, answered, errors))
        })
        .collect();
    let mut round_trips = Vec::new();
    for task in tasks {
        round_trips.extend(task.await.expect("a session"));
    }
    Outcome {
        rss_before,
        rss_idle,
        rss_end: rss(pid),
        answered: answered.load(Ordering::Relaxed),
        errors: errors.load(Ordering::Relaxed),
        round_trips,
    }
}

/// One session: a command a second from `first` for `period`; returns the round trips.
async fn talk(
    mut client: Client,
    first: Instant,
    period: Duration,
    answered: Arc<AtomicU64>,
    errors: Arc<AtomicU64>,
) -> Vec<Duration> {
    let mut ticks = tokio::time::interval_at(first.into(), Duration::from_secs(1));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut took = Vec::new();
    for turn in 0..period.as_secs() as usize {
        ticks.tick().await;
        let (command, expected) = ROUND[turn % ROUND.len()];
        let sent = Instant::now();
        match client.try_ask(command).await {
            Some(answer) if answer == expected => {
                took.push(sent.elapsed());
                answered.fetch_add(1, Ordering::Relaxed);
            }
            _ => {
                errors.fetch_add(1, Ordering::Relaxed);
                return took;
            }
        }
    }
    took
}
