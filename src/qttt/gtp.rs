//! The GTP adapter: `qttt-` verbs parsed into a typed command, run against one session's
//! game (and the engine shared by all sessions), answers formatted.

use super::show::show;
use super::{Game, Score, Status};
use crate::gtp::Args;
use crate::session::{CommandError, Game as GtpGame};

/// The verbs, in `list_commands` order.
const VERBS: &[&str] = &[
    "qttt-new",
    "qttt-play",
    "qttt-status",
    "qttt-score",
    "qttt-record",
    "qttt-show",
    "qttt-undo",
];

/// One `qttt-` command with its arguments checked.
enum Command<'a> {
    New,
    Play(&'a [String]),
    Status,
    Score(&'a [String]),
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
            "qttt-record" => none(Command::Record),
            "qttt-show" => none(Command::Show),
            "qttt-undo" => none(Command::Undo),
            _ => Err(CommandError::UnknownCommand),
        }
    }
}

/// One session's quantum tic-tac-toe game.
#[derive(Default)]
pub struct Qttt {
    game: Game,
}

impl Qttt {
    /// A session's game on the empty board.
    pub fn new() -> Qttt {
        Qttt { game: Game::new() }
    }
}

impl GtpGame for Qttt {
    fn verbs(&self) -> &'static [&'static str] {
        VERBS
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
