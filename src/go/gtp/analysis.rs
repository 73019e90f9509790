//! Analysis for GUIs: Leela Zero's `lz-analyze`, KataGo's `kata-analyze` and Sabaki's
//! `analyze`, and their `genmove_analyze` forms, as streams of `info` lines in the
//! formats those programs read.

mod report;
mod request;
mod restrict;

use super::thinking::{count_playouts, search_settings, Progress};
use super::{GoAdapter, GoError, Purpose};
use crate::go::engine::search::{Budget, SearchResult};
use crate::go::engine::slices::{search_in_slices, Watcher};
use crate::go::engine::tree::Tree;
use crate::session::StreamSink;
use report::info_line;
pub(super) use request::Request;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often an analysis whose tree is full looks for the line that ends it.
const FULL_TREE_POLL: Duration = Duration::from_millis(20);

/// Which program's format the `info` lines follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    /// Leela Zero's: win rate, prior and bound as whole hundredths of a percent.
    LeelaZero,
    /// KataGo's: fractions from 0 to 1, and ownership on request.
    KataGo,
    /// Sabaki's `analyze`: KataGo's keys with Leela Zero's numbers, since Sabaki reads
    /// the win rate of every command whose name does not start with `kata` as whole
    /// hundredths of a percent (0.52 does so for any value without a decimal point).
    Sabaki,
}

impl Format {
    /// Whether the KataGo keys (`ownership`, `rootInfo`, `pvVisits`) are taken.
    fn kata_keys(self) -> bool {
        self != Format::LeelaZero
    }
}

impl GoAdapter {
    /// `lz-analyze` and its kin: begins the stream at once, then searches the position
    /// for the requested side, sending an `info` line to `sink` every interval, until
    /// `stop` is set. The tree kept for the next `genmove` is left alone.
    pub(super) fn analyze(&self, request: &Request, sink: &mut dyn StreamSink, stop: &AtomicBool) {
        sink.begin();
        let board = &self.board;
        let colour = request.colour.unwrap_or_else(|| board.to_move());
        let mut settings = search_settings(board, self.komi, &self.options, request.ownership);
        settings.avoid = request.restriction.avoid_table(board.size() * board.size());
        let budget = Budget {
            stop: Some(stop),
            ..Budget::default()
        };
        let mut report = |result: &SearchResult, tree: &Tree| {
            if let Some(line) = info_line(board, colour, result, tree, request) {
                sink.line(&line);
            }
        };
        let watcher = request.interval.map(|interval| Watcher {
            interval,
            report: &mut report,
        });
        let (result, tree) =
            search_in_slices(&self.pool, None, board, colour, &settings, &budget, watcher);
        count_playouts(&result);
        if result.full {
            // The search is over, the analysis not: its last report stands until the
            // next line, and the search threads are free meanwhile.
            if request.interval.is_some() {
                report(&result, &tree);
            }
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(FULL_TREE_POLL);
            }
        }
    }

    /// `lz-genmove_analyze` and its kin: begins the stream at once, then `genmove`
    /// (played, the clock charged, the tree kept), sending an `info` line every interval
    /// while it thinks; the move comes last as `play VERTEX`.
    pub(super) fn genmove_analyze(
        &mut self,
        request: &Request,
        sink: &mut dyn StreamSink,
        stop: &AtomicBool,
    ) -> Result<String, GoError> {
        sink.begin();
        let board = self.board.clone();
        let colour = request.colour.unwrap_or_else(|| board.to_move());
        let avoid = request.restriction.avoid_table(board.size() * board.size());
        let mut report = |result: &SearchResult, tree: &Tree| {
            if let Some(line) = info_line(&board, colour, result, tree, request) {
                sink.line(&line);
            }
        };
        let progress = Progress {
            interval: request.interval,
            stop,
            report: &mut report,
        };
        let answer = self.genmove(colour, Purpose::Play, Some(progress), avoid)?;
        Ok(format!("play {answer}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::engine::pool::SearchPool;
    use crate::go::engine::EngineOptions;
    use crate::gtp::Args;
    use crate::session::GameAdapter;
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    /// The lines of a stream, shared with the test that watches it.
    struct Watched(Arc<Mutex<Vec<String>>>);

    impl StreamSink for Watched {
        fn begin(&mut self) {}

        fn line(&mut self, text: &str) {
            self.0.lock().unwrap().push(text.to_string());
        }
    }

    #[test]
    fn an_analysis_whose_tree_fills_reports_once_more_then_waits_for_the_next_line() {
        let _bound = crate::test_bound::bound();
        // A 9x9 leaf takes 82 nodes: 3,000 fill in a few hundred simulations.
        let options = EngineOptions {
            max_nodes: 3_000,
            ..EngineOptions::default()
        };
        let mut adapter = GoAdapter::new(options, Arc::new(SearchPool::new(1)));
        adapter
            .execute("boardsize", Args::new(&["9"]))
            .expect("boardsize");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let analysis = {
            let (lines, stop) = (Arc::clone(&lines), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut sink = Watched(lines);
                adapter.execute_stream("kata-analyze", Args::new(&["b", "1"]), &mut sink, &stop)
            })
        };
        // A search still going reports every 10 ms: a quarter of a second without a
        // line means it is over.
        let mut seen = (0, Instant::now());
        while seen.1.elapsed() < Duration::from_millis(250) {
            std::thread::sleep(Duration::from_millis(5));
            let count = lines.lock().unwrap().len();
            if count != seen.0 {
                seen = (count, Instant::now());
            }
        }
        assert!(seen.0 > 0, "the last report was sent");
        let last = lines.lock().unwrap().last().cloned().unwrap();
        assert!(last.starts_with("info move "), "{last}");
        assert!(
            !analysis.is_finished(),
            "the analysis waits for the next line"
        );
        stop.store(true, Ordering::Relaxed);
        let answer = analysis.join().expect("no panic").expect("an answer");
        assert_eq!(answer, "");
        assert_eq!(
            lines.lock().unwrap().len(),
            seen.0,
            "nothing after the stop"
        );
    }
}
