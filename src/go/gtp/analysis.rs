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
use std::sync::atomic::AtomicBool;

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
        let (result, _) = search_in_slices(
            &self.pool,
            None,
            board,
            colour,
            &settings,
            &budget,
            request.interval.map(|interval| Watcher {
                interval,
                report: &mut report,
            }),
        );
        count_playouts(&result);
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
