//! A search's result as KataGo's analysis engine writes it: `moveInfos`, `rootInfo`,
//! and `ownership` and `policy` when asked, every number from the query's perspective.

use super::query::{Perspective, Shared, Turn};
use crate::go::board::Board;
use crate::go::engine::search::{Score, SearchResult};
use crate::go::engine::tree::{Move, Tree};
use crate::go::gtp::vertex::move_name;
use crate::go::Colour;
use serde_json::{json, Map, Value};

/// The answer for `turn` of query `id`: `during` a search (`isDuringSearch`) or at its
/// end.
pub(super) fn answer(
    id: &str,
    turn: &Turn,
    shared: &Shared,
    result: &SearchResult,
    tree: &Tree,
    during: bool,
) -> Value {
    let board = &turn.board;
    let view = View::new(shared.perspective, turn.colour);
    let name = |mv: Move| move_name(mv.map(|point| board.vertex(point)));
    let prior_total: f32 = result.candidates.iter().map(|c| c.prior).sum();
    let prior = |raw: f32| raw / prior_total.max(f32::MIN_POSITIVE);
    let infos: Vec<Value> = result
        .candidates
        .iter()
        .filter(|candidate| candidate.visits > 0)
        .enumerate()
        .map(|(order, candidate)| {
            let pv = &candidate.pv[..candidate.pv.len().min(shared.pv_len + 1)];
            let mut info = view.numbers(candidate.win_rate, candidate.score);
            info.insert("lcb".into(), json!(view.rate(candidate.lcb)));
            info.insert("move".into(), json!(name(candidate.mv)));
            info.insert("visits".into(), json!(candidate.visits));
            info.insert("edgeVisits".into(), json!(candidate.visits));
            info.insert("prior".into(), json!(prior(candidate.prior)));
            info.insert("order".into(), json!(order));
            info.insert(
                "pv".into(),
                json!(pv.iter().map(|&mv| name(mv)).collect::<Vec<_>>()),
            );
            if shared.pv_visits {
                info.insert("pvVisits".into(), json!(tree.visits_along(pv)));
            }
            Value::Object(info)
        })
        .collect();
    let mut root = view.numbers(tree.root_win_rate(), result.root_score);
    root.insert(
        "visits".into(),
        json!(tree.node(Tree::ROOT).real_visits().max(0.0) as u64),
    );
    root.insert("currentPlayer".into(), json!(player(turn.colour)));
    let mut object = Map::new();
    object.insert("id".into(), json!(id));
    object.insert("turnNumber".into(), json!(turn.number));
    object.insert("isDuringSearch".into(), json!(during));
    object.insert("moveInfos".into(), Value::Array(infos));
    object.insert("rootInfo".into(), Value::Object(root));
    if shared.ownership {
        object.insert("ownership".into(), json!(ownership(board, result, view)));
    }
    if shared.policy {
        let mut policy = vec![-1.0f32; board.size() * board.size() + 1];
        for candidate in &result.candidates {
            let slot = candidate
                .mv
                .map_or(policy.len() - 1, |point| top_first(board, point));
            policy[slot] = prior(candidate.prior);
        }
        object.insert("policy".into(), json!(policy));
    }
    Value::Object(object)
}

/// The answer for a turn stopped before any simulation: KataGo's `noResults`.
pub(super) fn no_results(id: &str, turn: usize) -> Value {
    json!({"id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true})
}

/// `B` or `W`.
fn player(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "B",
        Colour::White => "W",
    }
}

/// The index of `point` in a list of points row by row from the top-left (A19 on
/// 19x19) to the bottom-right, as KataGo orders `ownership` and `policy`.
fn top_first(board: &Board, point: usize) -> usize {
    let size = board.size();
    let (row, column) = (point / size, point % size);
    (size - 1 - row) * size + column
}

/// The ownership, from the perspective, top-left first.
fn ownership(board: &Board, result: &SearchResult, view: View) -> Vec<f32> {
    let mut owners = vec![0.0; result.ownership.len()];
    for (point, &black) in result.ownership.iter().enumerate() {
        owners[top_first(board, point)] = if view.black { black } else { -black };
    }
    owners
}

/// Whose numbers to write: the side to move's turned to the perspective's.
#[derive(Debug, Clone, Copy)]
struct View {
    /// Whether the perspective's side is another than the side to move.
    flip: bool,
    /// Whether the perspective's side is Black (for ownership, which is Black's).
    black: bool,
}

impl View {
    fn new(perspective: Perspective, to_move: Colour) -> View {
        let side = match perspective {
            Perspective::Black => Colour::Black,
            Perspective::White => Colour::White,
            Perspective::SideToMove => to_move,
        };
        View {
            flip: side != to_move,
            black: side == Colour::Black,
        }
    }

    /// A win rate (or its bound) of the side to move, from the perspective.
    fn rate(self, rate: f32) -> f32 {
        if self.flip {
            1.0 - rate
        } else {
            rate
        }
    }

    /// `winrate`, `utility` and the scores.
    fn numbers(self, win_rate: f32, score: Score) -> Map<String, Value> {
        let rate = self.rate(win_rate);
        let lead = if self.flip { -score.lead } else { score.lead };
        let mut numbers = Map::new();
        numbers.insert("winrate".into(), json!(rate));
        numbers.insert("utility".into(), json!(2.0 * rate - 1.0));
        numbers.insert("scoreLead".into(), json!(lead));
        numbers.insert("scoreMean".into(), json!(lead));
        numbers.insert("scoreStdev".into(), json!(score.stdev));
        numbers
    }
}
