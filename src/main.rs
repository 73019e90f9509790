//! The `gamebot` command line: `serve` over TCP, `stdio` for one session, `score` one
//! Go board, `arena` for bot-vs-bot matches, or `analysis`, KataGo's JSON analysis
//! protocol.

#![forbid(unsafe_code)]

mod command_line;

use clap::Parser;
use command_line::{arguments, AnalysisArgs, Cli, Command, LogFormat, Mode};
use gamebot::arena::cli::ArenaArgs;
use gamebot::go::engine::EngineOptions;
use gamebot::go::gtp::{challenge_text, SgfFiles};
use gamebot::go::text_board::{ReadBoardError, TextBoard, TextBoardError};
use gamebot::go::training;
use gamebot::server::{self, ServerConfig, SessionLimits};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

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

/// Runs `serve` or `stdio` until it ends: its files installed, its catalog built, then
/// the server or the one session.
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
    if let Err(error) = args.install() {
        eprintln!("gamebot: {error}");
        return ExitCode::FAILURE;
    }
    gamebot::go::analysis_engine::run(args.config(), std::io::stdin().lock(), std::io::stdout());
    ExitCode::SUCCESS
}

/// `--max-line-bytes` as a length; beyond what this machine can address, no limit.
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
