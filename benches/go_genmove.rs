//! genmove time on 19x19 positions from a reproducible generator-vs-generator game, plus
//! one move on a crowded 255x255 board.

#![forbid(unsafe_code)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gamebot::go::board::Board;
use gamebot::go::genmove::genmove;

/// The position after `moves` generated moves from the empty board.
fn position(size: usize, moves: usize) -> Board {
    let mut board = Board::new(size);
    for _ in 0..moves {
        let colour = board.to_move();
        genmove(&mut board, colour);
    }
    board
}

fn bench(c: &mut Criterion) {
    for moves in [50, 200, 400, 550] {
        let board = position(19, moves);
        let colour = board.to_move();
        c.bench_function(&format!("genmove 19x19 after {moves} moves"), |b| {
            b.iter_batched(
                || board.clone(),
                |mut board| genmove(&mut board, colour),
                BatchSize::SmallInput,
            )
        });
    }
    let board = position(255, 2000);
    let colour = board.to_move();
    c.bench_function("genmove 255x255 after 2000 moves", |b| {
        b.iter_batched(
            || board.clone(),
            |mut board| genmove(&mut board, colour),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
