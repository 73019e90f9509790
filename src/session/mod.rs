//! Game sessions: one per connection, routing each GTP command to the game that owns it.
//!
//! The session knows the administrative verbs and the [`Catalog`] of games, each seen
//! only through the [`GameAdapter`] trait; it knows nothing about sockets or about any
//! particular game. Errors from every layer become GTP error text in one place,
//! [`write_failure`].

mod adapter;
mod admin;
mod catalog;
mod error;
mod verbs;

pub use adapter::{AdapterFactory, GameAdapter, Load, StreamEnd, StreamSink};
pub use catalog::Catalog;
pub use error::{write_failure, CommandError};
pub(crate) use verbs::verb_table;

use crate::gtp::{Args, Command, Response, StreamedResponse};
use admin::Admin;
use std::borrow::Cow;
use std::sync::atomic::AtomicBool;

/// What the connection should do after sending a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    /// Read the next command.
    Continue,
    /// Close the connection (the command was `quit`).
    Close,
}

/// Why [`Session::respond_unless_heavy`] left a command for the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deferred {
    /// It may compute for long: [`respond_heavy`](Session::respond_heavy) on a blocking
    /// thread, computing there or on the Go search pool as this says.
    Heavy(Load),
    /// It streams its answer: [`respond_stream`](Session::respond_stream) on a blocking
    /// thread, ending as this says.
    Stream(StreamEnd),
}

/// Arguments longer than this in all (bytes) make any command heavy: even linear work
/// on a line of hundreds of kilobytes takes milliseconds, which an async worker thread
/// shared by many sessions must not spend.
pub const LARGE_ARGUMENTS: usize = 4 * 1024;

/// One client's games: an adapter for every game in the catalog, none shared.
pub struct Session {
    catalog: std::sync::Arc<Catalog>,
    games: Vec<Box<dyn GameAdapter>>,
}

impl Session {
    /// A fresh session with a new state for every game in `catalog`.
    pub fn new(catalog: std::sync::Arc<Catalog>) -> Session {
        let games = catalog.new_adapters();
        Session { catalog, games }
    }

    /// Runs `command` here and now and appends its response to `out`, unless it may
    /// compute for long enough that it must not run on an async worker thread, or it
    /// streams: then it is left alone and the caller learns why (see [`Deferred`]). A
    /// command is heavy when its game says so, or when its arguments total more than
    /// [`LARGE_ARGUMENTS`] bytes. The verb is looked up once either way.
    #[inline]
    pub fn respond_unless_heavy(
        &mut self,
        command: &Command<'_>,
        out: &mut Vec<u8>,
    ) -> Result<After, Deferred> {
        let route = self.route(command.name);
        if let Route::Game(index) = route {
            let game = &self.games[index];
            if let Some(end) = game.streams(command.name) {
                return Err(Deferred::Stream(end));
            }
            if has_large_arguments(command) {
                return Err(Deferred::Heavy(Load::Cpu));
            }
            if game.is_heavy(command.name, Args::new(&command.args)) {
                return Err(Deferred::Heavy(game.load(command.name)));
            }
        }
        Ok(self.respond_via(route, command, out))
    }

    /// Runs a streaming command (see [`Deferred::Stream`]), handing every piece of its
    /// answer to `emit` as it comes: the head line alone as soon as the command is
    /// accepted, the stream's lines, and at the end the closing lines and the empty
    /// line; or just the usual failure. The stream ends as its [`StreamEnd`] says,
    /// `stop` being set when it must.
    pub fn respond_stream(
        &mut self,
        command: &Command<'_>,
        emit: &mut dyn FnMut(Vec<u8>),
        stop: &AtomicBool,
    ) {
        let mut out = Vec::new();
        let Some(index) = self.catalog.owner(command.name) else {
            write_failure(command.id, &CommandError::UnknownCommand, &mut out);
            return emit(out);
        };
        let mut sink = Emitter {
            response: StreamedResponse::new(command.id),
            emit: &mut *emit,
        };
        let args = Args::new(&command.args);
        let answer = self.games[index].execute_stream(command.name, args, &mut sink, stop);
        let response = sink.response;
        match answer {
            Ok(closing) => response.finish(&closing, &mut out),
            // A failure after the stream began can only end it: its head line is out.
            Err(error) if response.has_started() => {
                tracing::warn!(%error, "a stream failed after it began");
                response.finish("", &mut out);
            }
            Err(error) => write_failure(command.id, &error, &mut out),
        }
        emit(out);
    }

    /// Runs a heavy command (see [`Deferred::Heavy`]) and appends its response to `out`:
    /// as [`respond`](Session::respond), but a search gives up soon once `stop` is set,
    /// and a command whose `stop` is set before it starts is answered `? cancelled` at
    /// once.
    pub fn respond_heavy(
        &mut self,
        command: &Command<'_>,
        out: &mut Vec<u8>,
        stop: &AtomicBool,
    ) -> After {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            write_failure(command.id, &CommandError::Cancelled, out);
            return After::Continue;
        }
        let Some(index) = self.catalog.owner(command.name) else {
            return self.respond(command, out);
        };
        let args = Args::new(&command.args);
        match self.games[index].execute_cancellable(command.name, args, stop) {
            Ok(result) => Response::success(command.id, &result).write_to(out),
            Err(error) => write_failure(command.id, &error, out),
        }
        After::Continue
    }

    /// Whether `verb` is an administrative one (`protocol_version`, `name`, `version`,
    /// `known_command`, `list_commands`, `quit`), which every session answers the same
    /// way, whatever its games: what probes and health checks send.
    pub fn is_administrative(verb: &str) -> bool {
        Admin::from_name(verb).is_some()
    }

    /// Runs one command and appends its response to `out`; a failed command changes
    /// nothing. Answering an administrative verb allocates nothing.
    pub fn respond(&mut self, command: &Command<'_>, out: &mut Vec<u8>) -> After {
        let route = self.route(command.name);
        self.respond_via(route, command, out)
    }

    /// Where the verb `name` goes: admin verbs first, which needs no hashing.
    #[inline]
    fn route(&self, name: &str) -> Route {
        match Admin::from_name(name) {
            Some(admin) => Route::Admin(admin),
            None => self.catalog.owner(name).map_or(Route::Unknown, Route::Game),
        }
    }

    #[inline]
    fn respond_via(&mut self, route: Route, command: &Command<'_>, out: &mut Vec<u8>) -> After {
        match self.execute(route, command) {
            Ok(result) => {
                Response::success(command.id, &result).write_to(out);
                if route == Route::Admin(Admin::Quit) {
                    After::Close
                } else {
                    After::Continue
                }
            }
            Err(error) => {
                write_failure(command.id, &error, out);
                After::Continue
            }
        }
    }

    #[inline]
    fn execute(
        &mut self,
        route: Route,
        command: &Command<'_>,
    ) -> Result<Cow<'static, str>, CommandError> {
        let args = Args::new(&command.args);
        match route {
            Route::Admin(admin) => admin.execute(args, &self.catalog),
            Route::Game(index) => self.games[index]
                .execute(command.name, args)
                .map(Cow::Owned),
            Route::Unknown => Err(CommandError::UnknownCommand),
        }
    }
}

/// A stream's pieces as they go to the connection: each one written whole and handed
/// over at once.
struct Emitter<'a> {
    response: StreamedResponse,
    emit: &'a mut dyn FnMut(Vec<u8>),
}

impl StreamSink for Emitter<'_> {
    fn begin(&mut self) {
        if !self.response.has_started() {
            let mut piece = Vec::with_capacity(8);
            self.response.begin(&mut piece);
            (self.emit)(piece);
        }
    }

    fn line(&mut self, text: &str) {
        let mut piece = Vec::with_capacity(text.len() + 8);
        self.response.write_lines(text, &mut piece);
        (self.emit)(piece);
    }
}

/// Whether the arguments of `command` total more than [`LARGE_ARGUMENTS`] bytes. Admin
/// verbs never get here, and most game commands have a few short arguments.
#[inline]
fn has_large_arguments(command: &Command<'_>) -> bool {
    command.args.iter().map(|arg| arg.len()).sum::<usize>() > LARGE_ARGUMENTS
}

/// Where a command goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// An administrative verb, answered by the session itself.
    Admin(Admin),
    /// A verb of the game at this index in the catalog.
    Game(usize),
    /// No one answers to it.
    Unknown,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A game with one verb that echoes its arguments, heavy only when asked.
    struct Echo;

    impl GameAdapter for Echo {
        fn verbs(&self) -> &'static [&'static str] {
            &["echo", "echo-heavy"]
        }

        fn is_heavy(&self, verb: &str, _args: Args<'_>) -> bool {
            verb == "echo-heavy"
        }

        fn execute(&mut self, _verb: &str, args: Args<'_>) -> Result<String, CommandError> {
            Ok(args.all().join(" "))
        }
    }

    fn echo_catalog() -> Arc<Catalog> {
        Arc::new(Catalog::new(vec![Box::new(|| Box::new(Echo))]))
    }

    fn is_heavy(session: &mut Session, line: &str) -> bool {
        let mut out = Vec::new();
        session
            .respond_unless_heavy(&Command::parse(line).unwrap(), &mut out)
            .is_err()
    }

    #[test]
    fn large_arguments_make_any_command_heavy() {
        let _bound = crate::test_bound::bound();
        let mut session = Session::new(echo_catalog());
        let at_limit = "x".repeat(LARGE_ARGUMENTS - 1);
        assert!(!is_heavy(&mut session, &format!("echo {at_limit} y")));
        assert!(is_heavy(&mut session, &format!("echo {at_limit} yz")));
        assert!(is_heavy(&mut session, "echo-heavy"));
        assert!(!is_heavy(&mut session, "echo a b"));
        // Admin verbs answer on the spot whatever their arguments.
        assert!(!is_heavy(
            &mut session,
            &format!("known_command {at_limit}xx")
        ));
    }

    fn run(session: &mut Session, line: &str) -> String {
        let mut out = Vec::new();
        session.respond(&Command::parse(line).unwrap(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn admin_verbs() {
        let _bound = crate::test_bound::bound();
        let mut session = Session::new(echo_catalog());
        assert_eq!(run(&mut session, "protocol_version"), "= 2\n\n");
        assert_eq!(run(&mut session, "1 name"), "=1 gamebot\n\n");
        assert_eq!(run(&mut session, "known_command quit"), "= true\n\n");
        assert_eq!(run(&mut session, "known_command fly"), "= false\n\n");
        assert_eq!(run(&mut session, "fly"), "? unknown command\n\n");
        let list = run(&mut session, "list_commands");
        assert_eq!(
            list,
            "= protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\ncputime\ngomill-cpu_time\ngogui-interrupt\necho\necho-heavy\n\n"
        );
        assert_eq!(run(&mut session, "known_command echo"), "= true\n\n");
    }

    #[test]
    fn quit_closes() {
        let _bound = crate::test_bound::bound();
        let mut session = Session::new(echo_catalog());
        let mut out = Vec::new();
        let after = session.respond(&Command::parse("9 quit").unwrap(), &mut out);
        assert_eq!(out, b"=9 \n\n");
        assert_eq!(after, After::Close);
    }
}
