//! The progress bar on stderr: games done of the total, the running score, the Elo so
//! far and the time left. On a terminal it is redrawn in place; otherwise one line is
//! written at most every few seconds, so logs stay short.

use super::stats::{Elo, Tally};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often the line may be redrawn on a terminal, and written elsewhere.
const TERMINAL_EVERY: Duration = Duration::from_millis(100);
const LOG_EVERY: Duration = Duration::from_secs(5);

/// The progress of a running match.
pub struct Progress {
    names: [String; 2],
    total: u64,
    /// Games already done when this run started (resumed ones).
    resumed: u64,
    started: Instant,
    shown: Option<Instant>,
    terminal: bool,
}

impl Progress {
    /// A match of `total` games between `names`, `resumed` of them already played.
    pub fn new(names: [String; 2], total: u64, resumed: u64) -> Progress {
        Progress {
            names,
            total,
            resumed,
            started: Instant::now(),
            shown: None,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows the state after a game, unless the line was shown moments ago.
    pub fn update(&mut self, tally: &Tally) {
        let every = if self.terminal {
            TERMINAL_EVERY
        } else {
            LOG_EVERY
        };
        if self.shown.is_some_and(|shown| shown.elapsed() < every) {
            return;
        }
        self.show(tally);
    }

    /// Shows the final state and ends the line.
    pub fn finish(&mut self, tally: &Tally) {
        self.show(tally);
        if self.terminal {
            let _ = writeln!(std::io::stderr());
        }
    }

    fn show(&mut self, tally: &Tally) {
        self.shown = Some(Instant::now());
        let line = self.line(tally, self.started.elapsed());
        let mut stderr = std::io::stderr().lock();
        let _ = if self.terminal {
            write!(stderr, "\r{line}\x1b[K")
        } else {
            writeln!(stderr, "{line}")
        };
        let _ = stderr.flush();
    }

    /// `[#####---------------] 30/100  a 17.5 - 12.5 b  Elo +58 (95%: -65 to +182)  ETA 1:10`
    fn line(&self, tally: &Tally, elapsed: Duration) -> String {
        let done = tally.games();
        let elo = Elo::of(tally).map_or_else(|| "-".to_string(), |elo| elo.describe(0));
        let played = done.saturating_sub(self.resumed);
        let eta = if played == 0 {
            "-".to_string()
        } else {
            let left =
                elapsed.as_secs_f64() / played as f64 * self.total.saturating_sub(done) as f64;
            let seconds = left.round() as u64;
            format!("{}:{:02}", seconds / 60, seconds % 60)
        };
        format!(
            "[{}] {done}/{}  {} {} - {} {}  Elo {elo}  ETA {eta}",
            bar(done, self.total),
            self.total,
            self.names[0],
            tally.points(),
            tally.mirrored().points(),
            self.names[1]
        )
    }
}

/// The width of the bar, in characters.
const BAR: u64 = 20;

/// `#` for the games done, `-` for the rest, [`BAR`] characters in all.
fn bar(done: u64, total: u64) -> String {
    let full = (done.min(total) * BAR).checked_div(total).unwrap_or(BAR);
    let full = usize::try_from(full).expect("at most BAR");
    format!("{}{}", "#".repeat(full), "-".repeat(BAR as usize - full))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_where_the_match_stands() {
        let _bound = crate::test_bound::bound();
        let progress = Progress::new(["a".into(), "b".into()], 100, 10);
        let tally = Tally {
            wins: 15,
            draws: 5,
            losses: 10,
        };
        assert_eq!(
            progress.line(&tally, Duration::from_secs(20)),
            "[######--------------] 30/100  a 17.5 - 12.5 b  Elo +58 (95%: -65 to +182)  ETA 1:10"
        );
        assert!(progress
            .line(&Tally::default(), Duration::ZERO)
            .ends_with("Elo -  ETA -"));
        assert_eq!(bar(0, 7), "-".repeat(20));
        assert_eq!(bar(7, 7), "#".repeat(20));
    }
}
