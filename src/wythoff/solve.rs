//! The perfect player: a winning move from any position, or none from a cold one.
//!
//! The cold positions are (a_k, b_k) and (b_k, a_k) for k >= 0, with a_k = floor(kφ)
//! and b_k = a_k + k. Every positive integer is exactly one a_k (k >= 1) or exactly one
//! b_j (j >= 1). For the smaller pile m >= 1, with f = floor(m / φ):
//! - m = a_k exactly when k = f + 1 gives a_k = m (k = ceil(m / φ) is the only
//!   candidate, as a_k = m needs m <= kφ < m + 1); its partner is b_k = m + k;
//! - otherwise m = b_j with j = ceil(m / φ²) = m − f, and its partner is a_j = f.

use super::pile::Pile;
use std::cmp::Ordering;

/// A winning move from the position (first, second): the position after it, in the same
/// pile order, or `None` when the position is cold (lost for the side to move), which
/// includes (0, 0).
///
/// All three kinds of move occur: reducing the first pile, the second, or both alike.
pub fn solve<P: Pile>(first: &P, second: &P) -> Option<(P, P)> {
    if first <= second {
        solve_sorted(first, second)
    } else {
        solve_sorted(second, first).map(|(small, large)| (large, small))
    }
}

/// [`solve`] for `small <= large`; the answer keeps that pile order.
fn solve_sorted<P: Pile>(small: &P, large: &P) -> Option<(P, P)> {
    if *small == P::zero() {
        return (*large != P::zero()).then(|| (P::zero(), P::zero()));
    }
    let f = small.div_phi();
    let k = f.plus(&P::one());
    if small.minus(&k) == k.div_phi() {
        // small = a_k: its cold partner is b_k = small + k.
        let gap = large.minus(small);
        match gap.cmp(&k) {
            Ordering::Equal => None,
            // large > b_k: take the larger pile down to b_k.
            Ordering::Greater => Some((small.clone(), small.plus(&k))),
            // large < b_k: take the same from both, down to (a_gap, b_gap).
            Ordering::Less => {
                let a = gap.plus(&gap.div_phi());
                let b = a.plus(&gap);
                Some((a, b))
            }
        }
    } else {
        // small = b_j: its cold partner a_j = f is below both piles.
        Some((small.clone(), f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    #[test]
    fn seed_examples() {
        let _bound = crate::test_bound::bound();
        assert_eq!(solve(&5u64, &0), Some((0, 0)));
        assert_eq!(solve(&1u64, &2), None);
        assert_eq!(solve(&10u64, &6), None);
        assert_eq!(solve(&5u64, &10), Some((5, 3)));
        assert_eq!(solve(&25u64, &30), Some((8, 13)));
        assert!(matches!(solve(&13u64, &9), Some((13, 8)) | Some((10, 6))));
        assert!(matches!(
            solve(&2u64, &2),
            Some((1, 2)) | Some((2, 1)) | Some((0, 0))
        ));
    }

    #[test]
    fn first_cold_positions() {
        let _bound = crate::test_bound::bound();
        let cold = [
            (0u64, 0u64),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
        ];
        for (a, b) in cold {
            assert_eq!(solve(&a, &b), None, "({a}, {b})");
            assert_eq!(solve(&b, &a), None, "({b}, {a})");
        }
    }

    #[test]
    fn machine_words_at_the_top_of_the_range() {
        let _bound = crate::test_bound::bound();
        for (a, b) in [
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (u64::MAX - 1, u64::MAX),
        ] {
            let fast = solve(&a, &b).map(|(c, d)| (BigUint::from(c), BigUint::from(d)));
            assert_eq!(fast, solve(&BigUint::from(a), &BigUint::from(b)));
        }
    }
}
