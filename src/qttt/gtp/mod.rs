//! The GTP adapter: `qttt-` verbs parsed into a typed command, run against one session's
//! game (and the engine shared by all sessions), answers written in the notation. All of
//! quantum tic-tac-toe's wire text is here and in the submodules.

pub mod notation;
mod show;

use super::{CollapseOptions, Engine, Game, Refusal, Rejected, Score, Status, Token};
use crate::gtp::{ArgError, Args};
use crate::qttt::engine::{Control, Stopped};
use crate::session::{verb_table, AdapterFactory, CommandError, GameAdapter};
use notation::{parse_tokens, player_text, record_text, score_text, token_text, TokenSyntaxError};
use show::show;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

verb_table! {
    /// The quantum tic-tac-toe verbs, in `list_commands` order.
    enum Verb {
        /// `qttt-new`: a new game.
        New = "qttt-new",
        /// `qttt-play TOKEN...`: applies the tokens, all or none.
        Play = "qttt-play",
        /// `qttt-status`: what is due.
        Status = "qttt-status",
        /// `qttt-genmove`: the engine's action, played.
        Genmove = "qttt-genmove",
        /// `qttt-analyze`: every legal action with its value.
        Analyze = "qttt-analyze",
        /// `qttt-score [TOKEN...]`: the score of the game or of a record.
        Score = "qttt-score",
        /// `qttt-record`: the tokens so far.
        Record = "qttt-record",
        /// `qttt-show`: the board for people.
        Show = "qttt-show",
        /// `qttt-undo`: takes back the last token.
        Undo = "qttt-undo",
    }
}

/// One `qttt-` command with its arguments read.
enum Command {
    New,
    Play(Vec<Token>),
    Status,
    Genmove,
    Analyze,
    Score(Vec<Token>),
    Record,
    Show,
    Undo,
}

/// Why a `qttt-` command was refused; the text is what follows `? ` on the wire.
#[derive(Debug)]
enum QtttError {
    /// A token that is not written in the notation.
    Syntax(String, TokenSyntaxError),
    /// A token the rules refuse.
    Illegal(String, Refusal),
    /// `qttt-undo` at the start of the game.
    CannotUndo,
    /// The engine was asked to act in a finished game.
    Over,
    /// The engine's search was stopped (its client went).
    Stopped(Stopped),
}

impl QtttError {
    /// The session's error for this one: a stopped search is a cancelled command.
    fn into_command_error(self) -> CommandError {
        match self {
            QtttError::Stopped(_) => CommandError::Cancelled,
            other => CommandError::game(other),
        }
    }
}

impl fmt::Display for QtttError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QtttError::Syntax(token, why) => write!(f, "syntax error: {token}: {why}"),
            QtttError::Illegal(token, why) => {
                write!(f, "illegal move: {token}: {}", refusal_text(*why))
            }
            QtttError::CannotUndo => f.write_str("cannot undo"),
            QtttError::Over => f.write_str("illegal move: the game is over"),
            QtttError::Stopped(stopped) => write!(f, "{stopped}"),
        }
    }
}

impl std::error::Error for QtttError {}

/// Why the rules refused a token, in words.
fn refusal_text(refusal: Refusal) -> String {
    match refusal {
        Refusal::Classical(cell) => {
            format!("cell {} is classical", crate::qttt::cells::letter(cell))
        }
        Refusal::SingleCell => {
            "a single-cell move is legal only when exactly one cell is not classical".into()
        }
        Refusal::CollapseDue(options) => format!("a collapse is due, choose {}", or(options)),
        Refusal::NoCollapseDue => "no collapse is due".into(),
        Refusal::NotAnOption(options) => {
            format!("not a collapse option, choose {}", or(options))
        }
        Refusal::GameOver => "the game is over".into(),
    }
}

/// `1 or 4`, or just `9` for a single option.
fn or(options: CollapseOptions) -> String {
    options
        .as_slice()
        .iter()
        .map(|(token, _)| token.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

impl Command {
    fn parse(verb: Verb, args: Args<'_>) -> Result<Command, CommandError> {
        let none = |command| {
            args.expect_count(0)?;
            Ok::<_, ArgError>(command)
        };
        Ok(match verb {
            Verb::Play => {
                if args.is_empty() {
                    args.expect_count(1)?;
                }
                Command::Play(tokens(args)?)
            }
            Verb::Score => Command::Score(tokens(args)?),
            Verb::New => none(Command::New)?,
            Verb::Status => none(Command::Status)?,
            Verb::Genmove => none(Command::Genmove)?,
            Verb::Analyze => none(Command::Analyze)?,
            Verb::Record => none(Command::Record)?,
            Verb::Show => none(Command::Show)?,
            Verb::Undo => none(Command::Undo)?,
        })
    }
}

/// Every argument read as a token.
fn tokens(args: Args<'_>) -> Result<Vec<Token>, CommandError> {
    parse_tokens(args.all())
        .map_err(|(text, why)| CommandError::game(QtttError::Syntax(text.to_string(), why)))
}

/// Builds each session's adapter; all of them share one engine (and its table).
pub fn factory() -> AdapterFactory {
    let engine = Arc::new(Engine::new());
    Box::new(move || Box::new(QtttAdapter::new(engine.clone())))
}

/// One session's quantum tic-tac-toe game, with the engine every session shares.
pub struct QtttAdapter {
    game: Game,
    engine: Arc<Engine>,
}

impl QtttAdapter {
    /// A session's game on the empty board, searching with `engine`.
    pub fn new(engine: Arc<Engine>) -> QtttAdapter {
        QtttAdapter {
            game: Game::new(),
            engine,
        }
    }

    /// Runs `command`; a search runs under `control`.
    fn run(
        &mut self,
        command: Command,
        args: Args<'_>,
        control: &Control<'_>,
    ) -> Result<String, QtttError> {
        // The text of the token a refusal names, as the client wrote it.
        let rejected = |Rejected { index, refusal }| {
            QtttError::Illegal(args.all()[index].to_string(), refusal)
        };
        Ok(match command {
            Command::New => {
                self.game = Game::new();
                String::new()
            }
            Command::Play(tokens) => {
                self.game.play(&tokens).map_err(rejected)?;
                status_text(self.game.position().status())
            }
            Command::Status => status_text(self.game.position().status()),
            Command::Genmove => {
                let chosen = self.engine.choose_with(self.game.position(), control);
                count_nodes(control);
                let token = chosen.map_err(QtttError::Stopped)?.ok_or(QtttError::Over)?;
                self.game
                    .play_token(token)
                    .expect("the engine chooses a legal token");
                token_text(token)
            }
            Command::Analyze => {
                let lines = self.engine.analyze_with(self.game.position(), control);
                count_nodes(control);
                let lines = lines.map_err(QtttError::Stopped)?;
                if lines.is_empty() {
                    return Err(QtttError::Over);
                }
                lines
                    .iter()
                    .map(|&(token, score)| format!("{} {}", token_text(token), score_text(score)))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            Command::Score(tokens) if tokens.is_empty() => final_score_text(&self.game),
            Command::Score(tokens) => {
                final_score_text(&Game::from_record(&tokens).map_err(rejected)?)
            }
            Command::Record => record_text(self.game.tokens()),
            Command::Show => show(self.game.position()),
            Command::Undo => {
                if !self.game.undo() {
                    return Err(QtttError::CannotUndo);
                }
                String::new()
            }
        })
    }
}

impl GameAdapter for QtttAdapter {
    fn verbs(&self) -> &'static [&'static str] {
        Verb::NAMES
    }

    /// The searches run on the blocking pool. Each is bounded: solving the whole game
    /// from the empty board takes well under a second.
    fn is_heavy(&self, verb: &str, _args: Args<'_>) -> bool {
        match Verb::from_name(verb) {
            Some(Verb::Genmove | Verb::Analyze) => true,
            Some(
                Verb::New
                | Verb::Play
                | Verb::Status
                | Verb::Score
                | Verb::Record
                | Verb::Show
                | Verb::Undo,
            )
            | None => false,
        }
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        self.execute_cancellable(verb, args, &AtomicBool::new(false))
    }

    /// A search stopped before its end answers `? cancelled` and plays nothing.
    fn execute_cancellable(
        &mut self,
        verb: &str,
        args: Args<'_>,
        stop: &AtomicBool,
    ) -> Result<String, CommandError> {
        let verb = Verb::from_name(verb).ok_or(CommandError::UnknownCommand)?;
        let command = Command::parse(verb, args)?;
        self.run(command, args, &Control::new(stop))
            .map_err(QtttError::into_command_error)
    }
}

/// Adds a search's nodes to the server's tally of search work.
fn count_nodes(control: &Control<'_>) {
    metrics::counter!("gamebot_search_nodes_total", "game" => "qttt").increment(control.nodes());
}

/// `move x`, `collapse o 1 4`, `over 0.5 1`.
fn status_text(status: Status) -> String {
    match status {
        Status::Move(player) => format!("move {}", player_text(player)),
        Status::Collapse(player, options) => {
            let mut text = format!("collapse {}", player_text(player));
            for (token, _) in options.as_slice() {
                text.push_str(&format!(" {token}"));
            }
            text
        }
        Status::Over(score) => format!("over {}", score_text(score)),
    }
}

/// The final score, or `0 0` while the game is unfinished (nobody has a tic-tac-toe yet).
fn final_score_text(game: &Game) -> String {
    score_text(game.position().outcome().unwrap_or(Score::NONE))
}
