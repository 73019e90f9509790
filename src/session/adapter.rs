//! The interface between a session and one game: an adapter from GTP verbs to the game.

use super::CommandError;
use crate::gtp::Args;

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
}

/// Builds one session's fresh adapter for a game; held by the
/// [`Catalog`](super::Catalog). A factory may capture state every session shares, such
/// as a search cache.
pub type AdapterFactory = Box<dyn Fn() -> Box<dyn GameAdapter> + Send + Sync>;
