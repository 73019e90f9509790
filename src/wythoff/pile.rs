//! The pile-size arithmetic the solver needs, for machine words and for integers of any
//! size, so one solver serves both.

use super::golden::{div_phi_big, div_phi_u64};
use num_bigint::BigUint;

/// A pile size: a non-negative integer with the few operations the solver uses.
///
/// The solver only subtracts a smaller value from a larger one and only adds where the
/// sum is at most a pile it was given, so a fixed-width type never overflows.
pub trait Pile: Clone + Ord {
    /// Zero.
    fn zero() -> Self;
    /// One.
    fn one() -> Self;
    /// `self + other`.
    fn plus(&self, other: &Self) -> Self;
    /// `self - other`, for `other <= self`.
    fn minus(&self, other: &Self) -> Self;
    /// floor(self / φ), exactly.
    fn div_phi(&self) -> Self;
}

impl Pile for u64 {
    fn zero() -> u64 {
        0
    }

    fn one() -> u64 {
        1
    }

    fn plus(&self, other: &u64) -> u64 {
        self + other
    }

    fn minus(&self, other: &u64) -> u64 {
        self - other
    }

    fn div_phi(&self) -> u64 {
        div_phi_u64(*self)
    }
}

impl Pile for BigUint {
    fn zero() -> BigUint {
        BigUint::ZERO
    }

    fn one() -> BigUint {
        BigUint::from(1u32)
    }

    fn plus(&self, other: &BigUint) -> BigUint {
        self + other
    }

    fn minus(&self, other: &BigUint) -> BigUint {
        self - other
    }

    fn div_phi(&self) -> BigUint {
        div_phi_big(self)
    }
}
