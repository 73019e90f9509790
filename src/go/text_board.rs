//! The scoring challenge's board text: `X`, `O` and `-` count, every other byte is
//! ignored, and n*n of them make an n x n board read row by row.

use super::score::{area_score, MAX_SCORED_SIZE};
use super::Colour;
use std::io::{self, Read};
use thiserror::Error;

/// The most points a board text may hold: a 255 x 255 board.
pub const MAX_POINTS: usize = MAX_SCORED_SIZE * MAX_SCORED_SIZE;

/// Why a text is not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TextBoardError {
    /// The number of `X`, `O` and `-` is not the square of a whole number.
    #[error("syntax error: {count} points of X, O and - do not make a square board")]
    NotSquare {
        /// How many `X`, `O` and `-` there were.
        count: usize,
    },
    /// More points than the largest board (255 x 255) holds.
    #[error("syntax error: more than {MAX_POINTS} points of X, O and - (the largest board is {MAX_SCORED_SIZE}x{MAX_SCORED_SIZE})")]
    TooLarge,
}

/// Why board text could not be read from a file or stream.
#[derive(Debug, Error)]
pub enum ReadBoardError {
    /// Reading failed.
    #[error("cannot read the board: {0}")]
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

    /// The Tromp-Taylor result without komi: `W+6`, `B+21` or `Jigo`.
    pub fn result(&self) -> String {
        area_score(self.size, &self.points).result_without_komi()
    }
}

/// The scoring challenge on one text (for the `tt-score` verb, the arguments joined by
/// spaces): `W+6`, `B+21` or `Jigo`, or why the text is not a board.
pub fn tt_score(text: impl AsRef<[u8]>) -> Result<String, TextBoardError> {
    Ok(TextBoard::parse(text)?.result())
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

/// The points collected so far from text arriving in pieces.
#[derive(Debug, Default)]
struct BoardReader {
    points: Vec<Option<Colour>>,
}

impl BoardReader {
    /// Takes the points in `bytes`, ignoring every other byte.
    fn push(&mut self, bytes: &[u8]) -> Result<(), TextBoardError> {
        self.points
            .reserve(bytes.len().min(MAX_POINTS - self.points.len()));
        for &byte in bytes {
            if let Some(point) = POINT_OF_BYTE[usize::from(byte)] {
                if self.points.len() == MAX_POINTS {
                    return Err(TextBoardError::TooLarge);
                }
                self.points.push(point);
            }
        }
        Ok(())
    }

    /// The board, if the points make a square.
    fn finish(self) -> Result<TextBoard, TextBoardError> {
        let count = self.points.len();
        let size = (0..=MAX_SCORED_SIZE)
            .find(|side| side * side >= count)
            .filter(|side| side * side == count)
            .ok_or(TextBoardError::NotSquare { count })?;
        Ok(TextBoard {
            size,
            points: self.points,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_x_o_and_dash_count() {
        let board = TextBoard::parse("Xavier is insane -- says Oliver").unwrap();
        assert_eq!(board.size(), 2);
        assert_eq!(
            board.points(),
            [Some(Colour::Black), None, None, Some(Colour::White)]
        );
    }

    #[test]
    fn lower_case_letters_do_not_count() {
        let board = TextBoard::parse("Code-Golf").unwrap();
        assert_eq!(board.size(), 1);
        assert_eq!(board.points(), [None]);
    }

    #[test]
    fn no_points_is_the_empty_board() {
        let board = TextBoard::parse("nothing here at all").unwrap();
        assert_eq!(board.size(), 0);
        assert_eq!(tt_score(""), Ok("Jigo".to_string()));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_ignored_too() {
        assert_eq!(tt_score(b"\xff X \xfe"), Ok("B+1".to_string()));
    }

    #[test]
    fn a_count_that_is_not_square_is_refused() {
        assert_eq!(
            TextBoard::parse("XO-"),
            Err(TextBoardError::NotSquare { count: 3 })
        );
        assert_eq!(
            tt_score("XO").unwrap_err().to_string(),
            "syntax error: 2 points of X, O and - do not make a square board"
        );
    }

    #[test]
    fn the_largest_board_is_accepted_and_one_more_point_refused() {
        let largest = "-".repeat(MAX_POINTS);
        assert_eq!(TextBoard::parse(&largest).unwrap().size(), 255);
        let too_many = "-".repeat(MAX_POINTS + 1);
        assert_eq!(TextBoard::parse(too_many), Err(TextBoardError::TooLarge));
    }

    #[test]
    fn a_stream_is_read_in_pieces() {
        let noise = "\n".repeat(200_000);
        let board = TextBoard::read(format!("{noise}X{noise}").as_bytes()).unwrap();
        assert_eq!(board.size(), 1);
        assert_eq!(board.result(), "B+1");
        let endless = std::io::repeat(b'-');
        assert!(matches!(
            TextBoard::read(endless),
            Err(ReadBoardError::Board(TextBoardError::TooLarge))
        ));
    }

    #[test]
    fn a_failing_stream_is_an_io_error() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let error = TextBoard::read(Broken).unwrap_err();
        assert_eq!(error.to_string(), "cannot read the board: disk on fire");
    }
}
