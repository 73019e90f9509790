//! Results as the protocol writes them: exact points, `final_score`'s `B+0.3`, the
//! scoring challenge's `W+6` and `Jigo`.

use crate::go::points::Points;
use crate::go::score::Outcome;
use crate::go::text_board::{TextBoard, TextBoardError};
use crate::go::Colour;

/// An exact number of points as a client would write it: `6.5`, `-7.5`, `0.25`, `7`.
pub fn points_text(points: Points) -> String {
    let (whole, decimals) = points.digits();
    let sign = if points.is_negative() { "-" } else { "" };
    if decimals.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{decimals}")
    }
}

/// A result as `final_score` writes it: `B+21`, `W+0.5`, or `0` for a draw.
pub(super) fn final_score_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "0".to_string(),
        Outcome::Win { winner, by } => format!("{}+{}", colour_letter(winner), points_text(by)),
    }
}

/// A result in the scoring challenge's form (no komi): `B+21`, `W+6`, or `Jigo`.
pub fn challenge_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "Jigo".to_string(),
        Outcome::Win { winner, by } => format!("{}+{}", colour_letter(winner), points_text(by)),
    }
}

/// The scoring challenge on one text, as `tt-score` answers it: `W+6`, `B+21` or
/// `Jigo`, or why the text is not a board.
pub fn tt_score(text: impl AsRef<[u8]>) -> Result<String, TextBoardError> {
    Ok(challenge_text(TextBoard::parse(text)?.outcome()))
}

/// `B` or `W`.
fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Black => 'B',
        Colour::White => 'W',
    }
}
