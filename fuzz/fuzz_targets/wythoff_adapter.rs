//! The Wythoff adapter through a session: any lines, each a command, huge piles too.
#![no_main]

use gamebot::session::Catalog;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fuzz_target!(|data: &[u8]| {
    static CATALOG: OnceLock<Arc<Catalog>> = OnceLock::new();
    let catalog =
        CATALOG.get_or_init(|| Arc::new(Catalog::new(vec![gamebot::wythoff::gtp::factory()])));
    gamebot_fuzz::run_lines(catalog, data, &["wythoff-status"]);
});
