//! The accept loop: one task per connection, a cap on connections, graceful shutdown.

use super::http::{self, HttpConfig};
use super::sessions::{busy_answer, Sessions};
use super::{Scheduler, SessionLimits};
use crate::session::Catalog;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tracing::Instrument;

/// Server-wide settings.
#[derive(Debug, Clone, Copy)]
pub struct ServerConfig {
    /// Most connections served at once, TCP and WebSocket together; one more is told
    /// `? server busy` and closed.
    pub max_connections: usize,
    /// Limits applied to every session.
    pub limits: SessionLimits,
}

/// Accepts connections on `listener` until `shutdown` completes, then stops accepting,
/// lets every session answer what it has received, and returns once all have closed.
/// Every session's heavy commands go through `scheduler`.
pub async fn serve(
    listener: TcpListener,
    config: ServerConfig,
    catalog: Arc<Catalog>,
    scheduler: Scheduler,
    shutdown: impl Future<Output = ()>,
) {
    serve_with_http(listener, None, config, catalog, scheduler, shutdown).await;
}

/// [`serve`], and when `http` is given, HTTP as it says too: the page, `/healthz`, and
/// `/ws`, a WebSocket that is one session, under the same cap, limits and shutdown as
/// the TCP connections.
pub async fn serve_with_http(
    listener: TcpListener,
    http: Option<HttpConfig>,
    config: ServerConfig,
    catalog: Arc<Catalog>,
    scheduler: Scheduler,
    shutdown: impl Future<Output = ()>,
) {
    let sessions = Arc::new(Sessions::new(
        catalog,
        config.limits,
        config.max_connections,
        scheduler,
    ));
    if let Some(http) = http {
        sessions
            .tracker()
            .spawn(http::serve(http, sessions.clone()));
    }
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Usually out of file descriptors: back off instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let span = tracing::info_span!("connection", %peer);
        // Answers go out in whole batches already; Nagle's algorithm would only hold a
        // batch back until the previous one is acknowledged.
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY");
        }
        let Some(admitted) = sessions.admit() else {
            sessions.tracker().spawn(refuse(stream).instrument(span));
            continue;
        };
        sessions.tracker().spawn(
            async move {
                // At debug level, as its close when it sends no command: a load
                // balancer's health checks would fill the log otherwise.
                tracing::debug!("connected");
                let (reader, writer) = stream.into_split();
                // The session logs its start and its end.
                let _ = admitted.run(reader, writer).await;
            }
            .instrument(span),
        );
    }
    tracing::info!("shutting down");
    drop(listener);
    sessions.stop_and_wait().await;
    tracing::info!("all connections closed");
}

/// Tells a connection over the cap that the server is busy, then closes it.
async fn refuse(mut stream: TcpStream) {
    tracing::info!("refused: server busy");
    let _ = stream.write_all(&busy_answer()).await;
    let _ = stream.shutdown().await;
}
