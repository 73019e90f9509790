//! The tokens of a record: a move on a cell pair, or the choice of a collapse.

/// One token of a record. Its text form (`AB`, `II`, `4`) is the adapter's business
/// (see [`gtp::notation`](super::gtp::notation)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// A move on two cells, the lower first (the same cell twice for the single-cell move).
    Pair(u8, u8),
    /// A collapse token: the subscript of the mark that fills the first cell of the cycle.
    Collapse(u32),
}

impl Token {
    /// The move on cells `a` and `b`, in either order.
    pub fn pair(a: u8, b: u8) -> Token {
        Token::Pair(a.min(b), a.max(b))
    }
}
