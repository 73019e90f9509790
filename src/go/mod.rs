//! Go under Tromp-Taylor rules: the board, area scoring, the engine, the GTP adapter and
//! KataGo's JSON analysis protocol (`gamebot analysis`).

pub mod analysis_engine;
pub mod board;
pub mod colour;
pub mod engine;
pub mod gtp;
pub mod handicap;
pub mod history;
pub mod marks;
pub mod points;
pub mod rng;
pub mod score;
pub mod sgf;
pub mod text_board;
pub mod training;
pub mod vertex;
pub mod zobrist;

pub use colour::Colour;
pub use points::Points;
pub use score::{area_score, AreaScore, Outcome};
