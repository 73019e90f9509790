//! Exact decimal points: komi as the client wrote it, and the margin of a result.
//!
//! Komi is a decimal fraction (`6.5`, `0.25`, `-7.5`), and a binary float cannot hold
//! most of them: `4 - 3.7` would be `0.2999999999999998`. A [`Points`] value is an
//! integer number of millionths, so every komi with up to six decimals is held exactly
//! and a result's margin (an area difference minus komi) is exact too.

use std::cmp::Ordering;
use thiserror::Error;

/// How many units make one point.
const SCALE: i64 = 1_000_000;

/// How many decimals a value may have.
pub const MAX_DECIMALS: usize = 6;

/// An exact number of points with at most six decimals, such as a komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points {
    millionths: i64,
}

/// Why a text is not a number of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PointsError {
    /// Not a plain decimal: exponents (`1e1`), `inf`, `nan`, hexadecimal and the like.
    #[error("not a decimal number")]
    NotDecimal,
    /// More than six significant decimals.
    #[error("more than {MAX_DECIMALS} decimals")]
    TooPrecise,
    /// A magnitude of 10^9 or more.
    #[error("too large")]
    TooLarge,
}

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points { millionths: 0 };

    /// The value as a float, for statistics (exact up to the float's precision).
    pub fn to_f64(self) -> f64 {
        self.millionths as f64 / 1e6
    }

    /// Reads a plain decimal: an optional sign, digits with an optional decimal point
    /// (`6.5`, `-7.5`, `+3`, `.5`, `5.`), at most six significant decimals (trailing
    /// zeros do not count), magnitude below 10^9 (no board holds more than 65,025
    /// points, so larger values mean nothing).
    pub fn parse(text: &str) -> Result<Points, PointsError> {
        let (negative, unsigned) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
            return Err(PointsError::NotDecimal);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > MAX_DECIMALS {
            return Err(PointsError::TooPrecise);
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 9 {
            return Err(PointsError::TooLarge);
        }
        let whole: i64 = whole.parse().unwrap_or(0);
        let padded = format!("{fraction:0<MAX_DECIMALS$}");
        let fraction: i64 = padded.parse().expect("six ASCII digits");
        let magnitude = whole * SCALE + fraction;
        Ok(Points {
            millionths: if negative { -magnitude } else { magnitude },
        })
    }

    /// How `whole` points compare with this value, exactly.
    pub fn compare_whole(self, whole: i64) -> Ordering {
        (i128::from(whole) * i128::from(SCALE)).cmp(&i128::from(self.millionths))
    }

    /// `whole - self`, exactly.
    pub fn subtracted_from(self, whole: i64) -> Points {
        Points {
            millionths: whole * SCALE - self.millionths,
        }
    }

    /// `self + whole`, exactly (saturating far beyond any komi).
    pub fn plus_whole(self, whole: i64) -> Points {
        Points {
            millionths: self.millionths.saturating_add(whole.saturating_mul(SCALE)),
        }
    }

    /// The value with its sign dropped.
    pub fn abs(self) -> Points {
        Points {
            millionths: self.millionths.abs(),
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(self) -> bool {
        self.millionths < 0
    }

    /// The whole part and the decimals of the magnitude: `(7, "5")` for 7.5 or -7.5,
    /// `(0, "25")` for 0.25, `(6, "")` for 6. The decimals have no trailing zero.
    pub fn digits(self) -> (u64, String) {
        let magnitude = self.millionths.unsigned_abs();
        let scale = SCALE.unsigned_abs();
        let decimals = format!("{:06}", magnitude % scale);
        (
            magnitude / scale,
            decimals.trim_end_matches('0').to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(text: &str) -> (bool, u64, String) {
        let points = Points::parse(text).unwrap();
        let (whole, decimals) = points.digits();
        (points.is_negative(), whole, decimals)
    }

    #[test]
    fn reads_the_decimals_clients_send() {
        let _bound = crate::test_bound::bound();
        assert_eq!(digits("6.5"), (false, 6, "5".into()));
        assert_eq!(digits("-7.5"), (true, 7, "5".into()));
        assert_eq!(digits("0.25"), (false, 0, "25".into()));
        assert_eq!(digits("7"), (false, 7, "".into()));
        assert_eq!(digits("+3.0"), (false, 3, "".into()));
        assert_eq!(digits(".5"), (false, 0, "5".into()));
        assert_eq!(digits("5."), (false, 5, "".into()));
        assert_eq!(digits("-0"), (false, 0, "".into()));
        assert_eq!(digits("0.000001"), (false, 0, "000001".into()));
        assert_eq!(digits("6.500000000000"), (false, 6, "5".into()));
        assert_eq!(digits("000000000012.5"), (false, 12, "5".into()));
        assert_eq!(
            digits("999999999.999999"),
            (false, 999_999_999, "999999".into())
        );
        assert_eq!(Points::parse("-0"), Ok(Points::ZERO));
    }

    #[test]
    fn refuses_what_is_not_a_plain_decimal() {
        let _bound = crate::test_bound::bound();
        for text in [
            "", "-", "+", ".", "-.", "1e1", "1E1", "inf", "-inf", "nan", "NaN", "0x10", "1,5",
            "1.5.", "1..5", " 1", "1 ", "--1", "+-1", "٣", "7½",
        ] {
            assert_eq!(
                Points::parse(text),
                Err(PointsError::NotDecimal),
                "{text:?}"
            );
        }
        assert_eq!(Points::parse("0.0000001"), Err(PointsError::TooPrecise));
        assert_eq!(Points::parse("1000000000"), Err(PointsError::TooLarge));
        assert_eq!(Points::parse("-1000000000.5"), Err(PointsError::TooLarge));
    }

    #[test]
    fn arithmetic_is_exact() {
        let _bound = crate::test_bound::bound();
        let komi = Points::parse("3.7").unwrap();
        assert_eq!(komi.subtracted_from(4), Points::parse("0.3").unwrap());
        assert_eq!(komi.compare_whole(4), Ordering::Greater);
        assert_eq!(komi.compare_whole(3), Ordering::Less);
        let whole = Points::parse("7").unwrap();
        assert_eq!(whole.compare_whole(7), Ordering::Equal);
        assert_eq!(
            Points::parse("-7.5").unwrap().subtracted_from(-10),
            Points::parse("-2.5").unwrap()
        );
        assert_eq!(
            Points::parse("-2.5").unwrap().abs(),
            Points::parse("2.5").unwrap()
        );
    }
}
