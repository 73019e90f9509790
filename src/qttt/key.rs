//! Compact position keys: the codes of all marks in mixed radix 46, taken under the
//! board symmetry that makes them smallest, so that symmetric positions share one key.

use super::cells::{pair_index, CELL_COUNT, PAIRS, PAIR_COUNT, SYMMETRIES, SYMMETRY_COUNT};
use super::position::{code, Position};

/// How many mark codes a key digit takes: absent, 9 classical cells, 36 spooky pairs.
const RADIX: u64 = 1 + CELL_COUNT as u64 + PAIR_COUNT as u64;

/// The most marks a keyed position may have. Deeper positions are cheaper to search
/// again than to key and look up (measured); the key itself would fit up to 8 marks
/// (46^8 < 2^45), never the pending single-cell move, which is always the ninth.
pub(super) const MAX_KEYED_MARKS: u8 = 5;

/// The number of bits a key takes.
pub(super) const KEY_BITS: u32 = 45;

/// Each mark code under each symmetry.
const SYMMETRIC_CODES: [[u8; RADIX as usize]; SYMMETRY_COUNT] = symmetric_codes();

const fn symmetric_codes() -> [[u8; RADIX as usize]; SYMMETRY_COUNT] {
    let mut table = [[0; RADIX as usize]; SYMMETRY_COUNT];
    let mut s = 0;
    while s < SYMMETRY_COUNT {
        let map = SYMMETRIES[s];
        let mut cell = 0;
        while cell < CELL_COUNT {
            table[s][(code::CLASSICAL as usize) + cell] = code::CLASSICAL + map[cell];
            cell += 1;
        }
        let mut pair = 0;
        while pair < PAIR_COUNT {
            let (a, b) = PAIRS[pair];
            let (x, y) = (map[a as usize], map[b as usize]);
            let (low, high) = if x < y { (x, y) } else { (y, x) };
            // pair_index is not const; find the image's index by scanning.
            let mut image = 0;
            while image < PAIR_COUNT {
                if PAIRS[image].0 == low && PAIRS[image].1 == high {
                    break;
                }
                image += 1;
            }
            table[s][(code::SPOOKY as usize) + pair] = code::SPOOKY + image as u8;
            pair += 1;
        }
        s += 1;
    }
    table
}

/// Whether `position` is keyed (has at most [`MAX_KEYED_MARKS`] marks).
pub(super) fn keyable(position: &Position) -> bool {
    position.placed <= MAX_KEYED_MARKS
}

/// The canonical key of a keyable position and the symmetry that produces it (the
/// symmetry maps the position's cells to the canonical position's cells).
pub(super) fn canonical_key(position: &Position) -> (u64, usize) {
    let marks = &position.marks[..usize::from(position.placed)];
    let mut best = (u64::MAX, 0);
    for (s, codes) in SYMMETRIC_CODES.iter().enumerate() {
        let key = marks.iter().rev().fold(0u64, |key, &mark| {
            key * RADIX + u64::from(codes[usize::from(mark)])
        });
        if key < best.0 {
            best = (key, s);
        }
    }
    best
}

/// The image of the pair `a`,`b` under symmetry `s`, as a pair index.
pub(super) fn map_pair(s: usize, a: u8, b: u8) -> u8 {
    let map = SYMMETRIES[s];
    pair_index(map[usize::from(a)], map[usize::from(b)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qttt::game::tests::game;

    fn key_of(record: &[&str]) -> u64 {
        canonical_key(game(&record.join(" ")).position()).0
    }

    #[test]
    fn symmetric_positions_share_a_key_and_others_do_not() {
        let _bound = crate::test_bound::bound();
        assert_eq!(key_of(&["AB", "EI"]), key_of(&["CF", "EG"]));
        assert_eq!(key_of(&["AB"]), key_of(&["HI"]));
        assert_ne!(key_of(&["AB"]), key_of(&["AE"]));
        assert_ne!(key_of(&["AB", "CD"]), key_of(&["CD", "AB"]));
        assert_ne!(key_of(&[]), key_of(&["AB"]));
        assert!(key_of(&["AB", "BC", "CD", "DE", "EF", "FG", "GH", "HI"]) < 1 << KEY_BITS);
    }
}
