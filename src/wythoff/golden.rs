//! floor(n / φ), φ the golden ratio, computed exactly: the one irrational step of the
//! Wythoff solver.
//!
//! Since 1/φ = φ − 1, floor(n / φ) = floor(nφ) − n, and floor(nφ) is the lower pile
//! a_n of the n-th cold position.

use super::isqrt::isqrt;
use num_bigint::BigUint;

/// floor((φ − 1) · 2^192), as three 64-bit limbs, least significant first.
///
/// Derived as (isqrt(5 · 2^384) − 2^192) / 2; a unit test recomputes it.
const INV_PHI_192: [u64; 3] = [
    0x1082_276b_f3a2_7251,
    0xf39c_c060_5ced_c834,
    0x9e37_79b9_7f4a_7c15,
];

/// floor(n / φ) for a machine word, by one 64×192-bit fixed-point multiplication.
///
/// Exact for every `n`: the constant is below n(φ − 1) by less than n · 2^-192 < 2^-128,
/// so the floor could only come out one too small if n(φ − 1) were within 2^-128 above
/// an integer. It never is: by the best-approximation property of the continued
/// fraction of φ, for F_j <= n < F_(j+1) (Fibonacci numbers) the distance from nφ to
/// the nearest integer is at least that of F_j φ, which is φ^-j = 1 / (√5 F_j ± φ^-j),
/// more than 2^-66 for every n < 2^64. Tests check this against [`div_phi_big`].
pub fn div_phi_u64(n: u64) -> u64 {
    let n = u128::from(n);
    let [c0, c1, c2] = INV_PHI_192.map(u128::from);
    let mask = u128::from(u64::MAX);
    let (p0, p1, p2) = (n * c0, n * c1, n * c2);
    let limb1 = (p0 >> 64) + (p1 & mask);
    let limb2 = (limb1 >> 64) + (p1 >> 64) + (p2 & mask);
    let limb3 = (limb2 >> 64) + (p2 >> 64);
    // limb3 = floor(n · constant / 2^192) < n, so it fits.
    limb3 as u64
}

/// floor(n / φ) for an integer of any size: floor(nφ) − n, where
/// floor(nφ) = floor((n + √5 n) / 2) = (n + isqrt(5n²)) / 2 exactly, because
/// floor(x / 2) = floor(floor(x) / 2).
pub fn div_phi_big(n: &BigUint) -> BigUint {
    let root5n = isqrt(&(n * n * 5u32));
    ((n + root5n) >> 1u32) - n
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big_of(limbs: &[u64; 3]) -> BigUint {
        limbs
            .iter()
            .rev()
            .fold(BigUint::ZERO, |acc, &limb| (acc << 64u32) + limb)
    }

    #[test]
    fn constant_is_the_floor_of_the_scaled_inverse() {
        let _bound = crate::test_bound::bound();
        let one = BigUint::from(1u32) << 192u32;
        let expected = (isqrt(&((BigUint::from(5u32)) << 384u32)) - &one) >> 1u32;
        assert_eq!(big_of(&INV_PHI_192), expected);
    }

    #[test]
    fn first_values() {
        let _bound = crate::test_bound::bound();
        // floor(n / φ) for n = 0..=12 (OEIS A005206 shifted: floor(n·0.618...)).
        let expected = [0u64, 0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7];
        for (n, want) in expected.into_iter().enumerate() {
            assert_eq!(div_phi_u64(n as u64), want, "n = {n}");
            assert_eq!(div_phi_big(&BigUint::from(n)), BigUint::from(want));
        }
    }

    /// Fibonacci numbers are the multipliers whose products with φ come closest to
    /// integers, where a too-coarse constant would fail first.
    #[test]
    fn fast_path_is_exact_near_fibonacci_numbers() {
        let _bound = crate::test_bound::bound();
        let (mut a, mut b) = (1u64, 2u64);
        loop {
            for n in a.saturating_sub(3)..=a.saturating_add(3) {
                assert_eq!(
                    BigUint::from(div_phi_u64(n)),
                    div_phi_big(&n.into()),
                    "n = {n}"
                );
            }
            match a.checked_add(b) {
                Some(c) => (a, b) = (b, c),
                None => break,
            }
        }
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1] {
            assert_eq!(
                BigUint::from(div_phi_u64(n)),
                div_phi_big(&n.into()),
                "n = {n}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn fast_path_matches_exact_path(n in any::<u64>(), bits in 1u32..=64) {
            let _bound = crate::test_bound::bound();
            let n = if bits == 64 { n } else { n >> (64 - bits) };
            prop_assert_eq!(BigUint::from(div_phi_u64(n)), div_phi_big(&n.into()));
        }
    }
}
