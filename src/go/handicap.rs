//! Where handicap stones go: the GTP fixed placement, extended to every board size, and
//! the engine's own spread for free handicap.

use super::vertex::Vertex;

/// The most fixed handicap stones a `size` board takes: none below 7x7, 4 on 7x7 and on
/// even sizes (no centre line), 9 on odd sizes from 9x9.
pub fn max_fixed(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 => 4,
        _ if size.is_multiple_of(2) => 4,
        _ => 9,
    }
}

/// The fixed handicap placement of `count` stones in GTP order, or `None` unless
/// `2 <= count <= max_fixed(size)`.
///
/// Corner points sit on the 4th line from 13x13 up and on the 3rd line below (19x19:
/// D4 Q16 D16 Q4; 9x9: C3 G7 C7 G3); then the two side points on the middle row, then the
/// two on the middle column; an odd count adds the centre.
pub fn fixed_points(size: usize, count: usize) -> Option<Vec<Vertex>> {
    if !(2..=max_fixed(size)).contains(&count) {
        return None;
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - near;
    let mid = size / 2;
    let at = |column, row| Vertex { column, row };
    let mut points: Vec<Vertex> = [at(near, near), at(far, far), at(near, far), at(far, near)]
        .into_iter()
        .take(count)
        .collect();
    if count >= 6 {
        points.extend([at(near, mid), at(far, mid)]);
    }
    if count >= 8 {
        points.extend([at(mid, near), at(mid, far)]);
    }
    if count >= 5 && !count.is_multiple_of(2) {
        points.push(at(mid, mid));
    }
    Some(points)
}

/// The star points drawn by `showboard`, as on real boards: nine from 15x15 up on odd
/// sizes, the corners and the centre on 9x9 to 13x13, the four corners on 7x7 and even
/// sizes, none below 7x7.
pub fn star_points(size: usize) -> Vec<Vertex> {
    let count = match max_fixed(size) {
        9 if size < 15 => 5,
        max => max,
    };
    fixed_points(size, count).unwrap_or_default()
}

/// The engine's placement of `count` free handicap stones, or `None` unless
/// `2 <= count < size * size`.
///
/// Up to [`max_fixed`] stones it is the fixed placement. Beyond, the stones go on the
/// widest square lattice that holds them, inside the star-point lines when it fits there
/// (else on the whole board), centred, taking lattice points evenly spaced in row order.
pub fn free_points(size: usize, count: usize) -> Option<Vec<Vertex>> {
    if count < 2 || count >= size * size {
        return None;
    }
    if let Some(points) = fixed_points(size, count) {
        return Some(points);
    }
    let near = if size >= 13 { 3 } else { 2 };
    let ranges = [(near, size.saturating_sub(near + 1)), (0, size - 1)];
    let (low, high) = ranges
        .into_iter()
        .find(|&(low, high)| low <= high && (high - low + 1).pow(2) >= count)
        .expect("the whole board holds size * size - 1 stones");
    let span = high - low;
    let (step, per_side) = (1..=span.max(1))
        .rev()
        .map(|step| (step, span / step + 1))
        .find(|&(_, per_side)| per_side * per_side >= count)
        .expect("step 1 covers the range");
    let offset = low + (span - (per_side - 1) * step) / 2;
    let lattice = per_side * per_side;
    Some(
        (0..count)
            .map(|j| {
                let index = j * lattice / count;
                Vertex {
                    column: offset + index % per_side * step,
                    row: offset + index / per_side * step,
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Vertex]) -> String {
        points
            .iter()
            .map(|&v| crate::go::gtp::vertex::name(v))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn gtp_placement_on_19_13_and_9() {
        let _bound = crate::test_bound::bound();
        let nineteen = |n| names(&fixed_points(19, n).unwrap());
        assert_eq!(nineteen(2), "D4 Q16");
        assert_eq!(nineteen(3), "D4 Q16 D16");
        assert_eq!(nineteen(4), "D4 Q16 D16 Q4");
        assert_eq!(nineteen(5), "D4 Q16 D16 Q4 K10");
        assert_eq!(nineteen(6), "D4 Q16 D16 Q4 D10 Q10");
        assert_eq!(nineteen(7), "D4 Q16 D16 Q4 D10 Q10 K10");
        assert_eq!(nineteen(8), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
        assert_eq!(nineteen(9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(&fixed_points(13, 5).unwrap()), "D4 K10 D10 K4 G7");
        assert_eq!(
            names(&fixed_points(9, 9).unwrap()),
            "C3 G7 C7 G3 C5 G5 E3 E7 E5"
        );
    }

    #[test]
    fn counts_outside_the_table_are_refused() {
        let _bound = crate::test_bound::bound();
        assert_eq!(fixed_points(19, 1), None);
        assert_eq!(fixed_points(19, 10), None);
        assert_eq!(fixed_points(8, 5), None);
        assert_eq!(fixed_points(7, 5), None);
        assert_eq!(fixed_points(6, 2), None);
        assert_eq!(names(&fixed_points(8, 4).unwrap()), "C3 F6 C6 F3");
        assert_eq!(star_points(5), vec![]);
        assert_eq!(names(&star_points(9)), "C3 G7 C7 G3 E5");
        assert_eq!(names(&star_points(13)), "D4 K10 D10 K4 G7");
        assert_eq!(star_points(19).len(), 9);
    }

    #[test]
    fn free_placement_is_distinct_and_on_the_board() {
        let _bound = crate::test_bound::bound();
        for size in 1..=21 {
            for count in 0..size * size + 1 {
                let points = free_points(size, count);
                assert_eq!(points.is_some(), count >= 2 && count < size * size);
                if let Some(mut points) = points {
                    assert_eq!(points.len(), count);
                    assert!(points.iter().all(|v| v.is_on(size)));
                    points.sort();
                    points.dedup();
                    assert_eq!(points.len(), count, "size {size} count {count}");
                }
            }
        }
        assert_eq!(
            names(&free_points(19, 10).unwrap()),
            "D4 H4 Q4 D8 M8 D12 H12 Q12 D16 M16"
        );
    }
}
