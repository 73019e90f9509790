//! An analysis command's arguments, `[COLOUR] [INTERVAL] [KEY VALUE]...`, read as the
//! GUIs send them: KataGo's keys, `avoid` and `allow`, and any other key accepted and
//! ignored.

use super::restrict::{Restriction, RestrictionError};
use super::Format;
use crate::go::board::Board;
use crate::go::gtp::colour;
use crate::go::Colour;
use crate::gtp::{ArgError, Args};
use crate::session::CommandError;
use std::time::Duration;

/// How often a stream reports when the command does not say (centiseconds).
const DEFAULT_INTERVAL: f64 = 100.0;

/// The longest interval taken, in centiseconds (a day): longer ones would overflow a
/// clock, and no GUI waits that long for a report.
const MAX_INTERVAL: f64 = 8_640_000.0;

/// An analysis command's arguments.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::go::gtp) struct Request {
    /// The side to analyse for; the side to move when not given.
    pub colour: Option<Colour>,
    /// How often to report; never (only the `genmove` forms' last move) when `None`.
    pub interval: Option<Duration>,
    pub format: Format,
    /// KataGo's `ownership true`: each point's expected owner after the moves.
    pub ownership: bool,
    /// KataGo's `rootInfo true`: the position's own visits and win rate after the moves.
    pub root_info: bool,
    /// KataGo's `pvVisits true`: the visits of each move of each principal variation.
    pub pv_visits: bool,
    /// Report at least this many moves, unvisited ones by prior (`minmoves`).
    pub min_moves: usize,
    /// Report at most this many moves (`maxmoves`).
    pub max_moves: usize,
    /// The moves `avoid` and `allow` keep out of the search.
    pub restriction: Restriction,
}

impl Request {
    /// What a command in `format` asks for when it gives no arguments: the side to move,
    /// a report every second, no KataGo extras, every visited move.
    pub(in crate::go::gtp) fn new(format: Format) -> Request {
        Request {
            colour: None,
            interval: Some(Duration::from_secs_f64(DEFAULT_INTERVAL / 100.0)),
            format,
            ownership: false,
            root_info: false,
            pv_visits: false,
            min_moves: 0,
            max_moves: usize::MAX,
            restriction: Restriction::default(),
        }
    }

    /// Reads `args` as an analysis command in `format` takes them, vertices on `board`.
    pub(in crate::go::gtp) fn parse(
        args: Args<'_>,
        format: Format,
        board: &Board,
    ) -> Result<Request, CommandError> {
        let items = args.all();
        let mut request = Request::new(format);
        let mut index = 0;
        if let Ok(colour) = colour(args, 0) {
            request.colour = Some(colour);
            index = 1;
        }
        if items
            .get(index)
            .is_some_and(|raw| centiseconds(raw).is_some())
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
            let kata = format.kata_keys();
            match key.to_ascii_lowercase().as_str() {
                "interval" => request.interval = interval(args, value)?,
                "minmoves" => request.min_moves = args.parse(value, "a number of moves")?,
                "maxmoves" => request.max_moves = args.parse(value, "a number of moves")?,
                "ownership" if kata => request.ownership = flag(args, value)?,
                "rootinfo" if kata => request.root_info = flag(args, value)?,
                "pvvisits" if kata => request.pv_visits = flag(args, value)?,
                word @ ("avoid" | "allow") => {
                    let [who, vertices, depth] = [value, value + 1, value + 2];
                    if depth >= items.len() {
                        return Err(ArgError::Count {
                            expected: format!("a colour, vertices and a depth after {key}"),
                            got: items.len() - value,
                        }
                        .into());
                    }
                    let who = colour(args, who)?;
                    let moves = args.parse_with(
                        vertices,
                        "vertices on the board separated by commas",
                        |raw| Restriction::points(board, raw),
                    )?;
                    let depth = args.parse_with(depth, "a depth of 1 or more", |raw| {
                        raw.parse::<u32>().ok().filter(|&depth| depth >= 1)
                    })?;
                    let added = match word {
                        "avoid" => request.restriction.avoid(who, moves, depth),
                        _ => request.restriction.allow(who, moves, depth),
                    };
                    added.map_err(|error: RestrictionError| CommandError::game(error))?;
                    index += 4;
                    continue;
                }
                // A key gamebot does not use (`movesOwnership`, `ownershipStdev`, ...,
                // or a KataGo key sent to `lz-analyze`): accepted with its value, and
                // ignored.
                _ => {}
            }
            index += 2;
        }
        Ok(request)
    }
}

/// A non-negative number of centiseconds, fractions allowed, up to [`MAX_INTERVAL`].
fn centiseconds(raw: &str) -> Option<f64> {
    raw.parse::<f64>()
        .ok()
        .filter(|value| (0.0..=MAX_INTERVAL).contains(value))
}

/// Argument `index` as an interval in centiseconds; zero means never.
fn interval(args: Args<'_>, index: usize) -> Result<Option<Duration>, ArgError> {
    let centiseconds = args.parse_with(index, "an interval in centiseconds", centiseconds)?;
    Ok((centiseconds > 0.0).then(|| Duration::from_secs_f64(centiseconds / 100.0)))
}

/// Argument `index` as `true` or `false` (any case).
fn flag(args: Args<'_>, index: usize) -> Result<bool, ArgError> {
    args.parse_with(index, "true or false", |raw| {
        match raw.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    })
}
