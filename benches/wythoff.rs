//! Wythoff solving speed: machine-word piles (the fixed-point fast path) and piles of
//! 1,000 and 10,000 decimal digits (exact big-integer arithmetic).

#![forbid(unsafe_code)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamebot::wythoff::{solve, Position};
use num_bigint::BigUint;

/// A deterministic stream of pseudo-random words (SplitMix64).
struct Words(u64);

impl Words {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number of exactly `digits` decimal digits.
    fn decimal(&mut self, digits: usize) -> BigUint {
        let text: String = (0..digits)
            .map(|i| {
                let low = if i == 0 { 1 } else { 0 };
                char::from(b'0' + (low + self.next() % (10 - low)) as u8)
            })
            .collect();
        text.parse().unwrap()
    }
}

const BATCH: usize = 4096;

fn machine_words(c: &mut Criterion) {
    let mut words = Words(1);
    let piles: Vec<(u64, u64)> = (0..BATCH)
        .map(|_| (words.next() >> 1, words.next() >> 1))
        .collect();
    let positions: Vec<Position> = piles.iter().map(|&(a, b)| Position::new(a, b)).collect();
    let mut group = c.benchmark_group("wythoff_below_2^63");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("solve_u64", |b| {
        b.iter(|| {
            for (first, second) in &piles {
                black_box(solve(black_box(first), black_box(second)));
            }
        })
    });
    group.bench_function("position_winning_move", |b| {
        b.iter(|| {
            for position in &positions {
                black_box(black_box(position).winning_move());
            }
        })
    });
    group.finish();
}

fn huge_piles(c: &mut Criterion) {
    let mut words = Words(2);
    let mut group = c.benchmark_group("wythoff_huge");
    group.sample_size(20);
    for digits in [1_000, 10_000] {
        let positions: Vec<Position> = (0..8)
            .map(|_| Position::new(words.decimal(digits), words.decimal(digits)))
            .collect();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("winning_move_8_positions", digits),
            &positions,
            |b, positions| {
                b.iter(|| {
                    for position in positions {
                        black_box(black_box(position).winning_move());
                    }
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, machine_words, huge_piles);
criterion_main!(benches);
