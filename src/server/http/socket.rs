//! A WebSocket seen as a byte stream, so that a session runs over it exactly as over TCP.
//!
//! Reading: each text message is one or more whole lines (an LF is added when its last
//! line has none, so a line never spans messages; an empty message is an empty line).
//! The input ends at the client's close, at a read error, or at a binary message, and
//! [`WsStream::ending`] tells which. Writing: every flush sends each complete response
//! (up to its empty line) as one text message, and what is left, the part of a streamed
//! answer written so far, as one more.

use axum::extract::ws::{Message, WebSocket};
use futures_sink::Sink;
use futures_util::Stream;
use std::collections::VecDeque;
use std::io::{Error, ErrorKind};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Why the input of a WebSocket ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Ending {
    /// The client closed it, or the connection went.
    Closed,
    /// The client sent a binary message.
    Binary,
    /// A read failed, for this reason (a message over the size limit, a protocol error).
    Failed(String),
}

/// A WebSocket as an `AsyncRead` of command lines and an `AsyncWrite` of responses.
pub(super) struct WsStream {
    socket: WebSocket,
    /// The message being read, and how much of it has been.
    incoming: Vec<u8>,
    read: usize,
    /// Why the input ended, once it has.
    ending: Option<Ending>,
    /// Bytes written and not yet cut into messages.
    outgoing: Vec<u8>,
    /// Messages cut, not yet handed to the socket.
    messages: VecDeque<String>,
    cutter: Cutter,
}

impl WsStream {
    /// Wraps `socket`.
    pub(super) fn new(socket: WebSocket) -> WsStream {
        WsStream {
            socket,
            incoming: Vec::new(),
            read: 0,
            ending: None,
            outgoing: Vec::new(),
            messages: VecDeque::new(),
            cutter: Cutter::default(),
        }
    }

    /// Why the input ended, if it has.
    pub(super) fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The socket itself, to close it.
    pub(super) fn into_socket(self) -> WebSocket {
        self.socket
    }
}

/// Cuts the byte stream of responses into messages at each response's end, remembering
/// across cuts whether the last byte was an LF (a response may end in the next write).
#[derive(Debug, Default)]
struct Cutter {
    after_lf: bool,
}

impl Cutter {
    /// Moves `bytes` into `messages`: each complete response (up to its empty line) as one
    /// message, then the rest, if any, as one more.
    fn cut(&mut self, bytes: &mut Vec<u8>, messages: &mut VecDeque<String>) {
        let mut start = 0;
        for (at, &byte) in bytes.iter().enumerate() {
            if byte != b'\n' {
                self.after_lf = false;
            } else if self.after_lf {
                messages.push_back(text(&bytes[start..=at]));
                start = at + 1;
                self.after_lf = false;
            } else {
                self.after_lf = true;
            }
        }
        if start < bytes.len() {
            messages.push_back(text(&bytes[start..]));
        }
        bytes.clear();
    }
}

/// Response bytes as text; they are always UTF-8, being made of strings.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An axum error as an I/O error.
fn io_error(error: axum::Error) -> Error {
    Error::new(ErrorKind::BrokenPipe, error)
}

impl AsyncRead for WsStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        loop {
            if this.read < this.incoming.len() {
                let n = buf.remaining().min(this.incoming.len() - this.read);
                buf.put_slice(&this.incoming[this.read..this.read + n]);
                this.read += n;
                return Poll::Ready(Ok(()));
            }
            if this.ending.is_some() {
                return Poll::Ready(Ok(()));
            }
            let ending = match ready!(Pin::new(&mut this.socket).poll_next(cx)) {
                Some(Ok(Message::Text(message))) => {
                    this.incoming.clear();
                    this.incoming.extend_from_slice(message.as_bytes());
                    if !this.incoming.ends_with(b"\n") {
                        this.incoming.push(b'\n');
                    }
                    this.read = 0;
                    continue;
                }
                // Pings are answered by the socket itself.
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Binary(_))) => Ending::Binary,
                Some(Ok(Message::Close(_))) | None => Ending::Closed,
                Some(Err(error)) => Ending::Failed(error.to_string()),
            };
            tracing::debug!(?ending, "WebSocket input ended");
            this.ending = Some(ending);
        }
    }
}

impl AsyncWrite for WsStream {
    /// Takes all of `buf`: the session writes a batch of answers (at most 64 KiB and one
    /// more answer) and then flushes, so what waits here is bounded, and a response is
    /// never cut into two messages before its end.
    fn poll_write(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.outgoing.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        this.cutter.cut(&mut this.outgoing, &mut this.messages);
        while !this.messages.is_empty() {
            ready!(Pin::new(&mut this.socket).poll_ready(cx)).map_err(io_error)?;
            if let Some(message) = this.messages.pop_front() {
                Pin::new(&mut this.socket)
                    .start_send(Message::Text(message.into()))
                    .map_err(io_error)?;
            }
        }
        Pin::new(&mut this.socket).poll_flush(cx).map_err(io_error)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        // The close frame, with its reason, is sent by the caller once the session is
        // over (see `ws::close`).
        self.poll_flush(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages the writes in `writes` become, each write followed by a flush.
    fn messages(writes: &[&str]) -> Vec<String> {
        let mut cutter = Cutter::default();
        let mut messages = VecDeque::new();
        for write in writes {
            cutter.cut(&mut write.as_bytes().to_vec(), &mut messages);
        }
        messages.into()
    }

    #[test]
    fn each_response_of_a_batch_is_its_own_message() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            messages(&["=1 gamebot\n\n? unknown command\n\n= \nA .\nx to move\n\n"]),
            [
                "=1 gamebot\n\n",
                "? unknown command\n\n",
                "= \nA .\nx to move\n\n"
            ]
        );
    }

    #[test]
    fn a_streamed_response_goes_piece_by_piece() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            messages(&["=\ninfo move E5\n", "info move D4\n", "\n", "= 2\n\n"]),
            ["=\ninfo move E5\n", "info move D4\n", "\n", "= 2\n\n"]
        );
        // A piece that ends the stream and starts the next response is cut between them.
        assert_eq!(
            messages(&["=\ninfo move E5\n", "\n= 2\n\n"]),
            ["=\ninfo move E5\n", "\n", "= 2\n\n"]
        );
    }
}
