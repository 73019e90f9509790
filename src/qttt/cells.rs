//! The nine cells `A`..`I`, the eight lines, cell pairs and the eight board symmetries.

/// How many cells the board has.
pub const CELL_COUNT: usize = 9;

/// How many unordered pairs of two different cells there are.
pub const PAIR_COUNT: usize = 36;

/// Every cell, as a bit mask.
pub const ALL_CELLS: u16 = (1 << CELL_COUNT) - 1;

/// The eight lines (rows, columns, diagonals) as bit masks over cells.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// The letter of `cell` (0 is `A`).
pub fn letter(cell: u8) -> char {
    char::from(b'A' + cell)
}

/// The cell named by `letter`, in either case.
pub fn from_letter(letter: char) -> Option<u8> {
    let upper = letter.to_ascii_uppercase();
    ('A'..='I').contains(&upper).then(|| upper as u8 - b'A')
}

/// The cells of every pair, in alphabetical order (`AB`, `AC`, ..., `HI`): a pair's index
/// in this table is its pair index.
pub const PAIRS: [(u8, u8); PAIR_COUNT] = pairs();

/// The pair index of cells `a` and `b` (different, in either order).
pub fn pair_index(a: u8, b: u8) -> u8 {
    PAIR_INDEX[usize::from(a)][usize::from(b)]
}

const PAIR_INDEX: [[u8; CELL_COUNT]; CELL_COUNT] = pair_indices();

const fn pairs() -> [(u8, u8); PAIR_COUNT] {
    let mut table = [(0, 0); PAIR_COUNT];
    let mut index = 0;
    let mut a = 0;
    while a < CELL_COUNT {
        let mut b = a + 1;
        while b < CELL_COUNT {
            table[index] = (a as u8, b as u8);
            index += 1;
            b += 1;
        }
        a += 1;
    }
    table
}

const fn pair_indices() -> [[u8; CELL_COUNT]; CELL_COUNT] {
    let mut table = [[u8::MAX; CELL_COUNT]; CELL_COUNT];
    let mut index = 0;
    while index < PAIR_COUNT {
        let (a, b) = PAIRS[index];
        table[a as usize][b as usize] = index as u8;
        table[b as usize][a as usize] = index as u8;
        index += 1;
    }
    table
}

/// How many symmetries the board has.
pub const SYMMETRY_COUNT: usize = 8;

/// The eight symmetries of the square as cell permutations; the first is the identity.
pub const SYMMETRIES: [[u8; CELL_COUNT]; SYMMETRY_COUNT] = symmetries();

/// The inverse of each symmetry, by index into [`SYMMETRIES`].
pub const INVERSE: [usize; SYMMETRY_COUNT] = inverses();

const fn symmetries() -> [[u8; CELL_COUNT]; SYMMETRY_COUNT] {
    let mut table = [[0; CELL_COUNT]; SYMMETRY_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let (r, c) = (cell / 3, cell % 3);
        let images = [
            (r, c),
            (c, 2 - r),
            (2 - r, 2 - c),
            (2 - c, r),
            (r, 2 - c),
            (2 - r, c),
            (c, r),
            (2 - c, 2 - r),
        ];
        let mut s = 0;
        while s < SYMMETRY_COUNT {
            table[s][cell] = (images[s].0 * 3 + images[s].1) as u8;
            s += 1;
        }
        cell += 1;
    }
    table
}

const fn inverses() -> [usize; SYMMETRY_COUNT] {
    let mut table = [0; SYMMETRY_COUNT];
    let mut s = 0;
    while s < SYMMETRY_COUNT {
        let mut t = 0;
        while t < SYMMETRY_COUNT {
            let mut identity = true;
            let mut cell = 0;
            while cell < CELL_COUNT {
                if SYMMETRIES[t][SYMMETRIES[s][cell] as usize] as usize != cell {
                    identity = false;
                }
                cell += 1;
            }
            if identity {
                table[s] = t;
            }
            t += 1;
        }
        s += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_alphabetical_and_indexed_both_ways() {
        let _bound = crate::test_bound::bound();
        assert_eq!(PAIRS[0], (0, 1));
        assert_eq!(PAIRS[PAIR_COUNT - 1], (7, 8));
        for (index, &(a, b)) in PAIRS.iter().enumerate() {
            assert!(a < b);
            assert_eq!(usize::from(pair_index(a, b)), index);
            assert_eq!(usize::from(pair_index(b, a)), index);
        }
    }

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_lines() {
        let _bound = crate::test_bound::bound();
        for (s, map) in SYMMETRIES.iter().enumerate() {
            let mut seen = 0u16;
            for &image in map {
                seen |= 1 << image;
            }
            assert_eq!(seen, ALL_CELLS);
            for line in LINES {
                let image = (0..9)
                    .filter(|&c| line & (1 << c) != 0)
                    .fold(0u16, |m, c| m | 1 << map[c]);
                assert!(LINES.contains(&image), "symmetry {s} breaks a line");
            }
            let back = SYMMETRIES[INVERSE[s]];
            for cell in 0..9 {
                assert_eq!(usize::from(back[usize::from(map[cell])]), cell);
            }
        }
        for (s, later) in SYMMETRIES.iter().enumerate() {
            assert!(!SYMMETRIES[..s].contains(later));
        }
    }

    #[test]
    fn letters() {
        let _bound = crate::test_bound::bound();
        assert_eq!(letter(0), 'A');
        assert_eq!(from_letter('i'), Some(8));
        assert_eq!(from_letter('J'), None);
        assert_eq!(from_letter('1'), None);
    }
}
