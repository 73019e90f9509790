//! The `gamebot arena` command line: its options (clap), read into a [`Match`], then
//! the match run and its results table printed.

use super::error::ArenaError;
use super::opening::read_opening;
use super::plan::{GoRules, Limits, Openings, Rules};
use super::sgf::MAX_SGF_SIZE;
use super::spec::{Engine, Spec};
use super::stats::Sprt;
use super::Match;
use crate::go::handicap::max_fixed;
use crate::go::points::Points;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// How long starting an engine, `protocol_version` and the Go referee's count may take.
const PER_COMMAND: Duration = Duration::from_secs(10);

/// The game an arena plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Go under Tromp-Taylor rules.
    Go,
    /// Quantum tic-tac-toe.
    Qttt,
    /// Wythoff's Nim.
    Wythoff,
}

/// `gamebot arena`'s options.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// The game.
    #[arg(long)]
    game: GameName,
    /// An engine, twice: NAME=cmd:PROGRAM ARGS... (GTP on the program's stdin and
    /// stdout; arguments split on spaces) or NAME=tcp:HOST:PORT[,HOST:PORT...] (one
    /// connection per game, spread over the addresses).
    #[arg(long = "engine", required = true, num_args = 1)]
    engines: Vec<String>,
    /// Games to play, in pairs with the same start and the engines' seats swapped.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    concurrency: u16,
    /// Seed of the random starts (openings, Wythoff piles); --resume needs the same.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write games.jsonl, summary.json and (Go) game-NNNN.sgf here, as each game ends.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the match in --out: play only the games its games.jsonl lacks (give
    /// the same options as the first run).
    #[arg(long, requires = "out")]
    resume: bool,
    /// Stop when the SPRT of ELO0 against ELO1 (the first engine's advantage) decides.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The SPRT's false positive rate.
    #[arg(long, default_value_t = 0.05, value_parser = probability)]
    alpha: f64,
    /// The SPRT's false negative rate.
    #[arg(long, default_value_t = 0.05, value_parser = probability)]
    beta: f64,
    /// Seconds per move: the time each move request may take (plus --margin); in Go
    /// whole seconds, sent as `time_settings 0 SECS 1` and `time_left` before each
    /// genmove.
    #[arg(long, default_value_t = 1.0, value_parser = seconds)]
    move_time: f64,
    /// Seconds an engine may take beyond --move-time before it loses on time.
    #[arg(long, default_value_t = 2.0, value_parser = seconds)]
    margin: f64,
    /// Go: the board size.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Go: the komi.
    #[arg(long, default_value = "7", allow_hyphen_values = true)]
    komi: String,
    /// Go: Black's handicap stones, 2 to 9 (4 on even sizes and 7x7), on the fixed
    /// points and sent as `set_free_handicap`; White then moves first.
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// Go: stop a game after this many moves and score it as it stands
    /// [default: 3 x size x size].
    #[arg(long)]
    max_moves: Option<usize>,
    /// Go and QTTT: random:N plays N random legal moves before the engines take over,
    /// the same for both games of a pair; Go also takes SGF files (FILE.sgf...), whose
    /// main lines open the pairs in turn. Wythoff takes start piles A,B... instead,
    /// pairs starting from them in turn.
    #[arg(long, num_args = 1.., value_name = "random:N|FILE.sgf|A,B")]
    openings: Vec<String>,
    /// Go: an engine (cmd:... or tcp:...) whose final_score decides finished games,
    /// instead of the arena's own Tromp-Taylor count.
    #[arg(long)]
    referee: Option<String>,
    /// Wythoff: the largest start pile; start piles are random from 0 to this unless
    /// --openings lists them.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    max_pile: u64,
}

/// A number of seconds: positive, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() && value > 0.0 && value <= 86_400.0 => Ok(value),
        _ => Err(format!(
            "'{text}' is not a number of seconds above 0 and at most 86400"
        )),
    }
}

/// A probability strictly between 0 and 1.
fn probability(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value > 0.0 && value < 1.0 => Ok(value),
        _ => Err(format!("'{text}' is not a probability between 0 and 1")),
    }
}

impl ArenaArgs {
    /// The match these options describe, or what is wrong with them.
    pub fn to_match(&self) -> Result<Match, ArenaError> {
        let bad = |why: String| Err(ArenaError::BadOption(why));
        let engines: Vec<Engine> = self
            .engines
            .iter()
            .map(|e| Engine::parse(e))
            .collect::<Result<_, _>>()?;
        let Ok(engines) = <[Engine; 2]>::try_from(engines) else {
            return bad(format!("give two engines, not {}", self.engines.len()));
        };
        if engines[0].name == engines[1].name {
            return bad(format!("both engines are called {}", engines[0].name));
        }
        if self.referee.is_some() && self.game != GameName::Go {
            return bad("--referee is for Go".into());
        }
        if self.handicap != 0 && self.game != GameName::Go {
            return bad("--handicap is for Go".into());
        }
        let rules = match self.game {
            GameName::Go => Rules::Go(self.go_rules()?),
            GameName::Qttt => Rules::Qttt,
            GameName::Wythoff => Rules::Wythoff {
                max_pile: self.max_pile,
                listed: self.wythoff_starts()?,
            },
        };
        // After the rules: reading SGF openings needs a valid board size.
        let openings = self.openings()?;
        let referee = self
            .referee
            .as_deref()
            .map(Spec::parse)
            .transpose()
            .map_err(|why| ArenaError::BadOption(format!("--referee: {why}")))?;
        Ok(Match {
            engines,
            rules,
            games: self.games,
            concurrency: usize::from(self.concurrency),
            seed: self.seed,
            openings,
            limits: Limits {
                per_move: Duration::from_secs_f64(self.move_time + self.margin),
                per_command: PER_COMMAND,
            },
            referee,
            sprt: self.sprt()?,
            out: self.out.clone(),
            resume: self.resume,
        })
    }

    fn go_rules(&self) -> Result<GoRules, ArenaError> {
        let bad = |why: String| Err(ArenaError::BadOption(why));
        if !(1..=MAX_SGF_SIZE).contains(&self.size) {
            return bad(format!(
                "--size {}: the arena plays sizes 1 to {MAX_SGF_SIZE} (what SGF holds)",
                self.size
            ));
        }
        let komi = match Points::parse(&self.komi) {
            Ok(komi) => komi,
            Err(why) => return bad(format!("--komi {}: {why}", self.komi)),
        };
        if self.move_time.fract() != 0.0 {
            return bad(format!(
                "--move-time {}: Go's time_settings takes whole seconds",
                self.move_time
            ));
        }
        let most = max_fixed(self.size);
        if self.handicap != 0 && !(2..=most).contains(&self.handicap) {
            let room = match most {
                0 => format!("no handicap fits a {0}x{0} board", self.size),
                _ => format!("give 2 to {most} stones on a {0}x{0} board", self.size),
            };
            return bad(format!("--handicap {}: {room}", self.handicap));
        }
        Ok(GoRules {
            size: self.size,
            komi,
            komi_text: self.komi.clone(),
            move_seconds: self.move_time as u32,
            max_moves: self.max_moves.unwrap_or(3 * self.size * self.size),
            handicap: self.handicap,
        })
    }

    fn openings(&self) -> Result<Openings, ArenaError> {
        let bad = |why: String| Err(ArenaError::BadOption(why));
        let random = match self.openings.as_slice() {
            [] => return Ok(Openings::None),
            [one] => one.strip_prefix("random:"),
            _ => None,
        };
        match (self.game, random.map(str::parse::<usize>)) {
            // Read as start piles by wythoff_starts.
            (GameName::Wythoff, _) => Ok(Openings::None),
            (_, Some(Ok(moves))) => Ok(Openings::Random(moves)),
            (_, Some(Err(_))) => bad(format!(
                "--openings {}: expected random:N",
                self.openings[0]
            )),
            (GameName::Qttt, None) => bad("QTTT openings are random:N".into()),
            (GameName::Go, None) if self.handicap != 0 => {
                bad("--handicap takes random:N openings, not SGF files".into())
            }
            (GameName::Go, None) => {
                let read = |path: &String| -> Result<Vec<String>, String> {
                    let text = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
                    read_opening(&text, self.size)
                };
                self.openings
                    .iter()
                    .map(|path| {
                        read(path).map_err(|why| {
                            ArenaError::BadOption(format!("--openings {path}: {why}"))
                        })
                    })
                    .collect::<Result<_, _>>()
                    .map(Openings::Listed)
            }
        }
    }

    /// Wythoff's listed start piles: `A,B` each, not both zero.
    fn wythoff_starts(&self) -> Result<Vec<(u64, u64)>, ArenaError> {
        let piles = |text: &str| -> Result<(u64, u64), String> {
            let (a, b) = text.split_once(',').ok_or("expected two piles A,B")?;
            let pile = |pile: &str| {
                pile.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("'{pile}' is not a pile (a whole number up to 2^64 - 1)"))
            };
            match (pile(a)?, pile(b)?) {
                (0, 0) => Err("0,0 leaves the first player no move".into()),
                both => Ok(both),
            }
        };
        self.openings
            .iter()
            .map(|text| {
                piles(text)
                    .map_err(|why| ArenaError::BadOption(format!("--openings {text}: {why}")))
            })
            .collect()
    }

    fn sprt(&self) -> Result<Option<Sprt>, ArenaError> {
        let Some(text) = &self.sprt else {
            return Ok(None);
        };
        let bounds = text.split_once(',').and_then(|(a, b)| {
            Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?))
        });
        match bounds {
            Some((elo0, elo1)) if elo0.is_finite() && elo1.is_finite() && elo0 < elo1 => {
                Ok(Some(Sprt {
                    elo0,
                    elo1,
                    alpha: self.alpha,
                    beta: self.beta,
                }))
            }
            _ => Err(ArenaError::BadOption(format!(
                "--sprt {text}: expected ELO0,ELO1 with ELO0 < ELO1"
            ))),
        }
    }
}

/// Runs `gamebot arena`: the results table on stdout (also after SIGINT or SIGTERM,
/// with a note on stderr). Whether the match was interrupted; errors are for the caller
/// to report.
pub async fn run(args: ArenaArgs) -> Result<bool, ArenaError> {
    let resumable = args.out.is_some();
    let finished = super::run(args.to_match()?).await?;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(finished.summary.table().as_bytes());
    let _ = stdout.flush();
    if finished.interrupted {
        let how = if resumable {
            "; --resume plays the rest"
        } else {
            ""
        };
        eprintln!("gamebot arena: interrupted; games in play were abandoned{how}");
    }
    Ok(finished.interrupted)
}
