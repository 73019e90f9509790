//! Drives one session over any byte stream: read lines, answer in order, write back.

use super::idle::IdleTimer;
use crate::gtp::{preprocess, Command, GtpLineCodec, OwnedCommand, RawLine};
use crate::session::{write_failure, After, CommandError, Session};
use futures_util::{FutureExt, StreamExt};
use std::future::Future;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio_util::codec::FramedRead;
use tokio_util::sync::CancellationToken;

/// Per-session limits.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    /// Longest accepted line in bytes, not counting its line ending (LF or CRLF).
    pub max_line_bytes: usize,
    /// Close the session after this long without a complete line, or when a write of
    /// answers makes no progress for this long; `None` never does.
    pub idle_timeout: Option<Duration>,
    /// After the stop signal, how long the session may take to answer what it has
    /// received and send it; when it runs out the session is closed, answers still owed
    /// or not, so a client that does not read cannot hold a shutdown.
    pub drain_timeout: Duration,
}

/// How long a session keeps reading after the stop signal. Bytes that reached the socket
/// before the signal may not have been noticed by the runtime yet; this grace lets them be
/// read and answered, without letting a client that keeps talking delay the shutdown.
const DRAIN_GRACE: Duration = Duration::from_millis(100);

/// Collected responses are sent once this many bytes wait, even if more input is ready.
const SEND_AT: usize = 64 * 1024;

/// The initial size of the read buffer; it grows for longer lines.
const READ_CAPACITY: usize = 8 * 1024;

/// Runs `session` over `reader`/`writer` until `quit`, end of input, the idle timeout, or
/// `shutdown`; on shutdown, the commands already received are answered first, for at
/// most the drain timeout: then the session is dropped, closing its streams.
pub async fn run_session<R, W>(
    session: Session,
    reader: R,
    writer: W,
    limits: SessionLimits,
    shutdown: CancellationToken,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let drained = drain_deadline(&shutdown, limits.drain_timeout);
    tokio::select! {
        biased;
        done = converse(session, reader, writer, limits, &shutdown) => done,
        () = drained => {
            tracing::info!("drain timeout: closing with answers still owed");
            Ok(())
        }
    }
}

/// Completes `drain_timeout` after `shutdown` is cancelled.
async fn drain_deadline(shutdown: &CancellationToken, drain_timeout: Duration) {
    shutdown.cancelled().await;
    tokio::time::sleep(drain_timeout).await;
}

/// The session itself, unbounded by the drain timeout.
///
/// Every complete line already read is answered before the next read; the responses are
/// collected and sent in one write when the input runs dry (or once `SEND_AT` bytes
/// wait), so pipelined commands cost few writes. A write that cannot finish within the
/// idle timeout (the client stopped reading) ends the session with an error.
async fn converse<R, W>(
    mut session: Session,
    reader: R,
    mut writer: W,
    limits: SessionLimits,
    shutdown: &CancellationToken,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let codec = GtpLineCodec::new(limits.max_line_bytes);
    let mut lines = FramedRead::with_capacity(reader, codec, READ_CAPACITY);
    let mut out = Vec::new();
    let mut drain_until = None;
    let mut idle = IdleTimer::new(limits.idle_timeout);
    // Whether a whole line came since the idle timer last started: a part of a line does
    // not count as activity.
    let mut lines_since_wait = true;
    // One waiter for the whole session: registering a fresh one per wait costs a lock.
    let mut stopped = std::pin::pin!(shutdown.cancelled());
    'session: loop {
        // A line already in the read buffer (or in the socket) is answered at once;
        // only when none is left do the collected answers go out and the session wait.
        let next = match lines.next().now_or_never() {
            Some(next) => next,
            None => {
                send(&mut writer, &mut out, limits.idle_timeout).await?;
                if std::mem::take(&mut lines_since_wait) {
                    idle.restart();
                }
                match drain_until {
                    Some(deadline) => match tokio::time::timeout_at(deadline, lines.next()).await {
                        Ok(next) => next,
                        Err(_) => break,
                    },
                    None => tokio::select! {
                        next = lines.next() => next,
                        () = idle.expired() => {
                            tracing::info!("idle timeout");
                            break;
                        }
                        () = &mut stopped => {
                            drain_until = Some(tokio::time::Instant::now() + DRAIN_GRACE);
                            continue;
                        }
                    },
                }
            }
        };
        let Some(chunk) = next else { break };
        let chunk = chunk?;
        lines_since_wait = true;
        for line in chunk.lines() {
            let after = match answer(&mut session, line, &mut out) {
                Answered::Done(after) => after,
                Answered::Heavy(command) => {
                    let (back, back_out, after) =
                        respond_blocking(session, *command, std::mem::take(&mut out)).await;
                    session = back;
                    out = back_out;
                    after
                }
            };
            if after == After::Close {
                break 'session;
            }
            if out.len() >= SEND_AT {
                send(&mut writer, &mut out, limits.idle_timeout).await?;
            }
        }
    }
    send(&mut writer, &mut out, limits.idle_timeout).await?;
    within(limits.idle_timeout, writer.shutdown()).await
}

/// What became of one line.
enum Answered {
    /// Its answer, if it gets one, is in the output.
    Done(After),
    /// It is a heavy command, left for the blocking pool. Boxed, so that the common
    /// answer stays small enough to come back in registers.
    Heavy(Box<OwnedCommand>),
}

/// Answers one raw line into `out`, unless GTP says to ignore it (blank, or only a
/// comment) or it is a heavy command.
fn answer(session: &mut Session, line: RawLine<'_>, out: &mut Vec<u8>) -> Answered {
    let text = match line {
        RawLine::Text(text) => text,
        RawLine::TooLong => return refuse(out, CommandError::LineTooLong),
        RawLine::InvalidUtf8 => return refuse(out, CommandError::InvalidUtf8),
    };
    let Some(clean) = preprocess(text) else {
        return Answered::Done(After::Continue);
    };
    let command = match Command::parse(&clean) {
        Ok(command) => command,
        Err(error) => {
            write_failure(error.id(), &CommandError::Parse(error), out);
            return Answered::Done(After::Continue);
        }
    };
    tracing::debug!(name = command.name, id = ?command.id, "command");
    match session.respond_unless_heavy(&command, out) {
        Some(after) => Answered::Done(after),
        None => Answered::Heavy(Box::new(command.to_owned_command())),
    }
}

/// Appends the answer to a line that never reached the session.
fn refuse(out: &mut Vec<u8>, error: CommandError) -> Answered {
    write_failure(None, &error, out);
    Answered::Done(After::Continue)
}

/// Runs one heavy command on the blocking pool, taking the session and the output there
/// and handing them back, so no async worker thread ever computes for long.
async fn respond_blocking(
    mut session: Session,
    command: OwnedCommand,
    mut out: Vec<u8>,
) -> (Session, Vec<u8>, After) {
    let job = tokio::task::spawn_blocking(move || {
        let after = session.respond(&command.command(), &mut out);
        (session, out, after)
    });
    match job.await {
        Ok(done) => done,
        // The job can only fail by panicking, which is a bug: let this task fail too.
        Err(error) => std::panic::resume_unwind(error.into_panic()),
    }
}

/// Writes and flushes the collected responses in `out`, then empties it.
async fn send<W: AsyncWrite + Unpin>(
    writer: &mut W,
    out: &mut Vec<u8>,
    limit: Option<Duration>,
) -> std::io::Result<()> {
    if out.is_empty() {
        return Ok(());
    }
    within(limit, async {
        writer.write_all(out).await?;
        writer.flush().await
    })
    .await?;
    out.clear();
    Ok(())
}

/// Runs a write, failing with `TimedOut` if it cannot finish within `limit`.
async fn within(
    limit: Option<Duration>,
    write: impl Future<Output = std::io::Result<()>>,
) -> std::io::Result<()> {
    let mut write = std::pin::pin!(write);
    // Most writes finish at once, the socket having room: only a write that has to wait
    // is timed, which spares a clock reading and a timer per send.
    if let Some(done) = write.as_mut().now_or_never() {
        return done;
    }
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
