//! The Go engine's options, shared by `serve`, `stdio` and `analysis`, and how they
//! become the engine's settings and installed files.

use gamebot::go::engine::book::OpeningBook;
use gamebot::go::engine::model::{MoveModel, Weights};
use gamebot::go::engine::playout::PlayoutStyle;
use gamebot::go::engine::policy_net::PolicyNet;
use gamebot::go::engine::value_net::ValueNet;
use gamebot::go::engine::EngineOptions;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the Go engine thinks; the same for `serve` and `stdio`.
#[derive(Debug, clap::Args)]
pub(crate) struct EngineArgs {
    /// Seconds each Go genmove thinks (fractions allowed, e.g. 0.25).
    #[arg(long, default_value_t = 1.0, value_parser = move_time)]
    go_move_time: f64,
    /// Run exactly this many simulations per Go genmove instead of thinking for
    /// --go-move-time: with --seed, moves are reproducible.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    go_playouts: Option<u64>,
    /// Threads of the pool all Go searches share [default: the number of cores]; a
    /// search alone uses them all, but with --go-playouts one, to stay reproducible.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    search_threads: Option<u16>,
    /// Seed of the engine's random choices [default: a new one each run].
    #[arg(long)]
    seed: Option<u64>,
    /// Go genmove answers `resign` when its best move wins less often than this
    /// (0 to 1; 0 never resigns); never in the opening.
    #[arg(long, default_value_t = 0.05, value_parser = resign_below)]
    go_resign_below: f32,
    /// After each Go move it plays, think on the opponent's time until the session's
    /// next Go command (off by default: on a shared server it takes search threads
    /// from other sessions).
    #[arg(long)]
    go_ponder: bool,
    /// An opening book (a book file, as `scripts/opening_book.py` writes it; the
    /// repository keeps data/opening-books/book_9x9.txt, 9x9 at komi 7): Go genmove
    /// answers from it where it holds the position [default: none, every move searched].
    #[arg(long, value_name = "FILE")]
    go_book: Option<PathBuf>,
    #[command(flatten)]
    tree: TreeArgs,
    #[command(flatten)]
    move_model: ModelArgs,
}

/// How large a Go search's tree may grow; the same for `serve`, `stdio` and `analysis`.
#[derive(Debug, clap::Args)]
pub(crate) struct TreeArgs {
    /// The most nodes a Go search's tree may hold, 56 bytes each: a search ends when its
    /// tree is full (at 2000000, after about 7 s on 9x9 with two threads), so more lets
    /// long searches and analyses go on, at that much memory for each search [default:
    /// 2000000 for serve, 8000000 for stdio and analysis].
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(100_000..=1_000_000_000)
    )]
    go_max_nodes: Option<u64>,
}

impl TreeArgs {
    /// The node cap asked for, else `default`; the parser keeps it within a `usize` on
    /// any target.
    pub(crate) fn max_nodes(&self, default: usize) -> usize {
        self.go_max_nodes.map_or(default, |nodes| {
            usize::try_from(nodes).expect("at most 1,000,000,000")
        })
    }
}

/// The Go engine's move model and playout policy; the same for `serve`, `stdio` and
/// `analysis`.
#[derive(Debug, clap::Args)]
pub(crate) struct ModelArgs {
    /// A move model (a weights file, as `gamebot train-model` writes it) for the Go
    /// engine's priors and playouts, instead of the one it ships with.
    #[arg(long, value_name = "FILE")]
    go_model: Option<PathBuf>,
    /// The Go engine's playout policy: `standard`, or `moggy` (Pachi's order of
    /// checks, with its ko, eye and nakade checks).
    #[arg(long, value_name = "STYLE", default_value = "standard")]
    pub(crate) go_playout_style: PlayoutStyle,
    /// The policy network for the Go engine's priors near the root, on the board sizes
    /// it is for: a weights file (as `scripts/train_policy_net.py` writes it; the
    /// repository keeps data/policy-nets/policy_9x9.txt and policy_9x9_katago.txt for
    /// 9x9, policy_9_13_19.txt for 9x9, 13x13 and 19x19 and policy_13x13_katago.txt for
    /// 13x13), or `none` for the move model's priors on every size [default: the
    /// built-in network, the three-size one, on 13x13 alone].
    #[arg(long, value_name = "FILE|none", value_parser = policy_net_choice)]
    go_policy_net: Option<PolicyNetChoice>,
    /// A value network for the Go engine (a weights file, as
    /// `scripts/train_value_net.py` writes it): its judgement of each node near the root
    /// counts as simulations of their own, on the board sizes and at the komi it was
    /// trained for [default: none].
    #[arg(long, value_name = "FILE")]
    go_value_net: Option<PathBuf>,
}

/// What `--go-policy-net` names.
#[derive(Debug, Clone)]
enum PolicyNetChoice {
    /// No network: the move model's priors everywhere.
    Off,
    /// The network in a weights file.
    File(PathBuf),
}

/// `none`, or the path of a weights file (`./none` for a file of that name).
fn policy_net_choice(text: &str) -> Result<PolicyNetChoice, String> {
    Ok(match text {
        "none" => PolicyNetChoice::Off,
        path => PolicyNetChoice::File(PathBuf::from(path)),
    })
}

impl ModelArgs {
    /// Makes `--go-model`'s weights, `--go-policy-net`'s choice and `--go-value-net`'s
    /// network, if given, the engine's, before any search; an error names the option and
    /// the file.
    pub(crate) fn install(&self) -> std::io::Result<()> {
        match &self.go_policy_net {
            Some(PolicyNetChoice::File(path)) => {
                install_file("--go-policy-net", path, |text| {
                    PolicyNet::install(Some(PolicyNet::parse(text)?))
                })?;
            }
            Some(PolicyNetChoice::Off) => {
                PolicyNet::install(None).map_err(|error| {
                    std::io::Error::other(format!("--go-policy-net none: {error}"))
                })?;
            }
            None => {}
        }
        if let Some(path) = &self.go_value_net {
            install_file("--go-value-net", path, |text| {
                ValueNet::install(Some(ValueNet::parse(text)?))
            })?;
        }
        if let Some(path) = &self.go_model {
            install_file("--go-model", path, |text| {
                MoveModel::install(&Weights::parse(text)?)
            })?;
        }
        Ok(())
    }
}

/// Reads the file an `option` names and hands its text to `install`; an error, the
/// file's or `install`'s, names the option and the file.
fn install_file<E: std::fmt::Display>(
    option: &str,
    path: &Path,
    install: impl FnOnce(&str) -> Result<(), E>,
) -> std::io::Result<()> {
    let named = |why: &dyn std::fmt::Display| {
        std::io::Error::other(format!("{option} {}: {why}", path.display()))
    };
    let text = std::fs::read_to_string(path).map_err(|error| named(&error))?;
    install(&text).map_err(|error| named(&error))
}

impl EngineArgs {
    /// Installs the move model's options (see [`ModelArgs::install`]) and
    /// `--go-book`'s book, if given, before any search.
    pub(crate) fn install(&self) -> std::io::Result<()> {
        self.move_model.install()?;
        if let Some(path) = &self.go_book {
            install_file("--go-book", path, |text| {
                OpeningBook::install(OpeningBook::parse(text)?)
            })?;
        }
        Ok(())
    }

    /// The engine options these arguments ask for, with trees of `max_nodes` unless
    /// `--go-max-nodes` says otherwise.
    pub(crate) fn options(&self, max_nodes: usize) -> EngineOptions {
        EngineOptions {
            move_time: Duration::from_secs_f64(self.go_move_time),
            playouts: self.go_playouts,
            seed: self.seed.unwrap_or_else(fresh_seed),
            resign_below: self.go_resign_below,
            ponder: self.go_ponder,
            max_nodes: self.tree.max_nodes(max_nodes),
            playout_style: self.move_model.go_playout_style,
            threads: search_threads(self.search_threads),
        }
    }
}

/// A move time: a positive number of seconds, at most a day.
fn move_time(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(seconds)
    } else {
        Err("a move time is more than 0 and at most 86400 seconds".to_string())
    }
}

/// A resignation threshold: a win rate from 0 to 1.
fn resign_below(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("'{text}' is not a win rate from 0 to 1")),
    }
}

/// The search threads `--search-threads` asks for, else one per core.
pub(crate) fn search_threads(asked: Option<u16>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}

/// A seed that differs from run to run: the clock's nanoseconds and the process id.
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(40)
}
