//! The GTP adapter: `wythoff-` verbs to the game and back to text.

use super::error::WythoffError;
use super::game::Game;
use super::position::Position;
use crate::gtp::{ArgError, Args};
use crate::session::{self, CommandError};
use num_bigint::BigUint;

/// Piles of up to this many digits are answered on the async worker: a whole command
/// then takes well under 0.1 ms (solving two 1,000-digit piles: about 26 µs).
const INLINE_DIGITS: usize = 1_000;

/// [`INLINE_DIGITS`] in bits: a 1,000-digit number has at most 3,322 bits.
const INLINE_BITS: u64 = 3_322;

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

    /// Piles may have up to a line's worth of digits, and reading, solving and printing
    /// numbers that long takes long enough (about a second at 300,000 digits) to keep off
    /// the async workers; piles of ordinary size are answered at once.
    fn is_heavy(&self, verb: &str, args: Args<'_>) -> bool {
        let huge_argument = args.all().iter().any(|arg| arg.len() > INLINE_DIGITS);
        let huge_game = matches!(verb, "wythoff-genmove" | "wythoff-status")
            && self
                .game
                .as_ref()
                .is_some_and(|game| game.position().bits() > INLINE_BITS);
        huge_argument || huge_game
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let command = Command::parse(verb, args)?;
        self.run(command).map_err(CommandError::game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Game as _;

    fn heavy(wythoff: &Wythoff, verb: &str, args: &[&str]) -> bool {
        wythoff.is_heavy(verb, Args::new(args))
    }

    #[test]
    fn only_huge_piles_leave_the_async_workers() {
        let mut wythoff = Wythoff::new();
        let limit = "9".repeat(INLINE_DIGITS);
        let over = "9".repeat(INLINE_DIGITS + 1);
        assert!(!heavy(&wythoff, "wythoff-solve", &["13", "9"]));
        assert!(!heavy(&wythoff, "wythoff-new", &[&limit, "1"]));
        assert!(heavy(&wythoff, "wythoff-new", &["1", &over]));
        assert!(heavy(&wythoff, "wythoff-solve", &[&over, "2"]));
        assert!(!heavy(&wythoff, "wythoff-genmove", &[]));

        wythoff
            .execute("wythoff-new", Args::new(&[&limit, "5"]))
            .unwrap();
        assert!(!heavy(&wythoff, "wythoff-genmove", &[]));
        wythoff
            .execute("wythoff-new", Args::new(&[&over, "5"]))
            .unwrap();
        assert!(heavy(&wythoff, "wythoff-genmove", &[]));
        assert!(heavy(&wythoff, "wythoff-status", &[]));
        assert!(!heavy(&wythoff, "wythoff-solve", &["3", "5"]));
    }

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
