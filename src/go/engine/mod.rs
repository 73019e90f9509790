//! The Go engine: a Monte-Carlo tree search with RAVE over a fast playout board.
//!
//! Pure and synchronous: [`search::search`] takes a position, the rules it needs (komi, a
//! seed, how many threads) and a budget (simulations, a deadline, a stop flag) and
//! returns a move with what it learned. It reads no clock it was not given a deadline
//! for and knows no socket; [`clock`] and [`time_plan`] do the time arithmetic for the
//! adapter, [`stopping`] decides when a search between two limits has its move, and
//! [`dynamic_komi`] moves the komi of lopsided games.

pub mod amaf;
pub mod avoid;
pub mod book;
pub mod clock;
pub mod dynamic_komi;
pub mod game;
pub mod ladder;
pub mod model;
mod options;
pub mod pattern;
pub mod playout;
pub mod playout_board;
pub mod policy_net;
pub mod pool;
pub mod priors;
pub mod replies;
pub mod search;
pub mod slices;
pub mod stopping;
pub mod time_plan;
pub mod tree;
pub mod value;
pub mod value_net;

pub use options::EngineOptions;
