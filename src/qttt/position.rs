//! A position: every mark placed so far (spooky or classical), the entanglement graph's
//! components, and what is due next. Small and `Copy`, so the engine copies it per move.

use super::cells::{pair_index, ALL_CELLS, CELL_COUNT, PAIRS};
use super::score::{Player, Score};

/// What a mark is, packed into a byte (the engine's keys are built from these codes).
pub(super) mod code {
    /// No mark with this subscript yet.
    pub const ABSENT: u8 = 0;
    /// `CLASSICAL + cell`: a classical mark in `cell`.
    pub const CLASSICAL: u8 = 1;
    /// `SPOOKY + pair index`: a spooky mark on two different cells.
    pub const SPOOKY: u8 = 10;
    /// `SELF_LOOP + cell`: the single-cell move, waiting for its collapse.
    pub const SELF_LOOP: u8 = 46;

    /// The cells of a spooky mark with code `mark` as a bit mask; 0 for other codes.
    pub fn cells(mark: u8) -> u16 {
        SPOOKY_CELLS[usize::from(mark)]
    }

    const SPOOKY_CELLS: [u16; 55] = spooky_cells();

    const fn spooky_cells() -> [u16; 55] {
        let mut table = [0; 55];
        let mut pair = 0;
        while pair < super::PAIRS.len() {
            let (a, b) = super::PAIRS[pair];
            table[SPOOKY as usize + pair] = 1 << a | 1 << b;
            pair += 1;
        }
        let mut cell = 0;
        while cell < 9 {
            table[SELF_LOOP as usize + cell] = 1 << cell;
            cell += 1;
        }
        table
    }
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    /// The next move.
    Move,
    /// The measurement of the cycle the last move closed.
    Collapse,
    /// Nothing: the game is over with this score.
    Over(Score),
}

/// The state of a game between tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The code of the mark with subscript `i + 1`, see [`code`].
    pub(super) marks: [u8; CELL_COUNT],
    /// How many marks (moves) have been made.
    pub(super) placed: u8,
    /// Per cell: the subscript of its classical mark, 0 while it has none.
    pub(super) subscripts: [u8; CELL_COUNT],
    /// Cells holding a classical X mark.
    pub(super) x_cells: u16,
    /// Cells holding a classical O mark.
    pub(super) o_cells: u16,
    /// Per cell that is not classical: the cells of its connected component in the
    /// entanglement graph (itself included).
    pub(super) components: [u16; CELL_COUNT],
    /// What is due.
    pub(super) phase: Phase,
}

/// What a position waits for, as `qttt-status` tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// This player makes the next move.
    Move(Player),
    /// This player chooses how the cycle collapses, by one of these collapse tokens.
    Collapse(Player, CollapseOptions),
    /// The game is over with this score.
    Over(Score),
}

/// The one or two ways a cycle can collapse: (collapse token, the cell the cycle-closing
/// mark goes to), ascending by token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CollapseOptions {
    options: [(u8, u8); 2],
    len: usize,
}

impl CollapseOptions {
    /// The first `len` of `options`, already ascending.
    pub(super) fn new(options: [(u8, u8); 2], len: usize) -> CollapseOptions {
        CollapseOptions { options, len }
    }

    /// The options, ascending by token.
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.options[..self.len]
    }

    /// The cell the closing mark goes to under collapse token `token`, if it is an option.
    pub fn cell_of(&self, token: u32) -> Option<u8> {
        self.as_slice()
            .iter()
            .find(|&&(t, _)| u32::from(t) == token)
            .map(|&(_, cell)| cell)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board, X to move.
    pub fn new() -> Position {
        Position {
            marks: [code::ABSENT; CELL_COUNT],
            placed: 0,
            subscripts: [0; CELL_COUNT],
            x_cells: 0,
            o_cells: 0,
            components: std::array::from_fn(|cell| 1 << cell),
            phase: Phase::Move,
        }
    }

    /// How many moves have been made.
    pub fn moves_made(&self) -> u8 {
        self.placed
    }

    /// The cells without a classical mark, as a bit mask.
    pub fn free_cells(&self) -> u16 {
        ALL_CELLS & !(self.x_cells | self.o_cells)
    }

    /// The subscript of the classical mark in `cell`, if it has one.
    pub fn classical(&self, cell: u8) -> Option<u8> {
        let subscript = self.subscripts[usize::from(cell)];
        (subscript != 0).then_some(subscript)
    }

    /// The subscripts of the spooky marks in `cell`, ascending.
    pub fn spooky_in(&self, cell: u8) -> Vec<u8> {
        (0..self.placed)
            .filter(|&index| {
                self.spooky_cells(index)
                    .is_some_and(|(a, b)| a == cell || b == cell)
            })
            .map(|index| index + 1)
            .collect()
    }

    /// The two cells of mark `index` (subscript `index + 1`) while it is spooky; a
    /// pending single-cell mark gives the same cell twice.
    pub(super) fn spooky_cells(&self, index: u8) -> Option<(u8, u8)> {
        let mark = self.marks[usize::from(index)];
        if mark >= code::SELF_LOOP {
            let cell = mark - code::SELF_LOOP;
            Some((cell, cell))
        } else if mark >= code::SPOOKY {
            Some(PAIRS[usize::from(mark - code::SPOOKY)])
        } else {
            None
        }
    }

    /// The player who acts next (moves, or chooses the collapse): the one who makes move
    /// `moves_made() + 1`. `None` when the game is over.
    pub fn actor(&self) -> Option<Player> {
        match self.phase {
            Phase::Over(_) => None,
            Phase::Move | Phase::Collapse => Some(Player::of_move(self.placed + 1)),
        }
    }

    /// The final score, once the game is over.
    pub fn outcome(&self) -> Option<Score> {
        match self.phase {
            Phase::Over(score) => Some(score),
            _ => None,
        }
    }

    /// What the position waits for.
    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Move => Status::Move(Player::of_move(self.placed + 1)),
            Phase::Collapse => {
                Status::Collapse(Player::of_move(self.placed + 1), self.collapse_options())
            }
            Phase::Over(score) => Status::Over(score),
        }
    }

    /// Places the spooky mark of the next move on cells `a` and `b` (the same cell for
    /// the single-cell move). The caller has checked that the move is legal: a move is
    /// due and both cells are free.
    pub(super) fn play_unchecked(&mut self, a: u8, b: u8) {
        let index = usize::from(self.placed);
        self.placed += 1;
        let (ua, ub) = (usize::from(a), usize::from(b));
        if a == b {
            self.marks[index] = code::SELF_LOOP + a;
            self.phase = Phase::Collapse;
            return;
        }
        self.marks[index] = code::SPOOKY + pair_index(a, b);
        if self.components[ua] & (1 << b) != 0 {
            self.phase = Phase::Collapse;
            return;
        }
        let merged = self.components[ua] | self.components[ub];
        let mut rest = merged;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.components[cell] = merged;
        }
    }

    /// The cells of the entanglement component of free cell `cell` (itself included): a
    /// move on `cell` and another of these cells closes a cycle.
    pub(super) fn component(&self, cell: u8) -> u16 {
        self.components[usize::from(cell)]
    }
}
