//! Drives one session over any byte stream: read lines, answer in order, write back.

use super::idle::IdleTimer;
use super::metrics::{Outcome, Tally, Timing};
use super::scheduler::{Scheduler, Ticket};
use crate::gtp::{is_interrupt, preprocess, Chunk, Command, GtpLineCodec, OwnedCommand, RawLine};
use crate::session::{write_failure, After, CommandError, Deferred, Load, Session, StreamEnd};
use futures_util::{FutureExt, StreamExt};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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
    /// Whether the end of the input right after a heavy command means the client has
    /// gone, cancelling the command (TCP and WebSocket sessions); on stdin it means only
    /// that no more commands come, and the command is answered.
    pub end_of_input_cancels: bool,
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
/// most the drain timeout: then the session is dropped, closing its streams. Its heavy
/// commands go through `scheduler`.
pub async fn run_session<R, W>(
    session: Session,
    reader: R,
    writer: W,
    limits: SessionLimits,
    scheduler: &Scheduler,
    shutdown: CancellationToken,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    metrics::counter!("gamebot_sessions_total").increment(1);
    let open = metrics::gauge!("gamebot_sessions_open");
    open.increment(1.0);
    let _open = Opened(open);
    let drained = drain_deadline(&shutdown, limits.drain_timeout);
    let context = Context {
        limits,
        scheduler,
        shutdown: &shutdown,
        started: AtomicBool::new(false),
    };
    let done = tokio::select! {
        biased;
        done = converse(session, reader, writer, &context) => done,
        () = drained => {
            tracing::info!("drain timeout: closing with answers still owed");
            Ok(())
        }
    };
    // A connection that sent no game command (a load balancer's health check asking
    // `protocol_version`, a port scan) is no client traffic: it is logged only at debug
    // level.
    match (&done, context.started.load(Ordering::Relaxed)) {
        (Ok(()), true) => tracing::info!("closed"),
        (Err(error), true) => tracing::info!(%error, "closed by error"),
        (Ok(()), false) => tracing::debug!("closed without a game command"),
        (Err(error), false) => tracing::debug!(%error, "closed by error without a game command"),
    }
    done
}

/// Counts a session as open until it is dropped, however the session ends.
struct Opened(metrics::Gauge);

impl Drop for Opened {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

/// Completes `drain_timeout` after `shutdown` is cancelled.
async fn drain_deadline(shutdown: &CancellationToken, drain_timeout: Duration) {
    shutdown.cancelled().await;
    tokio::time::sleep(drain_timeout).await;
}

/// What a session runs with.
struct Context<'a> {
    limits: SessionLimits,
    scheduler: &'a Scheduler,
    shutdown: &'a CancellationToken,
    /// Whether a command other than an administrative one has come: the session has
    /// started, for the log.
    started: AtomicBool,
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
    context: &Context<'_>,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let limits = context.limits;
    let shutdown = context.shutdown;
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
    // Input that came while a stream or a heavy command ran, not yet answered.
    let mut pending: Option<Input> = None;
    // Whether reading failed (the connection was reset): the client has gone, so every
    // heavy command still to come is cancelled before it starts.
    let mut broken = false;
    // Light commands counted, added to the shared counters before each wait.
    let mut tally = Tally::default();
    'session: loop {
        // A line already in the read buffer (or in the socket) is answered at once;
        // only when none is left do the collected answers go out and the session wait.
        let next = match pending.take().or_else(|| lines.next().now_or_never()) {
            Some(next) => next,
            None => {
                tally.flush();
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
                            metrics::counter!("gamebot_errors_total", "kind" => "idle_timeout")
                                .increment(1);
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
        let mut chunk_lines = chunk.lines().peekable();
        while let Some(line) = chunk_lines.next() {
            let after = match answer(&mut session, line, &mut out, &mut tally, &context.started) {
                Answered::Done(after) => after,
                Answered::Heavy(deferral, load) => {
                    let Deferral { command, timing } = *deferral;
                    let Ok(ticket) = context.scheduler.admit(load) else {
                        write_failure(command.command().id, &CommandError::ServerBusy, &mut out);
                        timing.finish(Outcome::Busy);
                        continue;
                    };
                    // The end of the input stops a search only when it is the last
                    // line: a client that sends more after it is waiting for answers,
                    // even if it then half-closes (`printf ... | nc -N`).
                    let last =
                        chunk_lines.peek().is_none() && !matches!(pending, Some(Some(Ok(_))));
                    let gone = broken
                        || (limits.end_of_input_cancels && last && matches!(pending, Some(None)));
                    let input = (last && pending.is_none()).then_some(&mut lines);
                    let start = out.len();
                    let job = Job {
                        session,
                        command,
                        out: std::mem::take(&mut out),
                    };
                    let done = heavy(job, ticket, input, gone, limits.end_of_input_cancels).await;
                    session = done.job.session;
                    out = done.job.out;
                    timing.finish(Outcome::of(&out[start..]));
                    if let Some(input) = done.input {
                        broken |= matches!(input, Some(Err(_)));
                        pending = Some(input);
                    }
                    done.after
                }
                Answered::Stream(deferral, end) => {
                    let Deferral { command, timing } = *deferral;
                    let Ok(mut ticket) = context.scheduler.admit(Load::Pooled) else {
                        write_failure(command.command().id, &CommandError::ServerBusy, &mut out);
                        timing.finish(Outcome::Busy);
                        continue;
                    };
                    ticket.start();
                    // Earlier answers go first; then the stream, which watches the input
                    // for the line that ends it unless that line is already here.
                    send(&mut writer, &mut out, limits.idle_timeout).await?;
                    let input = Watch {
                        lines: (chunk_lines.peek().is_none() && pending.is_none())
                            .then_some(&mut lines),
                        shutdown,
                    };
                    let streamed = stream(session, command, end, &mut writer, input, &limits).await;
                    drop(ticket);
                    timing.finish(streamed.outcome);
                    session = streamed.session;
                    if let Some(input) = streamed.input {
                        broken |= matches!(input, Some(Err(_)));
                        pending = Some(input);
                    }
                    streamed.written?;
                    After::Continue
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

/// What the line reader gives: a chunk of lines, a read error, or (`None`) the end.
type Input = Option<std::io::Result<Chunk>>;

/// What became of one line.
enum Answered {
    /// Its answer, if it gets one, is in the output.
    Done(After),
    /// It is a heavy command, left for the scheduler. Boxed, so that the common answer
    /// stays small enough to come back in registers.
    Heavy(Box<Deferral>, Load),
    /// It streams its answer from the blocking pool, ending as said.
    Stream(Box<Deferral>, StreamEnd),
}

/// A command left for later, with its clock running.
struct Deferral {
    command: OwnedCommand,
    timing: Timing,
}

/// Answers one raw line into `out`, unless GTP says to ignore it (blank, or only a
/// comment) or it is a heavy command. The first command that is not administrative
/// starts the session, for the log.
fn answer(
    session: &mut Session,
    line: RawLine<'_>,
    out: &mut Vec<u8>,
    tally: &mut Tally,
    started: &AtomicBool,
) -> Answered {
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
    if !started.load(Ordering::Relaxed)
        && !Session::is_administrative(command.name)
        && !started.swap(true, Ordering::Relaxed)
    {
        tracing::info!("session started");
    }
    let start = out.len();
    let answered = tally.light(command.name, || {
        let answered = session.respond_unless_heavy(&command, out);
        let outcome = answered.is_ok().then(|| Outcome::of(&out[start..]));
        (answered, outcome)
    });
    match answered {
        Ok(after) => Answered::Done(after),
        Err(deferred) => {
            let deferral = Box::new(Deferral {
                command: command.to_owned_command(),
                timing: Timing::start(command.name),
            });
            match deferred {
                Deferred::Heavy(load) => Answered::Heavy(deferral, load),
                Deferred::Stream(end) => Answered::Stream(deferral, end),
            }
        }
    }
}

/// Appends the answer to a line that never reached the session.
fn refuse(out: &mut Vec<u8>, error: CommandError) -> Answered {
    write_failure(None, &error, out);
    Answered::Done(After::Continue)
}

/// A heavy command with the session and output it runs with.
struct Job {
    session: Session,
    command: OwnedCommand,
    out: Vec<u8>,
}

/// What a heavy command hands back.
struct Done {
    /// The session, with the answer appended to the output.
    job: Job,
    after: After,
    /// Input read while it ran, for the session to answer next.
    input: Option<Input>,
}

/// Runs one heavy command through the scheduler, taking the session and the output to a
/// blocking thread and handing them back, so no async worker thread ever computes for
/// long. Meanwhile it watches `lines` when given: when the input ends or fails (the
/// client went), the command is cancelled, whether it waits for a lane or computes; a
/// search then stops within a few milliseconds (the end alone only when
/// `end_cancels`). With `gone`, the client is known to have gone already: the command is
/// cancelled before it starts.
async fn heavy<R>(
    job: Job,
    ticket: Ticket,
    mut lines: Option<&mut FramedRead<R, GtpLineCodec>>,
    gone: bool,
    end_cancels: bool,
) -> Done
where
    R: AsyncRead + Unpin,
{
    let stop = Arc::new(AtomicBool::new(gone));
    let _stop_when_dropped = StopWhenDropped(Arc::clone(&stop));
    let cancel = CancellationToken::new();
    if gone {
        cancel.cancel();
    }
    let job_stop = Arc::clone(&stop);
    let Job {
        mut session,
        command,
        mut out,
    } = job;
    let mut run = std::pin::pin!(ticket.run(&cancel, move || {
        let after = session.respond_heavy(&command.command(), &mut out, &job_stop);
        (
            Job {
                session,
                command,
                out,
            },
            after,
        )
    }));
    let mut came = None;
    let (job, after) = loop {
        tokio::select! {
            biased;
            done = &mut run => break done,
            next = async {
                match lines.as_mut() {
                    Some(lines) => lines.next().await,
                    None => std::future::pending().await,
                }
            }, if came.is_none() => {
                let went = match &next {
                    Some(Ok(chunk)) => interrupts(chunk),
                    Some(Err(_)) => true,
                    None => end_cancels,
                };
                if went {
                    stop.store(true, Ordering::Relaxed);
                    cancel.cancel();
                }
                came = Some(next);
            }
        }
    };
    Done {
        job,
        after,
        input: came,
    }
}

/// Sets a job's stop flag when dropped. A session can be dropped while its job computes
/// on another thread (the drain timeout ran out, the runtime is shutting down): the job
/// must then stop, not run on for nobody, holding a lane and keeping the runtime's
/// blocking pool from ever shutting down.
struct StopWhenDropped(Arc<AtomicBool>);

impl Drop for StopWhenDropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a streaming command watches while it runs.
struct Watch<'a, R> {
    /// The input, when no line is waiting already (a waiting line ends an analysis at
    /// once).
    lines: Option<&'a mut FramedRead<R, GtpLineCodec>>,
    /// The server's stop signal, which ends an analysis too.
    shutdown: &'a CancellationToken,
}

/// What a streaming command hands back.
struct Streamed {
    session: Session,
    /// Input read while it ran, for the session to answer next.
    input: Option<Input>,
    /// Whether its answer reached the client.
    written: std::io::Result<()>,
    /// How it ended: a stream that began is a success.
    outcome: Outcome,
}

/// Runs a streaming command on the blocking pool, writing each piece of its answer as
/// it comes. An analysis ([`StreamEnd::AtNextLine`]) is stopped by the next input line,
/// the end of input, or the stop signal; any stream is stopped when a write fails (the
/// client went). The session comes back with the input that arrived meanwhile.
async fn stream<R, W>(
    mut session: Session,
    command: OwnedCommand,
    end: StreamEnd,
    writer: &mut W,
    input: Watch<'_, R>,
    limits: &SessionLimits,
) -> Streamed
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let analysis = end == StreamEnd::AtNextLine;
    let stop = Arc::new(AtomicBool::new(analysis && input.lines.is_none()));
    let _stop_when_dropped = StopWhenDropped(Arc::clone(&stop));
    let (pieces, mut received) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
    let job_stop = Arc::clone(&stop);
    let mut job = std::pin::pin!(tokio::task::spawn_blocking(move || {
        let mut emit = |piece| {
            // The receiver lives until the job is done.
            let _ = pieces.send(piece);
        };
        session.respond_stream(&command.command(), &mut emit, &job_stop);
        session
    }));
    let Watch {
        mut lines,
        shutdown,
    } = input;
    let mut came = None;
    let mut written = Ok(());
    let mut outcome = None;
    let session = loop {
        tokio::select! {
            biased;
            Some(mut piece) = received.recv() => {
                outcome.get_or_insert_with(|| Outcome::of(&piece));
                if written.is_ok() {
                    written = send(writer, &mut piece, limits.idle_timeout).await;
                    if written.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            next = async {
                match lines.as_mut() {
                    Some(lines) => lines.next().await,
                    None => std::future::pending().await,
                }
            }, if came.is_none() => {
                // The end of input stops any stream: the client may have gone; so does
                // GoGui's interrupt. A move being thought over then comes at once, the
                // best found so far.
                let interrupted = matches!(&next, Some(Ok(chunk)) if interrupts(chunk));
                if analysis || interrupted || !matches!(next, Some(Ok(_))) {
                    stop.store(true, Ordering::Relaxed);
                }
                came = Some(next);
            }
            () = shutdown.cancelled(), if analysis && !stop.load(Ordering::Relaxed) => {
                stop.store(true, Ordering::Relaxed);
            }
            done = &mut job => match done {
                Ok(session) => break session,
                Err(error) => std::panic::resume_unwind(error.into_panic()),
            },
        }
    };
    while let Ok(mut piece) = received.try_recv() {
        outcome.get_or_insert_with(|| Outcome::of(&piece));
        if written.is_ok() {
            written = send(writer, &mut piece, limits.idle_timeout).await;
        }
    }
    Streamed {
        session,
        input: came,
        written,
        outcome: outcome.unwrap_or(Outcome::Failed),
    }
}

/// Whether `chunk` holds GoGui's interrupt line, which cuts short the command running.
fn interrupts(chunk: &Chunk) -> bool {
    chunk
        .lines()
        .any(|line| matches!(line, RawLine::Text(text) if is_interrupt(text)))
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
