//! The `gamebot` command line's shape: its subcommands and their options, as clap reads
//! them, with the checks of single values; `main` turns them into servers and sessions.

mod analysis_args;
mod engine_args;

pub(crate) use analysis_args::{arguments, AnalysisArgs};

use clap::{Parser, Subcommand};
use engine_args::EngineArgs;
use gamebot::arena::cli::ArenaArgs;
use gamebot::go::training::TrainArgs;
use gamebot::server;
use std::path::PathBuf;

/// A competitive-play bot server speaking GTP version 2.
#[derive(Debug, Parser)]
#[command(name = "gamebot", version, about)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// How logs are written on stderr: `text` for people, `json` (one JSON object a
    /// line) for log shippers. `RUST_LOG` chooses how much.
    #[arg(long, global = true, value_enum, default_value_t = LogFormat::Text, hide_possible_values = true)]
    pub(crate) log_format: LogFormat,
}

/// The format of the logs on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum LogFormat {
    /// Plain lines, coloured on a terminal.
    Text,
    /// One JSON object a line: `timestamp`, `level`, `fields`, `target`, and the
    /// `span` (such as the connection's `peer`) with its parents in `spans`.
    Json,
}

/// What `gamebot` is asked to do: serve sessions, or one of its tools.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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

/// What every session's games promise, shown after the options of `serve` and `stdio`.
const SESSION_RULES: &str = "\
Sessions: a Go game has at most 3 x size x size + 1000 moves (passes included; 2083 on \
19x19); later moves are refused with '? illegal move'. Komi is exact: a plain decimal with \
at most 6 decimals, below 10^9 (6.5, -7.5, 0.25); exponents, inf and nan are refused. \
Results print exactly (komi 3.7 on a one-stone 2x2 board scores B+0.3). The protocol, \
every verb and limit: protocol.md.";

/// The modes that serve GTP sessions.
#[derive(Debug, Subcommand)]
pub(crate) enum Mode {
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

/// An `--allow-origin` value: `*`, or an origin such as `https://play.example:8443`.
fn origin(text: &str) -> Result<String, String> {
    match text {
        "*" => Ok(text.to_owned()),
        _ => server::AllowedOrigins::new(&[text])
            .map(|_| text.to_owned())
            .map_err(|error| error.to_string()),
    }
}
