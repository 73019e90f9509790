//! The linear scorer against the naive relaxation scorer: random boards of many sizes and
//! densities, and the spiral corridor that is the relaxation's worst case.

mod common;
use common::{bound, bound_for, HEAVY_TEST_LIMIT};

mod go_boards;

use gamebot::go::{area_score, Colour};
use go_boards::{board_text, random_board, relaxation_score, spiral};
use proptest::prelude::*;

/// A board of side `sizes`, each point empty with a chance between 0 and 100%: from
/// stone-heavy (small, seki-like shared regions) to empty-heavy (few huge regions).
fn board(
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (usize, Vec<Option<Colour>>)> {
    (sizes, 0u32..=100).prop_flat_map(|(size, empty_percent)| {
        let stones = (100 - empty_percent).div_ceil(2);
        let point = prop_oneof![
            empty_percent => Just(None),
            stones => Just(Some(Colour::Black)),
            stones => Just(Some(Colour::White)),
        ];
        (Just(size), proptest::collection::vec(point, size * size))
    })
}

proptest! {
    #[test]
    fn linear_equals_relaxation_on_small_boards((size, points) in board(0..=40)) {
        let _bound = bound();
        prop_assert_eq!(area_score(size, &points), relaxation_score(size, &points));
    }

    #[test]
    fn the_text_form_scores_the_same((size, points) in board(0..=12)) {
        let _bound = bound();
        let expected = gamebot::go::gtp::challenge_text(relaxation_score(size, &points).outcome(gamebot::go::Points::ZERO));
        let text = board_text(size, &points);
        prop_assert_eq!(gamebot::go::gtp::tt_score(text), Ok(expected));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn linear_equals_relaxation_on_big_boards((size, points) in board(41..=255)) {
        let _bound = bound();
        prop_assert_eq!(area_score(size, &points), relaxation_score(size, &points));
    }
}

#[test]
fn linear_equals_relaxation_on_spirals() {
    let _bound = bound();
    for size in 0..=40 {
        let points = spiral(size);
        assert_eq!(
            area_score(size, &points),
            relaxation_score(size, &points),
            "{size}"
        );
    }
}

#[test]
fn a_spiral_corridor_reaches_both_colours() {
    let _bound = bound();
    let points = spiral(9);
    let stones = points.iter().filter(|point| point.is_some()).count() as u32;
    let score = area_score(9, &points);
    assert_eq!(score.white, 1);
    assert_eq!(score.black, stones - 1);
}

#[test]
fn the_spiral_is_one_corridor_without_shortcuts() {
    let _bound = bound();
    for size in 1..=40 {
        let points = spiral(size);
        let open = |row: usize, col: usize| points[row * size + col] != Some(Colour::Black);
        let mut ends = 0;
        for row in 0..size {
            for col in 0..size {
                if !open(row, col) {
                    continue;
                }
                let neighbours = [
                    row > 0 && open(row - 1, col),
                    row + 1 < size && open(row + 1, col),
                    col > 0 && open(row, col - 1),
                    col + 1 < size && open(row, col + 1),
                ]
                .into_iter()
                .filter(|&next| next)
                .count();
                assert!(neighbours <= 2, "size {size}: a fork at {row},{col}");
                ends += usize::from(neighbours < 2);
            }
        }
        assert!(ends <= 2, "size {size}: {ends} corridor ends");
        let length = points.iter().filter(|point| point.is_none()).count() + 1;
        assert!(
            2 * length >= size * size,
            "size {size}: corridor of {length}"
        );
    }
}

#[test]
fn random_boards_have_the_asked_density() {
    let _bound = bound();
    let points = random_board(100, 30, 7);
    let empty = points.iter().filter(|point| point.is_none()).count();
    assert!((2500..3500).contains(&empty), "{empty}");
    assert_eq!(points, random_board(100, 30, 7));
}

#[test]
#[ignore = "slow in debug: run with cargo test --release -- --ignored"]
fn linear_equals_relaxation_on_the_largest_boards() {
    let _bound = bound_for(HEAVY_TEST_LIMIT);
    for empty_percent in [0, 10, 30, 50, 70, 90, 100] {
        let points = random_board(255, empty_percent, empty_percent);
        assert_eq!(area_score(255, &points), relaxation_score(255, &points));
    }
    let points = spiral(255);
    assert_eq!(area_score(255, &points), relaxation_score(255, &points));
}
