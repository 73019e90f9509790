//! `loadsgf FILE [MOVE]` and `printsgf [FILE]`: a game record read into the session's
//! board, and the session's game written as one.

use super::files::FileError;
use super::vertex::{move_name, parse};
use super::{points_text, GoAdapter, GoError};
use crate::go::board::{move_limit, Board, Illegal};
use crate::go::sgf::{self, SgfError, SgfGame};
use crate::go::vertex::Vertex;
use crate::go::Colour;
use crate::gtp::{ArgError, Args};
use thiserror::Error;

/// Where `loadsgf` stops replaying.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Until {
    /// Before the move with this number (1: before the first).
    Move(usize),
    /// Before the first move at this vertex (GNU Go's form).
    Vertex(Vertex),
}

impl Until {
    /// Argument `index`: a move number from 1, or a vertex.
    pub(super) fn parse(args: Args<'_>, index: usize) -> Result<Until, ArgError> {
        args.parse_with(
            index,
            "a move number from 1, or a vertex",
            |raw| match raw.parse::<usize>() {
                Ok(0) => None,
                Ok(number) => Some(Until::Move(number)),
                Err(_) => parse(raw).map(Until::Vertex),
            },
        )
    }
}

/// Why `loadsgf` loaded nothing.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be had.
    #[error(transparent)]
    File(#[from] FileError),
    /// It is not a record gamebot can replay.
    #[error(transparent)]
    Sgf(#[from] SgfError),
    /// A move the rules refuse.
    #[error("move {number} ({colour} {vertex}) is illegal: {why}")]
    Illegal {
        /// Its number, from 1.
        number: usize,
        /// `B` or `W`.
        colour: char,
        /// Where.
        vertex: String,
        /// Why.
        why: Illegal,
    },
    /// More moves than a game may have.
    #[error("more than the {0} moves a game may have on this board")]
    MoveLimit(usize),
}

/// Why `printsgf` wrote nothing.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The file could not be written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The board has no SGF coordinates.
    #[error(transparent)]
    Sgf(#[from] SgfError),
}

impl GoAdapter {
    /// Replays the main line of the record in `name` up to `until` on a new board, komi
    /// from the record when it gives one; the session changes only if it all succeeds.
    pub(super) fn load_sgf(&mut self, name: &str, until: Option<Until>) -> Result<(), GoError> {
        let game = SgfGame::parse(&self.files.read(name).map_err(LoadError::from)?)
            .map_err(LoadError::from)?;
        let board = replay(&game, until)?;
        self.new_game(board);
        if let Some(komi) = game.komi {
            self.komi = komi;
        }
        Ok(())
    }

    /// The session's game as SGF: the answer itself without `name` (or with `-`), else
    /// written to the file `name` and the answer empty.
    pub(super) fn print_sgf(&self, name: Option<&str>) -> Result<String, GoError> {
        let text = sgf::write(&self.board, &points_text(self.komi)).map_err(SaveError::from)?;
        match name {
            None | Some("-") => Ok(text),
            Some(name) => {
                self.files
                    .write(name, &format!("{text}\n"))
                    .map_err(SaveError::from)?;
                Ok(String::new())
            }
        }
    }
}

/// The board after `game`'s setup and its moves up to `until`.
fn replay(game: &SgfGame, until: Option<Until>) -> Result<Board, LoadError> {
    let mut board = Board::new(game.size);
    let point = |vertex: &Vertex| {
        board
            .point(*vertex)
            .expect("the record's points are on its board")
    };
    let black: Vec<usize> = game.black.iter().map(point).collect();
    let white: Vec<usize> = game.white.iter().map(point).collect();
    // Who moves first: as the record says, else as its first move does, else White
    // after handicap stones only, else Black.
    let first = game
        .to_move
        .or_else(|| game.moves.first().map(|&(colour, _)| colour))
        .unwrap_or(if !black.is_empty() && white.is_empty() {
            Colour::White
        } else {
            Colour::Black
        });
    board.set_up(&black, &white, first);
    let limit = move_limit(game.size);
    for (index, &(colour, vertex)) in game.moves.iter().enumerate() {
        match until {
            Some(Until::Move(number)) if index + 1 >= number => break,
            Some(Until::Vertex(stop)) if vertex == Some(stop) => break,
            _ => {}
        }
        if index >= limit {
            return Err(LoadError::MoveLimit(limit));
        }
        match vertex {
            None => board.pass(colour),
            Some(vertex) => {
                let at = board
                    .point(vertex)
                    .expect("the record's points are on its board");
                board.play(colour, at).map_err(|why| LoadError::Illegal {
                    number: index + 1,
                    colour: match colour {
                        Colour::Black => 'B',
                        Colour::White => 'W',
                    },
                    vertex: move_name(Some(vertex)),
                    why,
                })?;
            }
        }
    }
    Ok(board)
}
