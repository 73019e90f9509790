//! The GTP adapter: `qttt-` verbs parsed into a typed command, run against one session's
//! game (and the engine shared by all sessions), answers formatted.

use super::show::show;
use super::{Engine, Game, GameError, Score, Status};
use crate::gtp::Args;
use crate::session::{CommandError, Game as GtpGame};
use std::sync::Arc;

/// The verbs, in `list_commands` order.
const VERBS: &[&str] = &[
    "qttt-new",
    "qttt-play",
    "qttt-status",
    "qttt-genmove",
    "qttt-analyze",
    "qttt-score",
    "qttt-record",
    "qttt-show",
    "qttt-undo",
];

/// One `qttt-` command with its arguments checked.
enum Command<'a> {
    New,
    Play(&'a [&'a str]),
    Status,
    Genmove,
    Analyze,
    Score(&'a [&'a str]),
    Record,
    Show,
    Undo,
}

impl<'a> Command<'a> {
    fn parse(verb: &str, args: Args<'a>) -> Result<Command<'a>, CommandError> {
        let none = |command| {
            args.expect_count(0)?;
            Ok(command)
        };
        match verb {
            "qttt-play" => {
                if args.is_empty() {
                    args.expect_count(1)?;
                }
                Ok(Command::Play(args.all()))
            }
            "qttt-score" => Ok(Command::Score(args.all())),
            "qttt-new" => none(Command::New),
            "qttt-status" => none(Command::Status),
            "qttt-genmove" => none(Command::Genmove),
            "qttt-analyze" => none(Command::Analyze),
            "qttt-record" => none(Command::Record),
            "qttt-show" => none(Command::Show),
            "qttt-undo" => none(Command::Undo),
            _ => Err(CommandError::UnknownCommand),
        }
    }
}

/// Builds each session's game; all of them share one engine (and its table).
pub fn factory() -> impl Fn() -> Box<dyn GtpGame> + Send + Sync {
    let engine = Arc::new(Engine::new());
    move || Box::new(Qttt::new(engine.clone()))
}

/// One session's quantum tic-tac-toe game, with the engine every session shares.
pub struct Qttt {
    game: Game,
    engine: Arc<Engine>,
}

impl Qttt {
    /// A session's game on the empty board, searching with `engine`.
    pub fn new(engine: Arc<Engine>) -> Qttt {
        Qttt {
            game: Game::new(),
            engine,
        }
    }
}

impl GtpGame for Qttt {
    fn verbs(&self) -> &'static [&'static str] {
        VERBS
    }

    /// The searches run on the blocking pool. Each is bounded: solving the whole game
    /// from the empty board takes well under a second.
    fn is_heavy(&self, verb: &str, _args: Args<'_>) -> bool {
        matches!(verb, "qttt-genmove" | "qttt-analyze")
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        match Command::parse(verb, args)? {
            Command::New => {
                self.game = Game::new();
                Ok(String::new())
            }
            Command::Play(tokens) => {
                self.game.play(tokens).map_err(CommandError::game)?;
                Ok(status_text(self.game.position().status()))
            }
            Command::Status => Ok(status_text(self.game.position().status())),
            Command::Genmove => {
                let token = self
                    .engine
                    .choose(self.game.position())
                    .ok_or(CommandError::game(GameError::Over))?;
                self.game
                    .play_token(token)
                    .expect("the engine chooses a legal token");
                Ok(token.to_string())
            }
            Command::Analyze => {
                let lines = self.engine.analyze(self.game.position());
                if lines.is_empty() {
                    return Err(CommandError::game(GameError::Over));
                }
                Ok(lines
                    .iter()
                    .map(|(token, score)| format!("{token} {score}"))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            Command::Score([]) => Ok(score_text(&self.game)),
            Command::Score(tokens) => {
                let game = Game::from_record(tokens).map_err(CommandError::game)?;
                Ok(score_text(&game))
            }
            Command::Record => Ok(self.game.record()),
            Command::Show => Ok(show(self.game.position())),
            Command::Undo => {
                self.game.undo().map_err(CommandError::game)?;
                Ok(String::new())
            }
        }
    }
}

/// `move x`, `collapse o 1 4`, `over 0.5 1`.
fn status_text(status: Status) -> String {
    match status {
        Status::Move(player) => format!("move {player}"),
        Status::Collapse(player, options) => {
            let mut text = format!("collapse {player}");
            for (token, _) in options.as_slice() {
                text.push_str(&format!(" {token}"));
            }
            text
        }
        Status::Over(score) => format!("over {score}"),
    }
}

/// The final score, or `0 0` while the game is unfinished (nobody has a tic-tac-toe yet).
fn score_text(game: &Game) -> String {
    game.position().outcome().unwrap_or(Score::NONE).to_string()
}
