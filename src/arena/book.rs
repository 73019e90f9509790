//! The match so far: games counted per engine and per reason, and the summary made of
//! them (`summary.json` and the results table).

use super::outcome::Reason;
use super::record::GameRecord;
use super::stats::{los, Elo, Sprt, SprtState, Tally};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The games counted so far.
#[derive(Debug, Clone)]
pub struct Book {
    names: [String; 2],
    tally: Tally,
    seats: [Tally; 2],
    reasons: BTreeMap<Reason, u64>,
    sprt: Option<Sprt>,
}

/// One engine's line of the summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineLine {
    /// The engine's name.
    pub name: String,
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Points: a win 1, a draw 0.5.
    pub points: f64,
}

/// The match's results, as `summary.json` holds them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// The two engines, in `--engine` order.
    pub engines: [EngineLine; 2],
    /// The first engine's Elo advantage over the second; `null` before any game.
    pub elo: Option<Elo>,
    /// The likelihood that the first engine is the stronger.
    pub los: f64,
    /// The first engine's wins, draws and losses in the first seat (Black in Go, X in
    /// QTTT, the first mover in Wythoff's Nim), then in the second.
    pub seats: [Tally; 2],
    /// The SPRT's state; `null` without `--sprt`.
    pub sprt: Option<SprtState>,
    /// How many games ended for each reason.
    pub reasons: BTreeMap<&'static str, u64>,
}

impl Book {
    /// No games yet between the engines `names` (in `--engine` order).
    pub fn new(names: [String; 2], sprt: Option<Sprt>) -> Book {
        Book {
            names,
            tally: Tally::default(),
            seats: [Tally::default(); 2],
            reasons: BTreeMap::new(),
            sprt,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, record: &GameRecord) {
        let winner = record
            .winner
            .as_ref()
            .map(|name| usize::from(name == &self.names[1]));
        self.tally.add(winner);
        let seat = usize::from(record.players[0] != self.names[0]);
        self.seats[seat].add(winner);
        *self.reasons.entry(record.reason).or_default() += 1;
    }

    /// Wins, draws and losses of the first engine.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Whether the SPRT has accepted a hypothesis.
    pub fn is_decided(&self) -> bool {
        self.sprt
            .is_some_and(|sprt| sprt.state(&self.tally).result != super::stats::Verdict::Continue)
    }

    /// The summary of the games so far.
    pub fn summary(&self) -> Summary {
        let line = |name: &String, tally: Tally| EngineLine {
            name: name.clone(),
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            points: tally.points(),
        };
        Summary {
            games: self.tally.games(),
            engines: [
                line(&self.names[0], self.tally),
                line(&self.names[1], self.tally.mirrored()),
            ],
            elo: Elo::of(&self.tally),
            los: los(&self.tally),
            seats: self.seats,
            sprt: self.sprt.map(|sprt| sprt.state(&self.tally)),
            reasons: self
                .reasons
                .iter()
                .map(|(reason, count)| (reason.word(), *count))
                .collect(),
        }
    }
}

impl Summary {
    /// `summary.json`'s text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary is plain data") + "\n"
    }

    /// The results table for people.
    pub fn table(&self) -> String {
        let width = self
            .engines
            .iter()
            .map(|e| e.name.len())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut text = format!(
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>7}\n",
            "engine", "games", "wins", "draws", "losses", "points"
        );
        for engine in &self.engines {
            let _ = writeln!(
                text,
                "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>7.1}",
                engine.name, self.games, engine.wins, engine.draws, engine.losses, engine.points
            );
        }
        let versus = format!("{} - {}", self.engines[0].name, self.engines[1].name);
        match self.elo {
            Some(elo) => {
                let _ = writeln!(
                    text,
                    "Elo ({versus}): {}, LOS {:.1}%",
                    elo.describe(1),
                    100.0 * self.los
                );
            }
            None => text.push_str("Elo: no games\n"),
        }
        let [first, second] = self
            .seats
            .map(|t| format!("{}-{}-{}", t.wins, t.draws, t.losses));
        let _ = writeln!(
            text,
            "{} by seat (wins-draws-losses): first (Black, X) {first}, second (White, O) {second}",
            self.engines[0].name
        );
        if let Some(sprt) = self.sprt {
            let verdict = match sprt.result {
                super::stats::Verdict::H0 => "H0 accepted",
                super::stats::Verdict::H1 => "H1 accepted",
                super::stats::Verdict::Continue => "no decision",
            };
            let _ = writeln!(
                text,
                "SPRT (trinomial): LLR {:.2} in [{:.2}, {:.2}]: {verdict}",
                sprt.llr, sprt.lower, sprt.upper
            );
        }
        let reasons: Vec<String> = Reason::ALL
            .iter()
            .filter_map(|r| {
                self.reasons
                    .get(r.word())
                    .map(|n| format!("{} {n}", r.word()))
            })
            .collect();
        if !reasons.is_empty() {
            let _ = writeln!(text, "ended by: {}", reasons.join(", "));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(winner: Option<&str>, reason: Reason) -> GameRecord {
        GameRecord {
            game: 1,
            players: ["a".into(), "b".into()],
            start: None,
            opening: 0,
            moves: Vec::new(),
            result: String::new(),
            winner: winner.map(String::from),
            reason,
            detail: None,
            seconds: 0.0,
        }
    }

    #[test]
    fn counts_and_summarises() {
        let _bound = crate::test_bound::bound();
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut book = Book::new(["a".into(), "b".into()], Some(sprt));
        book.add(&game(Some("a"), Reason::Score));
        book.add(&game(Some("b"), Reason::Timeout));
        let mut swapped = game(None, Reason::Score);
        swapped.players = ["b".into(), "a".into()];
        book.add(&swapped);
        book.add(&game(None, Reason::Score));
        let summary = book.summary();
        assert_eq!(summary.games, 4);
        assert_eq!(summary.engines[0].points, 2.0);
        assert_eq!((summary.engines[1].wins, summary.engines[1].losses), (1, 1));
        assert_eq!(summary.reasons.get("score"), Some(&3));
        let json: serde_json::Value = serde_json::from_str(&summary.to_json()).unwrap();
        assert_eq!(json["engines"][1]["name"], "b");
        assert_eq!(json["elo"]["diff"], 0.0);
        assert_eq!(json["sprt"]["result"], "continue");
        assert_eq!(json["seats"][1]["draws"], 1);
        assert_eq!(json["seats"][0]["losses"], 1);
        let table = summary.table();
        assert!(
            table.contains(
                "a by seat (wins-draws-losses): first (Black, X) 1-1-1, second (White, O) 0-1-0"
            ),
            "{table}"
        );
        assert!(table.contains("Elo (a - b): +0.0 (95%: -"), "{table}");
        assert!(table.contains("ended by: score 3, timeout 1"), "{table}");
        assert!(!book.is_decided());
    }

    #[test]
    fn infinite_elo_is_null_in_json() {
        let _bound = crate::test_bound::bound();
        let mut book = Book::new(["a".into(), "b".into()], None);
        book.add(&game(Some("a"), Reason::Score));
        let json: serde_json::Value = serde_json::from_str(&book.summary().to_json()).unwrap();
        assert!(json["elo"]["diff"].is_null());
        assert!(json["elo"]["high"].is_null());
        assert!(json["elo"]["low"].is_f64());
        assert!(json["sprt"].is_null());
        let table = book.summary().table();
        assert!(
            table.contains("all games won (95%: at least -233.8)"),
            "{table}"
        );
    }
}
