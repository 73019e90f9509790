//! The `gamebot` command line: `serve` over TCP, `stdio` for one session, `score` one
//! Go board, `arena` for bot-vs-bot matches, or `analysis`, KataGo's JSON analysis
//! protocol.

#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use gamebot::arena::cli::ArenaArgs;
use gamebot::go::engine::book::OpeningBook;
use gamebot::go::engine::model::{MoveModel, Weights};
use gamebot::go::engine::playout::PlayoutStyle;
use gamebot::go::engine::policy_net::PolicyNet;
use gamebot::go::engine::value_net::ValueNet;
use gamebot::go::engine::EngineOptions;
use gamebot::go::gtp::{challenge_text, SgfFiles};
use gamebot::go::text_board::{ReadBoardError, TextBoard, TextBoardError};
use gamebot::go::training::{self, TrainArgs};
use gamebot::server::{self, ServerConfig, SessionLimits};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// A competitive-play bot server speaking GTP version 2.
#[derive(Debug, Parser)]
#[command(name = "gamebot", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// How logs are written on stderr: `text` for people, `json` (one JSON object a
    /// line) for log shippers. `RUST_LOG` chooses how much.
    #[arg(long, global = true, value_enum, default_value_t = LogFormat::Text, hide_possible_values = true)]
    log_format: LogFormat,
}

/// The format of the logs on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Plain lines, coloured on a terminal.
    Text,
    /// One JSON object a line: `timestamp`, `level`, `fields`, `target`, and the
    /// `span` (such as the connection's `peer`) with its parents in `spans`.
    Json,
}

/// Sends `tracing` events to stderr in `format`, at the level `RUST_LOG` asks for, else
/// at `default`.
fn init_logs(format: LogFormat, default: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    match format {
        LogFormat::Text => logs.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => logs.json().init(),
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    #[command(flatten)]
    Serving(Mode),
    /// Score one Go board by Tromp-Taylor rules without komi: `W+6`, `B+21` or `Jigo`.
    ///
    /// Only `X` (Black), `O` (White) and `-` (empty) count, every other character is
    /// ignored; n*n of them (n up to 255) make the board, row by row. A bad input is
    /// reported on stderr with where it went wrong, and exit status 2.
    Score {
        /// The board text; read from stdin when absent.
        file: Option<PathBuf>,
    },
    /// Bot-vs-bot matches in Go, quantum tic-tac-toe or Wythoff's Nim: two engines
    /// speaking the protocol, refereed by the arena; results on stdout, progress on
    /// stderr.
    Arena(Box<ArenaArgs>),
    /// Learn the Go engine's move model from game records (SGF): writes a weights file
    /// and reports how well it predicts the moves of records kept out, beside the
    /// hand-set priors.
    TrainModel(TrainArgs),
    /// KataGo's JSON analysis-engine protocol on stdin/stdout, for KaTrain: one query a
    /// line in, one answer a line out per turn analysed (see protocol.md). KataGo's own
    /// arguments, as KaTrain passes them (`-model FILE -config FILE -override-config
    /// K=V,...`), are accepted and ignored.
    Analysis(AnalysisArgs),
}

/// `gamebot analysis`'s options.
#[derive(Debug, clap::Args)]
struct AnalysisArgs {
    /// Positions searched at once; the others wait, highest `priority` first.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=1024))]
    analysis_threads: u16,
    /// Threads of the pool those searches share [default: the number of cores].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    search_threads: Option<u16>,
    /// Simulations run for each visit a query asks for with `maxVisits` (one of
    /// KataGo's visits, a neural network's judgement, is worth many random playouts).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    playouts_per_visit: u64,
    /// The visits of a query that gives no `maxVisits`.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..))]
    max_visits: u64,
    /// Seed of the engine's random choices [default: a new one each run].
    #[arg(long)]
    seed: Option<u64>,
    /// At the end of the input, stop the searches under way without answering them
    /// (else they are finished and answered first).
    #[arg(long)]
    quit_without_waiting: bool,
    #[command(flatten)]
    tree: TreeArgs,
    #[command(flatten)]
    move_model: ModelArgs,
    /// KataGo's `-model FILE`: accepted and ignored.
    #[arg(long, value_name = "FILE", hide = true)]
    model: Option<String>,
    /// KataGo's `-human-model FILE`: accepted and ignored.
    #[arg(long, value_name = "FILE", hide = true)]
    human_model: Option<String>,
    /// KataGo's `-config FILE`: accepted and ignored.
    #[arg(long, value_name = "FILE", hide = true)]
    config: Option<String>,
    /// KataGo's `-override-config K=V,...`: accepted and ignored.
    #[arg(long, value_name = "K=V,...", hide = true)]
    override_config: Vec<String>,
}

/// KataGo's single-dash options that KaTrain passes to `katago analysis`, as the
/// double-dash ones `gamebot analysis` takes.
const KATAGO_OPTIONS: [&str; 5] = [
    "-model",
    "-human-model",
    "-config",
    "-override-config",
    "-quit-without-waiting",
];

/// The command line, KataGo's single-dash options written as clap reads them when the
/// subcommand is `analysis`.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.iter().any(|arg| arg == "analysis") {
        for arg in &mut args {
            if let Some(option) = KATAGO_OPTIONS.iter().find(|option| arg == **option) {
                *arg = format!("-{option}").into();
            }
        }
    }
    args
}

/// What every session's games promise, shown after the options of `serve` and `stdio`.
const SESSION_RULES: &str = "\
Sessions: a Go game has at most 3 x size x size + 1000 moves (passes included; 2083 on \
19x19); later moves are refused with '? illegal move'. Komi is exact: a plain decimal with \
at most 6 decimals, below 10^9 (6.5, -7.5, 0.25); exponents, inf and nan are refused. \
Results print exactly (komi 3.7 on a one-stone 2x2 board scores B+0.3). The protocol, \
every verb and limit: protocol.md.";

/// The modes that serve GTP sessions.
#[derive(Debug, Subcommand)]
enum Mode {
    /// Serve game sessions over TCP, one per connection.
    #[command(after_help = SESSION_RULES)]
    Serve {
        /// Address to listen on; port 0 picks a free port (printed on stdout).
        #[arg(long, default_value = "127.0.0.1:7070")]
        listen: String,
        /// Most connections at once; more are told `? server busy` and closed.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..))]
        max_connections: u32,
        /// Close a connection silent for this many seconds.
        #[arg(long, default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..))]
        idle_timeout: u64,
        /// After SIGINT/SIGTERM, the seconds sessions get to send the answers they owe
        /// before they are closed.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
        drain_timeout: u64,
        /// Longest accepted command line in bytes; longer ones get `? line too long`.
        #[arg(long, default_value_t = 1_048_576, value_parser = clap::value_parser!(u64).range(1..))]
        max_line_bytes: u64,
        /// Most heavy commands (searches, huge numbers) waiting for one of the lanes (a
        /// lane per core), and most Go searches at once; one more gets `? server busy`.
        #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
        heavy_queue: u32,
        /// Also serve HTTP on this address: the page that plays the games in a browser
        /// (`/`), `/healthz`, `/metrics` (Prometheus), and `/ws`, a WebSocket that is one
        /// session [default: off].
        #[arg(long, value_name = "ADDR")]
        http: Option<String>,
        /// With --http: also let pages of this origin (scheme://host[:port]) open
        /// WebSocket sessions; repeatable; `*` lets any site in. Pages served by gamebot
        /// itself, and clients that send no Origin, are always let in; other origins get
        /// 403.
        #[arg(long, value_name = "ORIGIN", value_parser = origin)]
        allow_origin: Vec<String>,
        /// Let `loadsgf FILE` and `printsgf FILE` read and write SGF files inside this
        /// directory, named by relative paths [default: no file at all; `printsgf`
        /// without a file still answers the SGF].
        #[arg(long, value_name = "DIR")]
        sgf_dir: Option<PathBuf>,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Run one session over stdin/stdout, for GUIs that launch engines as programs.
    #[command(after_help = SESSION_RULES)]
    Stdio {
        /// Longest accepted command line in bytes.
        #[arg(long, default_value_t = 1_048_576, value_parser = clap::value_parser!(u64).range(1..))]
        max_line_bytes: u64,
        /// After SIGINT/SIGTERM, the seconds the session gets to send the answers it owes
        /// before it ends.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
        drain_timeout: u64,
        #[command(flatten)]
        engine: EngineArgs,
    },
}

/// How the Go engine thinks; the same for `serve` and `stdio`.
#[derive(Debug, clap::Args)]
struct EngineArgs {
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
struct TreeArgs {
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
    fn max_nodes(&self, default: usize) -> usize {
        self.go_max_nodes.map_or(default, |nodes| {
            usize::try_from(nodes).expect("at most 1,000,000,000")
        })
    }
}

/// The Go engine's move model and playout policy; the same for `serve`, `stdio` and
/// `analysis`.
#[derive(Debug, clap::Args)]
struct ModelArgs {
    /// A move model (a weights file, as `gamebot train-model` writes it) for the Go
    /// engine's priors and playouts, instead of the one it ships with.
    #[arg(long, value_name = "FILE")]
    go_model: Option<PathBuf>,
    /// The Go engine's playout policy: `standard`, or `moggy` (Pachi's order of
    /// checks, with its ko, eye and nakade checks).
    #[arg(long, value_name = "STYLE", default_value = "standard")]
    go_playout_style: PlayoutStyle,
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
    fn install(&self) -> std::io::Result<()> {
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
    fn install(&self) -> std::io::Result<()> {
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
    fn options(&self, max_nodes: usize) -> EngineOptions {
        EngineOptions {
            move_time: Duration::from_secs_f64(self.go_move_time),
            playouts: self.go_playouts,
            seed: self.seed.unwrap_or_else(fresh_seed),
            resign_below: self.go_resign_below,
            ponder: self.go_ponder,
            max_nodes: self.tree.max_nodes(max_nodes),
            playout_style: self.move_model.go_playout_style,
            threads: self.search_threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            ),
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

/// An `--allow-origin` value: `*`, or an origin such as `https://play.example:8443`.
fn origin(text: &str) -> Result<String, String> {
    match text {
        "*" => Ok(text.to_owned()),
        _ => server::AllowedOrigins::new(&[text])
            .map(|_| text.to_owned())
            .map_err(|error| error.to_string()),
    }
}

/// A resignation threshold: a win rate from 0 to 1.
fn resign_below(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(rate) if (0.0..=1.0).contains(&rate) => Ok(rate),
        _ => Err(format!("'{text}' is not a win rate from 0 to 1")),
    }
}

/// A seed that differs from run to run: the clock's nanoseconds and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(40)
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(arguments());
    let mode = match cli.command {
        Command::Score { file } => return score(file.as_deref()),
        Command::Analysis(args) => {
            init_logs(cli.log_format, "warn");
            return analysis(&args);
        }
        Command::Arena(args) => {
            // Quiet by default: the progress bar shares stderr.
            init_logs(cli.log_format, "warn");
            return arena(*args);
        }
        Command::TrainModel(args) => {
            return match training::run(&args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("gamebot train-model: {error}");
                    ExitCode::from(2)
                }
            };
        }
        Command::Serving(mode) => mode,
    };
    init_logs(cli.log_format, "info");
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("gamebot: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run(mode));
    // Every session has finished or been dropped at the drain timeout by now; don't wait
    // for blocking threads: tokio's stdin reader stays parked in read(2) until the next
    // input byte, a stdout write to a reader that stopped reading never returns, and a
    // heavy command left behind by the drain timeout computes on.
    runtime.shutdown_background();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("gamebot: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(mode: Mode) -> std::io::Result<()> {
    match mode {
        Mode::Serve {
            listen,
            max_connections,
            idle_timeout,
            drain_timeout,
            max_line_bytes,
            heavy_queue,
            http,
            allow_origin,
            sgf_dir,
            engine,
        } => {
            engine.install()?;
            let files = match sgf_dir {
                Some(directory) => SgfFiles::under(&directory).map_err(|error| {
                    std::io::Error::new(
                        error.kind(),
                        format!("--sgf-dir {}: {error}", directory.display()),
                    )
                })?,
                None => SgfFiles::Refused,
            };
            let catalog = Arc::new(gamebot::standard_catalog_with_files(
                engine.options(EngineOptions::default().max_nodes),
                files,
            ));
            // Recorded from the start; served by `--http` at `GET /metrics`.
            server::Metrics::install(&catalog).map_err(std::io::Error::other)?;
            let listener = bind(&listen).await?;
            let address = listener.local_addr()?;
            let http = match http {
                Some(http) => Some(server::HttpConfig {
                    listener: bind(&http).await?,
                    allowed_origins: server::AllowedOrigins::new(&allow_origin)
                        .map_err(std::io::Error::other)?,
                }),
                None => None,
            };
            // Before the address line: a signal from whoever reads it must stop gracefully.
            let signal = server::shutdown_signal()?;
            let mut stdout = std::io::stdout().lock();
            writeln!(stdout, "listening on {address}")?;
            if let Some(http) = &http {
                writeln!(stdout, "http on http://{}/", http.listener.local_addr()?)?;
            }
            stdout.flush()?;
            drop(stdout);
            let config = ServerConfig {
                max_connections: max_connections as usize,
                limits: SessionLimits {
                    max_line_bytes: line_limit(max_line_bytes),
                    idle_timeout: Some(Duration::from_secs(idle_timeout)),
                    drain_timeout: Duration::from_secs(drain_timeout),
                    end_of_input_cancels: true,
                },
            };
            let scheduler = server::Scheduler::per_core(heavy_queue as usize);
            server::serve_with_http(listener, http, config, catalog, scheduler, signal).await;
            Ok(())
        }
        Mode::Stdio {
            max_line_bytes,
            drain_timeout,
            engine,
        } => {
            engine.install()?;
            // The one client is the program that launched gamebot, with its rights: it
            // may name any file, as with GNU Go and KataGo.
            server::serve_stdio(
                Arc::new(gamebot::standard_catalog_with_files(
                    engine.options(EngineOptions::ONE_CLIENT_MAX_NODES),
                    SgfFiles::Anywhere,
                )),
                line_limit(max_line_bytes),
                Duration::from_secs(drain_timeout),
            )
            .await
        }
    }
}

/// A TCP listener on `address`, or an error that names it.
async fn bind(address: &str) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| {
            std::io::Error::new(error.kind(), format!("cannot listen on {address}: {error}"))
        })
}

/// `gamebot arena`: the match, then its table on stdout; a bad option or a broken
/// engine is reported on stderr with exit status 2, a match stopped by SIGINT or
/// SIGTERM exits with status 130.
fn arena(args: ArenaArgs) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("gamebot arena: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(gamebot::arena::cli::run(args));
    // Engines still being closed are killed with their links; nothing else is pending.
    runtime.shutdown_background();
    match outcome {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(130),
        Err(error) => {
            eprintln!("gamebot arena: {error}");
            ExitCode::from(2)
        }
    }
}

/// `gamebot analysis`: answers the queries on stdin until it ends.
fn analysis(args: &AnalysisArgs) -> ExitCode {
    if let Err(error) = args.move_model.install() {
        eprintln!("gamebot: {error}");
        return ExitCode::FAILURE;
    }
    let config = gamebot::go::analysis_engine::Config {
        workers: usize::from(args.analysis_threads),
        search_threads: args.search_threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
        playouts_per_visit: args.playouts_per_visit,
        default_visits: args.max_visits,
        seed: args.seed.unwrap_or_else(fresh_seed),
        max_nodes: args.tree.max_nodes(EngineOptions::ONE_CLIENT_MAX_NODES),
        quit_without_waiting: args.quit_without_waiting,
        playout_style: args.move_model.go_playout_style,
    };
    gamebot::go::analysis_engine::run(config, std::io::stdin().lock(), std::io::stdout());
    ExitCode::SUCCESS
}

fn line_limit(bytes: u64) -> usize {
    usize::try_from(bytes).unwrap_or(usize::MAX)
}

/// `gamebot score [FILE]`: the result on stdout, or on stderr what is wrong with the
/// input and where (`gamebot score: board.txt: line 3, column 7: ...`), with exit status 2.
fn score(file: Option<&Path>) -> ExitCode {
    let source = file.map_or_else(|| "stdin".to_string(), |path| path.display().to_string());
    let board = match file {
        Some(path) => std::fs::File::open(path)
            .map_err(|error| format!("cannot open: {error}"))
            .and_then(|opened| TextBoard::read(opened).map_err(|error| board_problem(&error))),
        None => TextBoard::read(std::io::stdin().lock()).map_err(|error| board_problem(&error)),
    };
    let printed = board.and_then(|board| {
        writeln!(std::io::stdout(), "{}", challenge_text(board.outcome()))
            .map_err(|error| format!("cannot write the result: {error}"))
    });
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gamebot score: {source}: {message}");
            ExitCode::from(2)
        }
    }
}

/// What is wrong with a board's input, with its place when it has one.
fn board_problem(error: &ReadBoardError) -> String {
    match error {
        ReadBoardError::Board(TextBoardError::TooLarge { at }) => {
            format!("line {}, column {}: {error}", at.line, at.column)
        }
        ReadBoardError::Board(TextBoardError::NotSquare { .. }) => {
            format!("at the end of the input: {error}")
        }
        ReadBoardError::Io(_) => error.to_string(),
    }
}
