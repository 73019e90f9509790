//! The quantum tic-tac-toe referee: both engines start with `qttt-new` (and the opening,
//! in one `qttt-play`); the side to act, whether it moves or chooses a collapse, is
//! asked `qttt-genmove` and its token is relayed with `qttt-play`. The result is the
//! score by the rules, X's then O's (`1 0.5`); the first mover plays X.

use super::{forfeit, points_result, Fault, Played, Table};
use crate::arena::outcome::{Ending, Reason};
use crate::qttt::gtp::notation::{parse_token, score_text, token_text};
use crate::qttt::{Game, Player, Status, Token};
use std::cmp::Ordering;

/// Plays one game after `opening` (tokens already checked legal).
pub async fn play(table: &mut Table<'_>, opening: &[String]) -> Played {
    let mut game = Game::new();
    let mut moves = opening.to_vec();
    for text in opening {
        let token = parse_token(text).expect("openings are written by the arena");
        game.play_token(token).expect("openings are legal");
    }
    loop {
        let actor = match game.position().status() {
            Status::Over(score) => {
                let winner = match score.margin().cmp(&0) {
                    Ordering::Greater => Some(0),
                    Ordering::Less => Some(1),
                    Ordering::Equal => None,
                };
                let ending = Ending::scored(score_text(score), winner, Reason::Score);
                return Played { moves, ending };
            }
            Status::Move(player) | Status::Collapse(player, _) => player,
        };
        let seat = match actor {
            Player::X => 0,
            Player::O => 1,
        };
        let step = async {
            let answer = table.ask(seat, "qttt-genmove".into()).await?;
            let token: Token =
                parse_token(&answer).map_err(|why| Fault::illegal(format!("'{answer}': {why}")))?;
            game.play_token(token)
                .map_err(|why| Fault::illegal(format!("{answer}: {why:?}")))?;
            Ok::<_, Fault>(token_text(token))
        };
        match step.await {
            Ok(text) => {
                table.relay(1 - seat, format!("qttt-play {text}"));
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

/// The commands that start a game after `opening` on an engine.
pub fn setup(opening: &[String]) -> Vec<String> {
    let mut commands = vec!["qttt-new".to_string()];
    if !opening.is_empty() {
        commands.push(format!("qttt-play {}", opening.join(" ")));
    }
    commands
}
