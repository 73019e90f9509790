//! Prometheus metrics: the recorder every part of the server reports to, and the text
//! that `GET /metrics` serves.
//!
//! Metrics are recorded through the `metrics` crate wherever things happen; until
//! [`Metrics::install`] is called (as `gamebot serve` does), recording costs next to
//! nothing and goes nowhere. The series, all prefixed `gamebot_`:
//!
//! | series | kind | labels |
//! |---|---|---|
//! | `sessions_open` | gauge | |
//! | `sessions_total` | counter | |
//! | `connections_refused_total` | counter (over `--max-connections`) | |
//! | `commands_total` | counter | `verb` (a known verb or `unknown`), `outcome` (`ok`, `failed`, `busy`) |
//! | `command_seconds` | histogram (queueing included; light commands sampled) | `verb` |
//! | `errors_total` | counter | `kind` (see [`CommandError::kind`](crate::session::CommandError::kind); `idle_timeout` too) |
//! | `heavy_queued`, `heavy_running` | gauges | |
//! | `search_nodes_total` | counter (Go playouts, QTTT nodes: `rate()` gives nodes per second) | `game` |

use crate::session::Catalog;
use ::metrics::{Counter, Histogram};
use metrics_exporter_prometheus::{BuildError, Matcher, PrometheusBuilder, PrometheusHandle};
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The bounds of the command latency histogram's buckets, in seconds.
const LATENCY_BUCKETS: [f64; 14] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0,
    10.0,
];

/// How often histograms are folded into their buckets, so their samples do not pile up
/// between two scrapes.
const UPKEEP: Duration = Duration::from_secs(5);

/// The process's recorder, once installed.
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Each verb's series, once the recorder is installed.
static VERBS: OnceLock<VerbTable> = OnceLock::new();

/// A handle on the process's metrics: what `GET /metrics` serves.
#[derive(Clone)]
pub struct Metrics {
    handle: PrometheusHandle,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Metrics {
    /// Installs the Prometheus recorder as the process's recorder (only the first call
    /// does; later calls get the same handle) and registers the verbs of `catalog`, so
    /// that commands are counted by verb. Starts a thread that folds histograms now and
    /// then. No HTTP listener of its own: `--http` serves [`render`](Metrics::render) at
    /// `GET /metrics`.
    ///
    /// # Errors
    /// When another recorder was installed already.
    pub fn install(catalog: &Catalog) -> Result<Metrics, BuildError> {
        // Two first calls at once must not both try to install.
        static INSTALLING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _installing = INSTALLING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let handle = match HANDLE.get() {
            Some(handle) => handle.clone(),
            None => {
                let handle = PrometheusBuilder::new()
                    .set_buckets_for_metric(
                        Matcher::Full("gamebot_command_seconds".into()),
                        &LATENCY_BUCKETS,
                    )?
                    .install_recorder()?;
                let upkeep = handle.clone();
                std::thread::Builder::new()
                    .name("metrics-upkeep".into())
                    .spawn(move || loop {
                        std::thread::sleep(UPKEEP);
                        upkeep.run_upkeep();
                    })
                    .map_err(|error| BuildError::FailedToCreateHTTPListener(error.to_string()))?;
                HANDLE.get_or_init(|| handle).clone()
            }
        };
        VERBS.get_or_init(|| VerbTable::new(catalog));
        Ok(Metrics { handle })
    }

    /// The process's metrics, if [`install`](Metrics::install) was called.
    pub fn installed() -> Option<Metrics> {
        HANDLE.get().map(|handle| Metrics {
            handle: handle.clone(),
        })
    }

    /// Every series in the Prometheus text format, as `GET /metrics` answers.
    pub fn render(&self) -> String {
        self.handle.render()
    }
}

/// The series of one verb, registered once.
struct VerbSeries {
    verb: &'static str,
    ok: Counter,
    failed: Counter,
    busy: Counter,
    seconds: Histogram,
}

impl VerbSeries {
    fn new(verb: &'static str) -> VerbSeries {
        let outcome = |outcome: &'static str| ::metrics::counter!("gamebot_commands_total", "verb" => verb, "outcome" => outcome);
        VerbSeries {
            verb,
            ok: outcome("ok"),
            failed: outcome("failed"),
            busy: outcome("busy"),
            seconds: ::metrics::histogram!("gamebot_command_seconds", "verb" => verb),
        }
    }

    /// Counts one command of this verb and how long it took.
    fn record(&self, outcome: Outcome, took: Duration) {
        match outcome {
            Outcome::Ok => self.ok.increment(1),
            Outcome::Failed => self.failed.increment(1),
            Outcome::Busy => self.busy.increment(1),
        }
        self.seconds.record(took.as_secs_f64());
    }
}

/// How a command ended, for `gamebot_commands_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Answered `=`.
    Ok,
    /// Answered `?`, other than busy.
    Failed,
    /// Refused by the full queue of heavy work.
    Busy,
}

impl Outcome {
    /// The outcome of the response that starts at `response` (its first byte).
    pub(crate) fn of(response: &[u8]) -> Outcome {
        match response.first() {
            Some(b'=') => Outcome::Ok,
            _ => Outcome::Failed,
        }
    }
}

/// The series of every known verb, and of `unknown` for all others (the label stays
/// bounded whatever clients send).
struct VerbTable {
    index: HashMap<&'static str, usize>,
    series: Vec<VerbSeries>,
    unknown: VerbSeries,
}

impl VerbTable {
    fn new(catalog: &Catalog) -> VerbTable {
        let verbs: Vec<&'static str> = catalog.all_verbs().collect();
        VerbTable {
            index: verbs
                .iter()
                .enumerate()
                .map(|(at, &verb)| (verb, at))
                .collect(),
            series: verbs.into_iter().map(VerbSeries::new).collect(),
            unknown: VerbSeries::new("unknown"),
        }
    }
}

/// One light command in this many (per session) is timed: reading the clock twice
/// and recording a sample would double the cost of a command answered in 100 ns.
const LIGHT_SAMPLE: u32 = 64;

/// A session's counts of light commands (answered at once, without the scheduler) not
/// yet added to the shared counters: adding them once per batch of answers, not once a
/// command, spares the atomic operations on counters that every session shares.
#[derive(Default)]
pub(crate) struct Tally {
    /// Per verb: its series, and its commands answered `ok` and failed.
    counts: Vec<(&'static VerbSeries, u64, u64)>,
    /// Light commands seen, for sampling their latency.
    seen: u32,
    /// Where in `counts` the last verb is: a client often sends the same verb again.
    last: Option<usize>,
}

impl Tally {
    /// Runs one command of `verb` through `respond`, which returns how it ended, or
    /// `None` when it was left for later (a heavy command, timed on its own); counts a
    /// command that ended, and times one in [`LIGHT_SAMPLE`].
    #[inline]
    pub(crate) fn light<T>(
        &mut self,
        verb: &str,
        respond: impl FnOnce() -> (T, Option<Outcome>),
    ) -> T {
        let at = match self.last {
            Some(at) if self.counts[at].0.verb == verb => at,
            _ => {
                let Some(series) = verb_series(verb) else {
                    return respond().0;
                };
                let at = match self
                    .counts
                    .iter()
                    .position(|(known, ..)| std::ptr::eq(*known, series))
                {
                    Some(at) => at,
                    None => {
                        self.counts.push((series, 0, 0));
                        self.counts.len() - 1
                    }
                };
                self.last = Some(at);
                at
            }
        };
        let series = self.counts[at].0;
        self.seen = self.seen.wrapping_add(1);
        let started = self.seen.is_multiple_of(LIGHT_SAMPLE).then(Instant::now);
        let (answer, outcome) = respond();
        let Some(outcome) = outcome else {
            return answer;
        };
        if let Some(started) = started {
            series.seconds.record(started.elapsed().as_secs_f64());
        }
        match outcome {
            Outcome::Ok => self.counts[at].1 += 1,
            _ => self.counts[at].2 += 1,
        }
        answer
    }

    /// Adds the counts to the shared counters.
    pub(crate) fn flush(&mut self) {
        for (series, ok, failed) in &mut self.counts {
            series.ok.increment(std::mem::take(ok));
            series.failed.increment(std::mem::take(failed));
        }
    }
}

impl Drop for Tally {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A heavy command's clock, from when it was read until it is answered: running only
/// when metrics are installed.
#[derive(Clone, Copy)]
pub(crate) struct Timing(Option<(&'static VerbSeries, Instant)>);

impl Timing {
    /// Starts timing a command of `verb`.
    #[inline]
    pub(crate) fn start(verb: &str) -> Timing {
        Timing(verb_series(verb).map(|series| (series, Instant::now())))
    }

    /// Counts the command, ended as `outcome`, and how long it took.
    #[inline]
    pub(crate) fn finish(self, outcome: Outcome) {
        if let Some((series, started)) = self.0 {
            series.record(outcome, started.elapsed());
        }
    }
}

/// The series of `verb`, when metrics are installed.
#[inline]
fn verb_series(verb: &str) -> Option<&'static VerbSeries> {
    let table = VERBS.get()?;
    Some(
        table
            .index
            .get(verb)
            .map_or(&table.unknown, |&at| &table.series[at]),
    )
}
