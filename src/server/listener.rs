//! The accept loop: one task per connection, a cap on connections, graceful shutdown.

use super::{run_session, Scheduler, SessionLimits};
use crate::session::{write_failure, Catalog, CommandError, Session};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

/// Server-wide settings.
#[derive(Debug, Clone, Copy)]
pub struct ServerConfig {
    /// Most connections served at once; one more is told `? server busy` and closed.
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
    let stop = CancellationToken::new();
    let tracker = TaskTracker::new();
    let slots = Arc::new(Semaphore::new(config.max_connections));
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
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tracker.spawn(refuse(stream).instrument(span));
            continue;
        };
        let session = Session::new(catalog.clone());
        // A child token per session: waiting on it locks only its own node, not one
        // mutex that every session shares.
        let stop = stop.child_token();
        let limits = config.limits;
        let scheduler = scheduler.clone();
        tracker.spawn(
            async move {
                tracing::info!("connected");
                let (reader, writer) = stream.into_split();
                match run_session(session, reader, writer, limits, &scheduler, stop).await {
                    Ok(()) => tracing::info!("closed"),
                    Err(error) => tracing::info!(%error, "closed by error"),
                }
                drop(slot);
            }
            .instrument(span),
        );
    }
    tracing::info!("shutting down");
    drop(listener);
    stop.cancel();
    tracker.close();
    tracker.wait().await;
    tracing::info!("all connections closed");
}

/// Tells a connection over the cap that the server is busy, then closes it.
async fn refuse(mut stream: TcpStream) {
    tracing::info!("refused: server busy");
    metrics::counter!("gamebot_connections_refused_total").increment(1);
    let mut busy = Vec::new();
    write_failure(None, &CommandError::ServerBusy, &mut busy);
    let _ = stream.write_all(&busy).await;
    let _ = stream.shutdown().await;
}
