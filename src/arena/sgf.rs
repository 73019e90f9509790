//! A Go game as SGF (`FF[4]`): the header (size, komi, handicap stones, Tromp-Taylor
//! rules, players, result) and the moves, as Sabaki and sgfmill read them.

use super::plan::GoRules;
use super::record::GameRecord;
use crate::go::gtp::points_text;
use crate::go::gtp::vertex::parse_move;
use crate::go::vertex::Vertex;

/// The largest board SGF's one-letter coordinates (`a`..`z`, `A`..`Z`) can hold.
pub const MAX_SGF_SIZE: usize = 52;

/// The SGF of a Go game recorded under `rules` (a board of at most [`MAX_SGF_SIZE`]
/// lines).
pub fn sgf(record: &GameRecord, rules: &GoRules) -> String {
    let size = rules.size;
    let spot = |v: Vertex| format!("{}{}", letter(v.column), letter(size - 1 - v.row));
    let mut text = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[gamebot:{}]SZ[{size}]KM[{}]RU[Tromp-Taylor]PB[{}]PW[{}]RE[{}]",
        env!("CARGO_PKG_VERSION"),
        points_text(rules.komi),
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
    let stones = rules.handicap_points();
    if !stones.is_empty() {
        text.push_str(&format!("HA[{}]AB", stones.len()));
        for vertex in stones {
            text.push_str(&format!("[{}]", spot(vertex)));
        }
    }
    let colours = if rules.handicap == 0 {
        ['B', 'W']
    } else {
        ['W', 'B']
    };
    for (index, vertex) in record.moves.iter().enumerate() {
        let colour = colours[index % 2];
        let point = parse_move(vertex).flatten().map(spot).unwrap_or_default();
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
        let _bound = crate::test_bound::bound();
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
        let mut rules = GoRules {
            size: 19,
            komi: crate::go::points::Points::parse("7.5").unwrap(),
            komi_text: "7.5".into(),
            move_seconds: 1,
            max_moves: 1083,
            handicap: 0,
        };
        let text = sgf(&record, &rules);
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
        assert!(!text.contains("HA["), "{text}");
        assert_eq!(letter(27), 'B');
        rules.handicap = 2;
        let text = sgf(&record, &rules);
        assert!(text.contains("HA[2]AB[dp][pd]"), "{text}");
        assert!(text.ends_with("\n;W[as]\n;B[]\n;W[sa])\n"), "{text}");
    }
}
