//! The Go referee: both engines get the board size, komi and clock (`time_settings 0
//! SECS 1`), the handicap stones (`set_free_handicap` on the fixed points), then the
//! opening; the side to move gets `time_left` and `genmove`, and its move is relayed with
//! `play`. Two passes in a row end the game; the arena scores the final board by
//! Tromp-Taylor area, or asks a referee engine's `final_score`. The first seat plays
//! Black; after handicap stones White moves first.

use super::{forfeit, Fault, Played, Table};
use crate::arena::link::Link;
use crate::arena::outcome::{Ending, Reason};
use crate::arena::plan::GoRules;
use crate::go::board::Board;
use crate::go::gtp::challenge_text;
use crate::go::gtp::vertex::{move_name, name, parse_move};
use crate::go::{area_score, Colour, Outcome};
use std::time::Duration;

/// Plays one game after `opening` (vertices already checked legal). With `referee`, its
/// `final_score` decides a finished game; a referee that fails is dropped (set to
/// `None`) and the arena's own count decides instead.
pub async fn play(
    table: &mut Table<'_>,
    rules: &GoRules,
    opening: &[String],
    referee: &mut Option<Link>,
    per_command: Duration,
) -> Played {
    let mut board = rules.start_board();
    let mut moves = opening.to_vec();
    for text in opening {
        let colour = board.to_move();
        match parse_move(text).expect("openings are checked vertices") {
            None => board.pass(colour),
            Some(vertex) => {
                let point = board.point(vertex).expect("openings fit the board");
                board.play(colour, point).expect("openings are legal");
            }
        }
    }
    let reason = loop {
        if board.is_over() {
            break Reason::Score;
        }
        if moves.len() >= rules.max_moves {
            break Reason::MaxMoves;
        }
        let colour = board.to_move();
        let seat = colour.index();
        let letter = colour_word(colour);
        table.relay(seat, format!("time_left {letter} {} 1", rules.move_seconds));
        let step = async {
            let answer = table.ask(seat, format!("genmove {letter}")).await?;
            if answer.eq_ignore_ascii_case("resign") {
                return Ok(None);
            }
            let unreadable = || Fault::illegal(format!("'{answer}' is not a move"));
            match parse_move(&answer).ok_or_else(unreadable)? {
                None => board.pass(colour),
                Some(vertex) => {
                    let point = board
                        .point(vertex)
                        .ok_or_else(|| Fault::illegal(format!("{answer} is off the board")))?;
                    board
                        .play(colour, point)
                        .map_err(|why| Fault::illegal(format!("{answer}: {why}")))?;
                }
            }
            Ok(Some(move_name(parse_move(&answer).flatten())))
        };
        match step.await {
            Ok(Some(text)) => {
                table.relay(1 - seat, format!("play {letter} {text}"));
                moves.push(text);
            }
            Ok(None) => {
                let winner = 1 - seat;
                let ending = Ending::scored(
                    result_of_forfeit(winner, Reason::Resign),
                    Some(winner),
                    Reason::Resign,
                );
                return Played { moves, ending };
            }
            Err(fault) => {
                return Played {
                    moves,
                    ending: forfeit(seat, fault, result_of_forfeit),
                }
            }
        }
    };
    let ending = score(&board, rules, &moves, referee, per_command, reason).await;
    Played { moves, ending }
}

/// The commands that start a game after `opening` on an engine.
pub fn setup(rules: &GoRules, opening: &[String]) -> Vec<String> {
    position(rules, opening, true)
}

/// The commands that set up the position after `moves`: board, komi, the clock when
/// `clock`, the handicap stones, then the moves.
fn position(rules: &GoRules, moves: &[String], clock: bool) -> Vec<String> {
    let mut commands = vec![
        format!("boardsize {}", rules.size),
        "clear_board".to_string(),
        format!("komi {}", rules.komi_text),
    ];
    if clock {
        commands.push(format!("time_settings 0 {} 1", rules.move_seconds));
    }
    let stones = rules.handicap_points();
    if !stones.is_empty() {
        let names: Vec<String> = stones.into_iter().map(name).collect();
        commands.push(format!("set_free_handicap {}", names.join(" ")));
    }
    let first = rules.start_board().to_move();
    commands.extend(moves.iter().enumerate().map(|(index, text)| {
        let colour = if index % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        format!("play {} {text}", colour_word(colour))
    }));
    commands
}

/// The ending of a game played out (or stopped at the move limit): the referee's
/// `final_score`, or the arena's Tromp-Taylor count of the board with komi.
async fn score(
    board: &Board,
    rules: &GoRules,
    moves: &[String],
    referee: &mut Option<Link>,
    per_command: Duration,
    reason: Reason,
) -> Ending {
    let own = || {
        let outcome = area_score(rules.size, board.points()).outcome(rules.komi);
        let winner = match outcome {
            Outcome::Draw => None,
            Outcome::Win { winner, .. } => Some(winner.index()),
        };
        let result = match outcome {
            Outcome::Draw => "0".to_string(),
            Outcome::Win { .. } => challenge_text(outcome),
        };
        (result, winner)
    };
    let Some(link) = referee.as_mut() else {
        let (result, winner) = own();
        return Ending::scored(result, winner, reason);
    };
    let mut commands = position(rules, moves, false);
    commands.push("final_score".to_string());
    let judged = match link.expect_all(&commands, per_command).await {
        Ok(answer) => read_score(&answer).ok_or_else(|| format!("final_score answered '{answer}'")),
        Err(error) => Err(error.to_string()),
    };
    match judged {
        Ok((result, winner)) => Ending::scored(result, winner, reason),
        Err(why) => {
            *referee = None;
            let (result, winner) = own();
            let mut ending = Ending::scored(result, winner, reason);
            ending.detail = Some(format!("the referee failed ({why}); scored by the arena"));
            ending
        }
    }
}

/// A `final_score` answer: `B+3.5`, `W+12`, or `0` for a draw; the result as written
/// and the winner's seat.
fn read_score(answer: &str) -> Option<(String, Option<usize>)> {
    let answer = answer.trim();
    if answer == "0" || answer.eq_ignore_ascii_case("draw") || answer.eq_ignore_ascii_case("jigo") {
        return Some(("0".to_string(), None));
    }
    let (winner, margin) = answer.split_once('+')?;
    let seat = match winner.to_ascii_uppercase().as_str() {
        "B" => 0,
        "W" => 1,
        _ => return None,
    };
    margin.parse::<f64>().ok().filter(|m| *m > 0.0)?;
    Some((format!("{}+{margin}", &["B", "W"][seat]), Some(seat)))
}

/// The result of a game won by `winner` without a count, as SGF writes it: `W+R`
/// (resignation), `B+T` (time), `W+F` (any other forfeit).
pub fn result_of_forfeit(winner: usize, reason: Reason) -> String {
    let how = match reason {
        Reason::Resign => "R",
        Reason::Timeout => "T",
        _ => "F",
    };
    format!("{}+{how}", ["B", "W"][winner])
}

/// `b` or `w`.
fn colour_word(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "b",
        Colour::White => "w",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_final_scores() {
        let _bound = crate::test_bound::bound();
        assert_eq!(read_score("B+3.5"), Some(("B+3.5".into(), Some(0))));
        assert_eq!(read_score("w+12"), Some(("W+12".into(), Some(1))));
        assert_eq!(read_score("0"), Some(("0".into(), None)));
        for bad in ["", "B+", "X+3", "B+0", "B+x", "W+R"] {
            assert_eq!(read_score(bad), None, "{bad}");
        }
        assert_eq!(result_of_forfeit(1, Reason::Resign), "W+R");
        assert_eq!(result_of_forfeit(0, Reason::Timeout), "B+T");
        assert_eq!(result_of_forfeit(0, Reason::Crash), "B+F");
    }

    fn rules(handicap: usize) -> GoRules {
        GoRules {
            size: 9,
            komi: crate::go::points::Points::parse("0.5").unwrap(),
            komi_text: "0.5".into(),
            move_seconds: 1,
            max_moves: 243,
            handicap,
        }
    }

    #[test]
    fn handicap_stones_go_out_before_the_moves_and_white_plays_first() {
        let _bound = crate::test_bound::bound();
        let opening = ["E5".to_string(), "D4".to_string()];
        assert_eq!(
            setup(&rules(4), &opening),
            [
                "boardsize 9",
                "clear_board",
                "komi 0.5",
                "time_settings 0 1 1",
                "set_free_handicap C3 G7 C7 G3",
                "play w E5",
                "play b D4",
            ]
        );
        assert_eq!(
            position(&rules(0), &opening, false),
            [
                "boardsize 9",
                "clear_board",
                "komi 0.5",
                "play b E5",
                "play w D4"
            ]
        );
    }
}
