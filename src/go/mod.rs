//! Go under Tromp-Taylor rules: the board, area scoring, the engine and the GTP adapter.

pub mod colour;
pub mod score;
pub mod text_board;

pub use colour::Colour;
pub use score::{area_score, AreaScore};
