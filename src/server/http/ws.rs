//! `GET /ws`: a WebSocket that is one session, admitted, limited, drained and closed as
//! a TCP connection is.

use super::socket::{Ending, WsStream};
use super::{AllowedOrigins, Sessions};
use crate::server::sessions::{busy_answer, Admitted};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// What a message may hold beyond one line at the limit: room for pipelined short lines.
/// A larger message is not read; the WebSocket is closed with code 1009.
const MESSAGE_SLACK: usize = 64 * 1024;

/// How long the close handshake may take before the connection is dropped anyway.
const CLOSE_PATIENCE: Duration = Duration::from_secs(2);

/// Upgrades the request to a WebSocket and runs a session on it, or tells it the
/// server is busy; a page of an origin that is not allowed is refused with 403.
pub(super) async fn upgrade(
    State(sessions): State<Arc<Sessions>>,
    State(origins): State<Arc<AllowedOrigins>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let text = |name| headers.get(name).and_then(|value| value.to_str().ok());
    let origin = headers
        .get(header::ORIGIN)
        .map(|value| value.to_str().unwrap_or(""));
    if !origins.allows(origin, text(header::HOST)) {
        let origin = origin.unwrap_or_default();
        tracing::warn!(origin, "refused a WebSocket from a page of another origin");
        let reason = format!(
            "WebSocket sessions from pages of {origin} are not allowed (see --allow-origin)\n"
        );
        return (StatusCode::FORBIDDEN, reason).into_response();
    }
    // The slot is taken now, so a session is refused before it is upgraded; the tracker
    // token makes shutdown wait for the session, even one still being upgraded.
    let admitted = sessions.admit();
    let tracked = sessions.tracker().token();
    let limits = sessions.limits();
    let most = limits.max_line_bytes.saturating_add(MESSAGE_SLACK);
    let span = tracing::info_span!("websocket");
    upgrade
        .max_message_size(most)
        .max_frame_size(most)
        .on_upgrade(move |socket| {
            async move {
                match admitted {
                    Some(admitted) => converse(admitted, socket, &sessions).await,
                    None => refuse(socket).await,
                }
                drop(tracked);
            }
            .instrument(span)
        })
}

/// Runs the session, then closes the WebSocket saying why.
async fn converse(admitted: Admitted, socket: WebSocket, sessions: &Sessions) {
    tracing::debug!("connected");
    let (mut reader, mut writer) = tokio::io::split(WsStream::new(socket));
    let outcome = admitted.run(&mut reader, &mut writer).await;
    let stream = reader.unsplit(writer);
    let frame = match (stream.ending(), &outcome) {
        (Some(Ending::Binary), _) => frame(
            close_code::UNSUPPORTED,
            "binary messages are not accepted: send GTP commands as text",
        ),
        (Some(Ending::Failed(reason)), _) => frame(failure_code(reason), reason),
        (Some(Ending::Closed), _) => None,
        (None, _) if sessions.is_stopping() => frame(close_code::AWAY, "server shutting down"),
        (None, Err(error)) => frame(close_code::ERROR, &error.to_string()),
        (None, Ok(())) => frame(close_code::NORMAL, ""),
    };
    close(stream.into_socket(), frame).await;
}

/// Tells a WebSocket over the cap that the server is busy, then closes it.
async fn refuse(mut socket: WebSocket) {
    tracing::info!("refused: server busy");
    let busy = String::from_utf8_lossy(&busy_answer()).into_owned();
    let sent = tokio::time::timeout(CLOSE_PATIENCE, socket.send(Message::Text(busy.into()))).await;
    if matches!(sent, Ok(Ok(()))) {
        close(socket, frame(close_code::AGAIN, "server busy")).await;
    }
}

/// The close code for a failed read: 1009 for a message over the size limit, else 1002.
fn failure_code(reason: &str) -> u16 {
    if reason.contains("too long") {
        close_code::SIZE
    } else {
        close_code::PROTOCOL
    }
}

/// A close frame; its reason is cut to the 123 bytes a close frame can carry.
fn frame(code: u16, reason: &str) -> Option<CloseFrame> {
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    Some(CloseFrame {
        code,
        reason: reason[..end].into(),
    })
}

/// Sends the close frame (when the client has not closed first), for a little while.
async fn close(mut socket: WebSocket, frame: Option<CloseFrame>) {
    let Some(frame) = frame else { return };
    let _ = tokio::time::timeout(CLOSE_PATIENCE, socket.send(Message::Close(Some(frame)))).await;
}
