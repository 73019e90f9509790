//! gamebot: a bot server speaking GTP version 2 for several games.
//!
//! Layers, from the wire inwards: [`server`] (connections, limits, shutdown) drives a
//! [`session::Session`] per connection; [`gtp`] turns bytes into typed commands and
//! results into response text; each game module is plain synchronous Rust behind a thin
//! [`session::GameAdapter`]. This file is the composition root: the only place that
//! names the games a server offers.

#![forbid(unsafe_code)]

pub mod arena;
pub mod go;
pub mod gtp;
pub mod qttt;
pub mod server;
pub mod session;
pub mod wythoff;

/// The integration tests' watchdog (`tests/common/bound.rs`), for the unit tests: each
/// starts with `let _bound = crate::test_bound::bound();`.
#[cfg(test)]
#[path = "../tests/common/bound.rs"]
#[allow(dead_code)]
mod test_bound;

use go::engine::pool::SearchPool;
use go::engine::EngineOptions;
use go::gtp::SgfFiles;
use session::Catalog;
use std::sync::Arc;

/// The catalog gamebot serves: Go (its engine set by `go`, searching on a pool of
/// `go.threads` threads that all sessions share, touching no file), quantum tic-tac-toe
/// and Wythoff's Nim, in `list_commands` order. Adding a game is one more line here.
pub fn standard_catalog(go: EngineOptions) -> Catalog {
    standard_catalog_with_files(go, SgfFiles::Refused)
}

/// [`standard_catalog`], whose Go sessions read and write SGF files (`loadsgf`,
/// `printsgf`) as `files` allows.
pub fn standard_catalog_with_files(go: EngineOptions, files: SgfFiles) -> Catalog {
    let pool = Arc::new(SearchPool::new(go.threads));
    Catalog::new(vec![
        go::gtp::factory(go, pool, files),
        qttt::gtp::factory(),
        wythoff::gtp::factory(),
    ])
}
