//! An opening book: a move for each of a set of opening positions of an even game, read
//! from a text file and looked up up to the board's eight symmetries.
//!
//! The file (`scripts/opening_book.py` writes the repository's from KataGo's analysis)
//! starts with the header `gamebot-opening-book 1`, then `size N` and `komi K`; every
//! other line is a comment (`#`) or a position: who plays (`B` or `W`), Black's stones
//! and White's (GTP vertices joined by commas, `-` for none), the book's move, and the
//! win rate the book's judge gave the side to play, such as `B C3 G7 F4 0.528`. The book
//! answers only on its board size, at its komi, in an even game (no handicap) whose
//! stones stand as a line lists them with its colour to play.

use crate::go::board::Board;
use crate::go::gtp::vertex::parse;
use crate::go::{Colour, Points};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The first line of a book file.
const HEADER: &str = "gamebot-opening-book 1";

/// The book every `genmove` of this process consults, once installed.
static ACTIVE: OnceLock<OpeningBook> = OnceLock::new();

/// Why a book file does not read, or cannot be installed.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BookError {
    /// The first line is not the header.
    #[error("the first line is not `{HEADER}`")]
    Header,
    /// A line is not what its place asks for.
    #[error("line {line}: {why}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A book was already installed when another was to be.
    #[error("a book is already installed")]
    InUse,
}

/// A position as the book keys it: Black's points, then White's, each sorted, in the
/// least of their images under the board's symmetries.
type Key = (Vec<usize>, Vec<usize>);

/// The moves of an opening book.
#[derive(Debug, Clone, PartialEq)]
pub struct OpeningBook {
    size: usize,
    komi: Points,
    /// Each position's move (in the key's orientation) and its judge's win rate.
    moves: HashMap<Key, (usize, f32)>,
}

/// A book's answer: the move on the board as it stands, and the win rate the book's
/// judge gave the side to play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BookMove {
    /// The rules point to play.
    pub point: usize,
    /// The judge's win rate for the side to play.
    pub win_rate: f32,
}

impl OpeningBook {
    /// The book every `genmove` of this process consults, if one was installed.
    pub fn active() -> Option<&'static OpeningBook> {
        ACTIVE.get()
    }

    /// Makes `book` the one every `genmove` of this process consults (none does by
    /// default). Only once: a second book is refused.
    pub fn install(book: OpeningBook) -> Result<(), BookError> {
        ACTIVE.set(book).map_err(|_| BookError::InUse)
    }

    /// Reads a book file (see the module's documentation); two lines for the same
    /// position, or its mirror image, are refused.
    pub fn parse(text: &str) -> Result<OpeningBook, BookError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()));
        if lines.next().map(|(_, line)| line) != Some(HEADER) {
            return Err(BookError::Header);
        }
        let (line, text) = next_field(&mut lines, "size")?;
        let size = text
            .parse()
            .ok()
            .filter(|&size| Board::is_valid_size(size))
            .ok_or_else(|| error(line, format!("{text:?} is not a board size")))?;
        let (line, text) = next_field(&mut lines, "komi")?;
        let komi = Points::parse(text).map_err(|e| error(line, format!("komi {text:?}: {e}")))?;
        let mut book = OpeningBook {
            size,
            komi,
            moves: HashMap::new(),
        };
        let mut first_line = HashMap::new();
        for (line, text) in lines.filter(|(_, text)| is_content(text)) {
            let (key, answer) = book.entry(text).map_err(|why| error(line, why))?;
            if let Some(earlier) = first_line.insert(key.clone(), line) {
                return Err(error(line, format!("the position of line {earlier} again")));
            }
            book.moves.insert(key, answer);
        }
        Ok(book)
    }

    /// The key of a position line and its move in the key's orientation.
    fn entry(&self, text: &str) -> Result<(Key, (usize, f32)), String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [colour, black, white, mv, win_rate] = fields[..] else {
            return Err("not `COLOUR BLACK WHITE MOVE WIN-RATE`".to_string());
        };
        let black = self.points(black)?;
        let white = self.points(white)?;
        match colour {
            "B" if black.len() == white.len() => {}
            "W" if black.len() == white.len() + 1 => {}
            "B" | "W" => return Err(format!("{colour} does not play after these stones")),
            _ => return Err(format!("{colour:?} is not B or W")),
        }
        let mut all: Vec<usize> = black.iter().chain(&white).copied().collect();
        all.sort_unstable();
        all.dedup();
        if all.len() != black.len() + white.len() {
            return Err("a point holds two stones".to_string());
        }
        let point = self.point(mv)?;
        if all.contains(&point) {
            return Err(format!("{mv} is not empty"));
        }
        let win_rate: f32 = win_rate
            .parse()
            .ok()
            .filter(|rate| (0.0..=1.0).contains(rate))
            .ok_or_else(|| format!("{win_rate:?} is not a win rate from 0 to 1"))?;
        let (key, symmetry) = canonical(self.size, &black, &white);
        Ok((key, (transform(self.size, symmetry, point), win_rate)))
    }

    /// The points of a comma-separated list of vertices, or none for `-`.
    fn points(&self, text: &str) -> Result<Vec<usize>, String> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.split(',').map(|vertex| self.point(vertex)).collect()
    }

    /// The point of a vertex on the book's board.
    fn point(&self, text: &str) -> Result<usize, String> {
        parse(text)
            .filter(|vertex| vertex.is_on(self.size))
            .map(|vertex| vertex.row * self.size + vertex.column)
            .ok_or_else(|| format!("{text:?} is not a point of a {0}x{0} board", self.size))
    }

    /// The book's move for `colour` on `board` at `komi`, if the book holds the
    /// position: the board of the book's size, no handicap, the stones as a line of the
    /// book lists them (up to symmetry) and `colour` the one to play there.
    pub fn lookup(&self, board: &Board, komi: Points, colour: Colour) -> Option<BookMove> {
        if board.size() != self.size || komi != self.komi || board.handicap() != 0 {
            return None;
        }
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (point, content) in board.points().iter().enumerate() {
            match content {
                Some(Colour::Black) => black.push(point),
                Some(Colour::White) => white.push(point),
                None => {}
            }
        }
        let (key, symmetry) = canonical(self.size, &black, &white);
        if to_play_after(&key) != colour {
            return None;
        }
        let &(point, win_rate) = self.moves.get(&key)?;
        Some(BookMove {
            point: untransform(self.size, symmetry, point),
            win_rate,
        })
    }
}

/// The next non-comment line, which must be `NAME VALUE`: its number and the value.
fn next_field<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    name: &str,
) -> Result<(usize, &'a str), BookError> {
    let (line, text) = lines
        .find(|(_, text)| is_content(text))
        .ok_or_else(|| error(0, format!("no `{name}` line")))?;
    match text.split_once(' ') {
        Some((field, value)) if field == name => Ok((line, value.trim())),
        _ => Err(error(line, format!("not `{name} ...`"))),
    }
}

/// Whether a line says something: neither blank nor a comment.
fn is_content(text: &str) -> bool {
    !text.is_empty() && !text.starts_with('#')
}

/// A line's error.
fn error(line: usize, why: String) -> BookError {
    BookError::Line { line, why }
}

/// Who plays in an even game after a key's stones: Black when the counts are level.
fn to_play_after(key: &Key) -> Colour {
    if key.0.len() == key.1.len() {
        Colour::Black
    } else {
        Colour::White
    }
}

/// The least image of a position under the eight symmetries of a `size` board, and the
/// symmetry that gives it.
fn canonical(size: usize, black: &[usize], white: &[usize]) -> (Key, u8) {
    (0..8)
        .map(|symmetry| {
            let image = |points: &[usize]| {
                let mut moved: Vec<usize> = points
                    .iter()
                    .map(|&p| transform(size, symmetry, p))
                    .collect();
                moved.sort_unstable();
                moved
            };
            ((image(black), image(white)), symmetry)
        })
        .min()
        .expect("eight symmetries")
}

/// The image of `point` under `symmetry` (0 to 7: bit 2 swaps column and row, then bit
/// 0 mirrors the columns and bit 1 the rows).
fn transform(size: usize, symmetry: u8, point: usize) -> usize {
    let (mut column, mut row) = (point % size, point / size);
    if symmetry & 4 != 0 {
        std::mem::swap(&mut column, &mut row);
    }
    if symmetry & 1 != 0 {
        column = size - 1 - column;
    }
    if symmetry & 2 != 0 {
        row = size - 1 - row;
    }
    row * size + column
}

/// The point whose image under `symmetry` is `point`: its image under the inverse
/// symmetry, which mirrors the other axis first when the symmetry swaps them.
fn untransform(size: usize, symmetry: u8, point: usize) -> usize {
    let inverse = if symmetry & 4 != 0 {
        4 | (symmetry & 1) << 1 | (symmetry & 2) >> 1
    } else {
        symmetry
    };
    transform(size, inverse, point)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::gtp::vertex::name;

    /// The repository's 9x9 book.
    const REPOSITORY: &str = include_str!("../../../data/opening-books/book_9x9.txt");

    /// A small 9x9 book at komi 7.
    const SMALL: &str = "gamebot-opening-book 1\nsize 9\nkomi 7\n# a comment\n\
        B - - E5 0.52\nW E5 - C3 0.47\nB C3 G7 F4 0.53\n";

    fn komi(text: &str) -> Points {
        Points::parse(text).unwrap()
    }

    /// A 9x9 board after `moves` (alternating, Black first).
    fn board_after(moves: &[&str]) -> Board {
        let mut board = Board::new(9);
        for (turn, vertex) in moves.iter().enumerate() {
            let colour = if turn % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let point = board.point(parse(vertex).unwrap()).unwrap();
            board.play(colour, point).unwrap();
        }
        board
    }

    fn answer(book: &OpeningBook, moves: &[&str], colour: Colour) -> Option<String> {
        let board = board_after(moves);
        book.lookup(&board, komi("7"), colour)
            .map(|found| name(board.vertex(found.point)))
    }

    #[test]
    fn answers_its_positions_and_their_mirror_images() {
        let _bound = crate::test_bound::bound();
        let book = OpeningBook::parse(SMALL).unwrap();
        assert_eq!(answer(&book, &[], Colour::Black).as_deref(), Some("E5"));
        assert_eq!(answer(&book, &["E5"], Colour::White).as_deref(), Some("C3"));
        // C3 G7 lies on a diagonal, so the mirror image of F4 in it, D6, is the same move.
        let either = |moves: &[&str], pair: [&str; 2]| {
            let found = answer(&book, moves, Colour::Black).unwrap();
            assert!(pair.contains(&found.as_str()), "{moves:?}: {found}");
        };
        either(&["C3", "G7"], ["F4", "D6"]);
        // Turned a quarter (C7 G3), F4 turns to D4; mirrored left to right (G3 C7), to
        // D4 too; either way F6 is its mirror image in the other diagonal.
        either(&["C7", "G3"], ["D4", "F6"]);
        either(&["G3", "C7"], ["D4", "F6"]);
        // Off the diagonals the answer is one point: D3 G7 turned a half is F7 C3.
        let book = OpeningBook::parse(&format!("{SMALL}B D3 G7 E5 0.5\n")).unwrap();
        assert_eq!(
            answer(&book, &["F7", "C3"], Colour::Black).as_deref(),
            Some("E5")
        );
        let book = OpeningBook::parse(&format!("{SMALL}B D3 G7 F4 0.5\n")).unwrap();
        assert_eq!(
            answer(&book, &["F7", "C3"], Colour::Black).as_deref(),
            Some("D6")
        );
    }

    #[test]
    fn every_symmetry_maps_back() {
        let _bound = crate::test_bound::bound();
        for symmetry in 0..8 {
            for point in 0..81 {
                let image = transform(9, symmetry, point);
                assert_eq!(untransform(9, symmetry, image), point, "{symmetry} {point}");
            }
        }
    }

    #[test]
    fn is_silent_off_its_positions() {
        let _bound = crate::test_bound::bound();
        let book = OpeningBook::parse(SMALL).unwrap();
        assert_eq!(answer(&book, &["D4"], Colour::White), None);
        assert_eq!(
            answer(&book, &["E5"], Colour::Black),
            None,
            "not Black's turn"
        );
        let board = board_after(&[]);
        assert_eq!(book.lookup(&board, komi("7.5"), Colour::Black), None);
        assert_eq!(book.lookup(&Board::new(13), komi("7"), Colour::Black), None);
        let mut handicap = Board::new(9);
        handicap.place_handicap(&[40]);
        assert_eq!(book.lookup(&handicap, komi("7"), Colour::White), None);
    }

    #[test]
    fn refuses_bad_files_naming_the_line() {
        let _bound = crate::test_bound::bound();
        let bad = |body: &str| {
            OpeningBook::parse(&format!("gamebot-opening-book 1\nsize 9\nkomi 7\n{body}\n"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(OpeningBook::parse("book\n").unwrap_err(), BookError::Header);
        assert!(bad("B - - E5").contains("line 4"), "{}", bad("B - - E5"));
        assert!(bad("B - - Z5 0.5").contains("not a point"));
        assert!(bad("W - - E5 0.5").contains("does not play"));
        assert!(bad("B E5 E5 C3 0.5").contains("two stones"));
        assert!(bad("B E5 C3 E5 0.5").contains("not empty"));
        assert!(bad("B - - E5 1.5").contains("win rate"));
        assert!(bad("X - - E5 0.5").contains("not B or W"));
        let twice = bad("B C3 G7 F4 0.5\nB G3 C7 D4 0.5");
        assert!(
            twice.contains("line 5") && twice.contains("line 4"),
            "{twice}"
        );
        let no_size = OpeningBook::parse("gamebot-opening-book 1\nsize 300\nkomi 7\n")
            .unwrap_err()
            .to_string();
        assert!(no_size.contains("line 2") && no_size.contains("not a board size"));
        let no_komi = OpeningBook::parse("gamebot-opening-book 1\nsize 9\n")
            .unwrap_err()
            .to_string();
        assert!(no_komi.contains("komi"), "{no_komi}");
    }

    #[test]
    fn the_repository_book_reads_and_covers_two_random_moves() {
        let _bound = crate::test_bound::bound();
        let book = OpeningBook::parse(REPOSITORY).unwrap();
        for first in ["A1", "E5", "J9", "B7"] {
            for second in ["C3", "H8", "E6", "A9"] {
                assert!(
                    answer(&book, &[first, second], Colour::Black).is_some(),
                    "{first} {second}"
                );
            }
        }
    }
}
