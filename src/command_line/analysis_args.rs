//! `gamebot analysis`'s options, with KataGo's own as KaTrain passes them.

use super::engine_args::{fresh_seed, search_threads, ModelArgs, TreeArgs};
use gamebot::go::analysis_engine::Config;
use gamebot::go::engine::EngineOptions;

/// `gamebot analysis`'s options.
#[derive(Debug, clap::Args)]
pub(crate) struct AnalysisArgs {
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
pub(crate) fn arguments() -> Vec<std::ffi::OsString> {
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

impl AnalysisArgs {
    /// Installs the move model's options (see `ModelArgs::install`) before any search.
    pub(crate) fn install(&self) -> std::io::Result<()> {
        self.move_model.install()
    }

    /// The analysis engine's settings these arguments ask for.
    pub(crate) fn config(&self) -> Config {
        Config {
            workers: usize::from(self.analysis_threads),
            search_threads: search_threads(self.search_threads),
            playouts_per_visit: self.playouts_per_visit,
            default_visits: self.max_visits,
            seed: self.seed.unwrap_or_else(fresh_seed),
            max_nodes: self.tree.max_nodes(EngineOptions::ONE_CLIENT_MAX_NODES),
            quit_without_waiting: self.quit_without_waiting,
            playout_style: self.move_model.go_playout_style,
        }
    }
}
