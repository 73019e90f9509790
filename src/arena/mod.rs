//! `gamebot arena`: matches between two engines that speak gamebot's protocol, in Go,
//! quantum tic-tac-toe or Wythoff's Nim.
//!
//! The arena talks to engines only through the protocol ([`link`]: a child process or
//! a TCP connection, every exchange under a time limit) and keeps each game itself with
//! that game's own core ([`referee`]), so an engine that breaks the rules, answers `?`,
//! is too slow or dies loses that game ([`outcome`]) and the match goes on. The
//! [`runner`] plays games concurrently and in pairs with the same start and swapped
//! seats ([`plan`]); [`book`] and [`stats`] count them (Elo, LOS, SPRT); [`output`]
//! writes `games.jsonl`, `summary.json` and SGF files, and reads them back to resume.

pub mod book;
pub mod cli;
pub mod error;
pub mod link;
pub mod opening;
pub mod outcome;
pub mod output;
pub mod plan;
pub mod progress;
pub mod record;
pub mod referee;
pub mod runner;
pub mod sgf;
pub mod spec;
pub mod stats;

pub use book::Summary;
pub use error::{ArenaError, LinkError};
pub use plan::{GoRules, Limits, Openings, Rules};
pub use runner::{run, Finished};
pub use spec::{Engine, Spec};
pub use stats::Sprt;

use std::path::PathBuf;

/// A match, as the command line describes it.
#[derive(Debug, Clone)]
pub struct Match {
    /// The two engines, in `--engine` order; the first moves first in odd games.
    pub engines: [Engine; 2],
    /// The game and its settings.
    pub rules: Rules,
    /// How many games: pairs of games with the same start and swapped seats.
    pub games: u64,
    /// How many games at once.
    pub concurrency: usize,
    /// The seed of the starts (random openings and Wythoff piles).
    pub seed: u64,
    /// How Go and QTTT games start.
    pub openings: Openings,
    /// How long engines may take.
    pub limits: Limits,
    /// A Go engine whose `final_score` decides finished games, instead of the arena's
    /// own Tromp-Taylor count.
    pub referee: Option<Spec>,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
    /// Where the files go.
    pub out: Option<PathBuf>,
    /// Continue the match already in `out`.
    pub resume: bool,
}
