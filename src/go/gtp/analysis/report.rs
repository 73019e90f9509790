//! One report of an analysis as its format writes it: `info` entries, the move the
//! search would play first and then the most visited, then KataGo's `rootInfo` and
//! `ownership` when asked for, all on one line.

use super::request::Request;
use super::Format;
use crate::go::board::Board;
use crate::go::engine::search::{Candidate, Score, SearchResult};
use crate::go::engine::tree::{Move, Tree};
use crate::go::gtp::vertex::move_name;
use crate::go::Colour;
use std::fmt::Write;

/// The report line for `result`, searched for `colour` on `board` in `tree`; `None`
/// while it would have no entry (no move visited yet, and no `minmoves`): a line of
/// `rootInfo` or `ownership` alone would give the client no moves to draw.
pub(super) fn info_line(
    board: &Board,
    colour: Colour,
    result: &SearchResult,
    tree: &Tree,
    request: &Request,
) -> Option<String> {
    let entries = reported(result, request);
    if entries.is_empty() {
        return None;
    }
    let prior_total: f32 = result.candidates.iter().map(|c| c.prior).sum();
    let name = |mv: Move| move_name(mv.map(|point| board.vertex(point)));
    let mut line = String::new();
    for (order, candidate) in entries.iter().enumerate() {
        let prior = candidate.prior / prior_total.max(f32::MIN_POSITIVE);
        if !line.is_empty() {
            line.push(' ');
        }
        let _ = write!(
            line,
            "info move {} visits {} winrate {} prior {} lcb {} order {order}",
            name(candidate.mv),
            candidate.visits,
            number(request.format, candidate.win_rate),
            number(request.format, prior),
            number(request.format, candidate.lcb),
        );
        if request.format.kata_keys() {
            write_score(&mut line, candidate.score);
        }
        line.push_str(" pv");
        for &mv in &candidate.pv {
            let _ = write!(line, " {}", name(mv));
        }
        if request.pv_visits {
            line.push_str(" pvVisits");
            for visits in tree.visits_along(&candidate.pv) {
                let _ = write!(line, " {visits}");
            }
        }
    }
    if request.root_info {
        let visits = tree.node(Tree::ROOT).real_visits().max(0.0);
        let win_rate = tree.root_win_rate();
        let _ = write!(
            line,
            " rootInfo visits {} winrate {}",
            visits as u64,
            number(request.format, win_rate),
        );
        write_score(&mut line, result.root_score);
        let _ = write!(
            line,
            " currentPlayer {}",
            match colour {
                Colour::Black => 'B',
                Colour::White => 'W',
            }
        );
    }
    if request.ownership {
        line.push_str(" ownership");
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
    Some(line)
}

/// The candidates to report: the visited ones, the move the search would play first and
/// the others most visited first (the search's order), then unvisited ones
/// by prior up to `minmoves`, at most `maxmoves` in all.
fn reported<'a>(result: &'a SearchResult, request: &Request) -> Vec<&'a Candidate> {
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
    reported
}

/// KataGo's score keys: `scoreMean` is `scoreLead` (KataGo keeps the older name for
/// tools that read it; gamebot's mean final margin is both).
fn write_score(line: &mut String, score: Score) {
    let _ = write!(
        line,
        " scoreMean {lead:.6} scoreStdev {stdev:.6} scoreLead {lead:.6}",
        lead = score.lead,
        stdev = score.stdev
    );
}

/// A fraction from 0 to 1 as `format` writes it: whole hundredths of a percent (Leela
/// Zero's and Sabaki's) or six decimals (KataGo's).
fn number(format: Format, fraction: f32) -> String {
    match format {
        Format::LeelaZero | Format::Sabaki => {
            ((fraction.clamp(0.0, 1.0) * 10_000.0).round() as u32).to_string()
        }
        Format::KataGo => format!("{fraction:.6}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(root_info: bool, ownership: bool, min_moves: usize) -> Request {
        Request {
            ownership,
            root_info,
            min_moves,
            ..Request::new(Format::KataGo)
        }
    }

    /// A 9x9 search result whose two candidates have `visits` each.
    fn result(visits: u32) -> SearchResult {
        let candidate = |point: usize| Candidate {
            mv: Some(point),
            visits,
            win_rate: 0.5,
            prior: 0.5,
            lcb: 0.4,
            pv: vec![Some(point)],
            score: Score::default(),
        };
        SearchResult {
            best: Some(40),
            candidates: vec![candidate(40), candidate(30)],
            playouts: u64::from(visits) * 2,
            root_score: Score::default(),
            ownership: vec![0.0; 81],
            decided: false,
            full: false,
            dynamic: None,
        }
    }

    #[test]
    fn a_report_without_entries_is_not_written() {
        let _bound = crate::test_bound::bound();
        let board = Board::new(9);
        let tree = Tree::new(16);
        let line = |visits, request: &Request| {
            info_line(&board, Colour::Black, &result(visits), &tree, request)
        };
        // Before any move has a simulation: nothing, even with rootInfo and ownership.
        assert_eq!(line(0, &request(true, true, 0)), None);
        // With minmoves, the unvisited moves are the entries.
        let listed = line(0, &request(true, false, 1)).expect("a report");
        assert!(listed.starts_with("info move E5 visits 0 "), "{listed}");
        // Once moves are visited, the line starts with them, then rootInfo.
        let visited = line(3, &request(true, false, 0)).expect("a report");
        assert!(visited.starts_with("info move E5 visits 3 "), "{visited}");
        assert!(visited.contains(" info move D4 visits 3 "), "{visited}");
        assert!(visited.contains(" rootInfo visits 0 "), "{visited}");
    }
}
