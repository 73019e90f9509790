//! Pondering: after the engine has played, its search goes on over the opponent's
//! replies on the shared search pool until the session's next Go command, and the tree
//! it grew is the one the next `genmove` continues from.

use super::thinking::LastSearch;
use crate::go::board::Board;
use crate::go::engine::pool::SearchPool;
use crate::go::engine::search::{search_with, Budget, Settings};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest a ponder runs when no command comes: an opponent who thinks longer (or a
/// client that went quiet) does not keep the search threads busy for nothing.
const PONDER_LIMIT: Duration = Duration::from_secs(120);

/// A search running on the opponent's time. Dropping it (the session ended) stops the
/// search.
#[derive(Debug)]
pub(super) struct Ponder {
    stop: Arc<AtomicBool>,
    /// The search's thread; taken by [`Ponder::finish`].
    thread: Option<JoinHandle<LastSearch>>,
}

impl Ponder {
    /// Starts searching `board` from `kept` (the tree under the engine's move, for the
    /// opponent to move) on `pool`, with `settings`, until [`Ponder::finish`] or
    /// [`PONDER_LIMIT`].
    pub fn start(
        pool: Arc<SearchPool>,
        board: Board,
        kept: LastSearch,
        settings: Settings,
    ) -> Ponder {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let budget = Budget {
                playouts: None,
                deadline: Some(Instant::now() + PONDER_LIMIT),
                target: None,
                stop: Some(&flag),
            };
            let colour = kept.colour();
            let (_, tree) = search_with(
                &pool,
                Some(kept.into_tree()),
                &board,
                colour,
                &settings,
                &budget,
            );
            LastSearch::new(tree, &board, colour)
        });
        Ponder {
            stop,
            thread: Some(thread),
        }
    }

    /// Stops the search (within one slice of the pool) and returns the tree it grew.
    pub fn finish(mut self) -> Option<LastSearch> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take()?.join().ok()
    }
}

#[cfg(test)]
impl Ponder {
    /// The flag that stops the search, for tests to watch.
    pub(super) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
