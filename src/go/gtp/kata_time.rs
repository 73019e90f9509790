//! KataGo's time extensions: `kata-list_time_settings` and `kata-time_settings`, the
//! systems of `kgs-time_settings` with decimal seconds, plus Fischer time.

use super::seconds::{seconds, MAX_SECONDS};
use crate::go::engine::clock::{Clock, TimeSystem};
use crate::gtp::{ArgError, Args};

/// What `kata-list_time_settings` answers: every system `kata-time_settings` takes.
pub(super) const KATA_TIME_SYSTEMS: &str = "none absolute byoyomi canadian fischer fischer-capped";

/// A `kata-time_settings` system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    Absolute,
    Byoyomi,
    Canadian,
    Fischer,
    FischerCapped,
}

impl Kind {
    /// How many arguments the system takes after its name.
    fn arguments(self) -> usize {
        match self {
            Kind::None => 0,
            Kind::Absolute => 1,
            Kind::Fischer => 2,
            Kind::Byoyomi | Kind::Canadian => 3,
            Kind::FischerCapped => 4,
        }
    }
}

/// The system named by argument 0.
fn kind(args: Args<'_>) -> Result<Kind, ArgError> {
    args.parse_with(
        0,
        "a time system (none, absolute, byoyomi, canadian, fischer or fischer-capped)",
        |raw| match raw.to_ascii_lowercase().as_str() {
            "none" => Some(Kind::None),
            "absolute" => Some(Kind::Absolute),
            "byoyomi" | "byo-yomi" => Some(Kind::Byoyomi),
            "canadian" => Some(Kind::Canadian),
            "fischer" => Some(Kind::Fischer),
            "fischer-capped" => Some(Kind::FischerCapped),
            _ => None,
        },
    )
}

/// How many arguments `kata-time_settings` takes, its system's name included.
pub(super) fn kata_time_count(args: Args<'_>) -> Result<usize, ArgError> {
    Ok(1 + kind(args)?.arguments())
}

/// The clock `kata-time_settings` describes (its argument count already checked).
pub(super) fn kata_clock(args: Args<'_>) -> Result<Clock, ArgError> {
    let seconds = |index| seconds(args, index, "a time in seconds (a decimal from 0)");
    // A limit of fischer-capped: negative for none, else at least `floor`.
    let limit = |index, what, floor: f64| {
        args.parse_with(index, what, |raw| {
            let value = raw.parse::<f64>().ok().filter(|t| t.is_finite())?;
            if value < 0.0 {
                Some(None)
            } else {
                (value >= floor && value <= MAX_SECONDS).then_some(Some(value))
            }
        })
    };
    let count = |index, what| {
        args.parse_with(index, what, |raw| {
            raw.parse::<u32>().ok().filter(|&count| count >= 1)
        })
    };
    let system = match kind(args)? {
        Kind::None => TimeSystem::Unlimited,
        Kind::Absolute => TimeSystem::Absolute { main: seconds(1)? },
        Kind::Byoyomi => TimeSystem::Byoyomi {
            main: seconds(1)?,
            period: seconds(2)?,
            periods: count(3, "a number of periods (1 or more)")?,
        },
        Kind::Canadian => TimeSystem::Canadian {
            main: seconds(1)?,
            period: seconds(2)?,
            stones: count(3, "a number of stones (1 or more)")?,
        },
        Kind::Fischer => TimeSystem::Fischer {
            main: seconds(1)?,
            increment: seconds(2)?,
            cap: None,
            per_move: None,
        },
        Kind::FischerCapped => {
            let main = seconds(1)?;
            TimeSystem::Fischer {
                main,
                increment: seconds(2)?,
                cap: limit(
                    3,
                    "a main time limit in seconds, at least the main time (negative for none)",
                    main,
                )?,
                per_move: limit(4, "a time per move in seconds (negative for none)", 0.0)?,
            }
        }
    };
    Ok(Clock::new(system))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(line: &str) -> Result<TimeSystem, ArgError> {
        let words: Vec<&str> = line.split(' ').collect();
        let args = Args::new(&words);
        args.expect_count(kata_time_count(args)?)?;
        Ok(kata_clock(args)?.system())
    }

    #[test]
    fn every_listed_system_is_read() {
        let _bound = crate::test_bound::bound();
        assert_eq!(clock("none"), Ok(TimeSystem::Unlimited));
        assert_eq!(
            clock("absolute 90.5"),
            Ok(TimeSystem::Absolute { main: 90.5 })
        );
        assert_eq!(clock("byo-yomi 60 10.5 3"), clock("BYOYOMI 60 10.5 3"),);
        assert_eq!(
            clock("canadian 0 30 10"),
            Ok(TimeSystem::Canadian {
                main: 0.0,
                period: 30.0,
                stones: 10
            })
        );
        assert_eq!(
            clock("fischer 300 2.5"),
            Ok(TimeSystem::Fischer {
                main: 300.0,
                increment: 2.5,
                cap: None,
                per_move: None
            })
        );
        assert_eq!(
            clock("fischer-capped 300 10 600 -1"),
            Ok(TimeSystem::Fischer {
                main: 300.0,
                increment: 10.0,
                cap: Some(600.0),
                per_move: None
            })
        );
        for system in KATA_TIME_SYSTEMS.split(' ') {
            let words = [system];
            assert!(kind(Args::new(&words)).is_ok(), "{system}");
        }
    }

    #[test]
    fn bad_settings_are_refused() {
        let _bound = crate::test_bound::bound();
        for line in [
            "hourglass 10",
            "absolute",
            "absolute -1",
            "absolute inf",
            "absolute nan",
            "fischer 10",
            "fischer 10 x",
            "canadian 10 5 0",
            "byoyomi 10 5 1.5",
            "fischer-capped 300 10 200 -1",
            "fischer-capped 300 10 -1 nan",
        ] {
            assert!(clock(line).is_err(), "{line}");
        }
    }
}
