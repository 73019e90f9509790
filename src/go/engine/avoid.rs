//! Moves kept out of the search near its root, for each colour and up to a depth: what
//! KataGo's `avoid` and `allow` analysis keys ask for, as the tree applies it when it
//! expands a node.

use super::tree::Move;
use crate::go::Colour;

/// For each colour and move, the depth (in moves from the root) up to which the tree
/// leaves the move out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Avoid {
    /// Black's, then White's: one entry per point, then one for a pass; 0 where the
    /// move is never left out.
    until: [Vec<u32>; 2],
}

impl Avoid {
    /// Nothing left out, on a board of `points` points.
    pub fn new(points: usize) -> Avoid {
        Avoid {
            until: [vec![0; points + 1], vec![0; points + 1]],
        }
    }

    /// The entry of `mv`; `None` for a point off the board.
    fn slot(&mut self, colour: Colour, mv: Move) -> Option<&mut u32> {
        let table = &mut self.until[colour.index()];
        let pass = table.len() - 1;
        let index = match mv {
            None => pass,
            Some(point) if point < pass => point,
            Some(_) => return None,
        };
        Some(&mut table[index])
    }

    /// Leaves `mv` out for `colour` at the nodes fewer than `depth` moves below the root
    /// (1: the root's own candidates only). A move given twice keeps the deeper depth.
    /// Points off the board are ignored.
    pub fn avoid(&mut self, colour: Colour, mv: Move, depth: u32) {
        if let Some(until) = self.slot(colour, mv) {
            *until = (*until).max(depth);
        }
    }

    /// Leaves every move of `colour` but `moves` out at the nodes fewer than `depth`
    /// moves below the root, a pass included unless listed.
    pub fn allow_only(&mut self, colour: Colour, moves: &[Move], depth: u32) {
        self.until[colour.index()].fill(depth);
        for &mv in moves {
            if let Some(until) = self.slot(colour, mv) {
                *until = 0;
            }
        }
    }

    /// Whether the tree leaves `mv` out for `colour` at a node `depth` moves below the
    /// root (0: the root).
    pub fn keeps_out(&self, colour: Colour, mv: Move, depth: usize) -> bool {
        let table = &self.until[colour.index()];
        let until = table[mv.map_or(table.len() - 1, |point| point)];
        depth < until as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_kept_out_for_their_colour_until_their_depth() {
        let _bound = crate::test_bound::bound();
        let mut avoid = Avoid::new(9);
        avoid.avoid(Colour::Black, Some(4), 1);
        avoid.avoid(Colour::Black, Some(0), 3);
        avoid.avoid(Colour::Black, Some(0), 2);
        avoid.avoid(Colour::Black, Some(99), 5);
        assert!(avoid.keeps_out(Colour::Black, Some(4), 0));
        assert!(!avoid.keeps_out(Colour::Black, Some(4), 1));
        assert!(avoid.keeps_out(Colour::Black, Some(0), 2));
        assert!(!avoid.keeps_out(Colour::Black, Some(0), 3));
        assert!(!avoid.keeps_out(Colour::White, Some(4), 0));
        assert!(!avoid.keeps_out(Colour::Black, None, 0));
        let mut allow = Avoid::new(9);
        allow.allow_only(Colour::White, &[Some(8), None], 2);
        assert!(allow.keeps_out(Colour::White, Some(7), 1));
        assert!(!allow.keeps_out(Colour::White, Some(7), 2));
        assert!(!allow.keeps_out(Colour::White, Some(8), 0));
        assert!(!allow.keeps_out(Colour::White, None, 0));
        assert!(!allow.keeps_out(Colour::Black, Some(7), 0));
    }
}
