//! The network side: connections, limits and shutdown. Knows sessions, not games.

mod connection;
mod listener;
mod stdio;

pub use connection::{run_session, SessionLimits};
pub use listener::{serve, ServerConfig};
pub use stdio::serve_stdio;

/// Completes when the process is asked to stop (SIGINT or SIGTERM).
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(term) => term,
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
