//! Every test's time limit: a watchdog that stops the test binary, naming the test, when
//! the test runs past its limit, its runtime's shutdown included.
//!
//! A test that hangs would otherwise hold the whole run until CI's own limit. A timeout
//! around a test's body is not enough: a runtime waits, when it is dropped, for every
//! job on its blocking pool, so a job that never ends hangs the test after its last
//! line. The watchdog therefore runs on a thread of its own and outlives the runtime.
//!
//! Every test starts with one of these: `bounded(async { ... })` for an async body on a
//! current-thread runtime (what `#[tokio::test]` gives), `bounded_multi(N, async { ...
//! })` on N worker threads, or `let _bound = bound();` for a synchronous body.
//! `tests/harness.rs` checks that none is missing.

use std::future::Future;
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

/// How long one test may run, its runtime's shutdown included.
pub const TEST_LIMIT: Duration = Duration::from_secs(60);

/// The limit of the heavy checks that run only on request (`--ignored`, in release).
pub const HEAVY_TEST_LIMIT: Duration = Duration::from_secs(600);

/// The exit status of a test binary stopped by the watchdog.
const TIMED_OUT: i32 = 124;

/// An armed watchdog: dropping it disarms it.
pub struct Bound {
    _disarm: Sender<()>,
}

/// Arms the watchdog for the test running on this thread, with [`TEST_LIMIT`].
pub fn bound() -> Bound {
    bound_for(TEST_LIMIT)
}

/// Arms the watchdog for the test running on this thread (libtest names the thread
/// after the test): if the returned guard is still alive after `limit`, the test binary
/// prints the test's name and exits with status 124.
pub fn bound_for(limit: Duration) -> Bound {
    let name = std::thread::current()
        .name()
        .unwrap_or("an unnamed test")
        .to_owned();
    let (disarm, disarmed) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .name(format!("watchdog of {name}"))
        .spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = disarmed.recv_timeout(limit) {
                // Straight to stderr: libtest captures what the print macros write, and
                // would drop it with the process.
                let _ = writeln!(
                    std::io::stderr(),
                    "\ntest {name} ran past its limit of {} s (its runtime's shutdown \
                     included): stopping the test binary",
                    limit.as_secs()
                );
                std::process::exit(TIMED_OUT);
            }
        })
        .expect("a watchdog thread");
    Bound { _disarm: disarm }
}

/// Runs an async test body on a current-thread runtime, as `#[tokio::test]` does, under
/// the watchdog: the limit covers the runtime's shutdown too.
pub fn bounded<F: Future>(body: F) -> F::Output {
    let _bound = bound();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a test runtime");
    runtime.block_on(body)
}

/// Runs an async test body on a runtime of `workers` worker threads, under the watchdog.
pub fn bounded_multi<F: Future>(workers: usize, body: F) -> F::Output {
    let _bound = bound();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .expect("a test runtime");
    runtime.block_on(body)
}
