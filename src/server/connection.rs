//! Drives one session over any byte stream: read lines, answer in order, write back.

use crate::gtp::{preprocess, Command, GtpLineCodec, RawLine, Response};
use crate::session::{After, CommandError, Session};
use futures::{FutureExt, StreamExt};
use std::future::Future;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufWriter};
use tokio_util::codec::FramedRead;
use tokio_util::sync::CancellationToken;

/// Per-session limits.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    /// Longest accepted line in bytes, not counting the LF.
    pub max_line_bytes: usize,
    /// Close the session after this long without a complete line; `None` never does.
    pub idle_timeout: Option<Duration>,
}

/// How long a session keeps reading after the stop signal. Bytes that reached the socket
/// before the signal may not have been noticed by the runtime yet; this grace lets them be
/// read and answered, without letting a client that keeps talking delay the shutdown.
const DRAIN_GRACE: Duration = Duration::from_millis(100);

/// Runs `session` over `reader`/`writer` until `quit`, end of input, the idle timeout, or
/// `shutdown`; on shutdown, the commands already received are answered first.
///
/// Responses are buffered while more input is already waiting, and flushed when it is
/// not, so pipelined commands cost few writes. A write that cannot finish within the idle
/// timeout (the client stopped reading) ends the session with an error.
pub async fn run_session<R, W>(
    mut session: Session,
    reader: R,
    writer: W,
    limits: SessionLimits,
    shutdown: CancellationToken,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut lines = FramedRead::new(reader, GtpLineCodec::new(limits.max_line_bytes));
    let mut writer = BufWriter::new(writer);
    let mut out = Vec::new();
    let mut drain_until = None;
    loop {
        let line = match lines.next().now_or_never() {
            Some(line) => line,
            None => {
                within(limits.idle_timeout, writer.flush()).await?;
                match drain_until {
                    Some(deadline) => match tokio::time::timeout_at(deadline, lines.next()).await {
                        Ok(line) => line,
                        Err(_) => break,
                    },
                    None => tokio::select! {
                        line = lines.next() => line,
                        () = idle(limits.idle_timeout) => {
                            tracing::info!("idle timeout");
                            break;
                        }
                        () = shutdown.cancelled() => {
                            drain_until = Some(tokio::time::Instant::now() + DRAIN_GRACE);
                            continue;
                        }
                    },
                }
            }
        };
        let Some(line) = line else { break };
        let (response, after) = match prepare(line?) {
            Prepared::Ignore => continue,
            Prepared::Answer(response) => (response, After::Continue),
            Prepared::Run(command) => {
                let (next, reply) = execute(session, command).await;
                session = next;
                reply
            }
        };
        out.clear();
        response.write_to(&mut out);
        within(limits.idle_timeout, writer.write_all(&out)).await?;
        if after == After::Close {
            break;
        }
    }
    within(limits.idle_timeout, writer.flush()).await?;
    within(limits.idle_timeout, writer.shutdown()).await
}

/// What to do with one raw line.
enum Prepared {
    /// GTP says to ignore it: blank or only a comment.
    Ignore,
    /// It is answered without reaching the session (bad bytes, no command name).
    Answer(Response),
    /// It is a command for the session.
    Run(Command),
}

fn prepare(line: RawLine) -> Prepared {
    let text = match line {
        RawLine::Text(text) => text,
        RawLine::TooLong => return Prepared::Answer(Response::failure(None, "line too long")),
        RawLine::InvalidUtf8 => return Prepared::Answer(Response::failure(None, "invalid UTF-8")),
    };
    let Some(clean) = preprocess(&text) else {
        return Prepared::Ignore;
    };
    match Command::parse(&clean) {
        Ok(command) => Prepared::Run(command),
        Err(error) => Prepared::Answer(Session::error_response(
            error.id(),
            CommandError::Parse(error),
        )),
    }
}

/// Runs one command. Heavy commands go to the blocking pool, taking the session with
/// them and handing it back, so no async worker thread ever computes for long.
async fn execute(mut session: Session, command: Command) -> (Session, (Response, After)) {
    tracing::debug!(name = %command.name, id = ?command.id, "command");
    if !session.is_heavy(&command) {
        let reply = session.respond(&command);
        return (session, reply);
    }
    let job = tokio::task::spawn_blocking(move || {
        let reply = session.respond(&command);
        (session, reply)
    });
    match job.await {
        Ok(done) => done,
        // The job can only fail by panicking, which is a bug: let this task fail too.
        Err(error) => std::panic::resume_unwind(error.into_panic()),
    }
}

/// Runs a write, failing with `TimedOut` if it cannot finish within `limit`.
async fn within(
    limit: Option<Duration>,
    write: impl Future<Output = std::io::Result<()>>,
) -> std::io::Result<()> {
    match limit {
        Some(limit) => tokio::time::timeout(limit, write)
            .await
            .unwrap_or_else(|_| {
                Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the client stopped reading",
                ))
            }),
        None => write.await,
    }
}

async fn idle(timeout: Option<Duration>) {
    match timeout {
        Some(timeout) => tokio::time::sleep(timeout).await,
        None => std::future::pending().await,
    }
}
