//! What a finished simulation is worth: mostly whether it was won, and a small share
//! for how much it was won or lost by, so that among moves that win as often the search
//! prefers the one that wins by more (and loses by less).

use crate::go::Colour;

/// The share of a simulation's value that comes from its margin; the rest is the win
/// (1), the draw (0.5) or the loss (0). The README has the matches that chose it.
pub const MARGIN_SHARE: f64 = 0.05;

/// A lead of this many points per line of the board counts three quarters of
/// [`MARGIN_SHARE`] (the hyperbolic tangent of 1 is 0.76): 9 points on 9x9.
const LEAD_PER_LINE: f64 = 1.0;

/// What a simulation is worth to Black, from 0 to 1: `winner` (`None` for a draw) and
/// `lead`, Black's final area margin less the komi the simulation was scored against,
/// on a board of `size` lines. White's value is 1 less this.
pub fn black_value(winner: Option<Colour>, lead: f64, size: usize) -> f64 {
    let result = result_for(winner, Colour::Black);
    let margin = 0.5 + 0.5 * (lead / (LEAD_PER_LINE * size as f64)).tanh();
    (1.0 - MARGIN_SHARE) * result + MARGIN_SHARE * margin
}

/// A game's plain result for `colour`: 1 when `winner` is `colour`, 0 when it is the
/// other colour, and 0.5 for a draw (`None`).
pub fn result_for(winner: Option<Colour>, colour: Colour) -> f64 {
    match winner {
        Some(winner) if winner == colour => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Option<Colour> = Some(Colour::Black);
    const W: Option<Colour> = Some(Colour::White);

    #[test]
    fn a_win_is_worth_more_than_a_draw_and_a_draw_more_than_a_loss() {
        let _bound = crate::test_bound::bound();
        for size in [5, 9, 19] {
            let best_loss = black_value(W, 1000.0, size);
            let draw = black_value(None, 0.0, size);
            let worst_win = black_value(B, -1000.0, size);
            assert!(best_loss < draw && draw < worst_win, "{size}");
            assert!((draw - 0.5).abs() < 1e-12);
            assert!(black_value(W, -1000.0, size) >= 0.0);
            assert!(black_value(B, 1000.0, size) <= 1.0);
        }
    }

    #[test]
    fn the_larger_lead_is_worth_more_by_a_small_share() {
        let _bound = crate::test_bound::bound();
        let (small, large) = (black_value(B, 1.0, 9), black_value(B, 20.0, 9));
        assert!(small < large);
        assert!(large - small < MARGIN_SHARE);
        let (close, far) = (black_value(W, -1.0, 9), black_value(W, -20.0, 9));
        assert!(far < close);
        assert!(close - far < MARGIN_SHARE);
    }

    #[test]
    fn a_plain_result_is_one_a_half_or_nothing() {
        let _bound = crate::test_bound::bound();
        assert_eq!(result_for(B, Colour::Black), 1.0);
        assert_eq!(result_for(W, Colour::Black), 0.0);
        assert_eq!(result_for(W, Colour::White), 1.0);
        assert_eq!(result_for(None, Colour::White), 0.5);
    }

    #[test]
    fn the_scale_grows_with_the_board() {
        let _bound = crate::test_bound::bound();
        // The same 9-point lead matters less on a larger board.
        let on = |size| black_value(B, 9.0, size) - black_value(B, 0.0, size);
        assert!(on(19) < on(9));
    }
}
