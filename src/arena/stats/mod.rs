//! The match's numbers: wins, draws and losses; the Elo difference with its 95%
//! interval and the likelihood of superiority; the SPRT.

mod elo;
mod sprt;
mod tally;

pub use elo::{los, Elo};
pub use sprt::{Sprt, SprtState, Verdict};
pub use tally::Tally;
