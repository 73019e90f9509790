//! A Go board built for playouts: strings kept incrementally with exact liberty counts,
//! captures without allocation, simple ko only (the rules board, with its superko, stays
//! the referee of the moves really played).
//!
//! Points are kept in a grid with a one-point border (`size + 2` a row), so neighbours
//! need no bounds checks; the public methods take and give rules-board points
//! (`row * size + column`).

use crate::go::board::Board;
use crate::go::marks::Marks;
use crate::go::Colour;

/// What a grid cell holds: nothing, a stone (a colour's value is 3 minus the other's),
/// or the border.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
pub(super) const BORDER: u8 = 3;

/// No point (for the ko point and the last move).
const NONE: usize = 0;

/// The grid cell value of a stone of `colour`.
pub(super) fn cell_of(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// The grid index of the board point at (`row`, `column`): the grid is the board with a
/// border one cell wide all round, `stride` cells a row.
fn grid_index(stride: usize, row: usize, column: usize) -> usize {
    (row + 1) * stride + column + 1
}

fn colour_of(cell: u8) -> Option<Colour> {
    match cell {
        BLACK => Some(Colour::Black),
        WHITE => Some(Colour::White),
        _ => None,
    }
}

/// A position for playouts; see the module documentation.
#[derive(Debug, Clone)]
pub struct PlayoutBoard {
    size: usize,
    stride: usize,
    cells: Vec<u8>,
    /// For a stone: the grid index of its string's head.
    head: Vec<u32>,
    /// For a stone: the next stone of its string (a ring).
    next: Vec<u32>,
    /// For a string's head: its exact number of liberties.
    liberties: Vec<u32>,
    /// For a string's head: its number of stones.
    stones: Vec<u32>,
    /// The empty points (grid indices), in no order.
    empties: Vec<u32>,
    /// For an empty point: its place in `empties`.
    empty_at: Vec<u32>,
    /// Grid index of each rules point, and rules point of each grid index.
    grid_of: Vec<u32>,
    point_of: Vec<u32>,
    to_move: Colour,
    ko: usize,
    /// The point of the last ko capture (where the captured stone stood; `NONE` when
    /// there was none), and `moves` just after it.
    last_ko: usize,
    last_ko_moves: usize,
    last: usize,
    /// The grid index of the move before the last (`NONE` for a pass or none).
    before_last: usize,
    passes: u32,
    moves: usize,
    /// Scratch marks for counting liberties and scoring.
    marks: Marks,
    stack: Vec<u32>,
}

impl PlayoutBoard {
    /// The position of `board` with `colour` to move. The ko point is set when the last
    /// move captured one stone with one stone that could be taken back at once (and it
    /// was `colour`'s opponent who made it).
    pub fn from_board_to_move(board: &Board, colour: Colour) -> PlayoutBoard {
        let size = board.size();
        let stride = size + 2;
        let cells_len = stride * (size + 2);
        let mut playout = PlayoutBoard {
            size,
            stride,
            cells: vec![BORDER; cells_len],
            head: vec![0; cells_len],
            next: vec![0; cells_len],
            liberties: vec![0; cells_len],
            stones: vec![0; cells_len],
            empties: Vec::with_capacity(size * size),
            empty_at: vec![0; cells_len],
            grid_of: (0..size * size)
                .map(|p| grid_index(stride, p / size, p % size) as u32)
                .collect(),
            point_of: vec![u32::MAX; cells_len],
            to_move: Colour::Black,
            ko: NONE,
            last_ko: NONE,
            last_ko_moves: 0,
            last: NONE,
            before_last: NONE,
            passes: 0,
            moves: 0,
            marks: Marks::new(cells_len),
            stack: Vec::new(),
        };
        for point in 0..size * size {
            let grid = playout.grid_of[point] as usize;
            playout.point_of[grid] = point as u32;
            playout.cells[grid] = EMPTY;
            playout.add_empty(grid);
        }
        for point in 0..size * size {
            if let Some(stone) = board.get(point) {
                let grid = playout.grid_of[point] as usize;
                playout.remove_empty(grid);
                playout.cells[grid] = cell_of(stone);
                playout.head[grid] = grid as u32;
                playout.next[grid] = grid as u32;
                playout.stones[grid] = 1;
            }
        }
        playout.join_strings();
        playout.to_move = colour;
        // Two passes or more count as one: asked to move after the game ended, the
        // engine plays on, and its own pass ends the game again.
        playout.passes = board
            .moves()
            .iter()
            .rev()
            .take_while(|record| record.point.is_none())
            .take(1)
            .count() as u32;
        let moves = board.moves();
        if let Some(Some(point)) = moves.len().checked_sub(2).map(|index| moves[index].point) {
            playout.before_last = playout.grid_of[point] as usize;
        }
        if let Some(last) = board.moves().last() {
            if let Some(point) = last.point {
                playout.last = playout.grid_of[point] as usize;
                if last.colour != colour && last.captured.len() == 1 {
                    let grid = playout.last;
                    if playout.stones[grid] == 1 && playout.liberties[grid] == 1 {
                        playout.ko = playout.grid_of[last.captured[0]] as usize;
                        playout.last_ko = playout.ko;
                    }
                }
            }
        }
        playout
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Who moves next.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The stone on `point`, if any.
    pub fn get(&self, point: usize) -> Option<Colour> {
        colour_of(self.cells[self.grid(point)])
    }

    /// Consecutive passes at the end of the moves so far.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// Moves (passes included) played since this board was made from a rules board.
    pub fn moves_played(&self) -> usize {
        self.moves
    }

    /// The point of the last move, unless it was a pass.
    pub fn last_move(&self) -> Option<usize> {
        (self.last != NONE).then(|| self.point(self.last))
    }

    /// The point of the move before the last, unless it was a pass (the side to move's
    /// own last move).
    pub fn before_last_move(&self) -> Option<usize> {
        (self.before_last != NONE).then(|| self.point(self.before_last))
    }

    /// Whether the side to move may play `point`: empty, not the ko point, and not a
    /// suicide (which the rules allow but the engine never plays).
    pub fn is_legal(&self, point: usize) -> bool {
        self.is_legal_at(self.grid(point))
    }

    /// Whether `point` is a true single-point eye of `colour`: empty, its neighbours all
    /// `colour` stones or the edge, and no more than one diagonal held by the other colour
    /// (none on the edge). A false eye is not one: the engine may have to fill it to
    /// connect. The engine never plays in its own true eyes.
    pub fn is_true_eye(&self, colour: Colour, point: usize) -> bool {
        self.is_eye_at(cell_of(colour), self.grid(point))
    }

    /// Plays `point` for the side to move; it must be legal.
    pub fn play(&mut self, point: usize) {
        let grid = self.grid(point);
        self.play_at(grid);
    }

    /// Passes for the side to move.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
        self.ko = NONE;
        self.before_last = self.last;
        self.last = NONE;
        self.passes += 1;
        self.moves += 1;
    }

    /// Forgets the passes at the end of the moves, to play on from a position where the
    /// game ended (to see what the stones on it are worth).
    pub fn clear_passes(&mut self) {
        self.passes = 0;
    }

    /// Tromp-Taylor area, Black's minus White's: stones plus the empty regions that reach
    /// only one colour. Exact, in one pass over the board.
    pub fn area_margin(&mut self) -> i64 {
        let mut margin = 0;
        self.each_owner(|_, owner| margin += i64::from(owner));
        margin
    }

    /// Adds each point's Tromp-Taylor owner to `owners` (one entry per rules point): +1
    /// for Black (a black stone, or an empty point whose region reaches only Black), -1
    /// for White, 0 for neither.
    pub fn add_owners(&mut self, owners: &mut [i32]) {
        self.each_owner(|point, owner| owners[point] += owner);
    }

    /// Calls `visit` with every rules point and its Tromp-Taylor owner (+1 Black, -1
    /// White, 0 neither), filling each empty region once.
    fn each_owner(&mut self, mut visit: impl FnMut(usize, i32)) {
        self.marks.clear();
        for point in 0..self.size * self.size {
            let grid = self.grid_of[point] as usize;
            match self.cells[grid] {
                BLACK => visit(point, 1),
                WHITE => visit(point, -1),
                _ if !self.marks.is_marked(grid) => {
                    let owner = match self.region(grid) {
                        BLACK => 1,
                        WHITE => -1,
                        _ => 0,
                    };
                    for &cell in &self.stack {
                        visit(self.point_of[cell as usize] as usize, owner);
                    }
                }
                _ => {}
            }
        }
    }

    // ----- grid-level operations, for the playout policy -----

    /// The point the side to move may not play because of ko, if its opponent's last
    /// move captured a single stone there.
    pub(super) fn ko_point(&self) -> Option<usize> {
        (self.ko != NONE && self.cells[self.ko] == EMPTY).then(|| self.point(self.ko))
    }

    /// The grid index of a rules point.
    pub(super) fn grid(&self, point: usize) -> usize {
        self.grid_of[point] as usize
    }

    /// The rules point of a grid index on the board.
    pub(super) fn point(&self, grid: usize) -> usize {
        self.point_of[grid] as usize
    }

    /// The four neighbours of a grid index (border cells included).
    pub(super) fn neighbours(&self, grid: usize) -> [usize; 4] {
        [grid - self.stride, grid - 1, grid + 1, grid + self.stride]
    }

    /// The eight cells around a grid index, clockwise from the upper left.
    pub(super) fn ring(&self, grid: usize) -> [usize; 8] {
        let s = self.stride;
        [
            grid + s - 1,
            grid + s,
            grid + s + 1,
            grid + 1,
            grid - s + 1,
            grid - s,
            grid - s - 1,
            grid - 1,
        ]
    }

    /// The contents of the eight cells around a grid index, in [`ring`](Self::ring)'s
    /// order.
    #[inline]
    pub(super) fn ring_cells(&self, grid: usize) -> [u8; 8] {
        let s = self.stride;
        let above = &self.cells[grid + s - 1..grid + s + 2];
        let below = &self.cells[grid - s - 1..grid - s + 2];
        [
            above[0],
            above[1],
            above[2],
            self.cells[grid + 1],
            below[2],
            below[1],
            below[0],
            self.cells[grid - 1],
        ]
    }

    /// One bit for each side of a grid index, in [`ring`](Self::ring)'s order (bit 0
    /// the cell after the upper left, then right, below, left), set when it holds a
    /// stone whose string is in atari. Without branches: a cell's head is a grid index
    /// even when the cell holds no stone, so its liberty count can always be read, and
    /// is kept only for stones.
    #[inline]
    pub(super) fn sides_in_atari(&self, grid: usize) -> u32 {
        let s = self.stride;
        [grid + s, grid + 1, grid - s, grid - 1]
            .into_iter()
            .enumerate()
            .fold(0, |bits, (bit, side)| {
                let stone = self.cells[side].wrapping_sub(BLACK) <= WHITE - BLACK;
                let atari = self.liberties[self.head[side] as usize] == 1;
                bits | u32::from(stone && atari) << bit
            })
    }

    /// The content of a grid cell: empty, black, white or border.
    pub(super) fn cell(&self, grid: usize) -> u8 {
        self.cells[grid]
    }

    /// The content of the point at (`row`, `column`), both below the board's size.
    pub(super) fn cell_at(&self, row: usize, column: usize) -> u8 {
        self.cells[grid_index(self.stride, row, column)]
    }

    /// The liberties of the string through the stone at a grid index.
    pub(super) fn liberties_at(&self, grid: usize) -> u32 {
        self.liberties[self.head[grid] as usize]
    }

    /// The stones of the string through the stone at a grid index.
    pub(super) fn stones_at(&self, grid: usize) -> u32 {
        self.stones[self.head[grid] as usize]
    }

    /// The grid index of the last move, or 0 after a pass or at the start.
    pub(super) fn last_grid(&self) -> usize {
        self.last
    }

    /// The grid index of the move before the last one (the side to move's own last
    /// move), or 0 when there was none or it was a pass.
    pub(super) fn before_last_grid(&self) -> usize {
        self.before_last
    }

    /// How many grid cells there are (border included): grid indices are below this.
    pub(super) fn grid_len(&self) -> usize {
        self.cells.len()
    }

    /// The empty grid indices.
    pub(super) fn empty_grid(&self) -> &[u32] {
        &self.empties
    }

    /// A liberty of the string through the stone at `grid` (the only one, for a string in
    /// atari).
    pub(super) fn a_liberty(&self, grid: usize) -> usize {
        let mut stone = grid;
        loop {
            for next in self.neighbours(stone) {
                if self.cells[next] == EMPTY {
                    return next;
                }
            }
            stone = self.next[stone] as usize;
            if stone == grid {
                return NONE;
            }
        }
    }

    /// The first two liberties found of the string through the stone at `grid` (`NONE`
    /// for any it lacks): both of them, for a string with two.
    pub(super) fn two_liberties(&self, grid: usize) -> [usize; 2] {
        let mut found = [NONE; 2];
        let mut count = 0;
        for stone in self.string_stones(grid) {
            for next in self.neighbours(stone) {
                if self.cells[next] == EMPTY && found[0] != next {
                    found[count] = next;
                    count += 1;
                    if count == 2 {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// Makes this board a copy of `other`, reusing its memory when the sizes agree (the
    /// ladder reader's scratch boards).
    pub(super) fn copy_from(&mut self, other: &PlayoutBoard) {
        if self.size != other.size {
            *self = other.clone();
            return;
        }
        self.cells.copy_from_slice(&other.cells);
        self.head.copy_from_slice(&other.head);
        self.next.copy_from_slice(&other.next);
        self.liberties.copy_from_slice(&other.liberties);
        self.stones.copy_from_slice(&other.stones);
        self.empty_at.copy_from_slice(&other.empty_at);
        self.empties.clone_from(&other.empties);
        self.to_move = other.to_move;
        self.ko = other.ko;
        self.last_ko = other.last_ko;
        self.last_ko_moves = other.last_ko_moves;
        self.last = other.last;
        self.before_last = other.before_last;
        self.passes = other.passes;
        self.moves = other.moves;
    }

    /// One stone of each opponent string (up to eight) that touches the string through
    /// the stone at `grid` and has at most `most` liberties, and how many there are.
    pub(super) fn weak_neighbours(&self, grid: usize, most: u32) -> ([usize; 8], usize) {
        let other = 3 - self.cells[grid];
        let mut found = [NONE; 8];
        let mut count = 0;
        for stone in self.string_stones(grid) {
            for next in self.neighbours(stone) {
                if self.cells[next] != other || self.liberties_at(next) > most {
                    continue;
                }
                let head = self.head[next];
                if count < found.len() && found[..count].iter().all(|&seen| self.head[seen] != head)
                {
                    found[count] = next;
                    count += 1;
                }
            }
        }
        (found, count)
    }

    /// The stones of the string through `grid`, one after another.
    pub(super) fn string_stones(&self, grid: usize) -> impl Iterator<Item = usize> + '_ {
        let mut stone = grid;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let current = stone;
            stone = self.next[stone] as usize;
            done = stone == grid;
            Some(current)
        })
    }

    /// See [`PlayoutBoard::is_legal`].
    pub(super) fn is_legal_at(&self, grid: usize) -> bool {
        if self.cells[grid] != EMPTY || grid == self.ko {
            return false;
        }
        let own = cell_of(self.to_move);
        self.neighbours(grid).into_iter().any(|next| {
            let cell = self.cells[next];
            cell == EMPTY
                || (cell == own && self.liberties_at(next) > 1)
                || (cell == 3 - own && self.liberties_at(next) == 1)
        })
    }

    /// Whether the grid point is an eye of `own` (a cell colour): empty, its neighbours
    /// all `own` stones or the edge, and at most one enemy stone on its diagonals (none
    /// on the edge). The playouts never fill one.
    pub(super) fn is_eye_at(&self, own: u8, grid: usize) -> bool {
        if self.cells[grid] != EMPTY {
            return false;
        }
        let mut edge = false;
        for next in self.neighbours(grid) {
            match self.cells[next] {
                BORDER => edge = true,
                cell if cell != own => return false,
                _ => {}
            }
        }
        let s = self.stride;
        let enemy = [grid + s - 1, grid + s + 1, grid - s + 1, grid - s - 1]
            .into_iter()
            .filter(|&diagonal| self.cells[diagonal] == 3 - own)
            .count();
        enemy < if edge { 1 } else { 2 }
    }

    /// Whether playing the empty `grid` would leave the side to move's new string with
    /// one liberty and capture nothing (a self-atari), and how many stones that string
    /// would have.
    pub(super) fn self_atari(&mut self, grid: usize) -> Option<u32> {
        let own = cell_of(self.to_move);
        let mut empty_neighbours = 0;
        for next in self.neighbours(grid) {
            match self.cells[next] {
                EMPTY => empty_neighbours += 1,
                // Joining a string with three liberties or more keeps two.
                cell if cell == own && self.liberties_at(next) >= 3 => return None,
                // Capturing gives a liberty.
                cell if cell == 3 - own && self.liberties_at(next) == 1 => return None,
                _ => {}
            }
        }
        if empty_neighbours >= 2 {
            return None;
        }
        self.short_merged_string(grid, own, None, 2)
    }

    /// Whether a stone of `own` (a cell colour) on the empty `grid`, with `taken` filled
    /// by the other colour first, would capture a string of the other colour or make a
    /// string (with the `own` strings next to it) of `wanted` liberties or more.
    pub(super) fn keeps_liberties(
        &mut self,
        grid: usize,
        own: u8,
        taken: usize,
        wanted: u32,
    ) -> bool {
        let mut empty = 0;
        for next in self.neighbours(grid) {
            match self.cells[next] {
                EMPTY if next != taken => empty += 1,
                cell if cell == 3 - own && self.liberties_at(next) == 1 => return true,
                _ => {}
            }
        }
        empty >= wanted
            || self
                .short_merged_string(grid, own, Some(taken), wanted)
                .is_none()
    }

    /// The stones of the string a stone of `own` on the empty `grid` would make with the
    /// `own` strings next to it, counting no capture and `taken` as filled, when that
    /// string would have fewer than `enough` liberties; `None` (as soon as the count
    /// reaches `enough`, without walking the rest) when it would have `enough` or more.
    fn short_merged_string(
        &mut self,
        grid: usize,
        own: u8,
        taken: Option<usize>,
        enough: u32,
    ) -> Option<u32> {
        self.marks.clear();
        self.marks.mark(grid);
        if let Some(taken) = taken {
            self.marks.mark(taken);
        }
        let mut liberties = 0;
        for next in self.neighbours(grid) {
            if self.cells[next] == EMPTY && self.marks.mark(next) {
                liberties += 1;
            }
        }
        let mut stones = 1;
        let mut heads = [usize::MAX; 4];
        for (index, next) in self.neighbours(grid).into_iter().enumerate() {
            if self.cells[next] != own {
                continue;
            }
            let head = self.head[next] as usize;
            if heads.contains(&head) {
                continue;
            }
            heads[index] = head;
            stones += self.stones[head];
            if !self.only_liberties(head, grid, taken) {
                liberties += self.mark_liberties(head, enough.saturating_sub(liberties));
            }
            if liberties >= enough {
                return None;
            }
        }
        (liberties < enough).then_some(stones)
    }

    /// Whether the liberties of the string with head `head`, which touches the empty
    /// `grid`, are `grid` and `taken` alone (or `grid` alone): then they are already
    /// marked and walking the string would add none. The common case in the fights,
    /// which ask about a string at two liberties with one of them filled.
    fn only_liberties(&self, head: usize, grid: usize, taken: Option<usize>) -> bool {
        match self.liberties[head] {
            1 => true,
            2 => taken.is_some_and(|taken| {
                taken != grid
                    && self.cells[taken] == EMPTY
                    && self.touches(taken, self.cells[head], head)
            }),
            _ => false,
        }
    }

    /// Plays the legal `grid` for the side to move.
    pub(super) fn play_at(&mut self, grid: usize) {
        debug_assert!(self.is_legal_at(grid), "illegal playout move");
        let own = cell_of(self.to_move);
        let captured = self.place(grid);
        self.ko = NONE;
        if captured.0 == 1 && self.stones[self.head[grid] as usize] == 1 {
            let head = self.head[grid] as usize;
            if self.liberties[head] == 1 {
                self.ko = captured.1;
            }
        }
        debug_assert_eq!(self.cells[grid], own);
        self.to_move = self.to_move.opponent();
        self.before_last = self.last;
        self.last = grid;
        self.passes = 0;
        self.moves += 1;
        if self.ko != NONE {
            self.last_ko = self.ko;
            self.last_ko_moves = self.moves;
        }
    }

    /// The point of a ko capture made fewer than `within` moves ago whose ban has
    /// lifted (the capture was not the last move), where the side to move may now take
    /// the ko back, or connect it; `None` otherwise. A playout from a root knows only
    /// the root's own ko, if any, as a capture of no moves ago.
    pub(super) fn recent_ko(&self, within: usize) -> Option<usize> {
        (self.last_ko != NONE
            && self.ko == NONE
            && self.moves - self.last_ko_moves < within
            && self.cells[self.last_ko] == EMPTY)
            .then_some(self.last_ko)
    }

    /// The head of the string through the stone at `grid`: the same for all its stones.
    pub(super) fn head_of(&self, grid: usize) -> usize {
        self.head[grid] as usize
    }

    // ----- the string bookkeeping -----

    /// Joins the single stones set on an empty board into strings and counts their
    /// liberties (no captures: a rules board's strings all have liberties).
    fn join_strings(&mut self) {
        for point in 0..self.size * self.size {
            let grid = self.grid_of[point] as usize;
            let cell = self.cells[grid];
            if cell != BLACK && cell != WHITE {
                continue;
            }
            for next in [grid + 1, grid + self.stride] {
                if self.cells[next] == cell && self.head[next] != self.head[grid] {
                    self.merge(self.head[grid] as usize, self.head[next] as usize);
                }
            }
        }
        for point in 0..self.size * self.size {
            let grid = self.grid_of[point] as usize;
            if matches!(self.cells[grid], BLACK | WHITE) && self.head[grid] as usize == grid {
                self.recount(grid);
            }
        }
    }

    /// Puts a stone of the side to move on the empty `grid`, merges and captures; returns
    /// how many stones were captured and where the last one was.
    fn place(&mut self, grid: usize) -> (u32, usize) {
        let own = cell_of(self.to_move);
        let enemy = 3 - own;
        self.remove_empty(grid);
        self.cells[grid] = own;
        self.head[grid] = grid as u32;
        self.next[grid] = grid as u32;
        self.stones[grid] = 1;
        let neighbours = self.neighbours(grid);
        // The point was a liberty of every neighbouring string: once each.
        let mut seen = [usize::MAX; 4];
        for (index, &next) in neighbours.iter().enumerate() {
            let cell = self.cells[next];
            if cell == BLACK || cell == WHITE {
                let head = self.head[next] as usize;
                if !seen[..index].contains(&head) {
                    self.liberties[head] -= 1;
                }
                seen[index] = head;
            }
        }
        // The new stone's own liberties, then merges with friendly strings: joining one
        // string adds the new stone's empty neighbours that string did not touch yet (the
        // common case, without walking the string); joining more counts afresh.
        let mut friends = [usize::MAX; 4];
        let mut joined = 0;
        for &next in &neighbours {
            if self.cells[next] == own {
                let head = self.head[next] as usize;
                if !friends[..joined].contains(&head) {
                    friends[joined] = head;
                    joined += 1;
                }
            }
        }
        let fresh = |board: &Self, string: Option<usize>| {
            neighbours
                .iter()
                .filter(|&&next| {
                    board.cells[next] == EMPTY
                        && string.is_none_or(|string| !board.touches(next, own, string))
                })
                .count() as u32
        };
        match joined {
            0 => self.liberties[grid] = fresh(self, None),
            1 => {
                let string = friends[0];
                let liberties = self.liberties[string] + fresh(self, Some(string));
                self.merge(grid, string);
                self.liberties[self.head[grid] as usize] = liberties;
            }
            _ => {
                let liberties = self.joined_liberties(grid, &friends[..joined]);
                for &string in &friends[..joined] {
                    self.merge(self.head[grid] as usize, string);
                }
                self.liberties[self.head[grid] as usize] = liberties;
            }
        }
        // Captures.
        let mut captured = (0, NONE);
        for &next in &neighbours {
            if self.cells[next] == enemy && self.liberties_at(next) == 0 {
                let count = self.stones_at(next);
                captured.0 += count;
                captured.1 = next;
                self.remove_string(next);
            }
        }
        captured
    }

    /// The liberties of the string the new stone on `grid` makes with `strings` (two or
    /// more heads of its colour next to it, each already counting `grid` as filled),
    /// before they are merged: the largest string's count, plus the liberties of the
    /// others and of the new stone that it does not have. Walks all but the largest.
    fn joined_liberties(&mut self, grid: usize, strings: &[usize]) -> u32 {
        let own = self.cells[grid];
        let largest = strings
            .iter()
            .copied()
            .max_by_key(|&string| self.stones[string])
            .unwrap_or(grid);
        self.marks.clear();
        let mut liberties = self.liberties[largest];
        let mut count_new = |board: &mut Self, stone: usize| {
            for next in board.neighbours(stone) {
                if board.cells[next] == EMPTY
                    && !board.touches(next, own, largest)
                    && board.marks.mark(next)
                {
                    liberties += 1;
                }
            }
        };
        count_new(self, grid);
        for &string in strings.iter().filter(|&&string| string != largest) {
            let mut stone = string;
            loop {
                count_new(self, stone);
                stone = self.next[stone] as usize;
                if stone == string {
                    break;
                }
            }
        }
        liberties
    }

    /// Whether the empty `grid` is next to a stone of `own` (a cell colour) in the
    /// string with head `string`: already one of its liberties.
    fn touches(&self, grid: usize, own: u8, string: usize) -> bool {
        self.neighbours(grid)
            .into_iter()
            .any(|next| self.cells[next] == own && self.head[next] as usize == string)
    }

    /// Joins the string of `b` into the string of `a` (both heads).
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = small;
        loop {
            self.head[stone] = big as u32;
            stone = self.next[stone] as usize;
            if stone == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
    }

    /// Counts the liberties of the string with head `head` from scratch.
    fn recount(&mut self, head: usize) {
        self.marks.clear();
        self.liberties[head] = self.mark_liberties(head, u32::MAX);
    }

    /// Marks the liberties of the string through `stone`; returns how many were not
    /// marked yet, or any count of `enough` or more once it has found that many (then
    /// some may stay unmarked).
    fn mark_liberties(&mut self, stone: usize, enough: u32) -> u32 {
        let mut count = 0;
        let mut current = stone;
        loop {
            for next in self.neighbours(current) {
                if self.cells[next] == EMPTY && self.marks.mark(next) {
                    count += 1;
                }
            }
            current = self.next[current] as usize;
            if current == stone || count >= enough {
                return count;
            }
        }
    }

    /// Takes the string through `grid` off the board; each point freed becomes a liberty
    /// of each string next to it.
    fn remove_string(&mut self, grid: usize) {
        let mut stone = grid;
        loop {
            self.cells[stone] = EMPTY;
            self.add_empty(stone);
            stone = self.next[stone] as usize;
            if stone == grid {
                break;
            }
        }
        loop {
            let mut seen = [usize::MAX; 4];
            for (index, next) in self.neighbours(stone).into_iter().enumerate() {
                let cell = self.cells[next];
                if cell == BLACK || cell == WHITE {
                    let head = self.head[next] as usize;
                    if !seen[..index].contains(&head) {
                        self.liberties[head] += 1;
                    }
                    seen[index] = head;
                }
            }
            stone = self.next[stone] as usize;
            if stone == grid {
                break;
            }
        }
    }

    fn add_empty(&mut self, grid: usize) {
        self.empty_at[grid] = self.empties.len() as u32;
        self.empties.push(grid as u32);
    }

    fn remove_empty(&mut self, grid: usize) {
        let at = self.empty_at[grid] as usize;
        let last = self.empties.pop().expect("an empty point to fill");
        if at < self.empties.len() {
            self.empties[at] = last;
            self.empty_at[last as usize] = at as u32;
        }
    }

    /// Fills the empty region through the unmarked `grid`, leaving its cells in `stack`
    /// and marked; returns the colours it reaches (`BLACK`, `WHITE`, both, or `EMPTY`).
    fn region(&mut self, grid: usize) -> u8 {
        let mut reach = EMPTY;
        self.stack.clear();
        self.stack.push(grid as u32);
        self.marks.mark(grid);
        let mut at = 0;
        while at < self.stack.len() {
            let current = self.stack[at] as usize;
            at += 1;
            for next in self.neighbours(current) {
                match self.cells[next] {
                    // Marking in the guard: an empty cell is taken the first time only.
                    EMPTY if self.marks.mark(next) => self.stack.push(next as u32),
                    cell @ (BLACK | WHITE) => reach |= cell,
                    _ => {}
                }
            }
        }
        reach
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::area_score;
    use crate::go::rng::Rng;

    /// Plays random legal moves on both boards and checks they agree after each.
    #[test]
    fn agrees_with_the_rules_board_over_random_games() {
        let _bound = crate::test_bound::bound();
        let mut rng = Rng::new(5);
        for (size, games) in [(2, 6), (3, 6), (5, 4), (9, 2), (19, 1)] {
            for _ in 0..games {
                let mut rules = Board::new(size);
                let mut fast = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
                for _ in 0..size * size * 3 {
                    let colour = fast.to_move();
                    let legal: Vec<usize> =
                        (0..size * size).filter(|&p| fast.is_legal(p)).collect();
                    if size <= 9 {
                        for point in 0..size * size {
                            check_legality(&rules, &fast, colour, point);
                        }
                    }
                    let pick = legal.get(rng.below(legal.len() + 1)).copied();
                    match pick {
                        Some(point) => {
                            if rules.play(colour, point).is_err() {
                                // Superko, which the fast board does not know: stop here.
                                break;
                            }
                            fast.play(point);
                        }
                        None => {
                            rules.pass(colour);
                            fast.pass();
                        }
                    }
                    check_same(&rules, &mut fast);
                }
            }
        }
    }

    /// The fast board calls a point legal exactly when it is empty, not the ko point and
    /// not a suicide; a legal point is legal on the rules board too unless superko.
    fn check_legality(rules: &Board, fast: &PlayoutBoard, colour: Colour, point: usize) {
        let mut scratch = rules.clone();
        let outcome = if rules.get(point).is_some() {
            None
        } else {
            Some(scratch.play(colour, point))
        };
        match outcome {
            None => assert!(!fast.is_legal(point)),
            Some(Ok(played)) if played.suicided > 0 => assert!(!fast.is_legal(point)),
            Some(Ok(_)) => assert!(fast.is_legal(point), "point {point} should be legal"),
            Some(Err(_)) => {}
        }
    }

    fn check_same(rules: &Board, fast: &mut PlayoutBoard) {
        let size = rules.size();
        for point in 0..size * size {
            assert_eq!(rules.get(point), fast.get(point), "point {point}");
        }
        let mut copy = rules.clone();
        for string in rules.strings() {
            let point = string[0];
            assert_eq!(
                copy.liberties(point, usize::MAX),
                fast.liberties_at(fast.grid(point)) as usize,
                "liberties at {point}"
            );
            for &stone in &string {
                assert_eq!(string.len(), fast.stones_at(fast.grid(stone)) as usize);
            }
        }
        let score = area_score(size, rules.points());
        assert_eq!(
            fast.area_margin(),
            i64::from(score.black) - i64::from(score.white)
        );
        let mut owners = vec![0; size * size];
        fast.add_owners(&mut owners);
        let owned = |sign: i32| owners.iter().filter(|&&o| o == sign).count() as u32;
        assert_eq!((owned(1), owned(-1)), (score.black, score.white));
        let mut empties: Vec<usize> = fast
            .empty_grid()
            .iter()
            .map(|&grid| fast.point(grid as usize))
            .collect();
        empties.sort_unstable();
        let expected: Vec<usize> = (0..size * size)
            .filter(|&p| rules.get(p).is_none())
            .collect();
        assert_eq!(empties, expected);
    }

    /// A 4x4 board, Black to move, where Black 6 takes White 5 and starts a ko (points
    /// row by row from the bottom, row 2 on top):
    ///
    ///     row 2:  .  X  O  .        White 5 has one liberty, 6; Black 6 takes it and
    ///     row 1:  X  O  .  O        is left with one liberty, 5: a ko.
    ///     row 0:  .  X  O  .
    fn ko_mouth() -> PlayoutBoard {
        let mut rules = Board::new(4);
        for (colour, point) in [
            (Colour::Black, 1),
            (Colour::White, 2),
            (Colour::Black, 4),
            (Colour::White, 7),
            (Colour::Black, 9),
            (Colour::White, 10),
            (Colour::White, 5),
        ] {
            rules.play(colour, point).unwrap();
        }
        rules.pass(Colour::White);
        PlayoutBoard::from_board_to_move(&rules, Colour::Black)
    }

    #[test]
    fn simple_ko_is_refused_for_one_move() {
        let _bound = crate::test_bound::bound();
        let mut fast = ko_mouth();
        assert!(fast.is_legal(6));
        fast.play(6);
        assert_eq!(fast.get(5), None);
        // White may not retake at 5 at once...
        assert!(!fast.is_legal(5));
        fast.pass();
        fast.pass();
        // ...but may after the ko is gone.
        assert!(fast.is_legal(5));
    }

    #[test]
    fn a_recent_ko_is_known_once_its_ban_lifts_and_for_two_moves() {
        let _bound = crate::test_bound::bound();
        let mut fast = ko_mouth();
        assert_eq!(fast.recent_ko(3), None);
        fast.play(6);
        let ko = fast.grid(5);
        // Banned for White now: not offered.
        assert_eq!(fast.recent_ko(3), None);
        fast.play(15);
        assert_eq!(fast.recent_ko(3), Some(ko));
        fast.play(12);
        assert_eq!(fast.recent_ko(3), Some(ko));
        assert_eq!(fast.recent_ko(2), None);
        fast.pass();
        assert_eq!(fast.recent_ko(3), None);
    }

    #[test]
    fn eyes_and_self_ataris() {
        let _bound = crate::test_bound::bound();
        let mut rules = Board::new(5);
        for point in [1, 5, 7, 11] {
            rules.play(Colour::Black, point).unwrap();
            rules.pass(Colour::White);
        }
        let mut fast = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
        // Point 0 (corner) with Black at 1 and 5: an eye. Point 6 between 1, 5, 7, 11.
        let eye = |colour, point| fast.is_eye_at(cell_of(colour), fast.grid(point));
        assert!(eye(Colour::Black, 0));
        assert!(eye(Colour::Black, 6));
        assert!(!eye(Colour::White, 6));
        // White playing 6 would be a suicide: not legal.
        fast.pass();
        assert!(!fast.is_legal(6));
        // White at 2 would have one liberty, 3: a self-atari of one stone. At 13, four.
        let grid = fast.grid(2);
        assert_eq!(fast.self_atari(grid), Some(1));
        let grid = fast.grid(13);
        assert_eq!(fast.self_atari(grid), None);
    }
}
