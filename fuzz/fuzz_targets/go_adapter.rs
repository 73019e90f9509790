//! The Go adapter through a session: any lines, each a command; searches are skipped.
#![no_main]

use gamebot::go::engine::pool::SearchPool;
use gamebot::go::engine::EngineOptions;
use gamebot::session::Catalog;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fuzz_target!(|data: &[u8]| {
    static CATALOG: OnceLock<Arc<Catalog>> = OnceLock::new();
    let catalog = CATALOG.get_or_init(|| {
        let options = EngineOptions {
            playouts: Some(20),
            threads: 1,
            seed: 1,
            ..EngineOptions::default()
        };
        let pool = Arc::new(SearchPool::new(1));
        // No file: the fuzzer's loadsgf and printsgf must not touch the disk.
        let files = gamebot::go::gtp::SgfFiles::Refused;
        Arc::new(Catalog::new(vec![gamebot::go::gtp::factory(
            options, pool, files,
        )]))
    });
    gamebot_fuzz::run_lines(catalog, data, &["showboard"]);
});
