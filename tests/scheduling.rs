//! The scheduler of heavy work, through the real server: a full queue answers `? server
//! busy` and the session goes on; a session that pipelines many heavy commands cannot
//! keep another session's command waiting behind more than one of them; a search whose
//! client goes is cancelled, whether it waits or computes.
//!
//! A test game, `nap`, makes this deterministic: its heavy command computes until the
//! test lets it finish (or until it is cancelled), and logs the order in which it ran.

mod common;
use common::bounded;

use common::{default_config, test_engine, TestServer, PATIENCE};
use gamebot::gtp::Args;
use gamebot::server::Scheduler;
use gamebot::session::{Catalog, CommandError, GameAdapter};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// What the test and every `nap` share: the naps that began computing, the log of
/// finished naps, and how many naps may still finish.
#[derive(Default)]
struct Naps {
    started: Mutex<Vec<String>>,
    log: Mutex<Vec<String>>,
    allowed: Mutex<usize>,
    changed: Condvar,
}

impl Naps {
    /// Lets `count` more naps finish.
    fn allow(&self, count: usize) {
        *self.allowed.lock().unwrap() += count;
        self.changed.notify_all();
    }

    fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// The naps that began computing. A job the scheduler counts as running may not
    /// have begun yet (its blocking thread has not run), and a job cancelled before it
    /// begins is answered without ever computing: a test that cancels a running nap
    /// waits for this first.
    fn started(&self) -> Vec<String> {
        self.started.lock().unwrap().clone()
    }
}

/// The test game: `nap LABEL` is heavy; it waits until allowed to finish, then logs its
/// label and answers it; when cancelled first, it logs `cancelled LABEL`.
struct Nap(Arc<Naps>);

impl GameAdapter for Nap {
    fn verbs(&self) -> &'static [&'static str] {
        &["nap"]
    }

    fn is_heavy(&self, _verb: &str, _args: Args<'_>) -> bool {
        true
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        self.execute_cancellable(verb, args, &AtomicBool::new(false))
    }

    fn execute_cancellable(
        &mut self,
        _verb: &str,
        args: Args<'_>,
        stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        let label = args.all().join(" ");
        let naps = &self.0;
        naps.started.lock().unwrap().push(label.clone());
        let mut allowed = naps.allowed.lock().unwrap();
        loop {
            if stop.load(Ordering::Relaxed) {
                naps.log.lock().unwrap().push(format!("cancelled {label}"));
                return Err(CommandError::Cancelled);
            }
            if *allowed > 0 {
                *allowed -= 1;
                naps.log.lock().unwrap().push(label.clone());
                return Ok(label);
            }
            allowed = naps
                .changed
                .wait_timeout(allowed, Duration::from_millis(5))
                .unwrap()
                .0;
        }
    }
}

/// A server of the `nap` game with `lanes` lanes and a queue of `queue` jobs.
async fn nap_server(lanes: usize, queue: usize) -> (TestServer, Arc<Naps>, Scheduler) {
    let naps = Arc::new(Naps::default());
    let shared = Arc::clone(&naps);
    let catalog = Catalog::new(vec![Box::new(move || Box::new(Nap(Arc::clone(&shared))))]);
    let scheduler = Scheduler::new(lanes, queue);
    let server =
        TestServer::start_catalog(default_config(), Arc::new(catalog), scheduler.clone()).await;
    (server, naps, scheduler)
}

/// Waits (at most [`PATIENCE`]) until `done` holds.
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    tokio::time::timeout(PATIENCE, async {
        while !done() {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("never: {what}"));
}

#[test]
fn a_full_queue_answers_server_busy_and_the_session_goes_on() {
    bounded(async {
        let (server, naps, scheduler) = nap_server(1, 1).await;
        let mut first = server.connect().await;
        first.send("nap a").await;
        until("a runs", || naps.started() == ["a"]).await;
        let mut second = server.connect().await;
        second.send("nap b").await;
        until("b waits", || scheduler.waiting() == 1).await;
        let mut third = server.connect().await;
        assert_eq!(third.ask("7 nap c").await, "?7 server busy\n\n");
        assert_eq!(third.ok("name").await, "gamebot");
        naps.allow(2);
        assert_eq!(first.response().await, "= a\n\n");
        assert_eq!(second.response().await, "= b\n\n");
        naps.allow(1);
        assert_eq!(third.ok("nap c").await, "c");
        assert_eq!(naps.log(), ["a", "b", "c"]);
        server.shutdown().await;
    })
}

#[test]
fn a_session_pipelining_many_heavy_commands_delays_another_by_one_job_at_most() {
    bounded(async {
        let (server, naps, scheduler) = nap_server(1, 100).await;
        let mut greedy = server.connect().await;
        let pipelined: String = (0..200).map(|i| format!("nap a{i}\n")).collect();
        greedy.send_raw(pipelined.as_bytes()).await;
        until("a0 runs", || naps.started() == ["a0"]).await;
        let mut modest = server.connect().await;
        modest.send("nap b").await;
        until("b waits", || scheduler.waiting() == 1).await;
        naps.allow(201);
        assert_eq!(modest.response().await, "= b\n\n");
        for i in 0..200 {
            assert_eq!(greedy.response().await, format!("= a{i}\n\n"));
        }
        let log = naps.log();
        assert_eq!(log[..2], ["a0", "b"], "b waited for more than a0: {log:?}");
        server.shutdown().await;
    })
}

#[test]
fn a_command_whose_client_goes_is_cancelled_running_or_waiting() {
    bounded(async {
        let (server, naps, scheduler) = nap_server(1, 10).await;
        let mut running = server.connect().await;
        running.send("nap a").await;
        until("a runs", || naps.started() == ["a"]).await;
        let mut waiting = server.connect().await;
        waiting.send("nap b").await;
        until("b waits", || scheduler.waiting() == 1).await;
        // The waiting one goes: it leaves the queue without ever running.
        drop(waiting);
        until("b leaves the queue", || scheduler.waiting() == 0).await;
        assert_eq!(scheduler.running(), 1);
        // The running one goes: it is stopped.
        drop(running);
        until("a stops", || scheduler.running() == 0).await;
        assert_eq!(naps.log(), ["cancelled a"]);
        // The server is well.
        let mut next = server.connect().await;
        naps.allow(1);
        assert_eq!(next.ok("nap c").await, "c");
        server.shutdown().await;
    })
}

#[test]
fn a_command_still_running_when_the_drain_timeout_ends_is_cancelled() {
    bounded(async {
        let naps = Arc::new(Naps::default());
        let shared = Arc::clone(&naps);
        let catalog = Catalog::new(vec![Box::new(move || Box::new(Nap(Arc::clone(&shared))))]);
        let scheduler = Scheduler::new(1, 10);
        let mut config = default_config();
        config.limits.drain_timeout = Duration::from_millis(200);
        let server = TestServer::start_catalog(config, Arc::new(catalog), scheduler.clone()).await;
        let mut client = server.connect().await;
        client.send("nap a").await;
        until("a runs", || naps.started() == ["a"]).await;
        // The server stops; the nap is never allowed to finish, so the drain timeout
        // closes the session, and the nap must stop with it.
        server.shutdown().await;
        until("a is cancelled", || naps.log() == ["cancelled a"]).await;
    })
}

#[test]
fn end_of_input_right_after_a_heavy_command_cancels_it() {
    bounded(async {
        let (server, naps, _scheduler) = nap_server(1, 10).await;
        let mut client = server.connect().await;
        client.send_raw(b"1 name\n2 nap a\n").await;
        until("a runs", || naps.started() == ["a"]).await;
        client.finish().await;
        assert_eq!(
            client.read_to_close().await,
            "=1 gamebot\n\n?2 cancelled\n\n"
        );
        assert_eq!(naps.log(), ["cancelled a"]);
        server.shutdown().await;
    })
}

#[test]
fn a_heavy_command_followed_by_more_input_is_answered_though_the_input_ends() {
    bounded(async {
        let (server, naps, _scheduler) = nap_server(1, 10).await;
        let mut client = server.connect().await;
        // As `printf 'nap a\nname\n' | nc -N` sends it: the client waits for its answers.
        client.send_raw(b"1 nap a\n2 name\n").await;
        client.finish().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        naps.allow(1);
        assert_eq!(client.read_to_close().await, "=1 a\n\n=2 gamebot\n\n");
        assert_eq!(naps.log(), ["a"]);
        server.shutdown().await;
    })
}

#[test]
fn a_go_search_whose_client_goes_stops() {
    bounded(async {
        let engine = gamebot::go::engine::EngineOptions {
            playouts: None,
            move_time: Duration::from_secs(3600),
            threads: 1,
            ..test_engine()
        };
        let catalog = Arc::new(gamebot::standard_catalog(engine));
        let scheduler = Scheduler::new(1, 10);
        let server = TestServer::start_catalog(default_config(), catalog, scheduler.clone()).await;
        let mut client = server.connect().await;
        client.send("genmove b").await;
        until("the search runs", || scheduler.running() == 1).await;
        drop(client);
        // An hour of thinking, unless the search stops.
        until("the search stops", || scheduler.running() == 0).await;
        // A client that half-closes while the engine thinks gets the best move found so far.
        let mut client = server.connect().await;
        client.ok("boardsize 9").await;
        client.send("genmove b").await;
        until("the search runs", || scheduler.running() == 1).await;
        // The job counts as running as it begins on its thread, a moment before it looks
        // at its stop flag: a half-close in that moment would find it not yet begun (and
        // answered `? cancelled`), so give it that moment.
        tokio::time::sleep(Duration::from_millis(50)).await;
        client.finish().await;
        let answer = client.read_to_close().await;
        assert!(
            answer.starts_with("= ") && answer.ends_with("\n\n"),
            "{answer:?}"
        );
        server.shutdown().await;
    })
}
