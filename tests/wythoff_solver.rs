//! The Wythoff solver against independent oracles: a brute-force game-tree solver for
//! small piles, and for large piles a cold-position test built on `BigUint::sqrt`.

mod common;
use common::bound;

use gamebot::wythoff::{solve, Position};
use num_bigint::BigUint;
use proptest::prelude::*;

const LIMIT: usize = 100;

/// lost[a][b]: whether (a, b) is lost for the side to move, by trying every move.
fn brute_force() -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; LIMIT]; LIMIT];
    for a in 0..LIMIT {
        for b in 0..LIMIT {
            let down_first = (0..a).any(|c| lost[c][b]);
            let down_second = (0..b).any(|d| lost[a][d]);
            let down_both = (1..=a.min(b)).any(|t| lost[a - t][b - t]);
            lost[a][b] = !(down_first || down_second || down_both);
        }
    }
    lost
}

fn is_legal(from: (usize, usize), to: (usize, usize)) -> bool {
    let ((a, b), (c, d)) = (from, to);
    (c == a && d < b) || (d == b && c < a) || (c < a && d < b && a - c == b - d)
}

fn small(n: &BigUint) -> usize {
    usize::try_from(n).unwrap()
}

#[test]
fn every_position_up_to_99_matches_brute_force() {
    let _bound = bound();
    let lost = brute_force();
    for a in 0..LIMIT {
        for b in 0..LIMIT {
            let position = Position::new(a, b);
            let answers = [
                position.winning_move(),
                solve(&position.first, &position.second)
                    .map(|(first, second)| Position { first, second }),
            ];
            for answer in answers {
                match answer {
                    None => assert!(lost[a][b], "({a}, {b}) is won but got none"),
                    Some(to) => {
                        let to = (small(&to.first), small(&to.second));
                        assert!(!lost[a][b], "({a}, {b}) is lost but got {to:?}");
                        assert!(is_legal((a, b), to), "({a}, {b}) -> {to:?} is illegal");
                        assert!(lost[to.0][to.1], "({a}, {b}) -> {to:?} is not cold");
                    }
                }
            }
        }
    }
}

#[test]
fn seed_examples() {
    let _bound = bound();
    let ask = |a: u32, b: u32| {
        Position::new(a, b)
            .winning_move()
            .map(|p| format!("{} {}", p.first, p.second))
    };
    assert_eq!(ask(5, 0).as_deref(), Some("0 0"));
    assert!(matches!(ask(2, 2).as_deref(), Some("1 2" | "2 1" | "0 0")));
    assert_eq!(ask(1, 2), None);
    assert!(matches!(ask(13, 9).as_deref(), Some("13 8" | "10 6")));
    assert_eq!(ask(10, 6), None);
    assert_eq!(ask(5, 10).as_deref(), Some("5 3"));
    assert_eq!(ask(25, 30).as_deref(), Some("8 13"));
}

/// floor(kφ) by num-bigint's own square root: independent of the solver's arithmetic.
fn lower(k: &BigUint) -> BigUint {
    (k + (k * k * 5u32).sqrt()) >> 1u32
}

/// The cold position (a_k, b_k).
fn cold(k: &BigUint) -> (BigUint, BigUint) {
    let a = lower(k);
    let b = &a + k;
    (a, b)
}

/// (x, y) is cold exactly when its smaller pile is a_d for d the difference.
fn is_cold(x: &BigUint, y: &BigUint) -> bool {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    *small == lower(&(large - small))
}

fn legal(from: &Position, to: &Position) -> bool {
    from.check_move(to).is_ok()
}

/// Checks the solver's answer at (x, y) against the oracle.
fn check(x: BigUint, y: BigUint) -> Result<(), TestCaseError> {
    let from = Position::new(x.clone(), y.clone());
    match from.winning_move() {
        None => prop_assert!(is_cold(&x, &y), "({x}, {y}) is won but got none"),
        Some(to) => {
            prop_assert!(!is_cold(&x, &y), "({x}, {y}) is cold but got {to:?}");
            prop_assert!(legal(&from, &to), "({x}, {y}) -> {to:?} is illegal");
            prop_assert!(
                is_cold(&to.first, &to.second),
                "({x}, {y}) -> {to:?} is not cold"
            );
        }
    }
    Ok(())
}

/// A number of `limbs` 32-bit digits, from hundreds to thousands of decimal digits.
fn big(limbs: std::ops::Range<usize>) -> impl Strategy<Value = BigUint> {
    proptest::collection::vec(any::<u32>(), limbs).prop_map(BigUint::new)
}

fn small_offset() -> impl Strategy<Value = BigUint> {
    (0u32..50).prop_map(BigUint::from)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn large_cold_positions_have_no_winning_move(k in big(30..400)) {
        let _bound = bound();
        let (a, b) = cold(&k);
        check(a.clone(), b.clone())?;
        check(b, a)?;
    }

    #[test]
    fn large_positions_near_cold_ones(k in big(30..400), da in small_offset(), db in small_offset()) {
        let _bound = bound();
        let (a, b) = cold(&k);
        check(&a + &da, &b + &db)?;
        check(&b + &db, &a + &da)?;
        check(&a - &da, b.clone())?;
        check(a.clone(), &b - &db)?;
    }

    #[test]
    fn large_random_positions(x in big(30..400), y in big(1..400)) {
        let _bound = bound();
        check(x.clone(), y.clone())?;
        check(y, x)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn machine_word_positions(x in any::<u64>(), y in any::<u64>(), shift in 0u32..64) {
        let _bound = bound();
        check(x.into(), (y >> shift).into())?;
    }

    #[test]
    fn machine_word_cold_positions(k in 0u64..7_000_000_000_000_000_000, d in 0u64..3) {
        let _bound = bound();
        let (a, b) = cold(&k.into());
        check(a.clone(), b.clone())?;
        check(&a + d, b.clone())?;
        check(b, a + d)?;
    }

    /// The fast path (both piles below 2^64) against the same solver on `BigUint`.
    #[test]
    fn fast_path_matches_big_path(x in any::<u64>(), y in any::<u64>(), shift in 0u32..64) {
        let _bound = bound();
        let y = y >> shift;
        let fast = solve(&x, &y).map(|(c, d)| (BigUint::from(c), BigUint::from(d)));
        prop_assert_eq!(fast, solve(&BigUint::from(x), &BigUint::from(y)));
    }
}

/// Piles near Fibonacci numbers, where kφ comes closest to integers.
#[test]
fn fast_path_matches_big_path_near_fibonacci_numbers() {
    let _bound = bound();
    let (mut f, mut g) = (1u64, 2u64);
    let mut fibonacci = vec![];
    while let Some(h) = f.checked_add(g) {
        fibonacci.push(f);
        (f, g) = (g, h);
    }
    for &x in &fibonacci {
        for &y in &fibonacci {
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 3)] {
                let (x, y) = (x.saturating_sub(dx), y.saturating_add(dy));
                let fast = solve(&x, &y).map(|(c, d)| (BigUint::from(c), BigUint::from(d)));
                assert_eq!(
                    fast,
                    solve(&BigUint::from(x), &BigUint::from(y)),
                    "({x}, {y})"
                );
            }
        }
    }
}
