//! `gamebot analysis`: KataGo's JSON analysis-engine protocol on stdin and stdout, for
//! KaTrain and the other tools written for KataGo's analysis engine.
//!
//! One query a line comes in; each turn it asks for becomes a job in one queue, highest
//! `priority` first, then oldest first. A few worker threads take jobs from it and run
//! the engine's search, synchronous, on one search pool they share; each answer is one
//! line, written whole, in the order the jobs end. Actions (`terminate`, ...) are
//! answered by the reading thread at once. The engine knows nothing of this: [`query`]
//! reads lines into boards and budgets, [`answer`] writes results as KataGo does.

mod answer;
mod query;

use crate::go::engine::playout::PlayoutStyle;
use crate::go::engine::pool::SearchPool;
use crate::go::engine::search::{Budget, Settings};
use crate::go::engine::slices::{search_in_slices, Watcher};
use query::{Request, Shared, Turn};
use serde_json::{json, Value};
use std::collections::BinaryHeap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// The longest input line read; a longer one is answered with an error and skipped.
const MAX_LINE_BYTES: usize = 16 << 20;

/// How `gamebot analysis` runs its searches.
#[derive(Debug, Clone)]
pub struct Config {
    /// Positions searched at once (KataGo's `numAnalysisThreads`).
    pub workers: usize,
    /// Threads of the search pool the positions share.
    pub search_threads: usize,
    /// Simulations run for each visit a query asks for (`maxVisits`): one of KataGo's
    /// visits, a neural network's judgement, is worth many random playouts.
    pub playouts_per_visit: u64,
    /// The visits of a query that does not say.
    pub default_visits: u64,
    /// Mixed into each search's seed.
    pub seed: u64,
    /// The most nodes a search's tree may hold.
    pub max_nodes: usize,
    /// At the end of the input, stop the searches under way and drop the waiting ones
    /// (KataGo's `-quit-without-waiting`) instead of finishing them.
    pub quit_without_waiting: bool,
    /// The playout policy.
    pub playout_style: PlayoutStyle,
}

/// Reads queries from `input` until it ends, answering on `output`; returns once every
/// answer owed is written (or, with [`Config::quit_without_waiting`], once the searches
/// under way have stopped).
pub fn run(config: Config, input: impl BufRead, output: impl Write + Send + 'static) {
    let engine = Arc::new(Engine {
        queue: Mutex::new(Queue::default()),
        ready: Condvar::new(),
        output: Mutex::new(Box::new(output)),
        pool: SearchPool::new(config.search_threads.max(1)),
        config,
    });
    let workers: Vec<_> = (0..engine.config.workers.max(1))
        .map(|_| {
            let engine = Arc::clone(&engine);
            std::thread::spawn(move || engine.work())
        })
        .collect();
    eprintln!("gamebot analysis: started, ready to begin handling requests");
    engine.read(input);
    {
        let mut queue = engine.lock();
        queue.closed = true;
        if engine.config.quit_without_waiting {
            queue.waiting.clear();
            for running in &queue.running {
                running.stop.store(true, Ordering::Relaxed);
            }
        }
    }
    engine.ready.notify_all();
    for worker in workers {
        let _ = worker.join();
    }
}

/// What the reading thread and the workers share.
struct Engine {
    queue: Mutex<Queue>,
    ready: Condvar,
    output: Mutex<Box<dyn Write + Send>>,
    pool: SearchPool,
    config: Config,
}

/// The jobs waiting and under way.
#[derive(Default)]
struct Queue {
    waiting: BinaryHeap<Job>,
    running: Vec<Running>,
    /// How many jobs were queued so far: the next one's place among equal priorities.
    queued: u64,
    /// Set when the input has ended: workers leave once nothing waits.
    closed: bool,
}

/// One turn of one query, waiting.
struct Job {
    id: Arc<str>,
    turn: Turn,
    shared: Arc<Shared>,
    /// Its place in the queue: earlier first among equal priorities.
    place: u64,
}

impl Job {
    fn key(&self) -> (i64, std::cmp::Reverse<u64>) {
        (self.turn.priority, std::cmp::Reverse(self.place))
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Job {}

impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Job {
    fn cmp(&self, other: &Job) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// A job under way, and how to stop it.
struct Running {
    id: Arc<str>,
    turn: usize,
    stop: Arc<AtomicBool>,
}

/// Whether a terminate for `id` (every query when `None`) and `turns` (every turn when
/// `None`) covers the job of query `job_id` at `turn`.
fn covers(id: Option<&str>, turns: Option<&[usize]>, job_id: &str, turn: usize) -> bool {
    id.is_none_or(|id| id == job_id) && turns.is_none_or(|turns| turns.contains(&turn))
}

impl Engine {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().expect("an analysis thread panicked")
    }

    /// Writes `value` as one line.
    fn send(&self, value: &Value) {
        let mut output = self.output.lock().expect("an analysis thread panicked");
        // A reader that went away ends the input too; nothing else to do here.
        let _ = writeln!(output, "{value}").and_then(|()| output.flush());
    }

    /// The reading loop: every line of `input` read and acted on.
    fn read(&self, mut input: impl BufRead) {
        let mut line = Vec::new();
        loop {
            line.clear();
            match read_line(&mut input, &mut line) {
                Ok(Line::End) | Err(_) => return,
                Ok(Line::TooLong) => self.send(&json!({
                    "error": format!("input line longer than {MAX_LINE_BYTES} bytes, ignored")
                })),
                Ok(Line::Read) => match std::str::from_utf8(&line) {
                    Ok(text) if text.trim().is_empty() => {}
                    Ok(text) => self.handle(text.trim()),
                    Err(_) => {
                        self.send(&json!({"error": "input line is not valid UTF-8, ignored"}))
                    }
                },
            }
        }
    }

    /// Acts on one line.
    fn handle(&self, line: &str) {
        match query::parse(line) {
            Err(refusal) => self.send(&refusal.to_json()),
            Ok(Request::Echo(answer)) => self.send(&answer),
            Ok(Request::Terminate { echo, id, turns }) => {
                let dropped: Vec<Job> = {
                    let mut queue = self.lock();
                    let (dropped, kept) =
                        std::mem::take(&mut queue.waiting)
                            .into_iter()
                            .partition(|job| {
                                covers(id.as_deref(), turns.as_deref(), &job.id, job.turn.number)
                            });
                    queue.waiting = kept;
                    for running in &queue.running {
                        if covers(id.as_deref(), turns.as_deref(), &running.id, running.turn) {
                            running.stop.store(true, Ordering::Relaxed);
                        }
                    }
                    dropped.into_vec()
                };
                self.send(&echo);
                for job in dropped {
                    self.send(&answer::no_results(&job.id, job.turn.number));
                }
            }
            Ok(Request::Query(query)) => {
                for warning in &query.warnings {
                    self.send(warning);
                }
                let id: Arc<str> = query.id.into();
                {
                    let mut queue = self.lock();
                    for turn in query.turns {
                        let place = queue.queued;
                        queue.queued += 1;
                        queue.waiting.push(Job {
                            id: Arc::clone(&id),
                            turn,
                            shared: Arc::clone(&query.shared),
                            place,
                        });
                    }
                }
                self.ready.notify_all();
            }
        }
    }

    /// A worker: jobs taken and answered until the input has ended and none waits.
    fn work(&self) {
        loop {
            let (job, stop) = {
                let mut queue = self.lock();
                loop {
                    if let Some(job) = queue.waiting.pop() {
                        let stop = Arc::new(AtomicBool::new(false));
                        queue.running.push(Running {
                            id: Arc::clone(&job.id),
                            turn: job.turn.number,
                            stop: Arc::clone(&stop),
                        });
                        break (job, stop);
                    }
                    if queue.closed {
                        return;
                    }
                    queue = self.ready.wait(queue).expect("an analysis thread panicked");
                }
            };
            let answer = self.analyse(&job, &stop);
            self.lock()
                .running
                .retain(|running| !Arc::ptr_eq(&running.stop, &stop));
            self.send(&answer);
        }
    }

    /// Searches one job's position within its budget, reporting on the way when asked;
    /// its final answer.
    fn analyse(&self, job: &Job, stop: &AtomicBool) -> Value {
        let (turn, shared) = (&job.turn, &job.shared);
        let board = &turn.board;
        let config = &self.config;
        let settings = Settings {
            komi: shared.komi,
            seed: config.seed ^ board.hash() ^ (turn.number as u64).rotate_left(32),
            max_nodes: config.max_nodes,
            ownership: shared.ownership,
            threads: config.search_threads.max(1),
            dynamic_komi: 0,
            avoid: shared.avoid.clone(),
            playout_style: config.playout_style,
        };
        let visits = shared.max_visits.unwrap_or(config.default_visits);
        let budget = Budget {
            playouts: Some(visits.saturating_mul(config.playouts_per_visit)),
            deadline: shared.max_time.map(|limit| Instant::now() + limit),
            target: None,
            stop: Some(stop),
        };
        let mut report = |result: &_, tree: &_| {
            self.send(&answer::answer(&job.id, turn, shared, result, tree, true));
        };
        let watcher = shared.report_every.map(|interval| Watcher {
            interval,
            report: &mut report,
        });
        let (result, tree) = search_in_slices(
            &self.pool,
            None,
            board,
            turn.colour,
            &settings,
            &budget,
            watcher,
        );
        if result.playouts == 0 {
            answer::no_results(&job.id, turn.number)
        } else {
            answer::answer(&job.id, turn, shared, &result, &tree, false)
        }
    }
}

/// What [`read_line`] read.
enum Line {
    /// A line, in the buffer without its end.
    Read,
    /// A line over [`MAX_LINE_BYTES`], skipped to its end.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most [`MAX_LINE_BYTES`] into `line`.
fn read_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> io::Result<Line> {
    let limit = MAX_LINE_BYTES as u64 + 1;
    let read = io::Read::take(&mut *input, limit).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        return Ok(Line::Read);
    }
    if line.len() <= MAX_LINE_BYTES {
        // The last line, without its end.
        return Ok(Line::Read);
    }
    // Skip the rest of the long line.
    let mut rest = Vec::new();
    loop {
        rest.clear();
        let read = io::Read::take(&mut *input, limit).read_until(b'\n', &mut rest)?;
        if read == 0 || rest.last() == Some(&b'\n') {
            return Ok(Line::TooLong);
        }
    }
}
