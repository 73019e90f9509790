//! The GTP adapter: `wythoff-` verbs to the game and back to text.

use super::error::WythoffError;
use super::game::Game;
use super::position::Position;
use crate::gtp::{ArgError, Args};
use crate::session::{self, CommandError};
use num_bigint::BigUint;

/// What a pile argument must be, for error messages.
const PILE: &str = "a pile size (a non-negative decimal integer)";

/// One session's Wythoff state: no game until `wythoff-new`.
#[derive(Debug, Default)]
pub struct Wythoff {
    game: Option<Game>,
}

/// A parsed `wythoff-` command.
#[derive(Debug)]
enum Command {
    New(Position),
    Play(Position),
    Genmove,
    Solve(Position),
    Status,
}

impl Command {
    fn parse(verb: &str, args: Args<'_>) -> Result<Command, CommandError> {
        Ok(match verb {
            "wythoff-new" => Command::New(position(args)?),
            "wythoff-play" => Command::Play(position(args)?),
            "wythoff-solve" => Command::Solve(position(args)?),
            "wythoff-genmove" => {
                args.expect_count(0)?;
                Command::Genmove
            }
            "wythoff-status" => {
                args.expect_count(0)?;
                Command::Status
            }
            _ => return Err(CommandError::UnknownCommand),
        })
    }
}

/// Exactly two pile arguments.
fn position(args: Args<'_>) -> Result<Position, ArgError> {
    args.expect_count(2)?;
    Ok(Position {
        first: args.parse_with(0, PILE, parse_pile)?,
        second: args.parse_with(1, PILE, parse_pile)?,
    })
}

/// A pile: one or more ASCII digits and nothing else (no sign, no `_`, no point);
/// leading zeros are allowed.
fn parse_pile(text: &str) -> Option<BigUint> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
}

impl Wythoff {
    /// A session with no game yet.
    pub fn new() -> Wythoff {
        Wythoff::default()
    }

    fn game(&mut self) -> Result<&mut Game, WythoffError> {
        self.game.as_mut().ok_or(WythoffError::NoGame)
    }

    fn run(&mut self, command: Command) -> Result<String, WythoffError> {
        Ok(match command {
            Command::New(position) => {
                self.game = Some(Game::new(position));
                String::new()
            }
            Command::Play(to) => {
                self.game()?.play(to)?;
                String::new()
            }
            Command::Genmove => self.game()?.genmove()?.to_string(),
            Command::Solve(position) => match position.winning_move() {
                Some(to) => to.to_string(),
                None => "none".to_string(),
            },
            Command::Status => self.game()?.to_string(),
        })
    }
}

impl session::Game for Wythoff {
    fn verbs(&self) -> &'static [&'static str] {
        &[
            "wythoff-new",
            "wythoff-play",
            "wythoff-genmove",
            "wythoff-solve",
            "wythoff-status",
        ]
    }

    /// Every verb: piles may have up to a line's worth of digits, and reading, solving
    /// and printing numbers that long takes long enough to keep off the async workers.
    fn is_heavy(&self, _verb: &str) -> bool {
        true
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let command = Command::parse(verb, args)?;
        self.run(command).map_err(CommandError::game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles() {
        assert_eq!(parse_pile("007"), Some(BigUint::from(7u32)));
        assert_eq!(parse_pile("0"), Some(BigUint::from(0u32)));
        for bad in [
            "", "+5", "-3", "1.0", "1_000", "1e3", "0x10", "٣", "5a", " 5",
        ] {
            assert_eq!(parse_pile(bad), None, "{bad:?}");
        }
    }
}
