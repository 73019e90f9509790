//! Measurement: the cycle a move closed, its two collapse options with their tokens, and
//! the collapse of every mark in the cycle's connected component (and nothing else).

use super::cells::CELL_COUNT;
use super::position::{code, CollapseOptions, Phase, Position};
use super::score::{Player, Score};

impl Position {
    /// The two cells of the cycle-closing mark (the same cell twice for the single-cell
    /// move). Only meaningful while a collapse is due.
    pub(super) fn closing_cells(&self) -> (u8, u8) {
        self.spooky_cells(self.placed - 1)
            .expect("the last mark is spooky while a collapse is due")
    }

    /// Collapses the cycle the last move closed, with the closing mark going to `cell`
    /// (one of its two cells); every mark of the component becomes classical. Then the
    /// game is over (a tic-tac-toe, or a full board) or the next move is due.
    pub(super) fn collapse_into(&mut self, cell: u8) {
        let last = self.placed - 1;
        let (a, _) = self.closing_cells();
        let component = self.components[usize::from(a)];
        // The other spooky marks of the component, with their cells as bit masks.
        let mut cells_of = [0u16; CELL_COUNT];
        let mut waiting: u16 = 0;
        for (index, &mark) in self.marks[..usize::from(last)].iter().enumerate() {
            let cells = code::cells(mark);
            if cells & component != 0 {
                cells_of[index] = cells;
                waiting |= 1 << index;
            }
        }
        self.fix(last, cell);
        // Cells just filled whose other marks must go to their other cells.
        let mut filled: u16 = 1 << cell;
        while filled != 0 {
            let bit = filled & filled.wrapping_neg();
            filled ^= bit;
            let mut rest = waiting;
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if cells_of[index] & bit != 0 {
                    let other = (cells_of[index] ^ bit).trailing_zeros() as u8;
                    self.fix(index as u8, other);
                    waiting &= !(1 << index);
                    filled |= 1 << other;
                }
            }
        }
        self.phase = match Score::of_lines(self.x_cells, self.o_cells, &self.subscripts) {
            Some(score) => Phase::Over(score),
            None if self.free_cells() == 0 => Phase::Over(Score::NONE),
            None => Phase::Move,
        };
    }

    /// Makes mark `index` classical in `cell`.
    fn fix(&mut self, index: u8, cell: u8) {
        self.marks[usize::from(index)] = code::CLASSICAL + cell;
        self.subscripts[usize::from(cell)] = index + 1;
        match Player::of_move(index + 1) {
            Player::X => self.x_cells |= 1 << cell,
            Player::O => self.o_cells |= 1 << cell,
        }
    }

    /// The cells of the cycle itself (not the marks merely attached to it): the path
    /// between the closing mark's cells through the other spooky marks, as a bit mask.
    pub(super) fn cycle_cells(&self) -> u16 {
        let last = self.placed - 1;
        let (a, b) = self.closing_cells();
        if a == b {
            return 1 << a;
        }
        // Depth-first search from a over the spooky forest, remembering each cell's parent.
        let mut parent = [u8::MAX; CELL_COUNT];
        let mut stack = [0u8; CELL_COUNT];
        let mut top = 1;
        stack[0] = a;
        parent[usize::from(a)] = a;
        while top > 0 {
            top -= 1;
            let cell = stack[top];
            for index in 0..last {
                if let Some((x, y)) = self.spooky_cells(index) {
                    if x == cell || y == cell {
                        let other = x ^ y ^ cell;
                        if parent[usize::from(other)] == u8::MAX {
                            parent[usize::from(other)] = cell;
                            stack[top] = other;
                            top += 1;
                        }
                    }
                }
            }
        }
        let mut cycle = 1 << b;
        let mut cell = b;
        while cell != a {
            cell = parent[usize::from(cell)];
            cycle |= 1 << cell;
        }
        cycle
    }

    /// The ways the due collapse can go, each with its token: the subscript of the mark
    /// that fills the alphabetically first cell of the cycle. Ascending by token.
    pub(super) fn collapse_options(&self) -> CollapseOptions {
        let (a, b) = self.closing_cells();
        let first = self.cycle_cells().trailing_zeros() as usize;
        let token = |cell: u8| {
            let mut after = *self;
            after.collapse_into(cell);
            after.subscripts[first]
        };
        let mut options = [(token(a), a), (token(b), b)];
        options.sort_unstable();
        CollapseOptions::new(options, if a == b { 1 } else { 2 })
    }
}
