//! The interface between a session and one game's GTP adapter.

use super::CommandError;
use crate::gtp::Args;

/// One game's state within one session, driven by GTP verbs.
///
/// Implementations are thin adapters: they parse the arguments into a typed command,
/// call the game's plain synchronous API, and format the result. An `Err` must leave the
/// state exactly as it was.
pub trait Game: Send + 'static {
    /// The verbs this game answers, in the order `list_commands` shows them.
    fn verbs(&self) -> &'static [&'static str];

    /// Whether `verb` with these arguments may compute for long enough that it must run
    /// on the blocking pool rather than on an async worker thread.
    fn is_heavy(&self, _verb: &str, _args: Args<'_>) -> bool {
        false
    }

    /// Runs `verb` (one of [`verbs`](Game::verbs)) with its arguments and returns the
    /// response text: no empty lines, possibly several lines.
    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError>;
}

/// Builds one session's fresh state of a game; held by the [`Catalog`](super::Catalog).
pub type GameFactory = Box<dyn Fn() -> Box<dyn Game> + Send + Sync>;
