//! Game sessions: one per connection, routing each GTP command to the game that owns it.
//!
//! The session knows the administrative verbs and the [`Catalog`] of games; it knows
//! nothing about sockets. Errors from every layer become GTP error text in one place,
//! [`Session::write_error`].

mod admin;
mod catalog;
mod error;
mod game;

pub use catalog::Catalog;
pub use error::CommandError;
pub use game::Game;

use crate::gtp::{Args, Command, Response};
use admin::Admin;
use std::borrow::Cow;

/// What the connection should do after sending a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    /// Read the next command.
    Continue,
    /// Close the connection (the command was `quit`).
    Close,
}

/// One client's games: a state for every game in the catalog, none shared.
pub struct Session {
    catalog: std::sync::Arc<Catalog>,
    games: Vec<Box<dyn Game>>,
}

impl Session {
    /// A fresh session with a new state for every game in `catalog`.
    pub fn new(catalog: std::sync::Arc<Catalog>) -> Session {
        let games = catalog.new_games();
        Session { catalog, games }
    }

    /// Runs `command` here and now and appends its response to `out`, unless it may
    /// compute for long enough that it must not run on an async worker thread: then it
    /// is left alone and `None` comes back, for the caller to [`respond`](Session::respond)
    /// on a blocking thread. The verb is looked up once either way.
    #[inline]
    pub fn respond_unless_heavy(
        &mut self,
        command: &Command<'_>,
        out: &mut Vec<u8>,
    ) -> Option<After> {
        let route = self.route(command.name);
        if let Route::Game(index) = route {
            if self.games[index].is_heavy(command.name, Args::new(&command.args)) {
                return None;
            }
        }
        Some(self.respond_via(route, command, out))
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
        match Admin::from_verb(name) {
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
                Self::write_error(command.id, &error, out);
                After::Continue
            }
        }
    }

    /// Appends the response to a failed command to `out`: the one place where a typed
    /// error becomes GTP error text.
    #[cold]
    pub fn write_error(id: Option<u64>, error: &CommandError, out: &mut Vec<u8>) {
        Response::failure(id, &error.to_string()).write_to(out);
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

    fn run(session: &mut Session, line: &str) -> String {
        let mut out = Vec::new();
        session.respond(&Command::parse(line).unwrap(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn admin_verbs() {
        let mut session = Session::new(Arc::new(Catalog::standard()));
        assert_eq!(run(&mut session, "protocol_version"), "= 2\n\n");
        assert_eq!(run(&mut session, "1 name"), "=1 gamebot\n\n");
        assert_eq!(run(&mut session, "known_command quit"), "= true\n\n");
        assert_eq!(run(&mut session, "known_command fly"), "= false\n\n");
        assert_eq!(run(&mut session, "fly"), "? unknown command\n\n");
        let list = run(&mut session, "list_commands");
        assert!(list.contains("\nquit\n"), "{list}");
    }

    #[test]
    fn quit_closes() {
        let mut session = Session::new(Arc::new(Catalog::standard()));
        let mut out = Vec::new();
        let after = session.respond(&Command::parse("9 quit").unwrap(), &mut out);
        assert_eq!(out, b"=9 \n\n");
        assert_eq!(after, After::Close);
    }
}
