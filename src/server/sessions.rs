//! What every session of a server shares, whichever door it came in by (TCP or a
//! WebSocket): the games, the limits, the connection cap, the queue of heavy work, the
//! stop signal and the tracker that shutdown waits on.

use super::{run_session, Scheduler, SessionLimits};
use crate::session::{write_failure, Catalog, CommandError, Session};
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The server's sessions, as the doors that let clients in see them.
pub(crate) struct Sessions {
    catalog: Arc<Catalog>,
    limits: SessionLimits,
    /// One permit per connection served; TCP and WebSocket sessions share them.
    slots: Arc<Semaphore>,
    /// The one queue of every session's heavy commands.
    scheduler: Scheduler,
    /// Cancelled when the server stops: sessions answer what they have, then close.
    stop: CancellationToken,
    /// Every session's task, and the HTTP server's: shutdown waits for them all.
    tracker: TaskTracker,
}

impl Sessions {
    /// Room for `max_connections` sessions of the games in `catalog`, their heavy
    /// commands going through `scheduler`.
    pub(crate) fn new(
        catalog: Arc<Catalog>,
        limits: SessionLimits,
        max_connections: usize,
        scheduler: Scheduler,
    ) -> Sessions {
        Sessions {
            catalog,
            limits,
            slots: Arc::new(Semaphore::new(max_connections)),
            scheduler,
            stop: CancellationToken::new(),
            tracker: TaskTracker::new(),
        }
    }

    /// The limits every session gets.
    pub(crate) fn limits(&self) -> SessionLimits {
        self.limits
    }

    /// A new session with a connection slot, or `None` when every slot is taken (counted
    /// as a refused connection).
    pub(crate) fn admit(&self) -> Option<Admitted> {
        let Ok(slot) = self.slots.clone().try_acquire_owned() else {
            metrics::counter!("gamebot_connections_refused_total").increment(1);
            return None;
        };
        Some(Admitted {
            session: Session::new(self.catalog.clone()),
            // A child token per session: waiting on it locks only its own node, not one
            // mutex that every session shares.
            stop: self.stop.child_token(),
            limits: self.limits,
            scheduler: self.scheduler.clone(),
            _slot: slot,
        })
    }

    /// The tracker of the server's tasks; shutdown waits until all have ended.
    pub(crate) fn tracker(&self) -> &TaskTracker {
        &self.tracker
    }

    /// Completes when the server starts stopping.
    pub(crate) async fn stopping(&self) {
        self.stop.cancelled().await;
    }

    /// Whether the server has started stopping.
    pub(crate) fn is_stopping(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// Tells every session to answer what it has and close, then waits until every
    /// tracked task has ended.
    pub(crate) async fn stop_and_wait(&self) {
        self.stop.cancel();
        self.tracker.close();
        self.tracker.wait().await;
    }
}

/// The answer of a server over its cap: `? server busy` and the empty line.
pub(crate) fn busy_answer() -> Vec<u8> {
    let mut busy = Vec::new();
    write_failure(None, &CommandError::ServerBusy, &mut busy);
    busy
}

/// A session let in, holding its connection slot until it ends.
pub(crate) struct Admitted {
    session: Session,
    stop: CancellationToken,
    limits: SessionLimits,
    scheduler: Scheduler,
    _slot: OwnedSemaphorePermit,
}

impl Admitted {
    /// Runs the session over `reader`/`writer` (see [`run_session`]); its slot is free
    /// again when this returns.
    pub(crate) async fn run<R, W>(self, reader: R, writer: W) -> std::io::Result<()>
    where
        R: AsyncRead + Unpin,
        W: AsyncWrite + Unpin,
    {
        run_session(
            self.session,
            reader,
            writer,
            self.limits,
            &self.scheduler,
            self.stop,
        )
        .await
    }
}
