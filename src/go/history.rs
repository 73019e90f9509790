//! The record of a game: every move with what it removed, and the hash of every position
//! reached, so moves can be undone and repeated colourings found.

use super::Colour;
use std::collections::HashMap;

/// One move as played, with everything needed to take it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Who moved.
    pub colour: Colour,
    /// The point played, or `None` for a pass.
    pub point: Option<usize>,
    /// Opponent stones the move removed.
    pub captured: Vec<usize>,
    /// Own stones the move removed (a suicide); includes `point` when not empty.
    pub suicided: Vec<usize>,
}

impl Record {
    /// Takes the move back on a board's points: the removed stones return, the played
    /// point becomes empty again.
    pub fn revert(&self, cells: &mut [Option<Colour>]) {
        for &p in &self.captured {
            cells[p] = Some(self.colour.opponent());
        }
        for &p in &self.suicided {
            cells[p] = Some(self.colour);
        }
        if let Some(p) = self.point {
            cells[p] = None;
        }
    }
}

/// The moves since the start position and the hashes of all positions reached, with a
/// multiset of those hashes for constant-time repetition look-up.
#[derive(Debug, Clone)]
pub struct History {
    records: Vec<Record>,
    /// `hashes[k]` is the hash of the position after `k` moves.
    hashes: Vec<u64>,
    seen: HashMap<u64, u32>,
}

impl History {
    /// A history whose start position hashes to `start`.
    pub fn new(start: u64) -> History {
        History {
            records: Vec::new(),
            hashes: vec![start],
            seen: HashMap::from([(start, 1)]),
        }
    }

    /// The moves played, oldest first.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// How many times a position with this hash has been reached.
    pub fn count(&self, hash: u64) -> u32 {
        self.seen.get(&hash).copied().unwrap_or(0)
    }

    /// The hash of the position after `k` moves.
    pub fn hash_at(&self, k: usize) -> u64 {
        self.hashes[k]
    }

    /// Appends a move that led to a position hashing to `hash`.
    pub fn push(&mut self, record: Record, hash: u64) {
        self.records.push(record);
        self.hashes.push(hash);
        *self.seen.entry(hash).or_insert(0) += 1;
    }

    /// Removes the last move, or returns `None` at the start position.
    pub fn pop(&mut self) -> Option<Record> {
        let record = self.records.pop()?;
        let hash = self
            .hashes
            .pop()
            .expect("one hash per record and the start");
        match self.seen.get_mut(&hash) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                self.seen.remove(&hash);
            }
        }
        Some(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_pushes_and_pops() {
        let _bound = crate::test_bound::bound();
        let mut history = History::new(0);
        let pass = Record {
            colour: Colour::Black,
            point: None,
            captured: vec![],
            suicided: vec![],
        };
        history.push(pass.clone(), 0);
        history.push(pass.clone(), 5);
        assert_eq!(history.count(0), 2);
        assert_eq!(history.count(5), 1);
        assert_eq!(history.pop(), Some(pass.clone()));
        assert_eq!(history.count(5), 0);
        history.pop();
        assert_eq!(history.count(0), 1);
        assert_eq!(history.pop(), None);
        assert_eq!(history.count(0), 1);
    }

    #[test]
    fn revert_restores_every_point() {
        let _bound = crate::test_bound::bound();
        let (b, w) = (Some(Colour::Black), Some(Colour::White));
        // Black played 1, capturing White on 2; the board was [b, None, w].
        let mut cells = vec![b, b, None];
        let record = Record {
            colour: Colour::Black,
            point: Some(1),
            captured: vec![2],
            suicided: vec![],
        };
        record.revert(&mut cells);
        assert_eq!(cells, vec![b, None, w]);
        // White played 0 as a suicide of the string {0, 1}.
        let mut cells = vec![None, None, b];
        let record = Record {
            colour: Colour::White,
            point: Some(0),
            captured: vec![],
            suicided: vec![0, 1],
        };
        record.revert(&mut cells);
        assert_eq!(cells, vec![None, w, b]);
    }
}
