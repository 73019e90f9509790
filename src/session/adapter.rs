//! The interface between a session and one game: an adapter from GTP verbs to the game.

use super::CommandError;
use crate::gtp::Args;
use std::sync::atomic::AtomicBool;

/// One game's state within one session, driven by GTP verbs.
///
/// Implementations are thin adapters: they read the verb into their verb table, parse
/// the arguments into a typed command, call the game's plain synchronous API, and write
/// the result as text. All of a game's wire text lives in its adapter. An `Err` must
/// leave the state exactly as it was.
pub trait GameAdapter: Send + 'static {
    /// The verbs this game answers, in the order `list_commands` shows them.
    fn verbs(&self) -> &'static [&'static str];

    /// Whether `verb` with these arguments may compute for long enough that it must run
    /// on the blocking pool rather than on an async worker thread. (Any command with
    /// large arguments goes there anyway; see [`Session`](super::Session).)
    fn is_heavy(&self, verb: &str, args: Args<'_>) -> bool;

    /// Runs `verb` (one of [`verbs`](GameAdapter::verbs)) with its arguments and returns
    /// the response text: no empty lines, possibly several lines.
    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError>;

    /// Where the heavy `verb` computes: on a thread of its own unless said otherwise.
    fn load(&self, _verb: &str) -> Load {
        Load::Cpu
    }

    /// Runs a heavy `verb` as [`execute`](GameAdapter::execute) does, but a search
    /// gives up soon once `stop` is set (its client has gone): it then answers
    /// [`CommandError::Cancelled`] and changes nothing, or, where a shorter search still
    /// gives a good answer (a Go move), answers with what it found so far.
    fn execute_cancellable(
        &mut self,
        verb: &str,
        args: Args<'_>,
        _stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        self.execute(verb, args)
    }

    /// Whether `verb` answers as a stream (analysis that sends a line every so often
    /// while it thinks), and how that stream ends. Streaming verbs always run on the
    /// blocking pool, through [`execute_stream`](GameAdapter::execute_stream).
    fn streams(&self, _verb: &str) -> Option<StreamEnd> {
        None
    }

    /// Runs the streaming `verb`: checks its arguments and anything else that may refuse
    /// it (an `Err` then is answered as any failure, before anything went out), then
    /// [begins](StreamSink::begin) the stream at once, gives each line of the stream
    /// (without its line feed) to the sink as it comes, and returns the closing lines
    /// (such as `play D4`), possibly none. A verb that [ends at the next
    /// line](StreamEnd::AtNextLine) runs until `stop` is set; every streaming verb ends
    /// soon once it is.
    fn execute_stream(
        &mut self,
        _verb: &str,
        _args: Args<'_>,
        _sink: &mut dyn StreamSink,
        _stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        Err(CommandError::UnknownCommand)
    }
}

/// Where a streaming verb sends its answer while it runs.
pub trait StreamSink {
    /// The command is accepted and its stream begins: the head line (`=` and the id)
    /// goes out now, alone, as clients of analysis expect it. Called at most once.
    fn begin(&mut self);

    /// One line of the stream, without its line feed (the stream begins first if it
    /// has not yet).
    fn line(&mut self, text: &str);
}

/// Where a heavy command computes, which says whether it needs a lane of the server's
/// scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// On its own thread: it takes one of the scheduler's lanes (one per core).
    Cpu,
    /// On the Go search pool, which shares its own threads among all searches: the
    /// command's thread only waits, so it takes no lane.
    Pooled,
}

/// How a streaming answer ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamEnd {
    /// When the next input line arrives (any line, even an empty one), or the client
    /// goes: `lz-analyze` and its kin.
    AtNextLine,
    /// When its own budget is spent (or the client goes): `lz-genmove_analyze`, which
    /// thinks as long as `genmove` would, whatever comes meanwhile.
    ByItself,
}

/// Builds one session's fresh adapter for a game; held by the
/// [`Catalog`](super::Catalog). A factory may capture state every session shares, such
/// as a search cache.
pub type AdapterFactory = Box<dyn Fn() -> Box<dyn GameAdapter> + Send + Sync>;
