//! The arena's errors: what stops a match before or while it runs, and what goes wrong
//! on one engine link.

use std::path::PathBuf;
use std::time::Duration;
use thiserror::Error;

/// Why a match could not be set up or could not go on.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// An `--engine` argument that is not `NAME=cmd:...` or `NAME=tcp:...`.
    #[error("bad engine '{0}': {1}")]
    BadEngine(String, String),
    /// An option that makes no match (two engines of the same name, a Go size the SGF
    /// files cannot hold, ...).
    #[error("{0}")]
    BadOption(String),
    /// An engine failed before the first game.
    #[error("engine {name} cannot be used: {error}")]
    EngineUnusable {
        /// The engine's name.
        name: String,
        /// What went wrong.
        error: LinkError,
    },
    /// The output directory already holds a match and `--resume` was not given.
    #[error("{0} already holds games.jsonl: pass --resume to continue that match, or choose another --out")]
    OutputTaken(PathBuf),
    /// `--resume` found games that do not belong to this match.
    #[error("cannot resume from {path}: {why}")]
    Resume {
        /// The games file.
        path: PathBuf,
        /// What does not fit.
        why: String,
    },
    /// The handlers of SIGINT and SIGTERM could not be installed.
    #[error("cannot catch signals: {0}")]
    Signals(std::io::Error),
    /// Reading or writing the output files.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// What went wrong talking to one engine.
#[derive(Debug, Error)]
pub enum LinkError {
    /// The program could not be started.
    #[error("cannot start '{program}': {error}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        error: std::io::Error,
    },
    /// The TCP address could not be reached.
    #[error("cannot connect to {address}: {error}")]
    Connect {
        /// The address.
        address: String,
        /// Why.
        error: std::io::Error,
    },
    /// No complete answer within the time allowed.
    #[error("no answer to '{command}' within {:.1} s", .limit.as_secs_f64())]
    Timeout {
        /// The command waiting for its answer.
        command: String,
        /// The time it had.
        limit: Duration,
    },
    /// The engine closed its output (it exited or hung up).
    #[error("the engine closed the connection")]
    Closed,
    /// Reading or writing failed.
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
    /// An answer that is not GTP (no `=` or `?` at its start).
    #[error("not a GTP answer: '{0}'")]
    Protocol(String),
    /// The engine answered `?` to a command it must accept.
    #[error("'{command}' refused: {message}")]
    Refused {
        /// The command.
        command: String,
        /// The engine's message.
        message: String,
    },
}
