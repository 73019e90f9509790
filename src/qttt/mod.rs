//! Quantum tic-tac-toe (Goff's rules, the scoring challenge's record notation): the rules,
//! records, scoring, a perfect player by exhaustive search, and the GTP adapter.

pub mod cells;
mod collapse;
pub mod engine;
pub mod game;
pub mod gtp;
mod key;
pub mod position;
pub mod record;
pub mod rules;
pub mod score;
mod table;

pub use engine::Engine;
pub use game::{Game, Rejected};
pub use position::{CollapseOptions, Position, Status};
pub use record::Token;
pub use rules::{apply, legal_tokens, Refusal};
pub use score::{Player, Score};
