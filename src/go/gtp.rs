//! The GTP adapter for Go: reads each verb's arguments into a typed `GoCommand`, runs it on
//! the session's board and formats the answer. All of Go's wire text is here and in the
//! submodules (vertex names, the drawn board).

mod analysis;
mod files;
mod kata_time;
mod ponder;
mod records;
mod results;
mod rules;
mod seconds;
mod showboard;
mod thinking;
mod time;
pub mod vertex;

use super::board::{move_limit, Board, Illegal};
use super::engine::clock::Clock;
use super::engine::pool::SearchPool;
use super::engine::search::SearchResult;
use super::engine::EngineOptions;
use super::handicap::{fixed_points, free_points, max_fixed};
use super::points::{Points, PointsError};
use super::score::area_score;
use super::text_board::{TextBoard, TextBoardError};
use super::vertex::Vertex;
use super::Colour;
use crate::gtp::{ArgError, Args};
use crate::session::{
    verb_table, AdapterFactory, CommandError, GameAdapter, Load, StreamEnd, StreamSink,
};
use analysis::{Format, Request};
pub use files::{FileError, SgfFiles};
use kata_time::{kata_clock, kata_time_count, KATA_TIME_SYSTEMS};
use records::Until;
pub use records::{LoadError, SaveError};
use results::final_score_text;
pub use results::{challenge_text, points_text, tt_score};
use seconds::seconds;
use showboard::render;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thinking::{KomiSteering, LastSearch, Progress, ANALYZE_COMMANDS};
use thiserror::Error;
use time::{kgs_clock, kgs_time_count};
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
        /// `kata-list_time_settings`: the systems `kata-time_settings` takes.
        KataListTimeSettings = "kata-list_time_settings",
        /// `kata-time_settings none|absolute|byoyomi|canadian|fischer|fischer-capped ...`.
        KataTimeSettings = "kata-time_settings",
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
        /// `lz-analyze [COLOUR] [INTERVAL] [KEY VALUE]...`: Leela Zero's analysis,
        /// streamed until the next input line.
        LzAnalyze = "lz-analyze",
        /// `lz-genmove_analyze [COLOUR] [INTERVAL]...`: `genmove` with Leela Zero's
        /// analysis streamed while it thinks.
        LzGenMoveAnalyze = "lz-genmove_analyze",
        /// `kata-analyze [COLOUR] [INTERVAL] [KEY VALUE]...`: KataGo's analysis.
        KataAnalyze = "kata-analyze",
        /// `kata-genmove_analyze ...`: `genmove` with KataGo's analysis.
        KataGenMoveAnalyze = "kata-genmove_analyze",
        /// `analyze ...`: Sabaki's analysis: KataGo's keys, Leela Zero's numbers.
        Analyze = "analyze",
        /// `genmove_analyze ...`: Sabaki's `genmove` with analysis.
        GenMoveAnalyze = "genmove_analyze",
        /// `tt-score BOARD...`: the scoring challenge, stateless.
        TtScore = "tt-score",
        /// `rectangular_boardsize W H`: KataGo's name for `boardsize W H`.
        RectangularBoardSize = "rectangular_boardsize",
        /// `stop`: ends pondering (an analysis ends at any input line).
        Stop = "stop",
        /// `kata-get-rules`: Tromp-Taylor, in KataGo's JSON form.
        KataGetRules = "kata-get-rules",
        /// `kgs-rules RULESET`: kgsGtp telling the game's rule set.
        KgsRules = "kgs-rules",
        /// `kgs-game_over`: kgsGtp telling the game has ended.
        KgsGameOver = "kgs-game_over",
        /// `loadsgf FILE [MOVE]`: the game recorded in FILE, up to MOVE.
        LoadSgf = "loadsgf",
        /// `printsgf [FILE]`: the game as SGF, answered or written to FILE.
        PrintSgf = "printsgf",
    }
}

impl Verb {
    /// For an analysis verb: whether it is a `genmove` form, and its format.
    fn analysis(self) -> Option<(bool, Format)> {
        match self {
            Verb::LzAnalyze => Some((false, Format::LeelaZero)),
            Verb::LzGenMoveAnalyze => Some((true, Format::LeelaZero)),
            Verb::KataAnalyze => Some((false, Format::KataGo)),
            Verb::KataGenMoveAnalyze => Some((true, Format::KataGo)),
            Verb::Analyze => Some((false, Format::Sabaki)),
            Verb::GenMoveAnalyze => Some((true, Format::Sabaki)),
            _ => None,
        }
    }
}

/// Builds each session's Go adapter, its engine set by `options`, searching on `pool`
/// (shared by every session), reading and writing SGF files as `files` allows.
pub fn factory(options: EngineOptions, pool: Arc<SearchPool>, files: SgfFiles) -> AdapterFactory {
    let files = Arc::new(files);
    Box::new(move || {
        let mut adapter = GoAdapter::new(options, Arc::clone(&pool));
        adapter.files = Arc::clone(&files);
        Box::new(adapter)
    })
}

/// Why a Go command was refused; the text follows `? ` on the wire.
#[derive(Debug, Error)]
pub enum GoError {
    /// `boardsize` outside 1..=255.
    #[error("unacceptable size")]
    UnacceptableSize,
    /// A board that is not square (`boardsize 19 13`).
    #[error("unacceptable size: {width}x{height} is not square; gamebot plays square boards from 1x1 to 255x255")]
    NotSquare {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// `loadsgf` could not load its file; nothing changed.
    #[error("cannot load file: {0}")]
    CannotLoad(#[from] LoadError),
    /// `printsgf` could not write its file.
    #[error("cannot save file: {0}")]
    CannotSave(#[from] SaveError),
    /// `kgs-rules` with a rule set KGS does not send.
    #[error(
        "syntax error: a KGS rule set (chinese, aga, new_zealand or japanese) expected, got '{0}'"
    )]
    UnknownRules(String),
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
    /// Analysis, streamed: a `genmove` form or not.
    Analyze {
        genmove: bool,
        request: Request,
    },
    /// The stateless scoring challenge on a board given as text.
    TtScore(TextBoard),
    /// New clocks for both colours.
    TimeSettings(Clock),
    /// `stop`: nothing more than any Go command does (pondering ends).
    Stop,
    /// `kata-get-rules`.
    Rules,
    /// `kgs-rules`: the rule set is known, and gamebot keeps to Tromp-Taylor.
    KgsRules,
    /// `kgs-game_over`: the game has ended; what was kept for the next move goes.
    GameOver,
    /// `loadsgf`: the file's name, and where to stop.
    LoadSgf(String, Option<Until>),
    /// `printsgf`: the file's name, if any.
    PrintSgf(Option<String>),
    /// The time systems `kata-time_settings` takes.
    ListTimeSettings,
    /// A colour's time left: seconds, and stones (or periods) left in overtime.
    TimeLeft(Colour, f64, u32),
}

/// One session's Go game: the board with its history, komi, and how the engine thinks.
#[derive(Debug)]
pub struct GoAdapter {
    board: Board,
    komi: Points,
    options: EngineOptions,
    /// The search threads, shared with every other session.
    pool: Arc<SearchPool>,
    /// Black's and White's clocks, once time settings have come.
    clocks: [Option<Clock>; 2],
    /// The tree of the last move the engine played, to continue from.
    last_search: Option<LastSearch>,
    /// Dynamic komi, learned move by move.
    steering: KomiSteering,
    /// The search on the opponent's time, with `--go-ponder`, that grows that tree.
    ponder: Option<ponder::Ponder>,
    /// The last short search for dead stones and GoGui, with the position it was for
    /// (board hash, moves played, komi).
    last_look: Option<((u64, usize, Points), SearchResult)>,
    /// Which files `loadsgf` and `printsgf` may touch.
    files: Arc<SgfFiles>,
}

impl GoAdapter {
    /// A session's game on an empty 19x19 board, komi 0, searching on `pool`, touching
    /// no file.
    pub fn new(options: EngineOptions, pool: Arc<SearchPool>) -> GoAdapter {
        GoAdapter {
            board: Board::new(DEFAULT_SIZE),
            komi: Points::ZERO,
            options,
            pool,
            clocks: [None; 2],
            last_search: None,
            steering: KomiSteering::default(),
            ponder: None,
            last_look: None,
            files: Arc::new(SgfFiles::Refused),
        }
    }
}

impl Drop for GoAdapter {
    /// A session that ends stops its ponder.
    fn drop(&mut self) {
        self.stop_pondering();
    }
}

impl GameAdapter for GoAdapter {
    fn verbs(&self) -> &'static [&'static str] {
        Verb::NAMES
    }

    fn is_heavy(&self, verb: &str, args: Args<'_>) -> bool {
        match Verb::from_name(verb) {
            Some(
                Verb::GenMove
                | Verb::RegGenMove
                | Verb::KgsGenMoveCleanup
                | Verb::FinalStatusList
                | Verb::Ownership
                | Verb::PrincipalVariation
                | Verb::LzAnalyze
                | Verb::LzGenMoveAnalyze
                | Verb::KataAnalyze
                | Verb::KataGenMoveAnalyze
                | Verb::Analyze
                | Verb::GenMoveAnalyze
                | Verb::LoadSgf,
            ) => true,
            // Only a file is slow to write.
            Some(Verb::PrintSgf) => !args.is_empty(),
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
                | Verb::KataListTimeSettings
                | Verb::KataTimeSettings
                | Verb::GoguiAnalyzeCommands
                | Verb::TtScore
                | Verb::RectangularBoardSize
                | Verb::Stop
                | Verb::KataGetRules
                | Verb::KgsRules
                | Verb::KgsGameOver,
            )
            | None => false,
        }
    }

    /// Every heavy Go verb but the file ones is a search, which runs on the shared
    /// search pool; files are read and written on a thread of their own.
    fn load(&self, verb: &str) -> Load {
        match Verb::from_name(verb) {
            Some(Verb::LoadSgf | Verb::PrintSgf) => Load::Cpu,
            _ => Load::Pooled,
        }
    }

    /// An analysis verb answers at once here, as if its next input line had come with
    /// it: its stream, if any, comes back as the answer's first lines.
    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let mut lines = Collected::default();
        let stop = AtomicBool::new(self.streams(verb).is_some());
        let answer = self.execute_stream(verb, args, &mut lines, &stop)?;
        let mut lines = lines.0;
        if lines.is_empty() {
            return Ok(answer);
        }
        lines.push(answer);
        Ok(lines.join("\n"))
    }

    /// A search stopped early answers with the best it found so far: a legal move, or
    /// the dead stones as far as it could tell.
    fn execute_cancellable(
        &mut self,
        verb: &str,
        args: Args<'_>,
        stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        if self.streams(verb).is_some() {
            return self.execute(verb, args);
        }
        self.execute_stream(verb, args, &mut Collected::default(), stop)
    }

    fn streams(&self, verb: &str) -> Option<StreamEnd> {
        let (genmove, _) = Verb::from_name(verb)?.analysis()?;
        Some(if genmove {
            StreamEnd::ByItself
        } else {
            StreamEnd::AtNextLine
        })
    }

    fn execute_stream(
        &mut self,
        verb: &str,
        args: Args<'_>,
        sink: &mut dyn StreamSink,
        stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        // Whatever comes next, the opponent's time is over.
        self.stop_pondering();
        let verb = Verb::from_name(verb).ok_or(CommandError::UnknownCommand)?;
        let command = self.parse(verb, args)?;
        self.run(command, sink, stop)
    }
}

/// The lines of a stream, kept for an answer given all at once.
#[derive(Debug, Default)]
struct Collected(Vec<String>);

impl StreamSink for Collected {
    fn begin(&mut self) {}

    fn line(&mut self, text: &str) {
        self.0.push(text.to_string());
    }
}

impl GoAdapter {
    fn parse(&self, verb: Verb, args: Args<'_>) -> Result<GoCommand, CommandError> {
        let count = match verb {
            Verb::Komi
            | Verb::GenMove
            | Verb::RegGenMove
            | Verb::KgsGenMoveCleanup
            | Verb::FinalStatusList
            | Verb::FixedHandicap
            | Verb::PlaceFreeHandicap
            | Verb::KgsRules => 1,
            Verb::LoadSgf => {
                args.expect_range(1, 2)?;
                args.len()
            }
            Verb::PrintSgf => {
                args.expect_range(0, 1)?;
                args.len()
            }
            Verb::BoardSize | Verb::RectangularBoardSize => {
                args.expect_range(1, 2)?;
                args.len()
            }
            Verb::Play => 2,
            Verb::TimeSettings | Verb::TimeLeft => 3,
            Verb::SetFreeHandicap
            | Verb::TtScore
            | Verb::LzAnalyze
            | Verb::LzGenMoveAnalyze
            | Verb::KataAnalyze
            | Verb::KataGenMoveAnalyze
            | Verb::Analyze
            | Verb::GenMoveAnalyze => args.len(),
            Verb::KgsTimeSettings => kgs_time_count(args)?,
            Verb::KataTimeSettings => kata_time_count(args)?,
            Verb::ClearBoard
            | Verb::Undo
            | Verb::ShowBoard
            | Verb::FinalScore
            | Verb::GoguiAnalyzeCommands
            | Verb::KataListTimeSettings
            | Verb::Ownership
            | Verb::PrincipalVariation
            | Verb::Stop
            | Verb::KataGetRules
            | Verb::KgsGameOver => 0,
        };
        args.expect_count(count)?;
        Ok(match verb {
            Verb::BoardSize | Verb::RectangularBoardSize => GoCommand::BoardSize(board_size(args)?),
            Verb::Stop => GoCommand::Stop,
            Verb::KataGetRules => GoCommand::Rules,
            Verb::KgsRules => {
                let name = args.all()[0];
                if !rules::is_kgs_ruleset(name) {
                    return Err(CommandError::game(GoError::UnknownRules(name.to_string())));
                }
                GoCommand::KgsRules
            }
            Verb::KgsGameOver => GoCommand::GameOver,
            Verb::LoadSgf => GoCommand::LoadSgf(
                args.all()[0].to_string(),
                (args.len() == 2)
                    .then(|| Until::parse(args, 1))
                    .transpose()?,
            ),
            Verb::PrintSgf => GoCommand::PrintSgf(args.all().first().map(|name| name.to_string())),
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
                seconds(args, 0, "a main time in seconds")?,
                seconds(args, 1, "a byo-yomi time in seconds")?,
                args.parse::<u32>(2, "a number of byo-yomi stones")?,
            )),
            Verb::TimeLeft => GoCommand::TimeLeft(
                colour(args, 0)?,
                seconds(args, 1, "a time left in seconds")?,
                args.parse::<u32>(2, "a number of stones")?,
            ),
            Verb::KgsTimeSettings => GoCommand::TimeSettings(kgs_clock(args)?),
            Verb::KataTimeSettings => GoCommand::TimeSettings(kata_clock(args)?),
            Verb::KataListTimeSettings => GoCommand::ListTimeSettings,
            Verb::LzAnalyze
            | Verb::LzGenMoveAnalyze
            | Verb::KataAnalyze
            | Verb::KataGenMoveAnalyze
            | Verb::Analyze
            | Verb::GenMoveAnalyze => {
                let (genmove, format) = verb.analysis().ok_or(CommandError::UnknownCommand)?;
                GoCommand::Analyze {
                    genmove,
                    request: Request::parse(args, format, &self.board)?,
                }
            }
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

    /// Runs `command`; an analysis streams its lines to `sink` until `stop` is set.
    fn run(
        &mut self,
        command: GoCommand,
        sink: &mut dyn StreamSink,
        stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        self.run_plain(command, sink, stop)
            .map_err(CommandError::game)
    }

    /// Starts a new game on `board`: nothing learned in the last one (the kept tree, the
    /// last short search, the dynamic komi) carries over, so that a position set up
    /// move by move is searched as any other game's would be.
    fn new_game(&mut self, board: Board) {
        self.board = board;
        self.last_search = None;
        self.last_look = None;
        self.steering = KomiSteering::default();
    }

    fn run_plain(
        &mut self,
        command: GoCommand,
        sink: &mut dyn StreamSink,
        stop: &AtomicBool,
    ) -> Result<String, GoError> {
        let board = &mut self.board;
        if matches!(
            command,
            GoCommand::Play(..)
                | GoCommand::GenMove(_, Purpose::Play | Purpose::Cleanup)
                | GoCommand::Analyze { genmove: true, .. }
        ) {
            let limit = move_limit(board.size());
            if board.moves().len() >= limit {
                return Err(GoError::MoveLimit { limit });
            }
        }
        let answer = match command {
            GoCommand::BoardSize(size) => {
                self.new_game(Board::new(size));
                String::new()
            }
            GoCommand::ClearBoard => {
                let size = board.size();
                self.new_game(Board::new(size));
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
            GoCommand::GenMove(colour, purpose) => {
                let progress = Progress {
                    interval: None,
                    stop,
                    report: &mut |_, _| {},
                };
                return self.genmove(colour, purpose, Some(progress), None);
            }
            GoCommand::Analyze {
                genmove: true,
                request,
            } => return self.genmove_analyze(&request, sink, stop),
            GoCommand::Analyze {
                genmove: false,
                request,
            } => {
                self.analyze(&request, sink, stop);
                String::new()
            }
            GoCommand::AnalyzeCommands => ANALYZE_COMMANDS.join("\n"),
            GoCommand::Ownership => self.ownership_board(stop),
            GoCommand::PrincipalVariation => self.principal_variation(stop),
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
                let dead = self.dead_stones(stop);
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
            GoCommand::Stop | GoCommand::KgsRules => String::new(),
            GoCommand::LoadSgf(name, until) => {
                self.load_sgf(&name, until)?;
                String::new()
            }
            GoCommand::PrintSgf(name) => self.print_sgf(name.as_deref())?,
            GoCommand::Rules => rules::KATA_RULES.to_string(),
            GoCommand::GameOver => {
                self.last_search = None;
                self.last_look = None;
                String::new()
            }
            GoCommand::ListTimeSettings => KATA_TIME_SYSTEMS.to_string(),
            GoCommand::TimeLeft(colour, seconds, count) => {
                if let Some(clock) = &mut self.clocks[colour.index()] {
                    clock.set_left(seconds, count);
                }
                String::new()
            }
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

/// `boardsize N` or `boardsize W H` (`rectangular_boardsize` alike): a side the board
/// takes, or why not.
fn board_size(args: Args<'_>) -> Result<usize, CommandError> {
    let side = |index| integer(args, index, "a board size");
    let width = side(0)?;
    let height = if args.len() == 2 { side(1)? } else { width };
    match (width, height) {
        (Some(width), Some(height)) if width != height => {
            Err(CommandError::game(GoError::NotSquare { width, height }))
        }
        (Some(size), Some(_)) if Board::is_valid_size(size) => Ok(size),
        _ => Err(CommandError::game(GoError::UnacceptableSize)),
    }
}

/// Argument `index` as a whole number: `None` if negative or too large for `usize`, a
/// syntax error if it is not an optionally signed run of digits.
fn integer(args: Args<'_>, index: usize, what: &'static str) -> Result<Option<usize>, ArgError> {
    args.parse_with(index, what, |raw| {
        let digits = raw.strip_prefix('-').unwrap_or(raw);
        let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        whole.then(|| raw.parse::<usize>().ok())
    })
}

fn stone_count(args: Args<'_>) -> Result<usize, CommandError> {
    integer(args, 0, "a number of stones")?.ok_or_else(|| {
        CommandError::game(GoError::InvalidStones(
            "a positive number expected".to_string(),
        ))
    })
}
