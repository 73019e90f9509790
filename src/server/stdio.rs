//! One session over stdin/stdout, the way GUIs and tournament tools launch engines.

use super::{run_session, shutdown_signal, Scheduler, SessionLimits};
use crate::session::{Catalog, Session};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Serves one session on the process's stdin and stdout until `quit`, end of input, or
/// SIGINT/SIGTERM (then for at most `drain_timeout` more, as a TCP session).
/// There is no idle timeout: the launching program owns the engine's lifetime. Its
/// heavy commands go through a scheduler of its own, with a lane per core.
pub async fn serve_stdio(
    catalog: Arc<Catalog>,
    max_line_bytes: usize,
    drain_timeout: Duration,
) -> std::io::Result<()> {
    let shutdown = CancellationToken::new();
    let signal_token = shutdown.clone();
    let signal = shutdown_signal()?;
    tokio::spawn(async move {
        signal.await;
        signal_token.cancel();
    });
    let limits = SessionLimits {
        max_line_bytes,
        idle_timeout: None,
        drain_timeout,
        // `gamebot stdio < commands` answers every command; a launcher that dies
        // closes stdout too, and the next write ends the session.
        end_of_input_cancels: false,
    };
    run_session(
        Session::new(catalog),
        tokio::io::stdin(),
        tokio::io::stdout(),
        limits,
        // One session has at most one heavy command at a time.
        &Scheduler::per_core(1),
        shutdown,
    )
    .await
}
