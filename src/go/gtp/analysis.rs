//! Analysis for GUIs: Leela Zero's `lz-analyze`, KataGo's `kata-analyze` and Sabaki's
//! `analyze`, and their `genmove_analyze` forms, as streams of `info` lines in the
//! formats those programs read.

use super::thinking::{count_playouts, search_settings, Progress};
use super::vertex::move_name;
use super::{colour, GoAdapter, GoError, Purpose};
use crate::go::board::Board;
use crate::go::engine::search::{Budget, Candidate, SearchResult};
use crate::go::engine::slices::{search_in_slices, Watcher};
use crate::go::Colour;
use crate::gtp::{ArgError, Args};
use crate::session::{CommandError, StreamSink};
use std::fmt::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How often a stream reports when the command does not say (centiseconds).
const DEFAULT_INTERVAL: u64 = 100;

/// Which engine's published format the `info` lines follow.
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
    /// Whether the KataGo keys (`ownership`, ...) are taken.
    fn kata_keys(self) -> bool {
        self != Format::LeelaZero
    }
}

/// An analysis command's arguments: `[COLOUR] [INTERVAL] [KEY VALUE]...`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Request {
    /// The side to analyse for; the side to move when not given.
    colour: Option<Colour>,
    /// How often to report; never (only the `genmove` forms' last move) when zero.
    interval: Option<Duration>,
    format: Format,
    /// KataGo's `ownership true`: each point's expected owner after the moves.
    ownership: bool,
    /// Report at least this many moves, unvisited ones by prior (`minmoves`).
    min_moves: usize,
    /// Report at most this many moves (`maxmoves`).
    max_moves: usize,
}

impl Request {
    /// Reads `args` as an analysis command in `format` takes them.
    pub(super) fn parse(args: Args<'_>, format: Format) -> Result<Request, CommandError> {
        let items = args.all();
        let mut request = Request {
            colour: None,
            interval: Some(Duration::from_millis(DEFAULT_INTERVAL * 10)),
            format,
            ownership: false,
            min_moves: 0,
            max_moves: usize::MAX,
        };
        let mut index = 0;
        if let Ok(colour) = colour(args, 0) {
            request.colour = Some(colour);
            index = 1;
        }
        if items
            .get(index)
            .is_some_and(|raw| raw.parse::<u64>().is_ok())
        {
            request.interval = interval(args, index)?;
            index += 1;
        }
        while index < items.len() {
            let key = items[index];
            if index + 1 == items.len() {
                return Err(ArgError::Invalid {
                    what: "a value after the key",
                    got: key.to_string(),
                }
                .into());
            }
            let value = index + 1;
            match key.to_ascii_lowercase().as_str() {
                "interval" => request.interval = interval(args, value)?,
                "minmoves" => request.min_moves = args.parse(value, "a number of moves")?,
                "maxmoves" => request.max_moves = args.parse(value, "a number of moves")?,
                "ownership" if format.kata_keys() => {
                    request.ownership = args.parse_with(value, "true or false", |raw| match raw
                        .to_ascii_lowercase()
                        .as_str()
                    {
                        "true" => Some(true),
                        "false" => Some(false),
                        _ => None,
                    })?;
                }
                _ => {
                    return Err(ArgError::Invalid {
                        what: match format {
                            Format::LeelaZero => "interval, minmoves or maxmoves",
                            Format::KataGo | Format::Sabaki => {
                                "interval, minmoves, maxmoves or ownership"
                            }
                        },
                        got: key.to_string(),
                    }
                    .into())
                }
            }
            index += 2;
        }
        Ok(request)
    }
}

/// Argument `index` as an interval in centiseconds; zero means never.
fn interval(args: Args<'_>, index: usize) -> Result<Option<Duration>, ArgError> {
    let centiseconds: u64 = args.parse(index, "an interval in centiseconds")?;
    Ok((centiseconds > 0).then(|| Duration::from_millis(centiseconds.saturating_mul(10))))
}

impl GoAdapter {
    /// `lz-analyze` and its kin: begins the stream at once, then searches the position
    /// for the requested side, sending an `info` line to `sink` every interval, until
    /// `stop` is set. The tree kept for the next `genmove` is left alone.
    pub(super) fn analyze(&self, request: &Request, sink: &mut dyn StreamSink, stop: &AtomicBool) {
        sink.begin();
        let board = &self.board;
        let colour = request.colour.unwrap_or_else(|| board.to_move());
        let settings = search_settings(board, self.komi, &self.options, request.ownership);
        let budget = Budget {
            stop: Some(stop),
            ..Budget::default()
        };
        let mut report =
            |result: &SearchResult| sink.line(&info_line(board, colour, result, request));
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
        let mut report =
            |result: &SearchResult| sink.line(&info_line(&board, colour, result, request));
        let progress = Progress {
            interval: request.interval,
            stop,
            report: &mut report,
        };
        let answer = self.genmove(colour, Purpose::Play, Some(progress))?;
        Ok(format!("play {answer}"))
    }
}

/// One report: an `info` entry per reported move, most visited first, and KataGo's
/// `ownership` when asked for, all on one line.
fn info_line(board: &Board, colour: Colour, result: &SearchResult, request: &Request) -> String {
    let prior_total: f32 = result.candidates.iter().map(|c| c.prior).sum();
    let mut reported: Vec<&Candidate> = result
        .candidates
        .iter()
        .filter(|candidate| candidate.visits > 0)
        .collect();
    if reported.len() < request.min_moves {
        let mut unvisited: Vec<&Candidate> = result
            .candidates
            .iter()
            .filter(|candidate| candidate.visits == 0)
            .collect();
        unvisited.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        let wanted = request.min_moves - reported.len();
        reported.extend(unvisited.into_iter().take(wanted));
    }
    reported.truncate(request.max_moves);
    let mut line = String::new();
    for (order, candidate) in reported.iter().enumerate() {
        let prior = candidate.prior / prior_total.max(f32::MIN_POSITIVE);
        let name = |mv: Option<usize>| move_name(mv.map(|point| board.vertex(point)));
        if !line.is_empty() {
            line.push(' ');
        }
        let _ = write!(
            line,
            "info move {} visits {} ",
            name(candidate.mv),
            candidate.visits
        );
        let _ = match request.format {
            Format::LeelaZero | Format::Sabaki => write!(
                line,
                "winrate {} prior {} lcb {}",
                basis_points(candidate.win_rate),
                basis_points(prior),
                basis_points(candidate.lcb)
            ),
            Format::KataGo => write!(
                line,
                "winrate {:.6} prior {:.6} lcb {:.6}",
                candidate.win_rate, prior, candidate.lcb
            ),
        };
        let _ = write!(line, " order {order} pv");
        for &mv in &candidate.pv {
            let _ = write!(line, " {}", name(mv));
        }
    }
    if request.ownership {
        line.push_str(if line.is_empty() {
            "ownership"
        } else {
            " ownership"
        });
        let size = board.size();
        for row in (0..size).rev() {
            for column in 0..size {
                let owner = result.ownership[row * size + column];
                let mine = match colour {
                    Colour::Black => owner,
                    Colour::White => -owner,
                };
                let _ = write!(line, " {mine:.6}");
            }
        }
    }
    line
}

/// A fraction from 0 to 1 in hundredths of a percent, as Leela Zero writes it.
fn basis_points(fraction: f32) -> u32 {
    (fraction.clamp(0.0, 1.0) * 10_000.0).round() as u32
}
