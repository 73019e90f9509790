//! The files of `--out DIR`, written as each game ends: `games.jsonl` (one game a
//! line), `summary.json`, and for Go `game-NNNN.sgf`; and reading `games.jsonl` back
//! for `--resume`.

use super::book::Summary;
use super::error::ArenaError;
use super::plan::GoRules;
use super::record::GameRecord;
use super::sgf::sgf;
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The output directory of a match.
pub struct Output {
    dir: PathBuf,
    games: File,
    /// The rules of a Go match, whose games also go to SGF files.
    go: Option<GoRules>,
}

/// What a match expects of the games already in its directory.
pub struct Expected<'a> {
    /// The number of games of the match.
    pub games: u64,
    /// The players of game `n`, first mover first.
    pub players: &'a dyn Fn(u64) -> [String; 2],
    /// The start of game `n`: its `start` field and its opening moves.
    pub start: &'a dyn Fn(u64) -> (Option<String>, Vec<String>),
}

impl Output {
    /// Opens `dir` (creating it) for a Go match with rules `go`, or another game.
    /// Without `resume`, a directory already holding games is refused; with it, the
    /// games already there are read back and returned (a last line cut short by a crash
    /// is dropped from the file), after checking that they belong to this match.
    pub fn open(
        dir: &Path,
        resume: bool,
        go: Option<GoRules>,
        expected: &Expected<'_>,
    ) -> Result<(Output, Vec<GameRecord>), ArenaError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |error| ArenaError::Io { path, error }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let path = dir.join("games.jsonl");
        let existing = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(io(&path)(error)),
        };
        if !existing.trim().is_empty() && !resume {
            return Err(ArenaError::OutputTaken(dir.to_path_buf()));
        }
        let done = read_games(&existing, expected).map_err(|why| ArenaError::Resume {
            path: path.clone(),
            why,
        })?;
        // Rewrite the games that were read whole, so a cut-off last line goes.
        let text: String = done.iter().map(|game| game.to_line() + "\n").collect();
        if text != existing {
            std::fs::write(&path, text).map_err(io(&path))?;
        }
        let games = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        Ok((
            Output {
                dir: dir.to_path_buf(),
                games,
                go,
            },
            done,
        ))
    }

    /// Appends a finished game to `games.jsonl` (and writes its SGF for Go).
    pub fn write_game(&mut self, record: &GameRecord) -> Result<(), ArenaError> {
        let path = self.dir.join("games.jsonl");
        self.games
            .write_all((record.to_line() + "\n").as_bytes())
            .map_err(|error| ArenaError::Io { path, error })?;
        if let Some(rules) = &self.go {
            let path = self.dir.join(format!("game-{:04}.sgf", record.game));
            std::fs::write(&path, sgf(record, rules))
                .map_err(|error| ArenaError::Io { path, error })?;
        }
        Ok(())
    }

    /// Writes `summary.json` whole: to a new file, then renamed over the old one, so a
    /// reader never sees half of it.
    pub fn write_summary(&self, summary: &Summary) -> Result<(), ArenaError> {
        let path = self.dir.join("summary.json");
        let fresh = self.dir.join("summary.json.new");
        std::fs::write(&fresh, summary.to_json())
            .and_then(|()| std::fs::rename(&fresh, &path))
            .map_err(|error| ArenaError::Io { path, error })
    }
}

/// The games of a `games.jsonl` text. Only the last line may be unreadable (a crash
/// cut it short); it is left out. Games must be numbered within the match, each once,
/// with the players and the start the match gives them.
fn read_games(text: &str, expected: &Expected<'_>) -> Result<Vec<GameRecord>, String> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let mut games = Vec::with_capacity(lines.len());
    let mut seen = BTreeSet::new();
    for (index, line) in lines.iter().enumerate() {
        let game = match GameRecord::from_line(line) {
            Ok(game) => game,
            Err(_) if index + 1 == lines.len() && !text.ends_with('\n') => break,
            Err(error) => return Err(format!("line {}: {error}", index + 1)),
        };
        if game.game == 0 || game.game > expected.games {
            return Err(format!(
                "game {} is not one of games 1 to {}",
                game.game, expected.games
            ));
        }
        if !seen.insert(game.game) {
            return Err(format!("game {} is there twice", game.game));
        }
        if game.players != (expected.players)(game.game) {
            return Err(format!(
                "game {} was played by {} and {}, not by this match's engines",
                game.game, game.players[0], game.players[1]
            ));
        }
        let (start, opening) = (expected.start)(game.game);
        if game.start != start || game.opening != opening.len() || !game.moves.starts_with(&opening)
        {
            return Err(format!(
                "game {} did not start as this match starts it (another --seed, --openings or \
                 --max-pile?)",
                game.game
            ));
        }
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::outcome::Reason;

    fn players(game: u64) -> [String; 2] {
        if game % 2 == 1 {
            ["a".into(), "b".into()]
        } else {
            ["b".into(), "a".into()]
        }
    }

    fn empty(_: u64) -> (Option<String>, Vec<String>) {
        (None, Vec::new())
    }

    fn game(number: u64) -> GameRecord {
        GameRecord {
            game: number,
            players: players(number),
            start: None,
            opening: 0,
            moves: vec!["AI".into()],
            result: "1-0".into(),
            winner: Some(players(number)[0].clone()),
            reason: Reason::Score,
            detail: None,
            seconds: 0.1,
        }
    }

    #[test]
    fn reads_back_and_drops_a_cut_last_line() {
        let _bound = crate::test_bound::bound();
        let expected = Expected {
            games: 4,
            players: &players,
            start: &empty,
        };
        let whole = format!("{}\n{}\n", game(2).to_line(), game(1).to_line());
        assert_eq!(read_games(&whole, &expected).unwrap(), [game(2), game(1)]);
        let line = game(3).to_line();
        let cut = format!("{whole}{}", &line[..line.len() / 2]);
        assert_eq!(read_games(&cut, &expected).unwrap().len(), 2);
        let broken_middle = format!("{}\n{whole}", &line[..10]);
        assert!(read_games(&broken_middle, &expected).is_err());
    }

    #[test]
    fn refuses_games_of_another_match() {
        let _bound = crate::test_bound::bound();
        let expected = Expected {
            games: 4,
            players: &players,
            start: &empty,
        };
        let twice = format!("{}\n{}\n", game(1).to_line(), game(1).to_line());
        assert!(read_games(&twice, &expected).unwrap_err().contains("twice"));
        let beyond = format!("{}\n", game(5).to_line());
        assert!(read_games(&beyond, &expected).is_err());
        let mut swapped = game(1);
        swapped.players.reverse();
        assert!(read_games(&(swapped.to_line() + "\n"), &expected).is_err());
        let opened = |_| (None, vec!["AB".to_string()]);
        let other_start = Expected {
            games: 4,
            players: &players,
            start: &opened,
        };
        let error = read_games(&(game(1).to_line() + "\n"), &other_start).unwrap_err();
        assert!(error.contains("did not start as this match"), "{error}");
    }

    #[test]
    fn files_in_a_directory() {
        let _bound = crate::test_bound::bound();
        let dir = std::env::temp_dir().join(format!("gamebot-arena-output-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let expected = Expected {
            games: 4,
            players: &players,
            start: &empty,
        };
        let go = Some(GoRules {
            size: 9,
            komi: crate::go::points::Points::parse("7").unwrap(),
            komi_text: "7".into(),
            move_seconds: 1,
            max_moves: 243,
            handicap: 0,
        });
        let (mut output, done) = Output::open(&dir, false, go.clone(), &expected).unwrap();
        assert!(done.is_empty());
        let mut record = game(1);
        record.moves = vec!["C3".into(), "pass".into(), "pass".into()];
        output.write_game(&record).unwrap();
        drop(output);
        assert!(matches!(
            Output::open(&dir, false, go.clone(), &expected),
            Err(ArenaError::OutputTaken(_))
        ));
        let (_, done) = Output::open(&dir, true, go, &expected).unwrap();
        assert_eq!(done, [record]);
        let sgf = std::fs::read_to_string(dir.join("game-0001.sgf")).unwrap();
        assert!(sgf.contains(";B[cg]"), "{sgf}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
