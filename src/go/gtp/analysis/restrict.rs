//! KataGo's `avoid` and `allow` keys as an analysis command gives them: which moves of
//! which colour the search leaves out, and to what depth; [`Restriction::avoid`] hands
//! them to the engine, whose tree applies them (see [`Avoid`]).

use crate::go::board::Board;
use crate::go::engine::avoid::Avoid;
use crate::go::engine::tree::Move;
use crate::go::gtp::vertex::parse_move;
use crate::go::Colour;
use std::sync::Arc;
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
    /// These moves are kept out, each until its depth (`avoid`, as often as the client
    /// likes).
    Avoid(Vec<(Move, u32)>),
    /// Only these moves are searched, until the depth (`allow`, once).
    Allow(Vec<Move>, u32),
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

    /// `avoid COLOUR VERTICES DEPTH`: keeps `moves` out for `colour` at the first
    /// `depth` moves of the search.
    pub(in crate::go::gtp) fn avoid(
        &mut self,
        colour: Colour,
        moves: Vec<Move>,
        depth: u32,
    ) -> Result<(), RestrictionError> {
        let moves = moves.into_iter().map(|mv| (mv, depth));
        match &mut self.rules[colour.index()] {
            Some(Rule::Allow(..)) => Err(RestrictionError::Mixed),
            Some(Rule::Avoid(kept_out)) => {
                kept_out.extend(moves);
                Ok(())
            }
            rule @ None => {
                *rule = Some(Rule::Avoid(moves.collect()));
                Ok(())
            }
        }
    }

    /// `allow COLOUR VERTICES DEPTH`: keeps every move but `moves` out for `colour` at
    /// the first `depth` moves of the search.
    pub(in crate::go::gtp) fn allow(
        &mut self,
        colour: Colour,
        moves: Vec<Move>,
        depth: u32,
    ) -> Result<(), RestrictionError> {
        match &mut self.rules[colour.index()] {
            Some(_) => Err(RestrictionError::Mixed),
            rule @ None => {
                *rule = Some(Rule::Allow(moves, depth));
                Ok(())
            }
        }
    }

    /// The rules as the engine's table for a board of `points` points; `None` when
    /// there are none, so that the search goes as usual.
    pub(in crate::go::gtp) fn avoid_table(&self, points: usize) -> Option<Arc<Avoid>> {
        if self.rules.iter().all(Option::is_none) {
            return None;
        }
        let mut table = Avoid::new(points);
        for colour in [Colour::Black, Colour::White] {
            match &self.rules[colour.index()] {
                None => {}
                Some(Rule::Avoid(kept_out)) => {
                    for &(mv, depth) in kept_out {
                        table.avoid(colour, mv, depth);
                    }
                }
                Some(Rule::Allow(only, depth)) => table.allow_only(colour, only, *depth),
            }
        }
        Some(Arc::new(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn avoid_and_allow_become_the_engines_table() {
        let _bound = crate::test_bound::bound();
        let board = Board::new(3);
        let corners = Restriction::points(&board, "A1, c3,,pass").unwrap();
        assert_eq!(corners, [Some(0), Some(8), None]);
        assert_eq!(Restriction::default().avoid_table(9), None);
        let mut avoid = Restriction::default();
        avoid.avoid(Colour::Black, corners.clone(), 1).unwrap();
        avoid.avoid(Colour::Black, vec![Some(4)], 3).unwrap();
        let table = avoid.avoid_table(9).unwrap();
        assert!(table.keeps_out(Colour::Black, Some(0), 0));
        assert!(table.keeps_out(Colour::Black, None, 0));
        assert!(!table.keeps_out(Colour::Black, Some(0), 1));
        assert!(table.keeps_out(Colour::Black, Some(4), 2));
        assert!(!table.keeps_out(Colour::Black, Some(1), 0));
        assert!(!table.keeps_out(Colour::White, Some(0), 0));
        let mut allow = Restriction::default();
        allow
            .allow(Colour::White, vec![Some(4), Some(8)], 2)
            .unwrap();
        let table = allow.avoid_table(9).unwrap();
        assert!(table.keeps_out(Colour::White, Some(0), 1));
        assert!(table.keeps_out(Colour::White, None, 1));
        assert!(!table.keeps_out(Colour::White, Some(8), 1));
        assert!(!table.keeps_out(Colour::White, Some(0), 2));
        // allow once, and never with avoid.
        assert_eq!(
            allow.allow(Colour::White, vec![], 1),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(
            allow.avoid(Colour::White, vec![], 1),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(
            avoid.allow(Colour::Black, vec![], 1),
            Err(RestrictionError::Mixed)
        );
        assert_eq!(Restriction::points(&board, "A1,D4"), None);
        assert_eq!(Restriction::points(&board, "A1 B2"), None);
    }
}
