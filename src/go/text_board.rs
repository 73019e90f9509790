//! The scoring challenge's board text: `X`, `O` and `-` count, every other byte is
//! ignored, and n*n of them make an n x n board read row by row.

use super::points::Points;
use super::score::{area_score, Outcome, MAX_SCORED_SIZE};
use super::Colour;
use std::io::{self, Read};
use thiserror::Error;

/// The most points a board text may hold: a 255 x 255 board.
pub const MAX_POINTS: usize = MAX_SCORED_SIZE * MAX_SCORED_SIZE;

/// Why a text is not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TextBoardError {
    /// The number of `X`, `O` and `-` is not the square of a whole number.
    #[error(
        "{count} points of X, O and - do not make a square board ({} would make {}x{}, {} would make {}x{})",
        .below * .below, .below, .below, (.below + 1) * (.below + 1), .below + 1, .below + 1
    )]
    NotSquare {
        /// How many `X`, `O` and `-` there were.
        count: usize,
        /// The side of the largest square board with fewer points.
        below: usize,
    },
    /// More points than the largest board (255 x 255) holds.
    #[error("more than {MAX_POINTS} points of X, O and - (the largest board is {MAX_SCORED_SIZE}x{MAX_SCORED_SIZE})")]
    TooLarge {
        /// Where the first point over the limit stands in the input.
        at: Place,
    },
}

/// A place in a text: 1-based line and column (in bytes), and the 0-based byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The byte within the line, from 1.
    pub column: usize,
    /// The byte within the whole text, from 0.
    pub offset: usize,
}

/// Why board text could not be read from a file or stream.
#[derive(Debug, Error)]
pub enum ReadBoardError {
    /// Reading failed.
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// What was read is not a board.
    #[error(transparent)]
    Board(#[from] TextBoardError),
}

/// A square board read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBoard {
    size: usize,
    points: Vec<Option<Colour>>,
}

impl TextBoard {
    /// Reads a board from one text.
    pub fn parse(text: impl AsRef<[u8]>) -> Result<TextBoard, TextBoardError> {
        let mut reader = BoardReader::default();
        reader.push(text.as_ref())?;
        reader.finish()
    }

    /// Reads a board from a stream, in chunks: memory stays bounded by the largest board
    /// however long the stream is.
    pub fn read(mut source: impl Read) -> Result<TextBoard, ReadBoardError> {
        let mut reader = BoardReader::default();
        let mut buffer = [0u8; 64 * 1024];
        loop {
            match source.read(&mut buffer) {
                Ok(0) => return Ok(reader.finish()?),
                Ok(read) => reader.push(&buffer[..read])?,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// The side: 0..=255.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The `size * size` points, row by row; `None` is empty.
    pub fn points(&self) -> &[Option<Colour>] {
        &self.points
    }

    /// The Tromp-Taylor result without komi.
    pub fn outcome(&self) -> Outcome {
        area_score(self.size, &self.points).outcome(Points::ZERO)
    }
}

/// The point each byte stands for, if any: a table rather than a `match`, because which
/// of `X`, `O` and `-` comes next is a branch the processor cannot predict.
const POINT_OF_BYTE: [Option<Option<Colour>>; 256] = {
    let mut table = [None; 256];
    table[b'X' as usize] = Some(Some(Colour::Black));
    table[b'O' as usize] = Some(Some(Colour::White));
    table[b'-' as usize] = Some(None);
    table
};

/// The points collected so far from text arriving in pieces, and where the text read so
/// far ends (for the place of an error).
#[derive(Debug, Default)]
struct BoardReader {
    points: Vec<Option<Colour>>,
    /// Bytes read before the current piece.
    offset: usize,
    /// Line ends read before the current piece.
    lines: usize,
    /// Bytes of the current line read before the current piece.
    column: usize,
}

impl BoardReader {
    /// Takes the points in `bytes`, ignoring every other byte.
    fn push(&mut self, bytes: &[u8]) -> Result<(), TextBoardError> {
        self.points
            .reserve(bytes.len().min(MAX_POINTS - self.points.len()));
        for (index, &byte) in bytes.iter().enumerate() {
            if let Some(point) = POINT_OF_BYTE[usize::from(byte)] {
                if self.points.len() == MAX_POINTS {
                    return Err(TextBoardError::TooLarge {
                        at: self.place(&bytes[..index]),
                    });
                }
                self.points.push(point);
            }
        }
        self.advance(bytes);
        Ok(())
    }

    /// Where the byte after `before` (the start of the current piece) stands.
    fn place(&self, before: &[u8]) -> Place {
        let lines = count_lines(before);
        let column = match before.iter().rposition(|&b| b == b'\n') {
            Some(end) => before.len() - end,
            None => self.column + before.len() + 1,
        };
        Place {
            line: self.lines + lines + 1,
            column,
            offset: self.offset + before.len(),
        }
    }

    /// Moves the reading position past a whole piece.
    fn advance(&mut self, piece: &[u8]) {
        self.offset += piece.len();
        match piece.iter().rposition(|&b| b == b'\n') {
            Some(end) => {
                self.lines += count_lines(piece);
                self.column = piece.len() - end - 1;
            }
            None => self.column += piece.len(),
        }
    }

    /// The board, if the points make a square.
    fn finish(self) -> Result<TextBoard, TextBoardError> {
        let count = self.points.len();
        let below = count.isqrt();
        if below * below != count {
            return Err(TextBoardError::NotSquare { count, below });
        }
        let size = below;
        Ok(TextBoard {
            size,
            points: self.points,
        })
    }
}

/// How many line ends `bytes` holds.
fn count_lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_x_o_and_dash_count() {
        let _bound = crate::test_bound::bound();
        let board = TextBoard::parse("Xavier is insane -- says Oliver").unwrap();
        assert_eq!(board.size(), 2);
        assert_eq!(
            board.points(),
            [Some(Colour::Black), None, None, Some(Colour::White)]
        );
    }

    #[test]
    fn lower_case_letters_do_not_count() {
        let _bound = crate::test_bound::bound();
        let board = TextBoard::parse("Code-Golf").unwrap();
        assert_eq!(board.size(), 1);
        assert_eq!(board.points(), [None]);
    }

    #[test]
    fn no_points_is_the_empty_board() {
        let _bound = crate::test_bound::bound();
        let board = TextBoard::parse("nothing here at all").unwrap();
        assert_eq!(board.size(), 0);
        assert_eq!(board.outcome(), Outcome::Draw);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_ignored_too() {
        let _bound = crate::test_bound::bound();
        let board = TextBoard::parse(b"\xff X \xfe").unwrap();
        assert_eq!(board.points(), [Some(Colour::Black)]);
    }

    #[test]
    fn a_count_that_is_not_square_is_refused_with_its_neighbours() {
        let _bound = crate::test_bound::bound();
        let error = TextBoard::parse("XO-").unwrap_err();
        assert_eq!(error, TextBoardError::NotSquare { count: 3, below: 1 });
        assert_eq!(
            error.to_string(),
            "3 points of X, O and - do not make a square board (1 would make 1x1, 4 would make 2x2)"
        );
        assert!(!TextBoard::parse("X".repeat(10))
            .unwrap_err()
            .to_string()
            .contains("syntax"));
    }

    #[test]
    fn the_largest_board_is_accepted_and_one_more_point_refused_where_it_stands() {
        let _bound = crate::test_bound::bound();
        let largest = "-".repeat(MAX_POINTS);
        assert_eq!(TextBoard::parse(&largest).unwrap().size(), 255);
        let too_many = "-".repeat(MAX_POINTS + 1);
        let at = Place {
            line: 1,
            column: MAX_POINTS + 1,
            offset: MAX_POINTS,
        };
        assert_eq!(
            TextBoard::parse(too_many),
            Err(TextBoardError::TooLarge { at })
        );
    }

    #[test]
    fn the_place_counts_lines_across_pieces() {
        let _bound = crate::test_bound::bound();
        // 255 lines of 255 points and a line end, then "ab-" on line 256.
        let row = format!("{}\n", "-".repeat(255));
        let text = format!("{}ab-", row.repeat(255));
        for piece in [7, 256, 1000, 1 << 20] {
            let mut reader = BoardReader::default();
            let refused = text
                .as_bytes()
                .chunks(piece)
                .find_map(|chunk| reader.push(chunk).err());
            let at = Place {
                line: 256,
                column: 3,
                offset: 256 * 255 + 2,
            };
            assert_eq!(refused, Some(TextBoardError::TooLarge { at }), "{piece}");
        }
    }

    #[test]
    fn a_stream_is_read_in_pieces() {
        let _bound = crate::test_bound::bound();
        let noise = "\n".repeat(200_000);
        let board = TextBoard::read(format!("{noise}X{noise}").as_bytes()).unwrap();
        assert_eq!(board.size(), 1);
        assert_eq!(board.points(), [Some(Colour::Black)]);
        let endless = std::io::repeat(b'-');
        assert!(matches!(
            TextBoard::read(endless),
            Err(ReadBoardError::Board(TextBoardError::TooLarge { .. }))
        ));
    }

    #[test]
    fn a_failing_stream_is_an_io_error() {
        let _bound = crate::test_bound::bound();
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let error = TextBoard::read(Broken).unwrap_err();
        assert_eq!(error.to_string(), "cannot read: disk on fire");
    }
}
