//! A Go game as SGF (`FF[4]`): the header (size, komi, Tromp-Taylor rules, players,
//! result) and the moves, as Sabaki and sgfmill read them.

use super::record::GameRecord;
use crate::go::gtp::points_text;
use crate::go::gtp::vertex::parse_move;
use crate::go::points::Points;

/// The largest board SGF's one-letter coordinates (`a`..`z`, `A`..`Z`) can hold.
pub const MAX_SGF_SIZE: usize = 52;

/// The SGF of a recorded Go game on a `size` x `size` board (at most
/// [`MAX_SGF_SIZE`]) with `komi`.
pub fn sgf(record: &GameRecord, size: usize, komi: Points) -> String {
    let mut text = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[gamebot:{}]SZ[{size}]KM[{}]RU[Tromp-Taylor]PB[{}]PW[{}]RE[{}]",
        env!("CARGO_PKG_VERSION"),
        points_text(komi),
        escape(&record.players[0]),
        escape(&record.players[1]),
        escape(&record.result),
    );
    let mut comment = format!("game {}, ended by {}", record.game, record.reason.word());
    if let Some(detail) = &record.detail {
        comment.push_str(": ");
        comment.push_str(detail);
    }
    text.push_str(&format!("GC[{}]", escape(&comment)));
    for (index, vertex) in record.moves.iter().enumerate() {
        let colour = if index % 2 == 0 { 'B' } else { 'W' };
        let point = match parse_move(vertex).flatten() {
            Some(v) => format!("{}{}", letter(v.column), letter(size - 1 - v.row)),
            None => String::new(),
        };
        text.push_str(&format!("\n;{colour}[{point}]"));
    }
    text.push_str(")\n");
    text
}

/// SGF's coordinate letter for index `i`: `a`..`z`, then `A`..`Z`.
fn letter(i: usize) -> char {
    let i = u8::try_from(i).expect("SGF boards have at most 52 lines");
    if i < 26 {
        char::from(b'a' + i)
    } else {
        char::from(b'A' + i - 26)
    }
}

/// SimpleText with `]` and `\` escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::outcome::Reason;

    #[test]
    fn writes_header_and_moves() {
        let record = GameRecord {
            game: 1,
            players: ["x]y".into(), "b".into()],
            start: None,
            opening: 0,
            moves: vec!["A1".into(), "pass".into(), "T19".into()],
            result: "B+R".into(),
            winner: Some("x]y".into()),
            reason: Reason::Resign,
            detail: None,
            seconds: 1.0,
        };
        let text = sgf(&record, 19, Points::parse("7.5").unwrap());
        assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
        for part in [
            "SZ[19]",
            "KM[7.5]",
            "RU[Tromp-Taylor]",
            "PB[x\\]y]",
            "PW[b]",
            "RE[B+R]",
            "GC[game 1, ended by resign]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(text.ends_with("\n;B[as]\n;W[]\n;B[sa])\n"), "{text}");
        assert_eq!(letter(27), 'B');
    }
}
