//! One game as `games.jsonl` holds it, one JSON object a line.

use super::outcome::Reason;
use serde::{Deserialize, Serialize};

/// A finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number, from 1; games `2p - 1` and `2p` share their start.
    pub game: u64,
    /// The engines' names, the first mover's first (Black in Go, whose handicap stones
    /// count as its first turn; X in QTTT).
    pub players: [String; 2],
    /// Wythoff's start piles (`13 9`); absent for the other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// How many of `moves` were the arena's random opening.
    pub opening: usize,
    /// The moves as sent: Go vertices or `pass`, QTTT tokens, Wythoff positions.
    pub moves: Vec<String>,
    /// The result: `B+3.5`, `W+R`, `0` (a Go draw); `1 0.5` (QTTT, X's score then
    /// O's); `1-0`/`0-1` (the first mover's points first: Wythoff, QTTT forfeits).
    pub result: String,
    /// The winner's name; `null` for a draw.
    pub winner: Option<String>,
    /// Why the game ended.
    pub reason: Reason,
    /// What went wrong, for forfeits and a failed referee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Wall-clock seconds the game took.
    pub seconds: f64,
}

impl GameRecord {
    /// This game as one line of JSON, without the line end.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a game record is plain data")
    }

    /// A line of `games.jsonl` read back.
    pub fn from_line(line: &str) -> Result<GameRecord, serde_json::Error> {
        serde_json::from_str(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let _bound = crate::test_bound::bound();
        let record = GameRecord {
            game: 3,
            players: ["a".into(), "b".into()],
            start: Some("13 9".into()),
            opening: 0,
            moves: vec!["10 6".into(), "10 5".into()],
            result: "1-0".into(),
            winner: None,
            reason: Reason::MaxMoves,
            detail: None,
            seconds: 0.25,
        };
        let line = record.to_line();
        assert!(line.contains(r#""reason":"max-moves""#), "{line}");
        assert!(line.contains(r#""winner":null"#), "{line}");
        assert!(!line.contains("detail"), "{line}");
        assert_eq!(GameRecord::from_line(&line).unwrap(), record);
    }
}
