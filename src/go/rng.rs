//! A small seeded random number generator (SplitMix64) for reproducible move choice.

use super::zobrist::mix;

/// A SplitMix64 stream: the same seed always gives the same numbers.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A stream started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.state)
    }

    /// A number in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Puts `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_range() {
        let _bound = crate::test_bound::bound();
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<usize> = (0..100).map(|_| a.below(10)).collect();
        let ys: Vec<usize> = (0..100).map(|_| b.below(10)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 10));
        assert!((0..10).all(|v| xs.contains(&v)), "{xs:?}");
        let mut items: Vec<u32> = (0..50).collect();
        a.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
