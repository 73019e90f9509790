//! `gamebot train-model`: game records in, a move model's weights file out, with how
//! well the model and the hand-set priors predict the moves of records kept out of the
//! training.

use super::engine::model::dataset::positions;
use super::engine::model::evaluate::{compare, Prediction};
use super::engine::model::train::{train, TrainOptions};
use super::engine::model::MoveModel;
use super::sgf::SgfGame;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `gamebot train-model`'s options.
#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    /// SGF files, or directories whose `.sgf` files (not those of subdirectories) are
    /// read; the records are taken in path order.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
    /// The share of the records, the last ones in path order, kept out of the training
    /// to measure the predictions on (0 keeps none out). The last ones, not every tenth:
    /// records made in pairs from one opening (as `gamebot arena` makes them) then stay
    /// on one side.
    #[arg(long, default_value_t = 0.1, value_parser = share)]
    held_out: f64,
    /// Moves at the start of each record not learned from (random openings).
    #[arg(long, default_value_t = 2)]
    skip: usize,
    /// Rounds of minorization-maximization.
    #[arg(long, default_value_t = TrainOptions::default().rounds)]
    rounds: usize,
    /// Plays a 3x3 shape needs to get a weight of its own.
    #[arg(long, default_value_t = TrainOptions::default().min_shape3)]
    min_shape3: usize,
    /// Plays a larger shape needs to get a weight of its own.
    #[arg(long, default_value_t = TrainOptions::default().min_shape)]
    min_shape: usize,
    /// A line saying where the records came from, written into the weights file.
    #[arg(long)]
    source: Option<String>,
}

/// Runs `gamebot train-model`: reads the records, learns, writes the weights and prints
/// a report on stdout. A record that does not read is skipped with a warning on stderr;
/// an unreadable path or no usable record at all is an error.
pub fn run(args: &TrainArgs) -> Result<(), String> {
    let paths = record_paths(&args.records)?;
    let kept_out = (paths.len() as f64 * args.held_out).round() as usize;
    let mut learn = Vec::new();
    let mut held_out = Vec::new();
    for (index, path) in paths.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        match SgfGame::parse(&text) {
            Ok(game) if index >= paths.len() - kept_out => held_out.push(game),
            Ok(game) => learn.push(game),
            Err(error) => eprintln!("skipping {}: {error}", path.display()),
        }
    }
    let mut learned = Vec::new();
    for game in &learn {
        match positions(game, args.skip) {
            Ok(found) => learned.extend(found),
            Err(number) => eprintln!("skipping a record: move {number} is illegal"),
        }
    }
    if learned.is_empty() {
        return Err("no position to learn from".to_owned());
    }
    let options = TrainOptions {
        rounds: args.rounds,
        min_shape3: args.min_shape3,
        min_shape: args.min_shape,
    };
    let mut trained = train(&learned, &options);
    let comments = &mut trained.weights.comments;
    if let Some(source) = &args.source {
        comments.push(format!("source: {source}"));
    }
    comments.push(format!(
        "trained on {} positions of {} records ({} kept out), first {} moves of each skipped; \
         {} rounds, shapes played at least {} (3x3) and {} (larger) times",
        learned.len(),
        learn.len(),
        held_out.len(),
        args.skip,
        args.rounds,
        args.min_shape3,
        args.min_shape
    ));
    std::fs::write(&args.out, trained.weights.to_string())
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "records: {} learned from, {} kept out; positions learned from: {}",
        learn.len(),
        held_out.len(),
        learned.len()
    );
    let _ = writeln!(
        out,
        "weights: {} 3x3 shapes, {} larger shapes; mean log-likelihood {:.3} -> {:.3}; written to {}",
        trained.weights.shape3.len(),
        trained.weights.shapes.len(),
        trained.log_likelihood.0,
        trained.log_likelihood.1,
        args.out.display()
    );
    if !held_out.is_empty() {
        let model = MoveModel::new(&trained.weights);
        let (by_model, by_priors) = compare(&model, &held_out, args.skip);
        let _ = writeln!(out, "held-out positions: {}", by_model.positions);
        for (name, prediction) in [("move model", by_model), ("hand-set priors", by_priors)] {
            let _ = writeln!(out, "{}", line(name, &prediction));
        }
    }
    Ok(())
}

/// A share: a number from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!("'{text}' is not a share from 0 to 1")),
    }
}

/// A report line: who predicted how well.
fn line(name: &str, prediction: &Prediction) -> String {
    format!(
        "{name:>16}: top-1 {:5.1}%  top-5 {:5.1}%",
        100.0 * prediction.top1_rate(),
        100.0 * prediction.top5_rate()
    )
}

/// The SGF files named, directories opened one level, sorted by path.
fn record_paths(records: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    for record in records {
        if record.is_dir() {
            let entries =
                std::fs::read_dir(record).map_err(|e| format!("{}: {e}", record.display()))?;
            for entry in entries {
                let path = entry
                    .map_err(|e| format!("{}: {e}", record.display()))?
                    .path();
                if is_sgf(&path) {
                    paths.push(path);
                }
            }
        } else {
            paths.push(record.clone());
        }
    }
    paths.sort();
    Ok(paths)
}

fn is_sgf(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("sgf"))
}
