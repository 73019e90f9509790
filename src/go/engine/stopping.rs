//! When a search between a soft and a hard time limit stops: before the soft limit when
//! its choice can no longer change, at the soft limit when its choice is clear, and up
//! to the hard limit when it is not. Pure: it sees the root's children and the pace of
//! the search, and reads no clock.

/// What the rule sees of one child of the root.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Child {
    /// Simulations through it (priors left out).
    pub visits: f32,
    /// Its win rate for the side to move.
    pub win_rate: f32,
}

/// Where the search stands in time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Simulations this search has run.
    pub playouts: u64,
    /// How many it runs a second.
    pub per_second: f64,
    /// Seconds to the soft limit (0 or less once it has passed).
    pub to_soft: f64,
    /// Seconds to the hard limit.
    pub to_hard: f64,
}

/// The rule's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Go on searching.
    Go,
    /// Stop: the move is chosen.
    Stop,
}

/// Simulations a search runs before the rule judges its choice.
const MIN_PLAYOUTS: u64 = 64;

/// A runner-up with this share of the best move's visits makes the choice unclear.
const CLOSE_VISITS: f32 = 0.75;

/// A child with this share of the best move's visits (and at least [`VALUE_VISITS`])
/// whose win rate beats the best move's by more than [`VALUE_MARGIN`] makes the choice
/// unclear: the search has not yet followed what it finds best.
const VALUE_SHARE: f32 = 0.2;
const VALUE_VISITS: f32 = 20.0;
const VALUE_MARGIN: f32 = 0.02;

/// The most of the simulations still to come that the runner-up could take: even a
/// move the search now likes best shares them with the others.
const CATCH_UP_SHARE: f64 = 0.75;

/// Whether the search should stop now. The move played is the most visited child; the
/// choice is unclear when the runner-up is close to it in visits or another
/// well-visited child has the better win rate. A clear choice stops at the soft limit,
/// an unclear one at the hard limit; either stops earlier once the runner-up could not
/// catch up with the best move in the simulations left before its limit.
pub fn verdict(children: &[Child], pace: &Pace) -> Verdict {
    if pace.to_hard <= 0.0 {
        return Verdict::Stop;
    }
    if pace.playouts < MIN_PLAYOUTS {
        return Verdict::Go;
    }
    let mut best = Child {
        visits: 0.0,
        win_rate: 0.0,
    };
    let mut second = 0.0f32;
    for child in children {
        if child.visits > best.visits {
            second = best.visits;
            best = *child;
        } else if child.visits > second {
            second = child.visits;
        }
    }
    let value_leader_differs = children.iter().any(|child| {
        child.visits < best.visits
            && child.visits >= VALUE_VISITS
            && child.visits >= best.visits * VALUE_SHARE
            && child.win_rate > best.win_rate + VALUE_MARGIN
    });
    let unclear = second >= best.visits * CLOSE_VISITS || value_leader_differs;
    let horizon = if unclear { pace.to_hard } else { pace.to_soft };
    if horizon <= 0.0 {
        return Verdict::Stop;
    }
    let still_to_come = pace.per_second * horizon * CATCH_UP_SHARE;
    if f64::from(best.visits - second) > still_to_come {
        return Verdict::Stop;
    }
    Verdict::Go
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(visits: f32, win_rate: f32) -> Child {
        Child { visits, win_rate }
    }

    /// A search running 1,000 simulations a second, `to_soft` and `to_hard` seconds
    /// from its limits.
    fn pace(to_soft: f64, to_hard: f64) -> Pace {
        Pace {
            playouts: 1_000,
            per_second: 1_000.0,
            to_soft,
            to_hard,
        }
    }

    #[test]
    fn a_runner_up_that_cannot_catch_up_stops_the_search_early() {
        let _bound = crate::test_bound::bound();
        let children = [child(900.0, 0.6), child(100.0, 0.5), child(0.0, 0.5)];
        // 0.5 s to go: at most 375 more simulations for the runner-up, 800 behind.
        assert_eq!(verdict(&children, &pace(0.5, 2.0)), Verdict::Stop);
        // 2 s to go: it could still catch up.
        assert_eq!(verdict(&children, &pace(2.0, 6.0)), Verdict::Go);
    }

    #[test]
    fn a_clear_choice_stops_at_the_soft_limit() {
        let _bound = crate::test_bound::bound();
        let children = [child(600.0, 0.6), child(300.0, 0.55)];
        assert_eq!(verdict(&children, &pace(0.5, 2.0)), Verdict::Go);
        assert_eq!(verdict(&children, &pace(0.0, 2.0)), Verdict::Stop);
    }

    #[test]
    fn close_visits_think_on_to_the_hard_limit() {
        let _bound = crate::test_bound::bound();
        let children = [child(500.0, 0.6), child(450.0, 0.59)];
        assert_eq!(verdict(&children, &pace(0.0, 2.0)), Verdict::Go);
        assert_eq!(verdict(&children, &pace(-1.0, 0.5)), Verdict::Go);
        assert_eq!(verdict(&children, &pace(-2.0, 0.0)), Verdict::Stop);
    }

    #[test]
    fn a_better_valued_contender_thinks_on_unless_it_cannot_catch_up() {
        let _bound = crate::test_bound::bound();
        let children = [child(700.0, 0.5), child(200.0, 0.6)];
        assert_eq!(verdict(&children, &pace(0.0, 2.0)), Verdict::Go);
        // 0.5 s before the hard limit: 375 simulations could not close a gap of 500.
        assert_eq!(verdict(&children, &pace(-1.0, 0.5)), Verdict::Stop);
        // A contender with too few visits to trust its win rate does not count.
        let noisy = [child(700.0, 0.5), child(15.0, 0.9)];
        assert_eq!(verdict(&noisy, &pace(0.0, 2.0)), Verdict::Stop);
    }

    #[test]
    fn too_few_simulations_decide_nothing_before_the_hard_limit() {
        let _bound = crate::test_bound::bound();
        let children = [child(40.0, 0.9), child(1.0, 0.1)];
        let early = Pace {
            playouts: 41,
            ..pace(0.0, 1.0)
        };
        assert_eq!(verdict(&children, &early), Verdict::Go);
        let late = Pace {
            to_hard: 0.0,
            ..early
        };
        assert_eq!(verdict(&children, &late), Verdict::Stop);
    }
}
