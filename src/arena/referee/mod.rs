//! The referees: one per game, each keeping the game with that game's own core, asking
//! the side to act for its move and relaying it to the other engine. Relayed moves wait
//! and go out in the same write as the next request to that engine, so a move costs one
//! round trip.

pub mod go;
pub mod qttt;
pub mod wythoff;

use super::error::LinkError;
use super::link::{Answer, Link};
use super::outcome::{Ending, Reason};
use super::plan::Rules;
use std::time::Duration;

/// A game in play: the two engines in seat order (first mover first) and the commands
/// each still has to hear.
pub struct Table<'a> {
    links: [&'a mut Link; 2],
    pending: [Vec<String>; 2],
    per_move: Duration,
}

/// A seat's fault: why it loses and what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The forfeit's reason.
    pub reason: Reason,
    /// What happened, in words.
    pub detail: String,
}

impl Fault {
    fn of_link(error: &LinkError) -> Fault {
        Fault {
            reason: Reason::of_link_error(error),
            detail: error.to_string(),
        }
    }

    /// A move that the rules refuse or that cannot be read.
    pub fn illegal(detail: String) -> Fault {
        Fault {
            reason: Reason::Illegal,
            detail,
        }
    }
}

/// One finished game: the moves as sent, then how it ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The moves (or tokens, or positions) in order, the opening's included.
    pub moves: Vec<String>,
    /// How the game ended.
    pub ending: Ending,
}

impl<'a> Table<'a> {
    /// A table for `links` (first mover first), each to hear `setup` before anything
    /// else, with `per_move` for each request.
    pub fn new(links: [&'a mut Link; 2], setup: [Vec<String>; 2], per_move: Duration) -> Table<'a> {
        Table {
            links,
            pending: setup,
            per_move,
        }
    }

    /// Queues `command` for `seat`, sent with its next request.
    pub fn relay(&mut self, seat: usize, command: String) {
        self.pending[seat].push(command);
    }

    /// Sends `seat` what it still has to hear, then `request`; the request's answer
    /// text, or the seat's fault: a broken link, or a `?` to any of the commands.
    pub async fn ask(&mut self, seat: usize, request: String) -> Result<String, Fault> {
        let mut commands = std::mem::take(&mut self.pending[seat]);
        commands.push(request);
        let answers = self.links[seat]
            .ask_all(&commands, self.per_move)
            .await
            .map_err(|error| Fault::of_link(&error))?;
        let mut last = String::new();
        for (command, answer) in commands.iter().zip(answers) {
            match answer {
                Answer::Success(text) => last = text,
                Answer::Failure(message) => {
                    return Err(Fault {
                        reason: Reason::Error,
                        detail: format!("'{command}' answered ? {message}"),
                    })
                }
            }
        }
        Ok(last)
    }
}

/// The ending of a game lost by `loser` for `fault`, with the result `result` writes.
pub fn forfeit(loser: usize, fault: Fault, result: impl Fn(usize, Reason) -> String) -> Ending {
    let text = result(1 - loser, fault.reason);
    Ending::forfeit(loser, fault.reason, fault.detail, text)
}

/// `1-0` or `0-1`: the first mover's points, then the second's.
pub fn points_result(winner: usize, _reason: Reason) -> String {
    if winner == 0 { "1-0" } else { "0-1" }.to_string()
}

/// The result of a game won by `winner` without playing it out, as the game writes it.
pub fn forfeit_result(rules: &Rules, winner: usize, reason: Reason) -> String {
    match rules {
        Rules::Go(_) => go::result_of_forfeit(winner, reason),
        Rules::Qttt | Rules::Wythoff { .. } => points_result(winner, reason),
    }
}
