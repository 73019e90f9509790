//! The GTP adapter for Go: reads each verb's arguments into a typed `GoCommand`, runs it on
//! the session's board and formats the answer. All of Go's wire text is here and in the
//! submodules (vertex names, the drawn board).

mod showboard;
pub mod vertex;

use super::board::{move_limit, Board, Illegal};
use super::engine::clock::{Clock, TimeSystem};
use super::engine::search::{search_with, Budget, SearchResult, Settings};
use super::engine::tree::Tree;
use super::engine::EngineOptions;
use super::handicap::{fixed_points, free_points, max_fixed};
use super::points::{Points, PointsError};
use super::score::{area_score, Outcome};
use super::text_board::{TextBoard, TextBoardError};
use super::vertex::Vertex;
use super::Colour;
use crate::gtp::{ArgError, Args};
use crate::session::{verb_table, AdapterFactory, CommandError, GameAdapter};
use showboard::render;
use std::time::{Duration, Instant};
use thiserror::Error;
use vertex::{move_name, parse_move};

/// The board side of a new session.
pub const DEFAULT_SIZE: usize = 19;

verb_table! {
    /// The Go verbs, in `list_commands` order.
    enum Verb {
        /// `boardsize N`: a new empty N x N board.
        BoardSize = "boardsize",
        /// `clear_board`: the board emptied.
        ClearBoard = "clear_board",
        /// `komi K`: White's compensation.
        Komi = "komi",
        /// `play COLOUR VERTEX|pass`.
        Play = "play",
        /// `genmove COLOUR`: the engine's move, played.
        GenMove = "genmove",
        /// `undo`: takes back the last move.
        Undo = "undo",
        /// `showboard`: the board for people.
        ShowBoard = "showboard",
        /// `final_score`: the Tromp-Taylor result with komi.
        FinalScore = "final_score",
        /// `final_status_list alive|dead|seki`.
        FinalStatusList = "final_status_list",
        /// `fixed_handicap N`: handicap stones on the star points.
        FixedHandicap = "fixed_handicap",
        /// `place_free_handicap N`: handicap stones where the engine likes.
        PlaceFreeHandicap = "place_free_handicap",
        /// `set_free_handicap VERTEX...`: handicap stones where the client says.
        SetFreeHandicap = "set_free_handicap",
        /// `time_settings MAIN BYO_YOMI STONES`.
        TimeSettings = "time_settings",
        /// `time_left COLOUR TIME STONES`.
        TimeLeft = "time_left",
        /// `kgs-time_settings none|absolute|byoyomi|canadian ...`.
        KgsTimeSettings = "kgs-time_settings",
        /// `reg_genmove COLOUR`: the engine's move, not played.
        RegGenMove = "reg_genmove",
        /// `kgs-genmove_cleanup COLOUR`: the engine's move, capturing every dead stone
        /// before it passes.
        KgsGenMoveCleanup = "kgs-genmove_cleanup",
        /// `gogui-analyze_commands`: what GoGui can show, one command a line.
        GoguiAnalyzeCommands = "gogui-analyze_commands",
        /// `gamebot-ownership`: each point's expected owner, as a GoGui `dboard`.
        Ownership = "gamebot-ownership",
        /// `gamebot-pv`: the principal variation, as a GoGui `gfx` `VAR` line.
        PrincipalVariation = "gamebot-pv",
        /// `tt-score BOARD...`: the scoring challenge, stateless.
        TtScore = "tt-score",
    }
}

/// Builds each session's Go adapter, its engine set by `options`.
pub fn factory(options: EngineOptions) -> AdapterFactory {
    Box::new(move || Box::new(GoAdapter::new(options)))
}

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
    /// A `komi` that is not a plain decimal of at most six decimals.
    #[error("syntax error: komi must be a plain decimal such as 6.5 or -7.5, with at most 6 decimals and below 10^9, got '{got}': {why}")]
    BadKomi {
        /// The argument as given.
        got: String,
        /// What is wrong with it.
        why: PointsError,
    },
    /// A `tt-score` text that is no board.
    #[error("syntax error: {0}")]
    NotABoard(#[from] TextBoardError),
    /// A move after the game reached its length limit.
    #[error("illegal move: the game has reached its limit of {limit} moves on this board")]
    MoveLimit {
        /// The limit for this board size (see [`move_limit`]).
        limit: usize,
    },
}

/// What a move is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// `genmove`: to play it.
    Play,
    /// `reg_genmove`: to answer it only.
    Answer,
    /// `kgs-genmove_cleanup`: to play it, and not to pass while dead stones remain.
    Cleanup,
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
    Komi(Points),
    Play(Colour, Option<usize>),
    GenMove(Colour, Purpose),
    AnalyzeCommands,
    Ownership,
    PrincipalVariation,
    Undo,
    ShowBoard,
    FinalScore,
    FinalStatusList(Status),
    FixedHandicap(usize),
    PlaceFreeHandicap(usize),
    SetFreeHandicap(Vec<Option<Vertex>>),
    /// The stateless scoring challenge on a board given as text.
    TtScore(TextBoard),
    /// New clocks for both colours.
    TimeSettings(Clock),
    /// A colour's time left: seconds, and stones (or periods) left in overtime.
    TimeLeft(Colour, f64, u32),
}

/// One session's Go game: the board with its history, komi, and how the engine thinks.
#[derive(Debug, Clone)]
pub struct GoAdapter {
    board: Board,
    komi: Points,
    options: EngineOptions,
    /// Black's and White's clocks, once time settings have come.
    clocks: [Option<Clock>; 2],
    /// The tree of the last move the engine played, to continue from.
    last_search: Option<LastSearch>,
}

/// A search's tree and the position it was grown for.
#[derive(Debug, Clone)]
struct LastSearch {
    tree: Tree,
    /// Moves on the board when it searched, and the hash of the colouring then.
    moves: usize,
    hash: u64,
    /// Who was to move.
    colour: Colour,
}

impl LastSearch {
    /// The part of the tree for `board` with `colour` to move, if `board` is the searched
    /// position with moves played since that the tree knows, alternating from the
    /// searched colour and arriving at `colour`.
    fn subtree_for(self, board: &Board, colour: Colour) -> Option<Tree> {
        let played = board.moves().get(self.moves..)?;
        if board.hash_after(self.moves) != self.hash || played.is_empty() {
            return None;
        }
        let mut node = Tree::ROOT;
        let mut mover = self.colour;
        for record in played {
            if record.colour != mover {
                return None;
            }
            node = self.tree.child_for(node, record.point)?;
            mover = mover.opponent();
        }
        (mover == colour).then(|| self.tree.subtree(node))
    }
}

impl GoAdapter {
    /// A session's game on an empty 19x19 board, komi 0.
    pub fn new(options: EngineOptions) -> GoAdapter {
        GoAdapter {
            board: Board::new(DEFAULT_SIZE),
            komi: Points::ZERO,
            options,
            clocks: [None; 2],
            last_search: None,
        }
    }
}

impl GameAdapter for GoAdapter {
    fn verbs(&self) -> &'static [&'static str] {
        Verb::NAMES
    }

    fn is_heavy(&self, verb: &str, _args: Args<'_>) -> bool {
        match Verb::from_name(verb) {
            Some(
                Verb::GenMove
                | Verb::RegGenMove
                | Verb::KgsGenMoveCleanup
                | Verb::FinalStatusList
                | Verb::Ownership
                | Verb::PrincipalVariation,
            ) => true,
            Some(
                Verb::BoardSize
                | Verb::ClearBoard
                | Verb::Komi
                | Verb::Play
                | Verb::Undo
                | Verb::ShowBoard
                | Verb::FinalScore
                | Verb::FixedHandicap
                | Verb::PlaceFreeHandicap
                | Verb::SetFreeHandicap
                | Verb::TimeSettings
                | Verb::TimeLeft
                | Verb::KgsTimeSettings
                | Verb::GoguiAnalyzeCommands
                | Verb::TtScore,
            )
            | None => false,
        }
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let verb = Verb::from_name(verb).ok_or(CommandError::UnknownCommand)?;
        let command = self.parse(verb, args)?;
        self.run(command).map_err(CommandError::game)
    }
}

impl GoAdapter {
    fn parse(&self, verb: Verb, args: Args<'_>) -> Result<GoCommand, CommandError> {
        let count = match verb {
            Verb::BoardSize
            | Verb::Komi
            | Verb::GenMove
            | Verb::RegGenMove
            | Verb::KgsGenMoveCleanup
            | Verb::FinalStatusList
            | Verb::FixedHandicap
            | Verb::PlaceFreeHandicap => 1,
            Verb::Play => 2,
            Verb::TimeSettings | Verb::TimeLeft => 3,
            Verb::SetFreeHandicap | Verb::TtScore => args.len(),
            Verb::KgsTimeSettings => kgs_time_count(args)?,
            Verb::ClearBoard
            | Verb::Undo
            | Verb::ShowBoard
            | Verb::FinalScore
            | Verb::GoguiAnalyzeCommands
            | Verb::Ownership
            | Verb::PrincipalVariation => 0,
        };
        args.expect_count(count)?;
        Ok(match verb {
            Verb::BoardSize => match integer(args, "a board size")? {
                Some(size) if Board::is_valid_size(size) => GoCommand::BoardSize(size),
                _ => return Err(CommandError::game(GoError::UnacceptableSize)),
            },
            Verb::ClearBoard => GoCommand::ClearBoard,
            Verb::Komi => {
                let raw = args.all()[0];
                GoCommand::Komi(Points::parse(raw).map_err(|why| {
                    CommandError::game(GoError::BadKomi {
                        got: raw.to_string(),
                        why,
                    })
                })?)
            }
            Verb::Play => GoCommand::Play(colour(args, 0)?, self.board_move(args, 1)?),
            Verb::GenMove => GoCommand::GenMove(colour(args, 0)?, Purpose::Play),
            Verb::RegGenMove => GoCommand::GenMove(colour(args, 0)?, Purpose::Answer),
            Verb::KgsGenMoveCleanup => GoCommand::GenMove(colour(args, 0)?, Purpose::Cleanup),
            Verb::GoguiAnalyzeCommands => GoCommand::AnalyzeCommands,
            Verb::Ownership => GoCommand::Ownership,
            Verb::PrincipalVariation => GoCommand::PrincipalVariation,
            Verb::Undo => GoCommand::Undo,
            Verb::ShowBoard => GoCommand::ShowBoard,
            Verb::FinalScore => GoCommand::FinalScore,
            Verb::FinalStatusList => GoCommand::FinalStatusList(args.parse_with(
                0,
                "a status (alive, dead or seki)",
                |raw| match raw.to_ascii_lowercase().as_str() {
                    "alive" => Some(Status::Alive),
                    "dead" => Some(Status::Dead),
                    "seki" => Some(Status::Seki),
                    _ => None,
                },
            )?),
            Verb::FixedHandicap => GoCommand::FixedHandicap(stone_count(args)?),
            Verb::PlaceFreeHandicap => GoCommand::PlaceFreeHandicap(stone_count(args)?),
            Verb::SetFreeHandicap => GoCommand::SetFreeHandicap(
                (0..args.len())
                    .map(|i| args.parse_with(i, "a vertex", parse_move))
                    .collect::<Result<_, _>>()?,
            ),
            Verb::TtScore => GoCommand::TtScore(
                TextBoard::parse(args.all().join(" "))
                    .map_err(|error| CommandError::game(GoError::from(error)))?,
            ),
            Verb::TimeSettings => GoCommand::TimeSettings(Clock::from_gtp(
                args.parse::<u32>(0, "a main time in whole seconds")?.into(),
                args.parse::<u32>(1, "a byo-yomi time in whole seconds")?
                    .into(),
                args.parse::<u32>(2, "a number of byo-yomi stones")?,
            )),
            Verb::TimeLeft => GoCommand::TimeLeft(
                colour(args, 0)?,
                args.parse_with(1, "a time left in seconds", |raw| {
                    raw.parse::<f64>()
                        .ok()
                        .filter(|t| t.is_finite() && *t >= 0.0)
                })?,
                args.parse::<u32>(2, "a number of stones")?,
            ),
            Verb::KgsTimeSettings => GoCommand::TimeSettings(kgs_clock(args)?),
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
        if matches!(
            command,
            GoCommand::Play(..) | GoCommand::GenMove(_, Purpose::Play | Purpose::Cleanup)
        ) {
            let limit = move_limit(board.size());
            if board.moves().len() >= limit {
                return Err(GoError::MoveLimit { limit });
            }
        }
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
            GoCommand::GenMove(colour, purpose) => return self.genmove(colour, purpose),
            GoCommand::AnalyzeCommands => ANALYZE_COMMANDS.join("\n"),
            GoCommand::Ownership => self.ownership_board(),
            GoCommand::PrincipalVariation => self.principal_variation(),
            GoCommand::Undo => {
                if !board.undo() {
                    return Err(GoError::CannotUndo);
                }
                String::new()
            }
            GoCommand::ShowBoard => render(board, &points_text(self.komi)),
            GoCommand::TtScore(text_board) => challenge_text(text_board.outcome()),
            GoCommand::FinalScore => {
                final_score_text(area_score(board.size(), board.points()).outcome(self.komi))
            }
            GoCommand::FinalStatusList(status) => {
                let dead = self.dead_stones();
                let board = &self.board;
                board
                    .strings()
                    .iter()
                    .filter(|string| match status {
                        Status::Alive => !dead[string[0]],
                        Status::Dead => dead[string[0]],
                        Status::Seki => false,
                    })
                    .map(|string| names(board, string))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
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
            GoCommand::TimeSettings(clock) => {
                self.clocks = [Some(clock); 2];
                String::new()
            }
            GoCommand::TimeLeft(colour, seconds, count) => {
                if let Some(clock) = &mut self.clocks[colour_index(colour)] {
                    clock.set_left(seconds, count);
                }
                String::new()
            }
        };
        Ok(answer)
    }
}

/// The engine's move for `colour`: a search for the fixed number of simulations the
/// options ask for, or until the move time is up. The search's seed comes from the
/// options' seed and the position, so a fixed seed and playout count repeat the move.
/// What `gogui-analyze_commands` offers GoGui: its type, its label, the command.
const ANALYZE_COMMANDS: [&str; 2] = [
    "dboard/Ownership/gamebot-ownership",
    "gfx/Principal variation/gamebot-pv",
];

/// A stone counts as dead when the search expects its point to end up this far on the
/// other colour's side (ownership runs from +1, always its own, to -1).
const DEAD_BELOW: f32 = -0.4;

impl GoAdapter {
    /// The engine's move for `colour`, played unless only asked for; the clock, when
    /// there is one, sets the time and is charged for it.
    fn genmove(&mut self, colour: Colour, purpose: Purpose) -> Result<String, GoError> {
        let started = Instant::now();
        let board = &mut self.board;
        let clock = &mut self.clocks[colour_index(colour)];
        let think_time = clock
            .and_then(|clock| clock.think_time(board.size() * board.size(), board.moves().len()));
        let cleanup = purpose == Purpose::Cleanup;
        let reuse = self
            .last_search
            .take()
            .and_then(|last| last.subtree_for(board, colour));
        let (result, tree) = think(
            board,
            colour,
            self.komi,
            &self.options,
            think_time,
            cleanup,
            reuse,
        );
        if let Some(clock) = clock {
            clock.spend(started.elapsed().as_secs_f64());
        }
        tracing::debug!(
            best = %move_name(result.best.map(|p| board.vertex(p))),
            win_rate = result.win_rate(),
            playouts = result.playouts,
            seconds = started.elapsed().as_secs_f64(),
            "genmove"
        );
        let options = &self.options;
        if !cleanup && result.resigns(options.resign_below, board.moves().len(), board.size()) {
            return Ok("resign".to_string());
        }
        let mut chosen = result.best;
        if cleanup && chosen.is_none() && has_dead(board, &result.ownership, colour.opponent()) {
            // Capture the dead stones first: the most visited move that is not a pass.
            chosen = result.candidates.iter().find_map(|candidate| candidate.mv);
        }
        if purpose != Purpose::Answer {
            self.last_search = Some(LastSearch {
                tree,
                moves: board.moves().len(),
                hash: board.hash(),
                colour,
            });
            match chosen {
                Some(point) => {
                    board.play(colour, point)?;
                }
                None => board.pass(colour),
            }
        }
        Ok(move_name(chosen.map(|p| board.vertex(p))))
    }

    /// A short search (as long as a `genmove`) for the side to move, with ownership.
    fn look(&self) -> SearchResult {
        let board = &self.board;
        think(
            board,
            board.to_move(),
            self.komi,
            &self.options,
            None,
            true,
            None,
        )
        .0
    }

    /// Each point's expected owner, +1 Black's to -1 White's, two decimals, rows from the
    /// top as GoGui draws a `dboard`.
    fn ownership_board(&self) -> String {
        let result = self.look();
        let size = self.board.size();
        (0..size)
            .rev()
            .map(|row| {
                (0..size)
                    .map(|column| format!("{:.2}", result.ownership[row * size + column]))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The principal variation of a short search, as GoGui's `gfx` draws one:
    /// `VAR b D4 w C3 ...`.
    fn principal_variation(&self) -> String {
        let result = self.look();
        let board = &self.board;
        let mut colour = board.to_move();
        let mut text = String::from("VAR");
        let pv = result
            .candidates
            .first()
            .map_or(&[][..], |best| &best.pv[..]);
        for &mv in pv {
            let letter = match colour {
                Colour::Black => "b",
                Colour::White => "w",
            };
            text += &format!(" {letter} {}", move_name(mv.map(|p| board.vertex(p))));
            colour = colour.opponent();
        }
        text
    }

    /// Which points hold a dead stone, by a short search's ownership estimate.
    fn dead_stones(&self) -> Vec<bool> {
        let board = &self.board;
        let result = self.look();
        (0..board.size() * board.size())
            .map(|point| match board.get(point) {
                Some(colour) => own_view(result.ownership[point], colour) < DEAD_BELOW,
                None => false,
            })
            .collect()
    }
}

/// An ownership value (+1 Black's) seen from `colour`'s side (+1 its own).
fn own_view(ownership: f32, colour: Colour) -> f32 {
    match colour {
        Colour::Black => ownership,
        Colour::White => -ownership,
    }
}

/// Whether any of `colour`'s stones is dead by `ownership`.
fn has_dead(board: &Board, ownership: &[f32], colour: Colour) -> bool {
    (0..board.size() * board.size()).any(|point| {
        board.get(point) == Some(colour) && own_view(ownership[point], colour) < DEAD_BELOW
    })
}

/// The move time is `think_time` when a clock gives one, else the options' move time; a
/// clock's time also bounds a search of a fixed number of simulations. With `ownership`
/// the result also says who is expected to own each point. The search continues from
/// `reuse` when given, and the tree comes back for the next move.
fn think(
    board: &Board,
    colour: Colour,
    komi: Points,
    options: &EngineOptions,
    think_time: Option<Duration>,
    ownership: bool,
    reuse: Option<Tree>,
) -> (SearchResult, Tree) {
    let settings = Settings {
        komi,
        seed: options.seed ^ board.hash() ^ (board.moves().len() as u64).rotate_left(32),
        max_nodes: options.max_nodes,
        ownership,
        threads: if options.playouts.is_some() {
            1
        } else {
            options.threads
        },
    };
    let move_time = match (think_time, options.playouts) {
        (Some(time), _) => Some(time),
        (None, None) => Some(options.move_time),
        (None, Some(_)) => None,
    };
    let budget = Budget {
        playouts: options.playouts,
        deadline: move_time.map(|time| Instant::now() + time),
        ..Budget::default()
    };
    search_with(reuse, board, colour, &settings, &budget)
}

/// How many arguments `kgs-time_settings` takes after its system's name.
fn kgs_time_count(args: Args<'_>) -> Result<usize, ArgError> {
    args.parse_with(
        0,
        "a time system (none, absolute, byoyomi or canadian)",
        |raw| match raw.to_ascii_lowercase().as_str() {
            "none" => Some(1),
            "absolute" => Some(2),
            "byoyomi" | "canadian" => Some(4),
            _ => None,
        },
    )
}

/// The clock `kgs-time_settings` describes (its argument count already checked).
fn kgs_clock(args: Args<'_>) -> Result<Clock, ArgError> {
    let seconds =
        |index| -> Result<f64, ArgError> { Ok(args.parse::<u32>(index, "whole seconds")?.into()) };
    let system = match args.all()[0].to_ascii_lowercase().as_str() {
        "none" => TimeSystem::Unlimited,
        "absolute" => TimeSystem::Absolute { main: seconds(1)? },
        "byoyomi" => TimeSystem::Byoyomi {
            main: seconds(1)?,
            period: seconds(2)?,
            periods: args.parse::<u32>(3, "a number of periods")?.max(1),
        },
        _ => TimeSystem::Canadian {
            main: seconds(1)?,
            period: seconds(2)?,
            stones: args.parse::<u32>(3, "a number of stones")?.max(1),
        },
    };
    Ok(Clock::new(system))
}

/// Black's index 0, White's 1.
fn colour_index(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::White => 1,
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
/// Linear in the length of the list: repeats are found with one flag per point.
fn free_list(board: &Board, list: &[Option<Vertex>]) -> Result<Vec<usize>, GoError> {
    let bad = |why: String| Err(GoError::BadVertexList(why));
    let area = board.size() * board.size();
    if list.len() < 2 || list.len() >= area {
        return bad(format!("{}, got {}", free_range(board.size()), list.len()));
    }
    let mut taken = vec![false; area];
    let mut points = Vec::with_capacity(list.len());
    for &entry in list {
        let Some(vertex) = entry else {
            return bad("pass is not a vertex".to_string());
        };
        let Some(point) = board.point(vertex) else {
            return bad(format!("{} is off the board", vertex::name(vertex)));
        };
        if std::mem::replace(&mut taken[point], true) {
            return bad(format!("{} repeated", vertex::name(vertex)));
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
        .map(|&p| vertex::name(board.vertex(p)))
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

/// An exact number of points as a client would write it: `6.5`, `-7.5`, `0.25`, `7`.
pub fn points_text(points: Points) -> String {
    let (whole, decimals) = points.digits();
    let sign = if points.is_negative() { "-" } else { "" };
    if decimals.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{decimals}")
    }
}

/// A result as `final_score` writes it: `B+21`, `W+0.5`, or `0` for a draw.
fn final_score_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "0".to_string(),
        Outcome::Win { winner, by } => format!("{}+{}", colour_letter(winner), points_text(by)),
    }
}

/// A result in the scoring challenge's form (no komi): `B+21`, `W+6`, or `Jigo`.
pub fn challenge_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "Jigo".to_string(),
        Outcome::Win { winner, by } => format!("{}+{}", colour_letter(winner), points_text(by)),
    }
}

/// The scoring challenge on one text, as `tt-score` answers it: `W+6`, `B+21` or
/// `Jigo`, or why the text is not a board.
pub fn tt_score(text: impl AsRef<[u8]>) -> Result<String, TextBoardError> {
    Ok(challenge_text(TextBoard::parse(text)?.outcome()))
}

/// `B` or `W`.
fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Black => 'B',
        Colour::White => 'W',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(adapter: &mut GoAdapter, line: &str) -> String {
        let words: Vec<&str> = line.split(' ').collect();
        adapter
            .execute(words[0], Args::new(&words[1..]))
            .unwrap_or_else(|error| panic!("{line}: {error}"))
    }

    #[test]
    fn the_tree_of_the_last_move_is_kept_for_the_next() {
        let options = EngineOptions {
            playouts: Some(400),
            ..EngineOptions::default()
        };
        let mut adapter = GoAdapter::new(options);
        run(&mut adapter, "boardsize 5");
        let ours = run(&mut adapter, "genmove b");
        let last = adapter.last_search.clone().expect("a tree kept");
        // The opponent answers with the reply the tree knows best.
        let our_node = last.tree.child_for(
            Tree::ROOT,
            parse_move(&ours)
                .unwrap()
                .map(|v| adapter.board.point(v).unwrap()),
        );
        let our_node = our_node.expect("our move is in the tree");
        let reply = last
            .tree
            .children(our_node)
            .max_by(|&a, &b| {
                last.tree
                    .node(a)
                    .visits
                    .total_cmp(&last.tree.node(b).visits)
            })
            .map(|child| last.tree.node(child).mv)
            .expect("the reply was explored");
        let answer = format!(
            "play w {}",
            move_name(reply.map(|p| adapter.board.vertex(p)))
        );
        run(&mut adapter, &answer);
        let reused = last
            .clone()
            .subtree_for(&adapter.board, Colour::Black)
            .expect("reused");
        assert!(reused.node(Tree::ROOT).visits > 1.0);
        assert_eq!(reused.node(Tree::ROOT).mv, reply);
        // Not for the wrong colour, nor after the position changed otherwise.
        assert!(last
            .clone()
            .subtree_for(&adapter.board, Colour::White)
            .is_none());
        run(&mut adapter, "undo");
        run(&mut adapter, "undo");
        run(&mut adapter, "play b A1");
        run(&mut adapter, "play w A2");
        assert!(last.subtree_for(&adapter.board, Colour::Black).is_none());
    }
}
