//! The transposition table shared by every search in every session: a fixed array of
//! `AtomicU64` entries, each a whole entry (key, bounds, best action, mark count), so
//! threads read and write it without locks and never see a torn entry.
//!
//! Entry bits: 0..45 key, 45..48 lower bound + 2, 48..51 upper bound + 2, 51..57 best
//! action + 1 (0: none), 57..61 marks placed, 63 occupied. Slots come in pairs: the first
//! keeps the entry nearer the start of the game, the second is replaced freely.

use super::key::KEY_BITS;
use std::sync::atomic::{AtomicU64, Ordering};

const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const LOWER_SHIFT: u32 = KEY_BITS;
const UPPER_SHIFT: u32 = KEY_BITS + 3;
const ACTION_SHIFT: u32 = KEY_BITS + 6;
const PLACED_SHIFT: u32 = KEY_BITS + 12;
const OCCUPIED: u64 = 1 << 63;

/// What the table knows of a position: bounds on its value (X's margin in half-points)
/// and the action that was best or refuted the window, in the canonical frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    /// The value is at least this.
    pub lower: i8,
    /// The value is at most this.
    pub upper: i8,
    /// The best action found (see `engine`), or `None`.
    pub action: Option<u8>,
}

/// A fixed-size, lock-free transposition table.
pub(super) struct Table {
    slots: Box<[AtomicU64]>,
    shift: u32,
}

impl Table {
    /// A table of `2^bits` entries (8 bytes each); `bits` at least 1.
    pub fn new(bits: u32) -> Table {
        let slots = std::iter::repeat_with(|| AtomicU64::new(0))
            .take(1 << bits)
            .collect();
        Table {
            slots,
            shift: 64 - bits,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize & !1
    }

    /// What is known of the position with `key`.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = self.bucket(key);
        self.slots[bucket..bucket + 2]
            .iter()
            .map(|slot| slot.load(Ordering::Relaxed))
            .find(|&raw| raw & OCCUPIED != 0 && raw & KEY_MASK == key)
            .map(unpack)
    }

    /// Records bounds for the position with `key` (of a position with `placed` marks),
    /// tightening what was known of it.
    pub fn store(&self, key: u64, placed: u8, mut entry: Entry) {
        let bucket = self.bucket(key);
        let first = self.slots[bucket].load(Ordering::Relaxed);
        let second = self.slots[bucket + 1].load(Ordering::Relaxed);
        let slot = if first & OCCUPIED != 0 && first & KEY_MASK == key {
            entry = merge(unpack(first), entry);
            bucket
        } else if second & OCCUPIED != 0 && second & KEY_MASK == key {
            entry = merge(unpack(second), entry);
            bucket + 1
        } else if first & OCCUPIED == 0 || placed <= ((first >> PLACED_SHIFT) & 15) as u8 {
            bucket
        } else {
            bucket + 1
        };
        self.slots[slot].store(pack(key, placed, entry), Ordering::Relaxed);
    }
}

fn merge(old: Entry, new: Entry) -> Entry {
    Entry {
        lower: old.lower.max(new.lower),
        upper: old.upper.min(new.upper),
        action: new.action.or(old.action),
    }
}

fn pack(key: u64, placed: u8, entry: Entry) -> u64 {
    let action = entry.action.map_or(0, |a| u64::from(a) + 1);
    OCCUPIED
        | key
        | ((entry.lower + 2) as u64) << LOWER_SHIFT
        | ((entry.upper + 2) as u64) << UPPER_SHIFT
        | action << ACTION_SHIFT
        | u64::from(placed) << PLACED_SHIFT
}

fn unpack(raw: u64) -> Entry {
    let action = ((raw >> ACTION_SHIFT) & 63) as u8;
    Entry {
        lower: ((raw >> LOWER_SHIFT) & 7) as i8 - 2,
        upper: ((raw >> UPPER_SHIFT) & 7) as i8 - 2,
        action: action.checked_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_finds_entries() {
        let _bound = crate::test_bound::bound();
        let table = Table::new(4);
        let key = (1 << KEY_BITS) - 1;
        assert_eq!(table.probe(key), None);
        let wide = Entry {
            lower: -2,
            upper: 4,
            action: Some(35),
        };
        table.store(key, 8, wide);
        assert_eq!(table.probe(key), Some(wide));
        table.store(
            key,
            8,
            Entry {
                lower: 1,
                upper: 4,
                action: None,
            },
        );
        let merged = table.probe(key).unwrap();
        assert_eq!(
            (merged.lower, merged.upper, merged.action),
            (1, 4, Some(35))
        );
        assert_eq!(table.probe(0), None);
        let empty = Entry {
            lower: 0,
            upper: 0,
            action: None,
        };
        table.store(0, 0, empty);
        assert_eq!(table.probe(0), Some(empty));
    }
}
