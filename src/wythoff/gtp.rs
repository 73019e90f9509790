//! The GTP adapter: `wythoff-` verbs to the game and back to text. All of Wythoff's wire
//! text is here.

use super::error::WythoffError;
use super::game::Game;
use super::position::Position;
use super::side::Side;
use crate::gtp::{ArgError, Args};
use crate::session::{verb_table, AdapterFactory, CommandError, GameAdapter};
use num_bigint::BigUint;
use std::fmt;

/// Piles of up to this many digits are answered on the async worker: a whole command
/// then takes well under 0.1 ms (solving two 1,000-digit piles: about 26 µs).
const INLINE_DIGITS: usize = 1_000;

/// [`INLINE_DIGITS`] in bits: a 1,000-digit number has at most 3,322 bits.
const INLINE_BITS: u64 = 3_322;

/// What a pile argument must be, for error messages.
const PILE: &str = "a pile size (a non-negative decimal integer)";

verb_table! {
    /// The Wythoff verbs, in `list_commands` order.
    enum Verb {
        /// `wythoff-new A B`: a new game at piles (A, B).
        New = "wythoff-new",
        /// `wythoff-play A B`: the side to move moves to (A, B).
        Play = "wythoff-play",
        /// `wythoff-genmove`: the engine moves and answers the new position.
        Genmove = "wythoff-genmove",
        /// `wythoff-solve A B`: stateless, a winning move or `none`.
        Solve = "wythoff-solve",
        /// `wythoff-status`: the piles and whose turn it is.
        Status = "wythoff-status",
    }
}

/// Builds each session's Wythoff adapter.
pub fn factory() -> AdapterFactory {
    Box::new(|| Box::new(WythoffAdapter::default()))
}

/// One session's Wythoff state: no game until `wythoff-new`.
#[derive(Debug, Default)]
pub struct WythoffAdapter {
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
    fn parse(verb: Verb, args: Args<'_>) -> Result<Command, ArgError> {
        Ok(match verb {
            Verb::New => Command::New(position(args)?),
            Verb::Play => Command::Play(position(args)?),
            Verb::Solve => Command::Solve(position(args)?),
            Verb::Genmove => {
                args.expect_count(0)?;
                Command::Genmove
            }
            Verb::Status => {
                args.expect_count(0)?;
                Command::Status
            }
        })
    }
}

/// Why a Wythoff command was refused; the text is what follows `? ` on the wire.
#[derive(Debug)]
enum Refusal {
    /// A move or a status request before any `wythoff-new`.
    NoGame,
    /// The game refused the move.
    Rules(WythoffError),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoGame => f.write_str("no game: start one with wythoff-new A B"),
            Refusal::Rules(WythoffError::GameOver) => {
                f.write_str("game over: no counters are left")
            }
            Refusal::Rules(WythoffError::Illegal(why)) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<WythoffError> for Refusal {
    fn from(error: WythoffError) -> Refusal {
        Refusal::Rules(error)
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

/// `A B`: the piles in decimal, first then second.
fn position_text(position: &Position) -> String {
    format!("{} {}", position.first, position.second)
}

/// `first` or `second`.
fn side_text(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// `13 9 first` (the piles, then the side to move), or once the game is over the
/// winner, who took the last counter: `0 0 second won`.
fn status_text(game: &Game) -> String {
    let piles = position_text(game.position());
    match game.winner() {
        Some(winner) => format!("{piles} {} won", side_text(winner)),
        None => format!("{piles} {}", side_text(game.to_move())),
    }
}

impl WythoffAdapter {
    fn game(&mut self) -> Result<&mut Game, Refusal> {
        self.game.as_mut().ok_or(Refusal::NoGame)
    }

    fn run(&mut self, command: Command) -> Result<String, Refusal> {
        Ok(match command {
            Command::New(position) => {
                self.game = Some(Game::new(position));
                String::new()
            }
            Command::Play(to) => {
                self.game()?.play(to)?;
                String::new()
            }
            Command::Genmove => position_text(self.game()?.genmove()?),
            Command::Solve(position) => match position.winning_move() {
                Some(to) => position_text(&to),
                None => "none".to_string(),
            },
            Command::Status => status_text(self.game()?),
        })
    }
}

impl GameAdapter for WythoffAdapter {
    fn verbs(&self) -> &'static [&'static str] {
        Verb::NAMES
    }

    /// Piles may have up to a line's worth of digits, and reading, solving and printing
    /// numbers that long takes long enough (about a second at 300,000 digits) to keep off
    /// the async workers; piles of ordinary size are answered at once.
    fn is_heavy(&self, verb: &str, args: Args<'_>) -> bool {
        let huge_argument = args.all().iter().any(|arg| arg.len() > INLINE_DIGITS);
        let huge_game = || {
            self.game
                .as_ref()
                .is_some_and(|game| game.position().bits() > INLINE_BITS)
        };
        huge_argument
            || match Verb::from_name(verb) {
                Some(Verb::Genmove | Verb::Status) => huge_game(),
                Some(Verb::New | Verb::Play | Verb::Solve) | None => false,
            }
    }

    fn execute(&mut self, verb: &str, args: Args<'_>) -> Result<String, CommandError> {
        let verb = Verb::from_name(verb).ok_or(CommandError::UnknownCommand)?;
        let command = Command::parse(verb, args)?;
        self.run(command).map_err(CommandError::game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heavy(wythoff: &WythoffAdapter, verb: &str, args: &[&str]) -> bool {
        wythoff.is_heavy(verb, Args::new(args))
    }

    fn run(wythoff: &mut WythoffAdapter, verb: &str, args: &[&str]) -> String {
        match wythoff.execute(verb, Args::new(args)) {
            Ok(text) => format!("= {text}"),
            Err(error) => format!("? {error}"),
        }
    }

    #[test]
    fn only_huge_piles_leave_the_async_workers() {
        let _bound = crate::test_bound::bound();
        let mut wythoff = WythoffAdapter::default();
        let limit = "9".repeat(INLINE_DIGITS);
        let over = "9".repeat(INLINE_DIGITS + 1);
        assert!(!heavy(&wythoff, "wythoff-solve", &["13", "9"]));
        assert!(!heavy(&wythoff, "wythoff-new", &[&limit, "1"]));
        assert!(heavy(&wythoff, "wythoff-new", &["1", &over]));
        assert!(heavy(&wythoff, "wythoff-solve", &[&over, "2"]));
        assert!(!heavy(&wythoff, "wythoff-genmove", &[]));

        run(&mut wythoff, "wythoff-new", &[&limit, "5"]);
        assert!(!heavy(&wythoff, "wythoff-genmove", &[]));
        run(&mut wythoff, "wythoff-new", &[&over, "5"]);
        assert!(heavy(&wythoff, "wythoff-genmove", &[]));
        assert!(heavy(&wythoff, "wythoff-status", &[]));
        assert!(!heavy(&wythoff, "wythoff-solve", &["3", "5"]));
    }

    #[test]
    fn answers_and_refusals_in_wire_words() {
        let _bound = crate::test_bound::bound();
        let mut wythoff = WythoffAdapter::default();
        assert_eq!(
            run(&mut wythoff, "wythoff-status", &[]),
            "? no game: start one with wythoff-new A B"
        );
        assert_eq!(run(&mut wythoff, "wythoff-new", &["13", "9"]), "= ");
        assert_eq!(run(&mut wythoff, "wythoff-status", &[]), "= 13 9 first");
        assert_eq!(
            run(&mut wythoff, "wythoff-play", &["12", "7"]),
            "? illegal move: when both piles shrink they must shrink by the same amount"
        );
        assert_eq!(run(&mut wythoff, "wythoff-play", &["13", "8"]), "= ");
        assert_eq!(run(&mut wythoff, "wythoff-status", &[]), "= 13 8 second");
        assert_eq!(run(&mut wythoff, "wythoff-new", &["0", "5"]), "= ");
        assert_eq!(run(&mut wythoff, "wythoff-genmove", &[]), "= 0 0");
        assert_eq!(run(&mut wythoff, "wythoff-status", &[]), "= 0 0 first won");
        assert_eq!(
            run(&mut wythoff, "wythoff-genmove", &[]),
            "? game over: no counters are left"
        );
        assert_eq!(run(&mut wythoff, "wythoff-solve", &["25", "30"]), "= 8 13");
        assert_eq!(run(&mut wythoff, "wythoff-solve", &["10", "6"]), "= none");
    }

    #[test]
    fn piles() {
        let _bound = crate::test_bound::bound();
        assert_eq!(parse_pile("007"), Some(BigUint::from(7u32)));
        assert_eq!(parse_pile("0"), Some(BigUint::from(0u32)));
        for bad in [
            "", "+5", "-3", "1.0", "1_000", "1e3", "0x10", "٣", "5a", " 5",
        ] {
            assert_eq!(parse_pile(bad), None, "{bad:?}");
        }
    }
}
