//! Scoring 255x255 Go boards in-process: the linear scorer against the naive relaxation
//! scorer, on random boards of several densities (`random30_255`: 30% empty), on the spiral
//! corridor (the relaxation's worst case) and on the empty board (one region, the
//! largest flood).
//!
//! `cargo bench --bench go_score`; without `--bench` (as `cargo test --benches` runs it)
//! every case runs once on 41x41 boards, to check the bench works without the wait.

#![forbid(unsafe_code)]

#[path = "../tests/go_boards/mod.rs"]
mod go_boards;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use gamebot::go::gtp::tt_score;
use gamebot::go::{area_score, Colour};
use go_boards::{board_text, random_board, relaxation_score, spiral};
use std::hint::black_box;
use std::time::Duration;

/// The board side: 255 when measuring, small when only testing the bench.
fn size() -> usize {
    if std::env::args().any(|arg| arg == "--bench") {
        255
    } else {
        41
    }
}

/// The boards measured: side, name and points.
fn boards() -> Vec<(usize, String, Vec<Option<Colour>>)> {
    let size = size();
    let mut boards: Vec<_> = [10, 30, 50, 70, 90]
        .into_iter()
        .map(|empty| {
            let points = random_board(size, empty, empty);
            (size, format!("random{empty}_{size}"), points)
        })
        .collect();
    boards.push((size, format!("spiral_{size}"), spiral(size)));
    boards.push((size, format!("empty_{size}"), vec![None; size * size]));
    boards
}

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_linear");
    for (size, name, points) in boards() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &points, |b, points| {
            b.iter(|| area_score(size, black_box(points)))
        });
    }
    group.finish();
}

fn text(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_text");
    for (size, name, points) in boards() {
        let text = board_text(size, &points);
        group.bench_with_input(BenchmarkId::from_parameter(&name), &text, |b, text| {
            b.iter(|| tt_score(black_box(text)))
        });
    }
    group.finish();
}

fn relaxation(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_score_relaxation");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (size, name, points) in boards() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &points, |b, points| {
            b.iter(|| relaxation_score(size, black_box(points)))
        });
    }
    group.finish();
}

criterion_group!(benches, linear, text, relaxation);
criterion_main!(benches);
