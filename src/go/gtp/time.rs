//! Time settings as clients send them: `kgs-time_settings` read into a clock.

use crate::go::engine::clock::{Clock, TimeSystem};
use crate::gtp::{ArgError, Args};

/// How many arguments `kgs-time_settings` takes after its system's name.
pub(super) fn kgs_time_count(args: Args<'_>) -> Result<usize, ArgError> {
    args.parse_with(
        0,
        "a time system (none, absolute, byoyomi or canadian)",
        |raw| match raw.to_ascii_lowercase().as_str() {
            "none" => Some(1),
            "absolute" => Some(2),
            "byoyomi" | "canadian" => Some(4),
            _ => None,
        },
    )
}

/// The clock `kgs-time_settings` describes (its argument count already checked).
pub(super) fn kgs_clock(args: Args<'_>) -> Result<Clock, ArgError> {
    let seconds = |index| super::seconds::seconds(args, index, "seconds");
    let system = match args.all()[0].to_ascii_lowercase().as_str() {
        "none" => TimeSystem::Unlimited,
        "absolute" => TimeSystem::Absolute { main: seconds(1)? },
        "byoyomi" => TimeSystem::Byoyomi {
            main: seconds(1)?,
            period: seconds(2)?,
            periods: args.parse::<u32>(3, "a number of periods")?.max(1),
        },
        _ => TimeSystem::Canadian {
            main: seconds(1)?,
            period: seconds(2)?,
            stones: args.parse::<u32>(3, "a number of stones")?.max(1),
        },
    };
    Ok(Clock::new(system))
}
