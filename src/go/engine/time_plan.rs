//! The time manager: from a player's clock and a summary of the position to how long the
//! next move should think (a soft target) and may think (a hard limit).
//!
//! Pure arithmetic on seconds, no clock read: the adapter passes the clock and the
//! position; the search takes the two durations and decides between them by what it
//! finds (see [`super::stopping`]).

use super::clock::{Clock, TimeSystem};
use super::game::Game;
use std::time::Duration;

/// Seconds kept back from a move's limit for the network, the controller and the
/// answer's own overhead: this share of the limit, at most this many seconds (an answer
/// over a pipe or the loopback comes within milliseconds of the search's end, so 3% is
/// ample on a quiet machine; a tenth left gamebot 0.90 s a move at 1 s against Pachi's
/// 1.01 s), plus [`LAG_FACTOR`] times the clock's lag (what moves have
/// lately overrun their limits), at most [`LAG_CAP_SHARE`] of the limit: a machine that
/// stalls for seconds at times cannot be outrun, and would otherwise think nothing for
/// several moves after each stall.
const LAG_SHARE: f64 = 0.03;
const LAG_SECONDS: f64 = 0.3;
const LAG_FACTOR: f64 = 2.0;
const LAG_CAP_SHARE: f64 = 0.25;

/// Seconds of main time kept back for each move the player is still expected to make:
/// the lag the controller counts that the engine's own clock does not see.
const RESERVE_PER_MOVE: f64 = 0.05;

/// The least a move thinks when any time is left at all.
const MINIMUM_SECONDS: f64 = 0.02;

/// The most a move thinks, whatever a clock says (about 31 years: clocks may be set
/// absurdly long, and durations must stay representable).
const MAXIMUM_SECONDS: f64 = 1e9;

/// How much longer than its target an unclear move may think.
const EXTEND: f64 = 2.5;

/// The most of the usable main time one move may take, unclear or not.
const HARD_SHARE: f64 = 0.25;

/// How much more than an even share the middle game gets, where the search matters
/// most: the opening's moves are broad and the endgame's small.
const MIDDLE_GAME: f64 = 1.3;

impl Game {
    /// How many more moves this player is expected to make: half an empty point each,
    /// less a fifth of the board (games end with the territories still empty: 9x9
    /// games against GNU Go last 40 to 60 moves); never fewer than 10 (or a twentieth
    /// of the board), so the last moves of a long game still get time.
    pub fn own_moves_left(&self) -> f64 {
        let floor = (self.points as f64 / 20.0).max(10.0);
        (self.empty as f64 * 0.5 - self.points as f64 * 0.2).max(floor)
    }

    /// The share of the main time this move gets relative to an even one: more in the
    /// middle game (from a tenth to half of the board's points in moves).
    fn phase(&self) -> f64 {
        let moves = self.moves_played as f64;
        let points = self.points as f64;
        if moves >= points * 0.1 && moves <= points * 0.5 {
            MIDDLE_GAME
        } else {
            1.0
        }
    }
}

/// How long a move thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allotment {
    /// What the move should take. The search stops here when its choice is clear, and
    /// before it when the runner-up can no longer catch up.
    pub soft: Duration,
    /// What the move may take at most, when its choice stays unclear; the margin for
    /// lag is already off. Equal to `soft` when time not used now is lost anyway (a
    /// byo-yomi period, the last stone of a Canadian period): the move then uses it all.
    pub hard: Duration,
}

/// The thinking time of the next move of the player whose clock this is, or `None` for
/// no limit (the caller's default then).
///
/// In main time the usable time (less a small reserve for each move still to come) is
/// spread over the moves still expected, [`MIDDLE_GAME`] times more in the middle game,
/// plus what overtime gives every move (a Canadian period's share, a byo-yomi period, a
/// Fischer increment); an unclear move may take [`EXTEND`] times that, never more than
/// [`HARD_SHARE`] of the usable time plus that overtime. In Canadian overtime a move
/// targets its share of the period and may take twice that while the other stones keep
/// half a share each; in byo-yomi overtime it takes the period. A margin for lag (3%
/// of the limit, at most 0.3 s, plus twice the clock's recent overruns, at most
/// a quarter) always stays on the clock.
pub fn allot(clock: &Clock, game: &Game) -> Option<Allotment> {
    let left = clock.left();
    let in_main = clock.count() == 0;
    let (soft, hard) = match clock.system() {
        TimeSystem::Unlimited => return None,
        TimeSystem::Absolute { .. } => main_phase(left, game, 0.0, 0.0),
        TimeSystem::Fischer {
            increment,
            per_move,
            ..
        } => {
            let (soft, hard) = main_phase(left, game, increment, 0.0);
            let cap = per_move.unwrap_or(f64::INFINITY);
            (soft.min(cap), hard.min(cap))
        }
        TimeSystem::Canadian { period, stones, .. } if in_main => {
            let share = period / f64::from(stones.max(1));
            main_phase(left, game, share, share)
        }
        TimeSystem::Canadian { .. } => {
            let stones = f64::from(clock.count().max(1));
            let share = left / stones;
            (
                share,
                (2.0 * share).min(left - (stones - 1.0) * share / 2.0),
            )
        }
        TimeSystem::Byoyomi { period, .. } if in_main => main_phase(left, game, period, period),
        TimeSystem::Byoyomi { .. } => (left, left),
    };
    let hard = hard
        - (hard * LAG_SHARE).min(LAG_SECONDS)
        - (LAG_FACTOR * clock.lag()).min(hard * LAG_CAP_SHARE);
    let hard = hard.clamp(MINIMUM_SECONDS, MAXIMUM_SECONDS);
    let soft = soft.clamp(MINIMUM_SECONDS, hard);
    Some(Allotment {
        soft: Duration::from_secs_f64(soft),
        hard: Duration::from_secs_f64(hard),
    })
}

/// Target and limit in main time with `left` seconds on the clock: `bonus` is what each
/// move gets on top of its share (its overtime share, or an increment); `beyond` is how
/// far past the main time a move may run (into a first period).
fn main_phase(left: f64, game: &Game, bonus: f64, beyond: f64) -> (f64, f64) {
    let moves = game.own_moves_left();
    let usable = (left - RESERVE_PER_MOVE * moves).max(0.0);
    let soft = usable / moves * game.phase() + bonus;
    let ceiling = (usable * HARD_SHARE + bonus).min(left + beyond);
    let hard = (soft * EXTEND).min(ceiling);
    (soft.min(hard), hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 position after `moves` moves, with about one stone a move on it.
    fn nine(moves: usize) -> Game {
        Game {
            points: 81,
            empty: 81 - (moves * 8 / 10).min(70),
            handicap: 0,
            moves_played: moves,
        }
    }

    fn seconds(clock: &Clock, moves: usize) -> (f64, f64) {
        let allotment = allot(clock, &nine(moves)).expect("a limit");
        (allotment.soft.as_secs_f64(), allotment.hard.as_secs_f64())
    }

    #[test]
    fn no_limit_is_left_to_the_caller() {
        let _bound = crate::test_bound::bound();
        assert_eq!(allot(&Clock::from_gtp(0.0, 5.0, 0), &nine(0)), None);
    }

    #[test]
    fn an_absurdly_long_clock_still_gives_a_duration() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::from_gtp(0.0, 1.0, 1);
        clock.set_left(1e300, 1);
        assert_eq!(seconds(&clock, 0), (MAXIMUM_SECONDS, MAXIMUM_SECONDS));
    }

    #[test]
    fn one_second_a_move_thinks_a_little_less_than_a_second_all_of_it() {
        let _bound = crate::test_bound::bound();
        // time_settings 0 1 1: one second for each move, from the first.
        let clock = Clock::from_gtp(0.0, 1.0, 1);
        let (soft, hard) = seconds(&clock, 0);
        assert_eq!(soft, hard, "nothing to save in a one-move period");
        assert!((0.7..1.0).contains(&hard), "{hard}");
    }

    #[test]
    fn never_more_than_is_left_and_always_a_margin() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::from_gtp(300.0, 0.0, 0);
        clock.set_left(0.5, 0);
        let (soft, hard) = seconds(&clock, 40);
        assert!(soft <= hard && hard < 0.5, "{soft} {hard}");
        clock.set_left(0.0, 0);
        assert_eq!(seconds(&clock, 40), (MINIMUM_SECONDS, MINIMUM_SECONDS));
        // Canadian overtime, last stone of the period: all of it but the margin.
        let mut canadian = Clock::from_gtp(0.0, 30.0, 10);
        canadian.set_left(3.0, 1);
        let (soft, hard) = seconds(&canadian, 40);
        assert_eq!(soft, hard);
        assert!(hard < 3.0 && hard > 2.0, "{hard}");
        // Byo-yomi overtime: the period, less the margin.
        let mut byoyomi = Clock::new(TimeSystem::Byoyomi {
            main: 0.0,
            period: 10.0,
            periods: 3,
        });
        byoyomi.set_left(10.0, 2);
        let (soft, hard) = seconds(&byoyomi, 40);
        assert_eq!(soft, hard);
        assert!((hard - 9.7).abs() < 1e-9, "{hard}");
    }

    #[test]
    fn moves_that_came_late_make_the_next_ones_shorter() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::from_gtp(0.0, 1.0, 1);
        let (_, quiet) = seconds(&clock, 10);
        clock.note_overrun(0.1);
        let (soft, hard) = seconds(&clock, 10);
        assert_eq!(soft, hard);
        assert!((quiet - hard - 0.2).abs() < 1e-9, "{quiet} {hard}");
        // A stall of seconds costs at most another quarter of the move's time.
        clock.note_overrun(3.0);
        let (_, hard) = seconds(&clock, 10);
        assert!((hard - 0.72).abs() < 1e-9, "{hard}");
    }

    #[test]
    fn canadian_overtime_shares_the_period_and_may_borrow_from_the_next_stones() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::from_gtp(0.0, 30.0, 10);
        clock.set_left(30.0, 10);
        let (soft, hard) = seconds(&clock, 40);
        assert!((soft - 3.0).abs() < 1e-9, "{soft}");
        assert!((hard - 5.82).abs() < 1e-9, "{hard}");
    }

    /// Plays `own_moves` of this player's moves of a game of twice that length, each
    /// taking `pick` of its allotment, the clock kept by the engine's own bookkeeping;
    /// returns the least time left before any move.
    fn play(clock: &mut Clock, own_moves: usize, pick: fn((f64, f64)) -> f64) -> f64 {
        let mut lowest = f64::INFINITY;
        for own in 0..own_moves {
            lowest = lowest.min(clock.left());
            let think = pick(seconds(clock, own * 2));
            assert!(think > 0.0 && think < clock.left().max(MINIMUM_SECONDS * 2.0));
            clock.spend(think);
        }
        lowest
    }

    #[test]
    fn sudden_death_survives_a_game_of_only_unclear_moves() {
        let _bound = crate::test_bound::bound();
        // 60 s for the game on 9x9, 40 moves of this player (a long game), every one
        // of them taking its hard limit: the flag never falls, the reserve is left.
        let mut clock = Clock::from_gtp(60.0, 0.0, 0);
        play(&mut clock, 40, |(_, hard)| hard);
        assert!(clock.left() > 0.3, "{}", clock.left());
        // 60 moves of this player (a very long game) at their targets: the same.
        let mut clock = Clock::from_gtp(60.0, 0.0, 0);
        play(&mut clock, 60, |(soft, _)| soft);
        assert!(clock.left() > 0.5, "{}", clock.left());
    }

    #[test]
    fn sudden_death_uses_most_of_the_time_in_a_normal_game() {
        let _bound = crate::test_bound::bound();
        // A game of 50 moves, 25 of this player's, every move taking its target.
        let mut clock = Clock::from_gtp(60.0, 0.0, 0);
        let mut spent = Vec::new();
        for own in 0..25 {
            let (soft, _) = seconds(&clock, own * 2);
            spent.push(soft);
            clock.spend(soft);
        }
        let used: f64 = spent.iter().sum();
        assert!(used > 45.0 && used < 60.0, "{used} {spent:?}");
        // The middle game gets more than the opening and the endgame.
        assert!(spent[10] > spent[2] && spent[10] > spent[24], "{spent:?}");
    }

    #[test]
    fn an_unclear_move_may_take_longer_but_not_much_of_what_is_left() {
        let _bound = crate::test_bound::bound();
        let clock = Clock::from_gtp(60.0, 0.0, 0);
        let (soft, hard) = seconds(&clock, 20);
        assert!(hard > 2.0 * soft, "{soft} {hard}");
        assert!(hard <= 60.0 * HARD_SHARE, "{hard}");
    }

    #[test]
    fn main_time_before_overtime_adds_what_overtime_gives_each_move() {
        let _bound = crate::test_bound::bound();
        let absolute = seconds(&Clock::from_gtp(60.0, 0.0, 0), 20).0;
        let canadian = seconds(&Clock::from_gtp(60.0, 30.0, 10), 20).0;
        assert!(
            (canadian - absolute - 3.0).abs() < 1e-9,
            "{absolute} {canadian}"
        );
        let byoyomi = Clock::new(TimeSystem::Byoyomi {
            main: 60.0,
            period: 5.0,
            periods: 3,
        });
        assert!((seconds(&byoyomi, 20).0 - absolute - 5.0).abs() < 1e-9);
    }

    #[test]
    fn fischer_spends_the_increment_and_keeps_to_the_per_move_cap() {
        let _bound = crate::test_bound::bound();
        let fischer = |main, per_move| {
            Clock::new(TimeSystem::Fischer {
                main,
                increment: 5.0,
                cap: None,
                per_move,
            })
        };
        let absolute = seconds(&Clock::from_gtp(60.0, 0.0, 0), 20).0;
        let (soft, _) = seconds(&fischer(60.0, None), 20);
        assert!((soft - absolute - 5.0).abs() < 1e-9, "{soft}");
        let (soft, hard) = seconds(&fischer(60.0, Some(2.0)), 20);
        assert!(soft <= 2.0 && hard <= 2.0, "{soft} {hard}");
        // Little main time left: never more than the clock holds now (the increment
        // comes only after the move), and a long game never runs it out.
        let mut low = fischer(2.0, None);
        let (_, hard) = seconds(&low, 20);
        assert!(hard < 2.0, "{hard}");
        let lowest = play(&mut low, 200, |(_, hard)| hard);
        assert!(lowest > 0.0, "{lowest}");
    }
}
