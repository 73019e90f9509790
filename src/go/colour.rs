//! The two colours of Go stones.

/// A stone colour. Black moves first; in board text Black is `X` and White is `O`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first player, `X` in board text.
    Black,
    /// The second player, `O` in board text.
    White,
}

impl Colour {
    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// The other colour.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}
