//! The GTP adapter for Go: reads each verb's arguments into a typed `GoCommand`, runs it on
//! the session's board and formats the answer.

use super::board::{Board, Illegal};
use super::genmove::genmove;
use super::handicap::{fixed_points, free_points, max_fixed};
use super::score::area_score;
use super::showboard::render;
use super::text_board::TextBoard;
use super::vertex::{move_name, parse_move, Vertex};
use super::Colour;
use crate::gtp::{ArgError, Args};
use crate::session::{CommandError, Game};
use thiserror::Error;

/// The board side of a new session.
pub const DEFAULT_SIZE: usize = 19;

const VERBS: &[&str] = &[
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "tt-score",
];

/// Why a Go command was refused; the text follows `? ` on the wire.
#[derive(Debug, Error)]
pub enum GoError {
    /// `boardsize` outside 1..=255.
    #[error("unacceptable size")]
    UnacceptableSize,
    /// A move against the rules.
    #[error("illegal move: {0}")]
    Illegal(#[from] Illegal),
    /// `undo` with no move to take back.
    #[error("cannot undo")]
    CannotUndo,
    /// A handicap count the board does not take; says which counts it does take.
    #[error("invalid number of stones: {0}")]
    InvalidStones(String),
    /// A handicap command while stones are on the board.
    #[error("board not empty")]
    BoardNotEmpty,
    /// A `set_free_handicap` list that cannot be placed.
    #[error("bad vertex list: {0}")]
    BadVertexList(String),
}

/// `final_status_list`'s argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Alive,
    Dead,
    Seki,
}

/// A Go command with its arguments read and checked against the board.
#[derive(Debug, Clone, PartialEq)]
enum GoCommand {
    BoardSize(usize),
    ClearBoard,
    Komi(f64),
    Play(Colour, Option<usize>),
    GenMove(Colour),
    Undo,
    ShowBoard,
    FinalScore,
    FinalStatusList(Status),
    FixedHandicap(usize),
    PlaceFreeHandicap(usize),
    SetFreeHandicap(Vec<Option<Vertex>>),
    /// The stateless scoring challenge on a board given as text.
    TtScore(TextBoard),
    TimeSettings,
    TimeLeft,
}

/// One session's Go game: the board with its history, and komi.
#[derive(Debug, Clone)]
pub struct GoGame {
    board: Board,
    komi: f64,
}

impl Default for GoGame {
    fn default() -> GoGame {
        GoGame {
            board: Board::new(DEFAULT_SIZE),
            komi: 0.0,
        }
    }
}

impl Game for GoGame {
    fn verbs(&self) -> &'static [&'static str] {
        VERBS
    }

    fn is_heavy(&self, verb: &str, _args: Args<'_>) -> bool {
        verb == "genmove"
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let command = self.parse(verb, args)?;
        self.run(command).map_err(CommandError::game)
    }
}

impl GoGame {
    fn parse(&self, verb: &str, args: Args<'_>) -> Result<GoCommand, CommandError> {
        let count = match verb {
            "boardsize"
            | "komi"
            | "genmove"
            | "final_status_list"
            | "fixed_handicap"
            | "place_free_handicap" => 1,
            "play" => 2,
            "time_settings" | "time_left" => 3,
            "set_free_handicap" | "tt-score" => args.len(),
            _ => 0,
        };
        args.expect_count(count)?;
        Ok(match verb {
            "boardsize" => match integer(args, "a board size")? {
                Some(size) if Board::is_valid_size(size) => GoCommand::BoardSize(size),
                _ => return Err(CommandError::game(GoError::UnacceptableSize)),
            },
            "clear_board" => GoCommand::ClearBoard,
            "komi" => GoCommand::Komi(args.parse_with(0, "a komi", |raw| {
                raw.parse::<f64>().ok().filter(|k| k.is_finite())
            })?),
            "play" => GoCommand::Play(colour(args, 0)?, self.board_move(args, 1)?),
            "genmove" => GoCommand::GenMove(colour(args, 0)?),
            "undo" => GoCommand::Undo,
            "showboard" => GoCommand::ShowBoard,
            "final_score" => GoCommand::FinalScore,
            "final_status_list" => GoCommand::FinalStatusList(args.parse_with(
                0,
                "a status (alive, dead or seki)",
                |raw| match raw.to_ascii_lowercase().as_str() {
                    "alive" => Some(Status::Alive),
                    "dead" => Some(Status::Dead),
                    "seki" => Some(Status::Seki),
                    _ => None,
                },
            )?),
            "fixed_handicap" => GoCommand::FixedHandicap(stone_count(args)?),
            "place_free_handicap" => GoCommand::PlaceFreeHandicap(stone_count(args)?),
            "set_free_handicap" => GoCommand::SetFreeHandicap(
                (0..args.len())
                    .map(|i| args.parse_with(i, "a vertex", parse_move))
                    .collect::<Result<_, _>>()?,
            ),
            "tt-score" => GoCommand::TtScore(
                TextBoard::parse(args.all().join(" ")).map_err(CommandError::game)?,
            ),
            "time_settings" => {
                args.parse::<u64>(0, "a main time in whole seconds")?;
                args.parse::<u64>(1, "a byo-yomi time in whole seconds")?;
                args.parse::<u64>(2, "a number of byo-yomi stones")?;
                GoCommand::TimeSettings
            }
            "time_left" => {
                colour(args, 0)?;
                args.parse_with(1, "a time left in seconds", |raw| {
                    raw.parse::<f64>()
                        .ok()
                        .filter(|t| t.is_finite() && *t >= 0.0)
                })?;
                args.parse::<u64>(2, "a number of stones")?;
                GoCommand::TimeLeft
            }
            _ => return Err(CommandError::UnknownCommand),
        })
    }

    /// Argument `index` as a move on this board: `pass` or a vertex on it.
    fn board_move(&self, args: Args<'_>, index: usize) -> Result<Option<usize>, ArgError> {
        args.parse_with(
            index,
            "a vertex on the board, or pass",
            |raw| match parse_move(raw)? {
                None => Some(None),
                Some(vertex) => self.board.point(vertex).map(Some),
            },
        )
    }

    fn run(&mut self, command: GoCommand) -> Result<String, GoError> {
        let board = &mut self.board;
        let answer = match command {
            GoCommand::BoardSize(size) => {
                *board = Board::new(size);
                String::new()
            }
            GoCommand::ClearBoard => {
                *board = Board::new(board.size());
                String::new()
            }
            GoCommand::Komi(komi) => {
                self.komi = komi;
                String::new()
            }
            GoCommand::Play(colour, None) => {
                board.pass(colour);
                String::new()
            }
            GoCommand::Play(colour, Some(point)) => {
                board.play(colour, point)?;
                String::new()
            }
            GoCommand::GenMove(colour) => {
                let chosen = genmove(board, colour);
                move_name(chosen.map(|p| board.vertex(p)))
            }
            GoCommand::Undo => {
                if !board.undo() {
                    return Err(GoError::CannotUndo);
                }
                String::new()
            }
            GoCommand::ShowBoard => render(board, self.komi),
            GoCommand::TtScore(text_board) => text_board.result(),
            GoCommand::FinalScore => {
                area_score(board.size(), board.points()).result_with_komi(self.komi)
            }
            GoCommand::FinalStatusList(Status::Alive) => board
                .strings()
                .iter()
                .map(|string| names(board, string))
                .collect::<Vec<_>>()
                .join("\n"),
            GoCommand::FinalStatusList(Status::Dead | Status::Seki) => String::new(),
            GoCommand::FixedHandicap(count) => {
                let size = board.size();
                let points = fixed_points(size, count).ok_or_else(|| {
                    GoError::InvalidStones(match max_fixed(size) {
                        0 => format!("no fixed handicap on a {size}x{size} board"),
                        max => format!("2 to {max} on a {size}x{size} board"),
                    })
                });
                handicap(board, points)?
            }
            GoCommand::PlaceFreeHandicap(count) => {
                let size = board.size();
                let points = free_points(size, count)
                    .ok_or_else(|| GoError::InvalidStones(free_range(size)));
                handicap(board, points)?
            }
            GoCommand::SetFreeHandicap(list) => {
                if board.stone_count() > 0 {
                    return Err(GoError::BoardNotEmpty);
                }
                let points = free_list(board, &list)?;
                board.place_handicap(&points);
                String::new()
            }
            GoCommand::TimeSettings | GoCommand::TimeLeft => String::new(),
        };
        Ok(answer)
    }
}

/// Places handicap stones computed for an empty board; answers their vertices.
fn handicap(board: &mut Board, points: Result<Vec<Vertex>, GoError>) -> Result<String, GoError> {
    if board.stone_count() > 0 {
        return Err(GoError::BoardNotEmpty);
    }
    let points: Vec<usize> = points?
        .into_iter()
        .filter_map(|vertex| board.point(vertex))
        .collect();
    board.place_handicap(&points);
    Ok(names(board, &points))
}

/// Checks a `set_free_handicap` list: 2 to size*size - 1 distinct vertices on the board.
fn free_list(board: &Board, list: &[Option<Vertex>]) -> Result<Vec<usize>, GoError> {
    let bad = |why: String| Err(GoError::BadVertexList(why));
    let area = board.size() * board.size();
    if list.len() < 2 || list.len() >= area {
        return bad(format!("{}, got {}", free_range(board.size()), list.len()));
    }
    let mut points = Vec::with_capacity(list.len());
    for &entry in list {
        let Some(vertex) = entry else {
            return bad("pass is not a vertex".to_string());
        };
        let Some(point) = board.point(vertex) else {
            return bad(format!("{vertex} is off the board"));
        };
        if points.contains(&point) {
            return bad(format!("{vertex} repeated"));
        }
        points.push(point);
    }
    Ok(points)
}

/// How many free handicap stones a `size` board takes, for error messages.
fn free_range(size: usize) -> String {
    match size * size - 1 {
        0 | 1 => format!("no handicap fits a {size}x{size} board"),
        max => format!("2 to {max} on a {size}x{size} board"),
    }
}

fn names(board: &Board, points: &[usize]) -> String {
    points
        .iter()
        .map(|&p| board.vertex(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn colour(args: Args<'_>, index: usize) -> Result<Colour, ArgError> {
    args.parse_with(index, "a colour (b, black, w or white)", |raw| {
        match raw.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Colour::Black),
            "w" | "white" => Some(Colour::White),
            _ => None,
        }
    })
}

/// Argument 0 as a whole number: `None` if negative or too large for `usize`, a syntax
/// error if it is not an optionally signed run of digits.
fn integer(args: Args<'_>, what: &'static str) -> Result<Option<usize>, ArgError> {
    args.parse_with(0, what, |raw| {
        let digits = raw.strip_prefix('-').unwrap_or(raw);
        let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        whole.then(|| raw.parse::<usize>().ok())
    })
}

fn stone_count(args: Args<'_>) -> Result<usize, CommandError> {
    integer(args, "a number of stones")?.ok_or_else(|| {
        CommandError::game(GoError::InvalidStones(
            "a positive number expected".to_string(),
        ))
    })
}
