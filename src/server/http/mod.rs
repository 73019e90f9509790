//! HTTP beside the GTP port (`serve --http ADDR`): the page, `/healthz`, `/metrics`, and
//! `/ws`, a WebSocket that is one session. Knows sessions, not games.

mod origin;
mod page;
mod socket;
mod ws;

pub use origin::{AllowedOrigins, NotAnOrigin};

use super::sessions::Sessions;
use super::Metrics;
use axum::extract::FromRef;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use tokio::net::TcpListener;

/// The HTTP side of a server: where it listens, and which other sites' pages may open
/// WebSocket sessions.
#[derive(Debug)]
pub struct HttpConfig {
    /// Where HTTP is served.
    pub listener: TcpListener,
    /// The origins let in beside the page's own.
    pub allowed_origins: AllowedOrigins,
}

/// What the routes share.
#[derive(Clone)]
struct HttpState {
    sessions: Arc<Sessions>,
    origins: Arc<AllowedOrigins>,
}

impl FromRef<HttpState> for Arc<Sessions> {
    fn from_ref(state: &HttpState) -> Arc<Sessions> {
        Arc::clone(&state.sessions)
    }
}

impl FromRef<HttpState> for Arc<AllowedOrigins> {
    fn from_ref(state: &HttpState) -> Arc<AllowedOrigins> {
        Arc::clone(&state.origins)
    }
}

/// Every route the HTTP side serves. Another route (such as `/metrics`) is one more
/// `.route(...)` here, or a `Router` of its own `.merge`d in.
fn router(state: HttpState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/ws", get(ws::upgrade))
        .merge(page::routes())
        .with_state(state)
}

/// Serves HTTP as `config` says until the server starts stopping; requests under way
/// are finished, and WebSocket sessions drain as TCP sessions do.
pub(crate) async fn serve(config: HttpConfig, sessions: Arc<Sessions>) {
    let HttpConfig {
        listener,
        allowed_origins,
    } = config;
    tracing::info!(origins = %allowed_origins, "WebSocket sessions from pages of these origins");
    let app = router(HttpState {
        sessions: Arc::clone(&sessions),
        origins: Arc::new(allowed_origins),
    });
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
