//! Go under Tromp-Taylor rules: the board, area scoring, the engine and the GTP adapter.

pub mod colour;

pub use colour::Colour;
