//! What a finished search says: the move to play (the surest of the well-visited moves
//! the rules allow), every root candidate with its win rate, bound, score and principal
//! variation, and whether to resign.

use crate::go::engine::playout_board::PlayoutBoard;
use crate::go::engine::tree::{Move, Node, Tree};
use crate::go::{Colour, Points};

/// What the search found for one move of the root.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations that went through it.
    pub visits: u32,
    /// Its win rate for the side to move, 0 to 1: the mean value of its simulations, of
    /// which a share, [`MARGIN_SHARE`](crate::go::engine::value::MARGIN_SHARE), comes
    /// from their margins.
    pub win_rate: f32,
    /// The prior knowledge's win rate for it, 0 to 1.
    pub prior: f32,
    /// A lower confidence bound of the win rate.
    pub lcb: f32,
    /// The principal variation starting with this move.
    pub pv: Vec<Move>,
    /// The final score of the simulations through it (the root's when it has none).
    pub score: Score,
}

/// The final scores of a node's simulations as the side to move at the root sees them:
/// KataGo's `scoreLead` and `scoreStdev`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Score {
    /// The mean final Tromp-Taylor margin for the side to move at the root, komi
    /// included (the game's komi, not a dynamic one): positive when it is ahead.
    pub lead: f32,
    /// The standard deviation of that margin.
    pub stdev: f32,
}

impl Score {
    /// The score of `node`'s simulations for `colour`, against `komi`; `None` before
    /// its first simulation.
    fn of(node: &Node, colour: Colour, komi: Points) -> Option<Score> {
        let (mean, stdev) = node.score()?;
        let black_lead = mean - komi.to_f64();
        let lead = match colour {
            Colour::Black => black_lead,
            Colour::White => -black_lead,
        };
        Some(Score {
            lead: lead as f32,
            stdev: stdev as f32,
        })
    }
}

/// What a search returns.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The move to play: of the candidates the rules board accepts and that have a tenth
    /// of the most visited one's visits, the one with the highest lower bound of its win
    /// rate (a pass when there is none).
    pub best: Move,
    /// The root's candidates: the move to play first, then the others most visited first.
    pub candidates: Vec<Candidate>,
    /// Simulations run.
    pub playouts: u64,
    /// The final score of all the simulations from the root (of the tree's whole life,
    /// when it was reused): the position's score for the side to move.
    pub root_score: Score,
    /// When asked for: each point's expected owner at the end of the game, from +1
    /// (Black's in every simulation) to -1 (White's), one entry per point.
    pub ownership: Vec<f32>,
    /// Whether the search ended before its deadline because its choice was settled
    /// (see [`Budget::target`](super::Budget::target)).
    pub decided: bool,
    /// Whether the search ended because its tree was full: a leaf due for expansion
    /// found no room under [`Settings::max_nodes`](super::Settings::max_nodes).
    pub full: bool,
    /// With dynamic komi: the komi the tree scored its simulations against, and the best
    /// move's win rate against it. The candidates' win rates are then those of the
    /// simulations from this root counted against the game's komi (see
    /// [`Tree::count_at_root`]; the tree's own, against the dynamic komi, where a
    /// candidate has none).
    pub dynamic: Option<Dynamic>,
}

/// What a search with dynamic komi steered by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dynamic {
    /// The komi the simulations were scored against.
    pub komi: Points,
    /// The best move's win rate against it, for the side to move.
    pub win_rate: f32,
}

/// Simulations a search must have run, and visits its best move must have had, before
/// its win rate is trusted enough to resign on.
const RESIGN_PLAYOUTS: u64 = 100;
const RESIGN_VISITS: u32 = 50;

impl SearchResult {
    /// The best move's candidate, if there is one.
    fn best_candidate(&self) -> Option<&Candidate> {
        self.candidates
            .iter()
            .find(|candidate| candidate.mv == self.best)
    }

    /// The win rate of the best move for the side to move (0.5 without candidates).
    pub fn win_rate(&self) -> f32 {
        self.best_candidate()
            .map_or(0.5, |candidate| candidate.win_rate)
    }

    /// Whether to resign rather than play: the best move wins less than `below` (0 never
    /// resigns) after enough simulations (its own, or the root's when all its moves
    /// together win less than `below`), and the game is past its opening (a quarter of
    /// the board's points in moves, `moves_played` counting passes).
    pub fn resigns(&self, below: f32, moves_played: usize, size: usize) -> bool {
        // Enough visits on the best move, or enough simulations over all the moves that
        // lose just as badly (priors that spread the search leave each of many equally
        // hopeless moves with few visits).
        let (visits, wins) = self.candidates.iter().fold((0.0, 0.0), |(n, w), c| {
            (
                n + f64::from(c.visits),
                w + f64::from(c.visits) * f64::from(c.win_rate),
            )
        });
        let all_lose = visits >= RESIGN_PLAYOUTS as f64 && wins / visits < f64::from(below);
        let trusted = self.playouts >= RESIGN_PLAYOUTS
            && (all_lose
                || self
                    .best_candidate()
                    .is_some_and(|candidate| candidate.visits >= RESIGN_VISITS));
        below > 0.0 && trusted && moves_played >= size * size / 4 && self.win_rate() < below
    }
}

/// How much lower a win rate a pass that ends the game may have than the most visited
/// move and still be played, and the least it must have: ending a won game beats
/// filling one's own area. The slack is wide because a pass's win rate is the rate at
/// which a playout from the final board agrees with the count (so that dead stones are
/// not left on the board), which random playouts make noisy in a close game, while the
/// best of many other moves looks better than it is by that same noise.
const PASS_SLACK: f32 = 0.15;
const PASS_FLOOR: f32 = 0.7;

/// Visits a pass that ends the game must have had before it is trusted to win.
const PASS_VISITS: u32 = 10;

/// The search's answer: candidates by visits, the best one legal on the rules board.
///
/// When a pass would end the game (the opponent passed) and wins about as often as the
/// move chosen, the pass is the answer: the game ends won. With `honest` tallies
/// (the tree's root tally against the game's komi, see [`Tree::count_at_root`]), the
/// candidates' win rates are theirs.
pub(super) fn result(
    tree: &Tree,
    (komi, root): (Points, &PlayoutBoard),
    playouts: u64,
    owners: &[i32],
    honest: Option<&[[f32; 2]]>,
    legal_at_root: impl Fn(usize) -> bool,
) -> SearchResult {
    let children = tree.children(Tree::ROOT);
    let first = children.start;
    let colour = root.to_move();
    let root_score = Score::of(tree.node(Tree::ROOT), colour, komi).unwrap_or_default();
    let mut candidates: Vec<Candidate> = children
        .map(|child| {
            let honest = honest.and_then(|tally| tally.get(child - first));
            let mut candidate = candidate(tree, child, honest, komi, colour);
            if candidate.visits == 0 {
                candidate.score = root_score;
            }
            candidate
        })
        .collect();
    candidates.sort_by_key(|candidate| std::cmp::Reverse(candidate.visits));
    let mut best = surest(&candidates, legal_at_root);
    if root.passes() > 0 {
        let pass = candidates.iter().find(|candidate| candidate.mv.is_none());
        if let (Some(pass), Some(top)) = (pass, best) {
            if pass.visits >= PASS_VISITS
                && pass.win_rate >= PASS_FLOOR
                && pass.win_rate >= top.win_rate - PASS_SLACK
            {
                best = Some(pass);
            }
        }
    }
    let best = best.and_then(|candidate| candidate.mv);
    if let Some(at) = candidates.iter().position(|candidate| candidate.mv == best) {
        candidates[..=at].rotate_right(1);
    }
    let ownership = owners
        .iter()
        .map(|&sum| sum as f32 / playouts.max(1) as f32)
        .collect();
    SearchResult {
        best,
        candidates,
        playouts,
        root_score,
        ownership,
        decided: false,
        full: false,
        dynamic: None,
    }
}

/// The share of the most visited move's visits a move needs for its lower bound to be
/// trusted (Leela Zero's default share): below it, a bound rests on too few simulations.
const LCB_VISITS_SHARE: f32 = 0.1;

/// The move to play among `candidates` (most visited first): of the moves `legal` allows
/// that have at least [`LCB_VISITS_SHARE`] of the most visited legal move's visits, the
/// one whose win rate has the highest lower bound, so that a move the search came to late
/// but that clearly wins more is played before it has caught up in visits. Ties go to the
/// more visited move.
fn surest(candidates: &[Candidate], legal: impl Fn(usize) -> bool) -> Option<&Candidate> {
    let mut allowed = candidates
        .iter()
        .filter(|candidate| candidate.mv.is_none_or(&legal));
    let most_visited = allowed.next()?;
    let floor = most_visited.visits as f32 * LCB_VISITS_SHARE;
    Some(
        allowed
            .filter(|candidate| candidate.visits as f32 >= floor)
            .fold(most_visited, |best, candidate| {
                if candidate.lcb > best.lcb {
                    candidate
                } else {
                    best
                }
            }),
    )
}

/// The candidate for the child at `index`; its win rate and bound from `honest` (the
/// simulations through it counted against the real komi, and their wins) when given
/// and not empty; its score for `colour` (to move at the root) against `komi`.
pub(super) fn candidate(
    tree: &Tree,
    index: usize,
    honest: Option<&[f32; 2]>,
    komi: Points,
    colour: Colour,
) -> Candidate {
    let node = tree.node(index);
    let visits = node.real_visits().max(0.0);
    let (win_rate, counted) = match honest {
        Some(&[count, wins]) if count > 0.0 => (wins / count, count),
        _ if visits > 0.0 => ((node.wins - node.prior_wins) / visits, visits),
        _ => (node.win_rate(), visits),
    };
    Candidate {
        mv: node.mv(),
        visits: visits as u32,
        win_rate,
        prior: node.prior_rate(),
        lcb: lower_bound(win_rate, counted),
        pv: principal_variation(tree, index),
        score: Score::of(node, colour, komi).unwrap_or_default(),
    }
}

/// The moves from `index` down, each time to the most visited child.
fn principal_variation(tree: &Tree, mut index: usize) -> Vec<Move> {
    let mut pv = vec![tree.node(index).mv()];
    while let Some(next) = tree
        .children(index)
        .filter(|&child| tree.node(child).real_visits() > 0.0)
        .max_by(|&a, &b| {
            tree.node(a)
                .real_visits()
                .total_cmp(&tree.node(b).real_visits())
        })
    {
        pv.push(tree.node(next).mv());
        index = next;
    }
    pv
}

/// A lower bound of a win rate seen over `visits` simulations: the rate less about two
/// standard errors, never below 0.
fn lower_bound(rate: f32, visits: f32) -> f32 {
    if visits < 1.0 {
        return 0.0;
    }
    let spread = (rate * (1.0 - rate) / visits).sqrt();
    (rate - 1.96 * spread).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidate for `mv` with `visits` simulations at `win_rate`, its bound worked out
    /// as the search does.
    fn seen(mv: Move, visits: u32, win_rate: f32) -> Candidate {
        Candidate {
            mv,
            visits,
            win_rate,
            prior: 0.5,
            lcb: lower_bound(win_rate, visits as f32),
            pv: vec![mv],
            score: Score::default(),
        }
    }

    #[test]
    fn a_clearly_better_move_is_played_before_it_catches_up_in_visits() {
        let _bound = crate::test_bound::bound();
        let candidates = [seen(Some(10), 1000, 0.55), seen(Some(20), 400, 0.70)];
        assert!(candidates[1].lcb > candidates[0].lcb);
        let best = surest(&candidates, |_| true).unwrap();
        assert_eq!(best.mv, Some(20));
    }

    #[test]
    fn a_move_under_a_tenth_of_the_visits_is_not_trusted_however_well_it_did() {
        let _bound = crate::test_bound::bound();
        let candidates = [seen(Some(10), 1000, 0.55), seen(Some(20), 99, 1.0)];
        assert!(candidates[1].lcb > candidates[0].lcb);
        assert_eq!(surest(&candidates, |_| true).unwrap().mv, Some(10));
        let enough = [seen(Some(10), 1000, 0.55), seen(Some(20), 100, 1.0)];
        assert_eq!(surest(&enough, |_| true).unwrap().mv, Some(20));
    }

    #[test]
    fn a_close_race_goes_to_the_most_visited_move() {
        let _bound = crate::test_bound::bound();
        let candidates = [seen(Some(10), 1000, 0.60), seen(Some(20), 300, 0.60)];
        assert_eq!(surest(&candidates, |_| true).unwrap().mv, Some(10));
        let unvisited = [seen(Some(10), 0, 0.5), seen(Some(20), 0, 0.9)];
        assert_eq!(surest(&unvisited, |_| true).unwrap().mv, Some(10));
    }

    #[test]
    fn moves_the_rules_refuse_are_never_chosen_and_do_not_set_the_share() {
        let _bound = crate::test_bound::bound();
        // The most visited move is illegal (a superko repetition): the share is a tenth
        // of the next one's visits, and the refused move's bound counts for nothing.
        let candidates = [
            seen(Some(10), 5000, 0.9),
            seen(Some(20), 400, 0.5),
            seen(Some(30), 45, 0.9),
            seen(None, 30, 0.2),
        ];
        let best = surest(&candidates, |point| point != 10).unwrap();
        assert_eq!(best.mv, Some(30));
        let none_legal = [seen(Some(10), 5000, 0.9)];
        assert!(surest(&none_legal, |_| false).is_none());
        let only_pass = [seen(Some(10), 5000, 0.9), seen(None, 3, 0.1)];
        assert_eq!(surest(&only_pass, |_| false).unwrap().mv, None);
    }
}
