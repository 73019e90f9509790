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

    /// The colour that played `point` first, if any.
    pub fn colour(&self, point: usize) -> Option<Colour> {
        self.first[point].map(|(colour, _)| colour)
    }

    /// The weight of `point`'s first play in the AMAF statistics of the children of a
    /// node `depth` moves into the simulation (the root is at 0): 2 for the node's own
    /// next move, falling in a straight line to 0 at the simulation's last, so that the
    /// weights of a simulation's moves average about 1. A move played near the node
    /// says more about the node's own moves than one played a hundred moves later in a
    /// changed position (Fuego weighs its RAVE updates in the same spirit).
    pub fn weight(&self, point: usize, depth: usize) -> f32 {
        let Some((_, at)) = self.first[point] else {
            return 0.0;
        };
        let start = (depth + 1) as f32;
        let end = (self.moves + 1) as f32;
        let share = ((at as f32 - start) / (end - start).max(1.0)).clamp(0.0, 1.0);
        2.0 - 2.0 * share
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
        assert_eq!(plays.colour(1), Some(Colour::Black));
        assert_eq!(plays.colour(2), Some(Colour::Black));
        assert_eq!(plays.colour(0), None);
        plays.clear();
        assert_eq!(plays.colour(1), None);
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
        // For the root's children, move 1 weighs 2 and move 5 (the last) 2/5.
        assert_eq!(plays.weight(0, 0), 2.0);
        assert!((plays.weight(4, 0) - 0.4).abs() < 1e-6);
        assert!(plays.weight(1, 0) > plays.weight(2, 0));
        // Two moves down, move 3 is the node's next move: 2 again; earlier moves too.
        assert_eq!(plays.weight(2, 2), 2.0);
        assert_eq!(plays.weight(0, 2), 2.0);
        // A point never played weighs nothing.
        assert_eq!(plays.weight(7, 0), 0.0);
    }

    #[test]
    fn a_simulations_weights_average_about_one() {
        let _bound = crate::test_bound::bound();
        let mut plays = FirstPlays::new(100);
        for point in 0..100 {
            plays.note(Colour::Black, Some(point));
        }
        let mean = (0..100).map(|point| plays.weight(point, 0)).sum::<f32>() / 100.0;
        assert!((mean - 1.0).abs() < 0.05, "{mean}");
    }
}
