//! Clocks and the time manager: what `time_settings`, `kgs-time_settings` and
//! `time_left` say about a player's time, and how long the next move may think.
//!
//! Pure arithmetic on seconds: the adapter reads the wall clock and passes the numbers.

use std::time::Duration;

/// Seconds kept back from every move for the network and the controller, at most this
/// much, and at most this share of the time available for the move.
const SAFETY_SECONDS: f64 = 0.3;
const SAFETY_SHARE: f64 = 0.25;

/// The least a move thinks when any time is left at all.
const MINIMUM_SECONDS: f64 = 0.02;

/// A time system, as `time_settings` or `kgs-time_settings` set it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeSystem {
    /// No limit: every move thinks the server's default move time.
    Unlimited,
    /// Main time only.
    Absolute {
        /// Seconds of main time.
        main: f64,
    },
    /// Main time, then periods of `period` seconds for `stones` moves each.
    Canadian {
        /// Seconds of main time.
        main: f64,
        /// Seconds of each period.
        period: f64,
        /// Moves to make in each period.
        stones: u32,
    },
    /// Main time, then `periods` periods of `period` seconds, one move each (a period
    /// is lost only when a move overruns it).
    Byoyomi {
        /// Seconds of main time.
        main: f64,
        /// Seconds of each period.
        period: f64,
        /// How many periods.
        periods: u32,
    },
}

/// One player's clock.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    /// Seconds left in the current stage: main time, or the current period.
    left: f64,
    /// In overtime: stones left to play in the period (Canadian) or periods left
    /// (byo-yomi); 0 while in main time.
    count: u32,
}

impl Clock {
    /// A fresh clock under `system`.
    pub fn new(system: TimeSystem) -> Clock {
        let left = match system {
            TimeSystem::Unlimited => 0.0,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. } => main,
        };
        let mut clock = Clock {
            system,
            left,
            count: 0,
        };
        if left <= 0.0 {
            clock.enter_overtime();
        }
        clock
    }

    /// A clock from GTP's `time_settings MAIN BYO_YOMI STONES`: Canadian overtime; no
    /// overtime when the byo-yomi time is 0; no limit at all when the byo-yomi time is
    /// positive and the stones 0 (as the GTP specification says).
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> Clock {
        Clock::new(match (period > 0.0, stones) {
            (false, _) => TimeSystem::Absolute { main },
            (true, 0) => TimeSystem::Unlimited,
            (true, stones) => TimeSystem::Canadian {
                main,
                period,
                stones,
            },
        })
    }

    /// The time system.
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// What `time_left SECONDS COUNT` says: `count` 0 means main time; otherwise stones
    /// left in the period (Canadian) or, as KGS sends it, periods left (byo-yomi).
    pub fn set_left(&mut self, seconds: f64, count: u32) {
        self.left = seconds.max(0.0);
        self.count = count;
    }

    /// Takes `used` seconds of thinking off the clock, moving into overtime (and through
    /// its periods) as the controller would, for controllers that send no `time_left`.
    pub fn spend(&mut self, used: f64) {
        match self.system {
            TimeSystem::Unlimited => {}
            TimeSystem::Absolute { .. } => self.left = (self.left - used).max(0.0),
            TimeSystem::Canadian { period, stones, .. } => {
                if self.count == 0 {
                    self.left -= used;
                    if self.left <= 0.0 {
                        self.enter_overtime();
                    }
                } else {
                    self.left -= used;
                    self.count -= 1;
                    if self.count == 0 {
                        self.left = period;
                        self.count = stones;
                    }
                }
            }
            TimeSystem::Byoyomi { period, .. } => {
                if self.count == 0 {
                    self.left -= used;
                    if self.left <= 0.0 {
                        self.enter_overtime();
                    }
                } else {
                    if used > self.left {
                        self.count = self.count.saturating_sub(1).max(1);
                    }
                    self.left = period;
                }
            }
        }
    }

    /// How long the next move may think, or `None` for no limit (the caller's default).
    ///
    /// In main time it spends the time left over the moves the game may still ask of this
    /// player, half again as much in the opening (where the search matters most), plus
    /// what one overtime period allows; in overtime, the period's share for one move. A
    /// safety margin always stays on the clock.
    pub fn think_time(&self, points: usize, moves_played: usize) -> Option<Duration> {
        let opening = if moves_played < points / 4 { 1.5 } else { 1.0 };
        let main_share = self.left / moves_to_plan(points, moves_played) * opening;
        let budget = match self.system {
            TimeSystem::Unlimited => return None,
            TimeSystem::Absolute { .. } => main_share,
            TimeSystem::Canadian { period, stones, .. } if self.count == 0 => {
                main_share + period / f64::from(stones)
            }
            TimeSystem::Canadian { .. } => self.left / f64::from(self.count.max(1)),
            TimeSystem::Byoyomi { period, .. } if self.count == 0 => main_share + period,
            TimeSystem::Byoyomi { .. } => self.left,
        };
        let ceiling = match self.system {
            // Never more than the main time left could pay.
            TimeSystem::Absolute { .. } => self.left,
            _ if self.count == 0 => self.left + self.period(),
            _ => self.left,
        };
        let seconds = budget.min(ceiling);
        let safe = seconds - (seconds * SAFETY_SHARE).min(SAFETY_SECONDS);
        Some(Duration::from_secs_f64(safe.max(MINIMUM_SECONDS)))
    }

    /// The length of one overtime period (0 without overtime).
    fn period(&self) -> f64 {
        match self.system {
            TimeSystem::Canadian { period, .. } | TimeSystem::Byoyomi { period, .. } => period,
            _ => 0.0,
        }
    }

    fn enter_overtime(&mut self) {
        match self.system {
            TimeSystem::Canadian { period, stones, .. } => {
                self.left = period;
                self.count = stones;
            }
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                self.left = period;
                self.count = periods;
            }
            TimeSystem::Unlimited | TimeSystem::Absolute { .. } => self.left = self.left.max(0.0),
        }
    }
}

/// How many more moves of this player to plan the main time for: games last about 1.2
/// moves a point of the board, half of them this player's; never fewer than ten.
fn moves_to_plan(points: usize, moves_played: usize) -> f64 {
    ((points as f64 * 1.2 - moves_played as f64) * 0.5).max(10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(clock: &Clock, moves: usize) -> f64 {
        clock.think_time(81, moves).unwrap().as_secs_f64()
    }

    #[test]
    fn gtp_settings_pick_the_system() {
        assert_eq!(
            Clock::from_gtp(60.0, 0.0, 0).system(),
            TimeSystem::Absolute { main: 60.0 }
        );
        assert_eq!(Clock::from_gtp(0.0, 5.0, 0).system(), TimeSystem::Unlimited);
        assert_eq!(
            Clock::from_gtp(0.0, 1.0, 1).system(),
            TimeSystem::Canadian {
                main: 0.0,
                period: 1.0,
                stones: 1
            }
        );
        assert_eq!(Clock::from_gtp(0.0, 5.0, 0).think_time(81, 0), None);
    }

    #[test]
    fn one_second_a_move_thinks_a_little_less_than_a_second() {
        // time_settings 0 1 1: one second for each move, from the first.
        let clock = Clock::from_gtp(0.0, 1.0, 1);
        let think = seconds(&clock, 0);
        assert!((0.7..1.0).contains(&think), "{think}");
    }

    #[test]
    fn never_more_than_is_left_and_always_a_margin() {
        let mut clock = Clock::from_gtp(300.0, 0.0, 0);
        clock.set_left(0.5, 0);
        assert!(seconds(&clock, 40) < 0.5);
        clock.set_left(0.0, 0);
        assert_eq!(seconds(&clock, 40), MINIMUM_SECONDS);
        let mut canadian = Clock::from_gtp(0.0, 30.0, 10);
        canadian.set_left(3.0, 1);
        let think = seconds(&canadian, 40);
        assert!(think < 3.0 && think > 2.0, "{think}");
    }

    #[test]
    fn main_time_lasts_a_long_game_and_goes_more_to_the_opening() {
        // 300 s absolute on 9x9, a game of 150 moves (75 of this player's).
        let mut clock = Clock::from_gtp(300.0, 0.0, 0);
        let mut spent = Vec::new();
        for move_number in (0..150).step_by(2) {
            let think = seconds(&clock, move_number);
            spent.push(think);
            clock.spend(think);
        }
        assert!(clock.left > 0.0, "ran out of time");
        let first: f64 = spent[..10].iter().sum();
        let last: f64 = spent[spent.len() - 10..].iter().sum();
        assert!(first > 2.0 * last, "{first} {last}");
    }

    #[test]
    fn kgs_byoyomi_counts_periods_and_keeps_them() {
        let mut clock = Clock::new(TimeSystem::Byoyomi {
            main: 10.0,
            period: 5.0,
            periods: 3,
        });
        clock.spend(11.0);
        assert_eq!(clock.count, 3);
        assert!((clock.left - 5.0).abs() < 1e-9);
        let think = seconds(&clock, 30);
        assert!((3.7..5.0).contains(&think), "{think}");
        // Overrunning a period loses it; the last one is kept (the game would be lost).
        clock.spend(6.0);
        assert_eq!(clock.count, 2);
        clock.set_left(5.0, 1);
        clock.spend(9.0);
        assert_eq!(clock.count, 1);
    }

    #[test]
    fn canadian_periods_refill_after_their_stones() {
        let mut clock = Clock::new(TimeSystem::Canadian {
            main: 0.0,
            period: 20.0,
            stones: 2,
        });
        assert_eq!(clock.count, 2);
        clock.spend(5.0);
        assert_eq!((clock.left, clock.count), (15.0, 1));
        clock.spend(5.0);
        assert_eq!((clock.left, clock.count), (20.0, 2));
    }
}
