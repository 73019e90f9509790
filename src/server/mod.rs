//! The network side: connections, limits and shutdown. Knows sessions, not games.

mod connection;
mod http;
mod idle;
mod listener;
mod metrics;
mod scheduler;
mod sessions;
mod stdio;

pub use connection::{run_session, SessionLimits};
pub use http::{AllowedOrigins, HttpConfig, NotAnOrigin};
pub use listener::{serve, serve_with_http, ServerConfig};
pub use metrics::Metrics;
pub use scheduler::{Busy, Scheduler, Ticket};
pub use stdio::serve_stdio;

/// Starts listening for SIGINT and SIGTERM, and returns a future that completes when one
/// of them comes.
///
/// The handlers are installed before this returns, not when the future is first polled:
/// from then on a signal is a graceful stop, never the default immediate kill. Call it
/// before announcing readiness. Must be called within a tokio runtime.
pub fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}
