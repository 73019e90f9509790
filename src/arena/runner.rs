//! The match scheduler: `concurrency` workers take the games still to play in order,
//! each with its own links to the two engines (a process kept from game to game and
//! restarted after a forfeit; a new TCP connection for each game); one collector
//! writes each game as it ends, counts it, shows the progress, and stops the match
//! when the SPRT decides or SIGINT or SIGTERM comes.

use super::book::{Book, Summary};
use super::error::{ArenaError, LinkError};
use super::link::Link;
use super::outcome::{Ending, Reason};
use super::output::{Expected, Output};
use super::plan::{start, GoRules, Rules, Start};
use super::progress::Progress;
use super::record::GameRecord;
use super::referee::{self, Table};
use super::spec::Spec;
use super::Match;
use crate::server::shutdown_signal;
use std::collections::{BTreeSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// How a run of a match ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    /// The games played, this run's and those resumed.
    pub summary: Summary,
    /// Whether SIGINT or SIGTERM stopped the match before its end (games then in play
    /// are abandoned, not recorded; `--resume` plays them).
    pub interrupted: bool,
}

/// Plays the match (or what `--resume` finds missing of it) and sums it up. SIGINT or
/// SIGTERM stops it early, keeping the games finished so far.
pub async fn run(config: Match) -> Result<Finished, ArenaError> {
    let config = Arc::new(config);
    let names = config.engines.clone().map(|engine| engine.name);
    let mut book = Book::new(names.clone(), config.sprt);
    let players = |game: u64| seats(game).map(|engine| names[engine].clone());
    let (mut output, done) = match &config.out {
        Some(dir) => {
            let start_of = |game: u64| {
                let start = start(&config.rules, &config.openings, config.seed, (game - 1) / 2);
                (start_text(&start), start.opening().to_vec())
            };
            let expected = Expected {
                games: config.games,
                players: &players,
                start: &start_of,
            };
            let (output, done) =
                Output::open(dir, config.resume, go_rules(&config.rules), &expected)?;
            (Some(output), done)
        }
        None => (None, Vec::new()),
    };
    for game in &done {
        book.add(game);
    }
    let played: BTreeSet<u64> = done.iter().map(|game| game.game).collect();
    let queue: VecDeque<u64> = (1..=config.games).filter(|g| !played.contains(g)).collect();
    let mut progress = Progress::new(names, config.games, book.tally().games());
    if queue.is_empty() || book.is_decided() {
        progress.finish(&book.tally());
        if let Some(output) = &output {
            output.write_summary(&book.summary())?;
        }
        return Ok(Finished {
            summary: book.summary(),
            interrupted: false,
        });
    }
    let signal = shutdown_signal().map_err(ArenaError::Signals)?;
    probe(&config).await?;

    let workers = config.concurrency.min(queue.len()).max(1);
    let queue = Arc::new(Mutex::new(queue));
    let stop = CancellationToken::new();
    let (sender, mut receiver) = mpsc::unbounded_channel();
    let mut handles = Vec::with_capacity(workers);
    for _ in 0..workers {
        let worker = Worker::new(config.clone());
        handles.push(tokio::spawn(worker.run(
            queue.clone(),
            sender.clone(),
            stop.clone(),
        )));
    }
    drop(sender);
    let collected = collect(
        &mut receiver,
        &mut book,
        output.as_mut(),
        &mut progress,
        signal,
    )
    .await;
    stop.cancel();
    drop(receiver);
    for handle in handles {
        let _ = handle.await;
    }
    progress.finish(&book.tally());
    Ok(Finished {
        summary: book.summary(),
        interrupted: collected?,
    })
}

/// Takes each game as it ends: writes it, counts it, shows the progress. Returns when
/// every game is in, the SPRT decides, or `signal` comes (then `true`).
async fn collect(
    receiver: &mut mpsc::UnboundedReceiver<GameRecord>,
    book: &mut Book,
    mut output: Option<&mut Output>,
    progress: &mut Progress,
    signal: impl std::future::Future<Output = ()>,
) -> Result<bool, ArenaError> {
    tokio::pin!(signal);
    loop {
        let record = tokio::select! {
            record = receiver.recv() => match record {
                Some(record) => record,
                None => return Ok(false),
            },
            () = &mut signal => return Ok(true),
        };
        book.add(&record);
        if let Some(output) = output.as_deref_mut() {
            output.write_game(&record)?;
            output.write_summary(&book.summary())?;
        }
        progress.update(&book.tally());
        if book.is_decided() {
            return Ok(false);
        }
    }
}

/// The engine (0: the first `--engine`, 1: the second) in each seat of game `game`:
/// the first engine moves first in odd games.
fn seats(game: u64) -> [usize; 2] {
    if game % 2 == 1 {
        [0, 1]
    } else {
        [1, 0]
    }
}

/// A game's `start` field: Wythoff's piles (`13 9`); `None` for the other games.
fn start_text(start: &Start<'_>) -> Option<String> {
    match start {
        Start::Wythoff(a, b) => Some(format!("{a} {b}")),
        Start::Go(..) | Start::Qttt(_) => None,
    }
}

/// The rules of a Go match, whose games are also written as SGF.
fn go_rules(rules: &Rules) -> Option<GoRules> {
    match rules {
        Rules::Go(go) => Some(go.clone()),
        Rules::Qttt | Rules::Wythoff { .. } => None,
    }
}

/// Checks that every engine (and the referee) starts and answers, before any game.
async fn probe(config: &Match) -> Result<(), ArenaError> {
    let referee = config
        .referee
        .iter()
        .map(|spec| ("referee".to_string(), spec));
    let engines = config
        .engines
        .iter()
        .map(|engine| (engine.name.clone(), &engine.spec));
    for (name, spec) in engines.chain(referee) {
        let answer = async {
            let mut link = Link::open(spec, 0, config.limits.per_command).await?;
            link.expect_all(&["protocol_version".to_string()], config.limits.per_command)
                .await?;
            link.close().await;
            Ok::<(), LinkError>(())
        };
        answer
            .await
            .map_err(|error| ArenaError::EngineUnusable { name, error })?;
    }
    Ok(())
}

/// One game at a time, with its own links to the engines.
struct Worker {
    config: Arc<Match>,
    /// The links to the first and second engine; `None` until opened, after a
    /// forfeit, and after each game of a TCP engine.
    links: [Option<Link>; 2],
    referee: Option<Link>,
}

impl Worker {
    fn new(config: Arc<Match>) -> Worker {
        Worker {
            config,
            links: [None, None],
            referee: None,
        }
    }

    /// Plays games from `queue` until it is empty or the match stops.
    async fn run(
        mut self,
        queue: Arc<Mutex<VecDeque<u64>>>,
        results: mpsc::UnboundedSender<GameRecord>,
        stop: CancellationToken,
    ) {
        loop {
            let Some(game) = queue.lock().expect("the queue lock").pop_front() else {
                break;
            };
            let record = tokio::select! {
                record = self.play(game) => record,
                // A game cut short leaves its links mid-exchange: drop them, which
                // kills the engines' processes, rather than saying `quit`.
                () = stop.cancelled() => return,
            };
            if results.send(record).is_err() {
                return;
            }
        }
        for link in self.links.into_iter().chain([self.referee]).flatten() {
            link.close().await;
        }
    }

    /// Plays game `game` and records it.
    async fn play(&mut self, game: u64) -> GameRecord {
        let config = self.config.clone();
        let began = Instant::now();
        let order = seats(game);
        let start = start(&config.rules, &config.openings, config.seed, (game - 1) / 2);
        let (moves, ending) = match self.open(game, order).await {
            Ok(()) => self.referee_game(game, order, &start).await,
            Err((seat, error)) => {
                let reason = Reason::of_link_error(&error);
                let result = referee::forfeit_result(&config.rules, 1 - seat, reason);
                (
                    start.opening().to_vec(),
                    Ending::forfeit(seat, reason, error.to_string(), result),
                )
            }
        };
        // A forfeit's loser starts afresh; a TCP engine gets a new connection per game
        // (dropping the old one ends its session), spreading games over its addresses.
        for (&engine, &broken) in order.iter().zip(&ending.broken) {
            if broken || matches!(config.engines[engine].spec, Spec::Tcp(_)) {
                self.links[engine] = None;
            }
        }
        let name = |seat: usize| config.engines[order[seat]].name.clone();
        GameRecord {
            game,
            players: [name(0), name(1)],
            start: start_text(&start),
            opening: start.opening().len(),
            moves,
            result: ending.result,
            winner: ending.winner.map(name),
            reason: ending.reason,
            detail: ending.detail,
            seconds: began.elapsed().as_secs_f64(),
        }
    }

    /// Opens the links that are not open; the seat whose engine cannot be reached.
    async fn open(&mut self, game: u64, order: [usize; 2]) -> Result<(), (usize, LinkError)> {
        for (seat, &engine) in order.iter().enumerate() {
            if self.links[engine].is_none() {
                let spec = &self.config.engines[engine].spec;
                let link = Link::open(spec, game, self.config.limits.per_command)
                    .await
                    .map_err(|error| (seat, error))?;
                self.links[engine] = Some(link);
            }
        }
        Ok(())
    }

    /// The game played by the referee of the match's game, with both links open.
    async fn referee_game(
        &mut self,
        game: u64,
        order: [usize; 2],
        start: &Start<'_>,
    ) -> (Vec<String>, Ending) {
        let config = self.config.clone();
        let mut referee_failure = None;
        if let (Some(spec), None) = (&config.referee, &self.referee) {
            match Link::open(spec, game, config.limits.per_command).await {
                Ok(link) => self.referee = Some(link),
                Err(error) => referee_failure = Some(error.to_string()),
            }
        }
        let [first, second] = &mut self.links;
        let (a, b) = (
            first.as_mut().expect("open"),
            second.as_mut().expect("open"),
        );
        let links = if order[0] == 0 { [a, b] } else { [b, a] };
        let per_move = config.limits.per_move;
        let played = match start {
            Start::Go(rules, opening) => {
                let setup = referee::go::setup(rules, opening);
                let mut table = Table::new(links, [setup.clone(), setup], per_move);
                referee::go::play(
                    &mut table,
                    rules,
                    opening,
                    &mut self.referee,
                    config.limits.per_command,
                )
                .await
            }
            Start::Qttt(opening) => {
                let setup = referee::qttt::setup(opening);
                let mut table = Table::new(links, [setup.clone(), setup], per_move);
                referee::qttt::play(&mut table, opening).await
            }
            &Start::Wythoff(a, b) => {
                let setup = referee::wythoff::setup(a, b);
                let mut table = Table::new(links, [setup.clone(), setup], per_move);
                referee::wythoff::play(&mut table, a, b).await
            }
        };
        let mut ending = played.ending;
        if let Some(why) = referee_failure {
            if ending.detail.is_none() && matches!(ending.reason, Reason::Score | Reason::MaxMoves)
            {
                ending.detail = Some(format!("the referee failed ({why}); scored by the arena"));
            }
        }
        (played.moves, ending)
    }
}
