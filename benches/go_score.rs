//! Scoring 255x255 Go boards in-process: the linear scorer against the naive relaxation
//! scorer, on random boards of several densities (`random30`: 30% empty), on the spiral
//! corridor (the relaxation's worst case) and on the empty board (one region, the
//! largest flood).
//!
//! `cargo bench --bench go_score`

#[path = "../tests/go_boards/mod.rs"]
mod go_boards;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use gamebot::go::text_board::tt_score;
use gamebot::go::{area_score, Colour};
use go_boards::{board_text, random_board, relaxation_score, spiral};
use std::hint::black_box;
use std::time::Duration;

const SIZE: usize = 255;

/// The boards measured: name and points.
fn boards() -> Vec<(String, Vec<Option<Colour>>)> {
    let mut boards: Vec<_> = [10, 30, 50, 70, 90]
        .into_iter()
        .map(|empty| (format!("random{empty}"), random_board(SIZE, empty, empty)))
        .collect();
    boards.push(("spiral".to_string(), spiral(SIZE)));
    boards.push(("empty".to_string(), vec![None; SIZE * SIZE]));
    boards
}

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_linear_255");
    for (name, points) in boards() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &points, |b, points| {
            b.iter(|| area_score(SIZE, black_box(points)))
        });
    }
    group.finish();
}

fn text(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_text_255");
    for (name, points) in boards() {
        let text = board_text(SIZE, &points);
        group.bench_with_input(BenchmarkId::from_parameter(&name), &text, |b, text| {
            b.iter(|| tt_score(black_box(text)))
        });
    }
    group.finish();
}

fn relaxation(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_relaxation_255");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, points) in boards() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &points, |b, points| {
            b.iter(|| relaxation_score(SIZE, black_box(points)))
        });
    }
    group.finish();
}

criterion_group!(benches, linear, text, relaxation);
criterion_main!(benches);
