//! Visit marks for flood fills, all cleared at once by starting a new generation.

/// One visit mark per point. [`Marks::clear`] costs nothing per point: a point is marked
/// when it holds the current generation.
#[derive(Debug, Clone)]
pub struct Marks {
    marks: Vec<u32>,
    generation: u32,
}

impl Marks {
    /// Marks for `len` points, none marked.
    pub fn new(len: usize) -> Marks {
        Marks {
            marks: vec![0; len],
            generation: 1,
        }
    }

    /// Unmarks every point, for a new fill.
    #[inline]
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
    }

    /// Marks `point`; whether it was unmarked.
    #[inline]
    pub fn mark(&mut self, point: usize) -> bool {
        let fresh = self.marks[point] != self.generation;
        self.marks[point] = self.generation;
        fresh
    }

    /// Whether `point` is marked.
    #[inline]
    pub fn is_marked(&self, point: usize) -> bool {
        self.marks[point] == self.generation
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn clearing_unmarks_everything_even_when_the_generation_wraps() {
        let _bound = crate::test_bound::bound();
        let mut marks = Marks::new(3);
        assert!(marks.mark(1));
        assert!(!marks.mark(1));
        assert!(marks.is_marked(1) && !marks.is_marked(0));
        marks.clear();
        assert!(!marks.is_marked(1));
        marks.generation = u32::MAX;
        marks.mark(2);
        marks.clear();
        assert!(!marks.is_marked(2));
        assert!(marks.mark(2));
    }
}
