//! Zobrist keys: a fixed pseudo-random 64-bit key per (point, colour), computed on demand.
//!
//! A board colouring hashes to the XOR of the keys of its stones (the empty board is 0).
//! Keys come from a SplitMix64 finaliser of the point and colour, so no table is kept for
//! any board size.

use super::Colour;

/// The key of a `colour` stone on `point`.
pub fn key(point: usize, colour: Colour) -> u64 {
    let slot = (point as u64) << 1 | u64::from(colour == Colour::White);
    mix(slot.wrapping_add(0x6a09_e667_f3bc_c909))
}

/// The SplitMix64 finaliser: a bijection on 64 bits that scatters nearby inputs.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_of_the_largest_board_are_distinct() {
        let _bound = crate::test_bound::bound();
        let mut seen = HashSet::new();
        for point in 0..255 * 255 {
            for colour in [Colour::Black, Colour::White] {
                assert!(seen.insert(key(point, colour)));
            }
        }
    }
}
