//! The Wythoff referee: both engines start with `wythoff-new A B`; the side to move is
//! asked `wythoff-genmove` and its new position is relayed with `wythoff-play`. Whoever
//! takes the last counter wins.

use super::{forfeit, points_result, Fault, Played, Table};
use crate::arena::outcome::{Ending, Reason};
use crate::wythoff::{Game, Position, Side};
use num_bigint::BigUint;

/// Plays one game from piles `(a, b)`.
pub async fn play(table: &mut Table<'_>, a: u64, b: u64) -> Played {
    let mut game = Game::new(Position::new(a, b));
    let mut moves = Vec::new();
    loop {
        if let Some(winner) = game.winner() {
            let seat = seat_of(winner);
            let ending = Ending::scored(
                points_result(seat, Reason::Score),
                Some(seat),
                Reason::Score,
            );
            return Played { moves, ending };
        }
        let seat = seat_of(game.to_move());
        let step = async {
            let answer = table.ask(seat, "wythoff-genmove".into()).await?;
            let to = read_position(&answer)
                .ok_or_else(|| Fault::illegal(format!("'{answer}' is not a position")))?;
            game.play(to.clone())
                .map_err(|why| Fault::illegal(format!("{answer}: {why}")))?;
            Ok::<_, Fault>(format!("{} {}", to.first, to.second))
        };
        match step.await {
            Ok(text) => {
                table.relay(1 - seat, format!("wythoff-play {text}"));
                moves.push(text);
            }
            Err(fault) => {
                return Played {
                    moves,
                    ending: forfeit(seat, fault, points_result),
                }
            }
        }
    }
}

/// The commands that start a game from `(a, b)` on an engine.
pub fn setup(a: u64, b: u64) -> Vec<String> {
    vec![format!("wythoff-new {a} {b}")]
}

/// 0 for the first player, 1 for the second.
fn seat_of(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// `C D`: two piles in decimal.
fn read_position(text: &str) -> Option<Position> {
    let mut words = text.split_whitespace();
    let pile = |word: Option<&str>| {
        word.filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|w| BigUint::parse_bytes(w.as_bytes(), 10))
    };
    let position = Position {
        first: pile(words.next())?,
        second: pile(words.next())?,
    };
    words.next().is_none().then_some(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_positions() {
        let _bound = crate::test_bound::bound();
        assert_eq!(read_position("10 6"), Some(Position::new(10u32, 6u32)));
        for bad in ["", "10", "10 6 2", "-1 3", "a b", "1.5 2"] {
            assert_eq!(read_position(bad), None, "{bad}");
        }
    }
}
