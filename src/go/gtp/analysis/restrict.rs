//! KataGo's `avoid` and `allow` keys: moves an analysis keeps out of its candidates.
//!
//! gamebot applies them to the first move of the search, the root's candidates, as
//! GUIs use them (analysis of a region, moves already tried left out). Deeper plies
//! are searched in full whatever the key's depth says.

use crate::go::board::Board;
use crate::go::engine::pool::SearchPool;
use crate::go::engine::search::{search_with, Budget, Settings};
use crate::go::engine::tree::{Move, Tree};
use crate::go::gtp::vertex::parse_move;
use crate::go::Colour;
use thiserror::Error;

/// The moves kept out, for each colour.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(in crate::go::gtp) struct Restriction {
    /// Black's, then White's.
    rules: [Option<Rule>; 2],
}

/// One colour's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Rule {
    /// These moves are kept out (`avoid`, as often as the client likes).
    Avoid(Vec<Move>),
    /// Only these moves are searched (`allow`, once).
    Allow(Vec<Move>),
}

/// A combination of keys KataGo refuses too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub(in crate::go::gtp) enum RestrictionError {
    /// `allow` given twice for one colour, or with `avoid`.
    #[error("syntax error: allow may come once for each colour, and not with avoid for it")]
    Mixed,
}

impl Restriction {
    /// Reads `AVOID`'s and `ALLOW`'s vertices: moves on `board` (or `pass`) separated by
    /// commas, empty ones skipped (`D4,Q16`, `d4`, `pass`).
    pub(in crate::go::gtp) fn points(board: &Board, raw: &str) -> Option<Vec<Move>> {
        raw.split(',')
            .map(str::trim)
            .filter(|word| !word.is_empty())
            .map(|word| match parse_move(word)? {
                None => Some(None),
                Some(vertex) => board.point(vertex).map(Some),
            })
            .collect()
    }

    /// `avoid COLOUR VERTICES DEPTH`: keeps `moves` out for `colour`.
    pub(in crate::go::gtp) fn avoid(
        &mut self,
        colour: Colour,
        moves: Vec<Move>,
    ) -> Result<(), RestrictionError> {
        match &mut self.rules[colour.index()] {
            Some(Rule::Allow(_)) => Err(RestrictionError::Mixed),
            Some(Rule::Avoid(kept_out)) => {
                kept_out.extend(moves);
                Ok(())
            }
            rule @ None => {
                *rule = Some(Rule::Avoid(moves));
                Ok(())
            }
        }
    }

    /// `allow COLOUR VERTICES DEPTH`: keeps every move but `moves` out for `colour`.
    pub(in crate::go::gtp) fn allow(
        &mut self,
        colour: Colour,
        moves: Vec<Move>,
    ) -> Result<(), RestrictionError> {
        match &mut self.rules[colour.index()] {
            Some(_) => Err(RestrictionError::Mixed),
            rule @ None => {
                *rule = Some(Rule::Allow(moves));
                Ok(())
            }
        }
    }

    /// Whether `colour` may search `mv` first.
    fn allows(&self, colour: Colour, mv: Move) -> bool {
        match &self.rules[colour.index()] {
            None => true,
            Some(Rule::Avoid(kept_out)) => !kept_out.contains(&mv),
            Some(Rule::Allow(only)) => only.contains(&mv),
        }
    }

    /// The tree a search of `board` for `colour` starts from when a rule is set for
    /// `colour`: its root expanded with only the moves the rule lets through, each with
    /// its usual prior (a pass when none is left, so that there is always a move). `None`
    /// when `colour` has no rule: the search then starts as usual.
    pub(in crate::go::gtp) fn root(
        &self,
        pool: &SearchPool,
        board: &Board,
        colour: Colour,
        settings: &Settings,
    ) -> Option<Tree> {
        self.rules[colour.index()].as_ref()?;
        // A search with no simulations to run only expands its root: every legal move
        // with its prior.
        let budget = Budget {
            playouts: Some(0),
            ..Budget::default()
        };
        let (_, full) = search_with(pool, None, board, colour, settings, &budget);
        let all = full.children(Tree::ROOT).map(|child| full.node(child));
        let mut kept: Vec<_> = all
            .clone()
            .filter(|node| self.allows(colour, node.mv()))
            .cloned()
            .collect();
        if kept.is_empty() {
            kept.extend(all.filter(|node| node.mv().is_none()).cloned());
        }
        let mut tree = Tree::new(settings.max_nodes);
        tree.expand(Tree::ROOT, kept.into_iter());
        Some(tree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Points;

    fn settings() -> Settings {
        Settings {
            komi: Points::ZERO,
            seed: 1,
            max_nodes: 10_000,
            ownership: false,
            threads: 1,
            dynamic_komi: 0,
        }
    }

    fn root_moves(restriction: &Restriction, board: &Board, colour: Colour) -> Vec<Move> {
        let pool = SearchPool::new(1);
        let tree = restriction
            .root(&pool, board, colour, &settings())
            .expect("a rule");
        tree.children(Tree::ROOT)
            .map(|child| tree.node(child).mv())
            .collect()
    }

    #[test]
    fn avoid_and_allow_shape_the_root_for_their_colour_only() {
        let board = Board::new(3);
        let corners = Restriction::points(&board, "A1, c3,,pass").unwrap();
        assert_eq!(corners, [Some(0), Some(8), None]);
        let mut avoid = Restriction::default();
        avoid.avoid(Colour::Black, corners.clone()).unwrap();
        avoid.avoid(Colour::Black, vec![Some(4)]).unwrap();
        let moves = root_moves(&avoid, &board, Colour::Black);
        assert_eq!(
            moves,
            [Some(1), Some(2), Some(3), Some(5), Some(6), Some(7)]
        );
        assert!(avoid
            .root(&SearchPool::new(1), &board, Colour::White, &settings())
            .is_none());
        let mut allow = Restriction::default();
        allow.allow(Colour::White, vec![Some(4), Some(8)]).unwrap();
        assert_eq!(
            root_moves(&allow, &board, Colour::White),
            [Some(4), Some(8)]
        );
        // Nothing left: a pass.
        let mut nothing = Restriction::default();
        nothing.allow(Colour::White, vec![]).unwrap();
        assert_eq!(root_moves(&nothing, &board, Colour::White), [None]);
        // allow once, and never with avoid.
        assert_eq!(
            allow.allow(Colour::White, vec![]),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(
            allow.avoid(Colour::White, vec![]),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(
            avoid.allow(Colour::Black, vec![]),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(Restriction::points(&board, "A1,D4"), None);
        assert_eq!(Restriction::points(&board, "A1 B2"), None);
    }
}
