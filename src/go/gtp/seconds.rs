//! Times as clients send them: seconds, whole or not (`300`, `600.5`), as KataGo takes
//! them.

use crate::gtp::{ArgError, Args};

/// The longest time accepted, in seconds: about 136 years, the most whole seconds GTP's
/// integers held before fractions were taken, and far within what a clock can count.
pub(super) const MAX_SECONDS: f64 = u32::MAX as f64;

/// Argument `index` as a number of seconds from 0 to [`MAX_SECONDS`], fractions allowed;
/// a syntax error naming `what` otherwise (`inf`, `nan`, negative or larger times).
pub(super) fn seconds(args: Args<'_>, index: usize, what: &'static str) -> Result<f64, ArgError> {
    args.parse_with(index, what, |raw| {
        raw.parse::<f64>()
            .ok()
            .filter(|seconds| (0.0..=MAX_SECONDS).contains(seconds))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(raw: &str) -> Result<f64, ArgError> {
        seconds(Args::new(&[raw]), 0, "seconds")
    }

    #[test]
    fn whole_and_decimal_seconds_within_range() {
        let _bound = crate::test_bound::bound();
        assert_eq!(read("300"), Ok(300.0));
        assert_eq!(read("600.5"), Ok(600.5));
        assert_eq!(read("0.25"), Ok(0.25));
        assert_eq!(read("4294967295"), Ok(MAX_SECONDS));
        for bad in ["-1", "4294967296", "1e300", "inf", "nan", "x", ""] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
