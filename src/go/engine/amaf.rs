//! What one simulation tells the AMAF ("all moves as first") statistics: who played each
//! point first, and how far into the simulation, so that a move played soon after a node
//! counts for more among its children's statistics than one played near the end.

use crate::go::Colour;

/// The points of one simulation (tree moves and playout alike) in the order they were
/// first played, with the simulation's length so far. A pass counts as a move.
#[derive(Debug, Clone)]
pub struct FirstPlays {
    /// For each point: the colour that played it first, and the move (1 for the
    /// simulation's first) at which it did.
    first: Vec<Option<(Colour, u32)>>,
    /// The moves played so far.
    moves: u32,
}

impl FirstPlays {
    /// An empty record for a board of `points` points.
    pub fn new(points: usize) -> FirstPlays {
        FirstPlays {
            first: vec![None; points],
            moves: 0,
        }
    }

    /// Forgets the last simulation.
    pub fn clear(&mut self) {
        self.first.fill(None);
        self.moves = 0;
    }

    /// Notes the next move: `colour` played `point`, or passed (`None`).
    pub fn note(&mut self, colour: Colour, point: Option<usize>) {
        self.moves += 1;
        if let Some(point) = point {
            let first = &mut self.first[point];
            if first.is_none() {
                *first = Some((colour, self.moves));
            }
        }
    }

    /// The AMAF weights for the children of a node `depth` moves into the simulation
    /// (the root is at 0): 2 for the node's own next move, falling in a straight line to
    /// 0 at the simulation's last, so that the weights of a simulation's moves average
    /// about 1. A move played near the node says more about the node's own moves than
    /// one played a hundred moves later in a changed position (Fuego weighs its RAVE
    /// updates in the same spirit).
    pub fn below(&self, depth: usize) -> NodeWeights<'_> {
        let start = (depth + 1) as f32;
        let end = (self.moves + 1) as f32;
        NodeWeights {
            first: &self.first,
            start,
            span: (end - start).max(1.0),
        }
    }
}

/// The AMAF weights of one simulation's first plays for the children of one node (see
/// [`FirstPlays::below`]).
#[derive(Debug, Clone, Copy)]
pub struct NodeWeights<'a> {
    /// Each point's first player and the move at which it played.
    first: &'a [Option<(Colour, u32)>],
    /// The move right after the node, which weighs 2.
    start: f32,
    /// The moves from there to the simulation's end (at least 1).
    span: f32,
}

impl NodeWeights<'_> {
    /// The weight of `point`'s first play when `colour` made it; `None` when the point
    /// was never played or another colour played it first.
    pub fn of(&self, point: usize, colour: Colour) -> Option<f32> {
        match self.first[point] {
            Some((first, at)) if first == colour => {
                let share = ((at as f32 - self.start) / self.span).clamp(0.0, 1.0);
                Some(2.0 - 2.0 * share)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_colour_to_play_a_point_is_kept() {
        let _bound = crate::test_bound::bound();
        let mut plays = FirstPlays::new(4);
        plays.note(Colour::Black, Some(1));
        plays.note(Colour::White, None);
        plays.note(Colour::Black, Some(2));
        plays.note(Colour::White, Some(1));
        let root = plays.below(0);
        assert!(root.of(1, Colour::Black).is_some());
        assert_eq!(root.of(1, Colour::White), None);
        assert!(root.of(2, Colour::Black).is_some());
        assert_eq!(root.of(0, Colour::Black), None);
        plays.clear();
        assert_eq!(plays.below(0).of(1, Colour::Black), None);
    }

    #[test]
    fn weights_fall_from_two_after_the_node_to_zero_at_the_end() {
        let _bound = crate::test_bound::bound();
        let mut plays = FirstPlays::new(8);
        // Five moves: points 0 to 4 at moves 1 to 5.
        for point in 0..5 {
            let colour = if point % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            plays.note(colour, Some(point));
        }
        let (black, white) = (Colour::Black, Colour::White);
        // For the root's children, move 1 weighs 2 and move 5 (the last) 2/5.
        let root = plays.below(0);
        assert_eq!(root.of(0, black), Some(2.0));
        assert!((root.of(4, black).unwrap() - 0.4).abs() < 1e-6);
        assert!(root.of(1, white) > root.of(2, black));
        // Two moves down, move 3 is the node's next move: 2 again; earlier moves too.
        let below = plays.below(2);
        assert_eq!(below.of(2, black), Some(2.0));
        assert_eq!(below.of(0, black), Some(2.0));
        // A point never played, or first played by the other colour, has no weight.
        assert_eq!(root.of(7, black), None);
        assert_eq!(root.of(1, black), None);
    }

    #[test]
    fn a_simulations_weights_average_about_one() {
        let _bound = crate::test_bound::bound();
        let mut plays = FirstPlays::new(100);
        for point in 0..100 {
            plays.note(Colour::Black, Some(point));
        }
        let root = plays.below(0);
        let mean = (0..100)
            .map(|point| root.of(point, Colour::Black).unwrap())
            .sum::<f32>()
            / 100.0;
        assert!((mean - 1.0).abs() < 0.05, "{mean}");
    }
}
