//! HTTP beside the GTP port (`serve --http ADDR`): the page, `/healthz`, `/metrics`, and
//! `/ws`, a WebSocket that is one session. Knows sessions, not games.

mod page;
mod socket;
mod ws;

use super::sessions::Sessions;
use super::Metrics;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Every route the HTTP side serves. Another route (such as `/metrics`) is one more
/// `.route(...)` here, or a `Router` of its own `.merge`d in.
pub(crate) fn router(sessions: Arc<Sessions>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/ws", get(ws::upgrade))
        .merge(page::routes())
        .with_state(sessions)
}

/// Serves HTTP on `listener` until the server starts stopping; requests under way are
/// finished, and WebSocket sessions drain as TCP sessions do.
pub(crate) async fn serve(listener: TcpListener, sessions: Arc<Sessions>) {
    let app = router(sessions.clone());
    let stopping = async move { sessions.stopping().await };
    if let Err(error) = axum::serve(listener, app)
        .with_graceful_shutdown(stopping)
        .await
    {
        tracing::error!(%error, "the HTTP server failed");
    }
}

/// `GET /healthz`: `ok`, for load balancers.
async fn healthz() -> &'static str {
    "ok"
}

/// `GET /metrics`: every metric in the Prometheus text format; `404` in a process that
/// records none (no recorder installed).
async fn metrics() -> Response {
    match Metrics::installed() {
        Some(metrics) => (
            [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
            metrics.render(),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
