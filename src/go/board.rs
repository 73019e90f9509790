//! The Go board under Tromp-Taylor rules: play, pass, undo to any depth, and positional
//! superko over the whole game.
//!
//! Points are indices `row * size + column`, row 0 at the bottom. A move colours an empty
//! point, removes the opponent strings it leaves without liberties, then its own string if
//! that has none (suicide). A move is illegal if the colouring it produces was seen
//! before in the game. Strings and liberties are found by flood fill from the move, so a
//! move costs time in proportion to the strings it touches, never to the board.
//!
//! Repetition is looked up by Zobrist hash, then confirmed exactly: on a hash match the
//! earlier position is rebuilt by taking moves back on a copy of the board and compared
//! point by point, so a hash collision can never forbid a legal move.

use super::history::{History, Record};
use super::marks::Marks;
use super::vertex::Vertex;
use super::{zobrist, Colour};
use thiserror::Error;

/// The largest board side: 255.
pub const MAX_SIZE: usize = 255;

/// The most moves (passes included) a game on a `size` x `size` board may have:
/// 3 x size x size + 1,000, e.g. 1,243 on 9x9, 2,083 on 19x19 and 196,075 on 255x255.
/// Real games stay far below it (the arena stops games at 3 x size x size), and it bounds
/// the memory a game's history takes.
pub fn move_limit(size: usize) -> usize {
    3 * size * size + 1_000
}

/// Why a move is refused. Its text follows `illegal move: ` on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// The point already holds a stone.
    #[error("occupied")]
    Occupied,
    /// A lone stone without liberties would be removed at once, leaving the board as it
    /// was: a repetition.
    #[error("single-stone suicide repeats the position")]
    SingleStoneSuicide,
    /// The move recreates a colouring seen earlier in the game.
    #[error("superko (repeats an earlier position)")]
    Superko,
}

/// What a legal move removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones captured.
    pub captured: usize,
    /// Own stones removed by suicide (0 unless the move was a suicide).
    pub suicided: usize,
}

/// A board with the game played on it since its start position.
#[derive(Debug, Clone)]
pub struct Board {
    size: usize,
    cells: Vec<Option<Colour>>,
    hash: u64,
    stones: usize,
    /// Opponent stones removed by Black's moves, then by White's.
    prisoners: [usize; 2],
    first_to_move: Colour,
    /// Stones placed by [`Board::place_handicap`].
    handicap: usize,
    history: History,
    /// Flood-fill scratch.
    marks: Marks,
    string: Vec<usize>,
    stack: Vec<usize>,
}

impl Board {
    /// Whether `size` is a side this board supports (1..=255).
    pub fn is_valid_size(size: usize) -> bool {
        (1..=MAX_SIZE).contains(&size)
    }

    /// An empty `size` x `size` board, Black to move.
    ///
    /// # Panics
    /// If `size` is not valid (see [`Board::is_valid_size`]).
    pub fn new(size: usize) -> Board {
        assert!(Board::is_valid_size(size), "board size {size}");
        Board {
            size,
            cells: vec![None; size * size],
            hash: 0,
            stones: 0,
            prisoners: [0, 0],
            first_to_move: Colour::Black,
            handicap: 0,
            history: History::new(0),
            marks: Marks::new(size * size),
            string: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Every point's content, row-major from the bottom-left corner.
    pub fn points(&self) -> &[Option<Colour>] {
        &self.cells
    }

    /// The content of `point`.
    pub fn get(&self, point: usize) -> Option<Colour> {
        self.cells[point]
    }

    /// The point of `vertex`, if it is on this board.
    pub fn point(&self, vertex: Vertex) -> Option<usize> {
        vertex
            .is_on(self.size)
            .then(|| vertex.row * self.size + vertex.column)
    }

    /// The vertex of `point`.
    pub fn vertex(&self, point: usize) -> Vertex {
        Vertex {
            column: point % self.size,
            row: point / self.size,
        }
    }

    /// The orthogonal neighbours of `point` (2 to 4 of them; none on a 1x1 board).
    pub fn neighbours(&self, point: usize) -> impl Iterator<Item = usize> {
        neighbours(self.size, point)
    }

    /// The Zobrist hash of the current colouring.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash of the colouring after the first `moves` moves (0 for the start
    /// position); `moves` must be at most the number played.
    pub fn hash_after(&self, moves: usize) -> u64 {
        self.history.hash_at(moves)
    }

    /// How many handicap stones the game started with (0 without handicap).
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// How many stones are on the board.
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// How many opponent stones `colour`'s moves have removed (suicided stones count for
    /// the opponent).
    pub fn prisoners(&self, colour: Colour) -> usize {
        self.prisoners[colour.index()]
    }

    /// The moves played since the start position, oldest first.
    pub fn moves(&self) -> &[Record] {
        self.history.records()
    }

    /// Who moves next: the opponent of the last mover; at the start Black, or White after
    /// handicap stones.
    pub fn to_move(&self) -> Colour {
        self.moves()
            .last()
            .map_or(self.first_to_move, |record| record.colour.opponent())
    }

    /// Whether the last two moves were passes, which ends the game under Tromp-Taylor.
    pub fn is_over(&self) -> bool {
        matches!(self.moves(), [.., a, b] if a.point.is_none() && b.point.is_none())
    }

    /// Plays `colour` on the empty `point`; on error nothing changes.
    ///
    /// # Panics
    /// If `point` is not on the board.
    pub fn play(&mut self, colour: Colour, point: usize) -> Result<Played, Illegal> {
        if self.cells[point].is_some() {
            return Err(Illegal::Occupied);
        }
        let before = self.hash;
        self.set(point, Some(colour));
        let opponent = colour.opponent();
        let mut captured = Vec::new();
        for next in neighbours(self.size, point) {
            if self.cells[next] == Some(opponent) && !self.string_has_liberty(next) {
                self.remove_string();
                captured.extend_from_slice(&self.string);
            }
        }
        let mut suicided = Vec::new();
        if captured.is_empty() && !self.string_has_liberty(point) {
            self.remove_string();
            suicided.extend_from_slice(&self.string);
        }
        let record = Record {
            colour,
            point: Some(point),
            captured,
            suicided,
        };
        if self.history.count(self.hash) > 0 && self.repeats(&record, before) {
            return Err(if record.suicided.len() == 1 {
                Illegal::SingleStoneSuicide
            } else {
                Illegal::Superko
            });
        }
        let played = Played {
            captured: record.captured.len(),
            suicided: record.suicided.len(),
        };
        self.stones = self.stones + 1 - played.captured - played.suicided;
        self.prisoners[colour.index()] += played.captured;
        self.prisoners[opponent.index()] += played.suicided;
        self.history.push(record, self.hash);
        Ok(played)
    }

    /// Records a pass by `colour`; always legal.
    pub fn pass(&mut self, colour: Colour) {
        let record = Record {
            colour,
            point: None,
            captured: Vec::new(),
            suicided: Vec::new(),
        };
        self.history.push(record, self.hash);
    }

    /// Takes back the last move, restoring removed stones; `false` at the start position.
    pub fn undo(&mut self) -> bool {
        let Some(record) = self.history.pop() else {
            return false;
        };
        record.revert(&mut self.cells);
        self.hash = self.history.hash_at(self.moves().len());
        if record.point.is_some() {
            self.stones = self.stones + record.captured.len() + record.suicided.len() - 1;
            self.prisoners[record.colour.index()] -= record.captured.len();
            self.prisoners[record.colour.opponent().index()] -= record.suicided.len();
        }
        true
    }

    /// Puts Black handicap stones on `points` of an empty board and makes that the start
    /// position (no moves, White to move). Handicap stones are not moves: undo cannot
    /// remove them.
    ///
    /// # Panics
    /// If the board holds stones, or a point is off the board.
    pub fn place_handicap(&mut self, points: &[usize]) {
        assert_eq!(self.stones, 0, "handicap on a board with stones");
        self.set_up(points, &[], Colour::White);
    }

    /// Makes a new start position, as a game record's setup does: the board emptied,
    /// Black stones on `black` and White ones on `white` (a point in both lists is
    /// White's), no moves, `to_move` to move. The stones are taken as given, even a
    /// string without liberties.
    ///
    /// # Panics
    /// If a point is off the board.
    pub fn set_up(&mut self, black: &[usize], white: &[usize], to_move: Colour) {
        *self = Board::new(self.size);
        for (points, colour) in [(black, Colour::Black), (white, Colour::White)] {
            for &point in points {
                if self.cells[point].is_none() {
                    self.stones += 1;
                }
                self.set(point, Some(colour));
            }
        }
        self.handicap = self.stones;
        self.history = History::new(self.hash);
        self.first_to_move = to_move;
    }

    /// The start position's board: the stones before the first move (handicap or setup),
    /// and who moved first.
    pub fn start(&self) -> Board {
        let mut start = self.clone();
        while start.undo() {}
        start
    }

    /// The number of distinct liberties of the string through the stone on `point`,
    /// counting no further than `limit`.
    pub fn liberties(&mut self, point: usize, limit: usize) -> usize {
        let colour = self.cells[point];
        self.marks.clear();
        let mut count = 0;
        self.stack.clear();
        self.stack.push(point);
        self.marks.mark(point);
        while let Some(p) = self.stack.pop() {
            for next in neighbours(self.size, p) {
                if self.marks.is_marked(next) {
                    continue;
                }
                if self.cells[next].is_none() {
                    self.marks.mark(next);
                    count += 1;
                    if count >= limit {
                        return count;
                    }
                } else if self.cells[next] == colour {
                    self.marks.mark(next);
                    self.stack.push(next);
                }
            }
        }
        count
    }

    /// Every string on the board as its points in ascending order, strings ordered by
    /// their first point. Scans the whole board.
    pub fn strings(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut strings = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || self.cells[start].is_none() {
                continue;
            }
            seen[start] = true;
            let mut string = vec![start];
            let mut next = 0;
            while next < string.len() {
                let p = string[next];
                next += 1;
                for q in neighbours(self.size, p) {
                    if !seen[q] && self.cells[q] == self.cells[start] {
                        seen[q] = true;
                        string.push(q);
                    }
                }
            }
            string.sort_unstable();
            strings.push(string);
        }
        strings
    }

    fn set(&mut self, point: usize, content: Option<Colour>) {
        if let Some(old) = self.cells[point] {
            self.hash ^= zobrist::key(point, old);
        }
        if let Some(new) = content {
            self.hash ^= zobrist::key(point, new);
        }
        self.cells[point] = content;
    }

    /// Whether the string through `start` has a liberty. Stops at the first one found;
    /// when there is none, `self.string` holds the whole string.
    fn string_has_liberty(&mut self, start: usize) -> bool {
        let colour = self.cells[start];
        self.marks.clear();
        self.string.clear();
        self.stack.clear();
        self.stack.push(start);
        self.marks.mark(start);
        while let Some(p) = self.stack.pop() {
            self.string.push(p);
            for next in neighbours(self.size, p) {
                if self.cells[next].is_none() {
                    return true;
                }
                if self.cells[next] == colour && self.marks.mark(next) {
                    self.stack.push(next);
                }
            }
        }
        false
    }

    /// Empties every point of `self.string`.
    fn remove_string(&mut self) {
        for i in 0..self.string.len() {
            self.set(self.string[i], None);
        }
    }

    /// Whether the board, with `record` just applied to it, repeats a position of the
    /// history. Rebuilds each earlier position whose hash matches and compares it point by
    /// point. If it repeats, the move is taken back (hash `before`); otherwise the board
    /// is left as it was.
    fn repeats(&mut self, record: &Record, before: u64) -> bool {
        let target_hash = self.hash;
        let target = self.cells.clone();
        record.revert(&mut self.cells);
        let mut scratch = self.cells.clone();
        let records = self.history.records();
        let mut remaining = self.history.count(target_hash);
        let mut k = records.len();
        loop {
            if self.history.hash_at(k) == target_hash {
                if scratch == target {
                    self.hash = before;
                    return true;
                }
                remaining -= 1;
                if remaining == 0 {
                    break;
                }
            }
            if k == 0 {
                break;
            }
            k -= 1;
            records[k].revert(&mut scratch);
        }
        self.cells = target;
        false
    }
}

/// The orthogonal neighbours of `point` on a `size` x `size` board.
fn neighbours(size: usize, point: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (point / size, point % size);
    let mut found = [0; 4];
    let mut n = 0;
    let mut add = |p: usize| {
        found[n] = p;
        n += 1;
    };
    if column > 0 {
        add(point - 1);
    }
    if column + 1 < size {
        add(point + 1);
    }
    if row > 0 {
        add(point - size);
    }
    if row + 1 < size {
        add(point + size);
    }
    found.into_iter().take(n)
}
