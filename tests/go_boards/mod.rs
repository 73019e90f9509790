//! Go boards for scoring tests and benchmarks, and the naive relaxation scorer that the
//! linear scorer is checked and measured against.
#![allow(dead_code)] // each test or bench binary uses its own part

use gamebot::go::{AreaScore, Colour};

/// Reach bit of Black.
const BLACK: u8 = 1;
/// Reach bit of White.
const WHITE: u8 = 2;

/// Tromp-Taylor area by relaxation, the way the scoring challenge describes it: every
/// point keeps the set of colours it reaches; sweep the board row by row, letting each
/// empty point take its neighbours' sets, until a sweep changes nothing. Obviously right,
/// and slow: a long winding region needs a sweep per bend.
pub fn relaxation_score(size: usize, points: &[Option<Colour>]) -> AreaScore {
    assert_eq!(points.len(), size * size);
    let mut reach: Vec<u8> = points
        .iter()
        .map(|point| match point {
            None => 0,
            Some(Colour::Black) => BLACK,
            Some(Colour::White) => WHITE,
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for row in 0..size {
            for col in 0..size {
                let here = row * size + col;
                if points[here].is_some() || reach[here] == BLACK | WHITE {
                    continue;
                }
                let mut seen = reach[here];
                if row > 0 {
                    seen |= reach[here - size];
                }
                if row + 1 < size {
                    seen |= reach[here + size];
                }
                if col > 0 {
                    seen |= reach[here - 1];
                }
                if col + 1 < size {
                    seen |= reach[here + 1];
                }
                if seen != reach[here] {
                    reach[here] = seen;
                    changed = true;
                }
            }
        }
    }
    let count = |colour| reach.iter().filter(|&&seen| seen == colour).count() as u32;
    AreaScore {
        black: count(BLACK),
        white: count(WHITE),
    }
}

/// A one-point-wide corridor of empty points winding in a spiral from the top-left
/// corner to the centre, walled by Black stones, with one White stone at its inner end:
/// the whole corridor reaches both colours, and White's reach must travel all its length.
pub fn spiral(size: usize) -> Vec<Option<Colour>> {
    let mut points = vec![Some(Colour::Black); size * size];
    if size == 0 {
        return points;
    }
    let inside = |row: isize, col: isize| {
        (0..size as isize).contains(&row) && (0..size as isize).contains(&col)
    };
    let index = |row: isize, col: isize| row as usize * size + col as usize;
    let carved = |points: &[Option<Colour>], row: isize, col: isize| {
        inside(row, col) && points[index(row, col)].is_none()
    };
    // Step into the next point unless it is off the board or touches the corridor
    // anywhere but where we stand: the walls between turns of the spiral stay whole.
    let can_step =
        |points: &[Option<Colour>], (row, col): (isize, isize), (dr, dc): (isize, isize)| {
            let (next_row, next_col) = (row + dr, col + dc);
            inside(next_row, next_col)
                && !carved(points, next_row, next_col)
                && [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .into_iter()
                    .map(|(r, c)| (next_row + r, next_col + c))
                    .all(|(r, c)| (r, c) == (row, col) || !carved(points, r, c))
        };
    let mut at = (0, 0);
    let mut heading = (0, 1);
    points[0] = None;
    loop {
        if !can_step(&points, at, heading) {
            heading = (heading.1, -heading.0); // turn clockwise
            if !can_step(&points, at, heading) {
                break;
            }
        }
        at = (at.0 + heading.0, at.1 + heading.1);
        points[index(at.0, at.1)] = None;
    }
    points[index(at.0, at.1)] = Some(Colour::White);
    points
}

/// A random board: each point empty with probability `empty_percent`/100, otherwise a
/// Black or White stone alike. The same `seed` gives the same board.
pub fn random_board(size: usize, empty_percent: u64, seed: u64) -> Vec<Option<Colour>> {
    // xorshift64*: plenty for test boards, no dependency.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    (0..size * size)
        .map(|_| {
            let roll = next() % 200;
            if roll < 2 * empty_percent {
                None
            } else if roll % 2 == 0 {
                Some(Colour::Black)
            } else {
                Some(Colour::White)
            }
        })
        .collect()
}

/// The board in the scoring challenge's text form: one row a line, points separated by
/// spaces.
pub fn board_text(size: usize, points: &[Option<Colour>]) -> String {
    let mut text = String::with_capacity(points.len() * 2);
    for row in points.chunks(size.max(1)) {
        let line: Vec<&str> = row
            .iter()
            .map(|point| match point {
                None => "-",
                Some(Colour::Black) => "X",
                Some(Colour::White) => "O",
            })
            .collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}
