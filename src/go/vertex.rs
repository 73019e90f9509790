//! A point of the board as a column and a row, independent of any board size. Its text
//! form (`D4`, `AA1`) is the GTP adapter's (see `go::gtp::vertex`).

/// A point on the board: 0-based column from the left and row from the bottom.
///
/// `Vertex { column: 3, row: 3 }` is `D4`. A vertex knows nothing about board size; the
/// caller checks it is on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    /// 0-based column, `A` = 0, `H` = 7, `J` = 8, `AA` = 25.
    pub column: usize,
    /// 0-based row, counted from the bottom: row 0 is written `1`.
    pub row: usize,
}

impl Vertex {
    /// Whether the vertex lies on a `size` x `size` board.
    pub fn is_on(self, size: usize) -> bool {
        self.column < size && self.row < size
    }
}
