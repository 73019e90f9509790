//! gamebot: a bot server speaking GTP version 2 for several games.
//!
//! Layers, from the wire inwards: [`server`] (connections, limits, shutdown) drives a
//! [`session::Session`] per connection; [`gtp`] turns bytes into typed commands and
//! results into response text; each game module is plain synchronous Rust behind a thin
//! [`session::Game`] adapter.

#![forbid(unsafe_code)]

pub mod go;
pub mod gtp;
pub mod qttt;
pub mod server;
pub mod session;
pub mod wythoff;
