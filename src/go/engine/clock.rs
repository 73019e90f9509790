//! Clocks: what `time_settings`, `kgs-time_settings`, `kata-time_settings` and
//! `time_left` say about a player's time, and how a move's thinking uses it up.
//!
//! Pure arithmetic on seconds: the adapter reads the wall clock and passes the numbers;
//! [`super::time_plan`] turns a clock into a move's thinking time.

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
    /// Fischer: main time, and `increment` seconds added after each move, as KataGo's
    /// `kata-time_settings fischer` and `fischer-capped` set it.
    Fischer {
        /// Seconds of main time at the start.
        main: f64,
        /// Seconds added to the clock after each move.
        increment: f64,
        /// The most the clock may hold after an increment (`fischer-capped`).
        cap: Option<f64>,
        /// The most one move may take (`fischer-capped`).
        per_move: Option<f64>,
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
    /// Seconds this player's moves have lately come after their limits (see
    /// [`Clock::note_overrun`]).
    lag: f64,
}

/// How much of the last lag still counts at the next move: spikes fade in a few moves.
const LAG_MEMORY: f64 = 0.7;

/// The most lag counted, in seconds.
const MAX_LAG: f64 = 5.0;

impl Clock {
    /// A fresh clock under `system`.
    pub fn new(system: TimeSystem) -> Clock {
        let left = match system {
            TimeSystem::Unlimited => 0.0,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. }
            | TimeSystem::Fischer { main, .. } => main,
        };
        let mut clock = Clock {
            system,
            left,
            count: 0,
            lag: 0.0,
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

    /// Seconds left in the current stage: main time, or the current period.
    pub fn left(&self) -> f64 {
        self.left
    }

    /// In overtime, the stones left to play in the period (Canadian) or the periods left
    /// (byo-yomi); 0 in main time.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Seconds by which this player's moves have lately overrun their limits: the time
    /// from the start of a move to its answer beyond what the search was allowed
    /// (overhead, and a busy machine's scheduling). The latest overrun, or what is left
    /// of earlier ones (fading by [`LAG_MEMORY`] a move), whichever is more.
    pub fn lag(&self) -> f64 {
        self.lag
    }

    /// Notes that a move took `overrun` seconds more than its limit (0 or less: none).
    pub fn note_overrun(&mut self, overrun: f64) {
        self.lag = (self.lag * LAG_MEMORY).max(overrun).clamp(0.0, MAX_LAG);
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
            TimeSystem::Fischer { increment, cap, .. } => {
                let left = (self.left - used).max(0.0) + increment;
                self.left = cap.map_or(left, |cap| left.min(cap));
            }
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
            TimeSystem::Unlimited | TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. } => {
                self.left = self.left.max(0.0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_settings_pick_the_system() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            Clock::from_gtp(60.0, 0.0, 0).system(),
            TimeSystem::Absolute { main: 60.0 }
        );
        assert_eq!(Clock::from_gtp(0.0, 5.0, 0).system(), TimeSystem::Unlimited);
        let per_move = Clock::from_gtp(0.0, 1.0, 1);
        assert_eq!(
            per_move.system(),
            TimeSystem::Canadian {
                main: 0.0,
                period: 1.0,
                stones: 1
            }
        );
        // No main time: overtime from the first move.
        assert_eq!((per_move.left(), per_move.count()), (1.0, 1));
    }

    #[test]
    fn kgs_byoyomi_counts_periods_and_keeps_them() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::new(TimeSystem::Byoyomi {
            main: 10.0,
            period: 5.0,
            periods: 3,
        });
        clock.spend(11.0);
        assert_eq!(clock.count, 3);
        assert!((clock.left - 5.0).abs() < 1e-9);
        // Overrunning a period loses it; the last one is kept (the game would be lost).
        clock.spend(6.0);
        assert_eq!(clock.count, 2);
        clock.set_left(5.0, 1);
        clock.spend(9.0);
        assert_eq!(clock.count, 1);
    }

    #[test]
    fn canadian_periods_refill_after_their_stones() {
        let _bound = crate::test_bound::bound();
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

    #[test]
    fn lag_follows_the_latest_overrun_and_fades() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::from_gtp(0.0, 1.0, 1);
        clock.note_overrun(0.2);
        assert_eq!(clock.lag(), 0.2);
        clock.note_overrun(-0.1);
        assert!((clock.lag() - 0.14).abs() < 1e-9);
        clock.note_overrun(0.3);
        assert_eq!(clock.lag(), 0.3);
        clock.note_overrun(100.0);
        assert_eq!(clock.lag(), MAX_LAG);
        // time_left keeps what was learned.
        clock.set_left(1.0, 1);
        assert_eq!(clock.lag(), MAX_LAG);
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move_up_to_its_cap() {
        let _bound = crate::test_bound::bound();
        let mut clock = Clock::new(TimeSystem::Fischer {
            main: 10.0,
            increment: 3.0,
            cap: Some(12.0),
            per_move: None,
        });
        clock.spend(2.0);
        assert_eq!((clock.left(), clock.count()), (11.0, 0));
        clock.spend(0.5);
        assert_eq!(clock.left(), 12.0);
        // Out of time, the increment is all there is.
        clock.spend(20.0);
        assert_eq!(clock.left(), 3.0);
    }
}
