//! Wythoff's Nim played perfectly, for piles of any size: exact cold-position
//! arithmetic, the game state of a session, and the GTP adapter.

pub mod error;
pub mod game;
pub mod golden;
pub mod gtp;
pub mod isqrt;
pub mod pile;
pub mod position;
pub mod side;
pub mod solve;

pub use error::{IllegalMove, WythoffError};
pub use game::Game;
pub use pile::Pile;
pub use position::Position;
pub use side::Side;
pub use solve::solve;
