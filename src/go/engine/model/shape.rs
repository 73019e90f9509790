//! The shapes around a candidate move, from the mover's view and the same in every
//! rotation and reflection: the eight neighbours with the atari status of the four
//! adjacent strings, and larger hashed shapes out to a distance of six.

use crate::go::engine::playout_board::{self, cell_of, PlayoutBoard};
use crate::go::zobrist::mix;
use crate::go::Colour;
use std::sync::OnceLock;

/// The states of a point in a shape code, from the mover's view.
const EMPTY: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
const EDGE: u32 = 3;

/// Raw codes of the 3x3 shape: two bits of state for each of the eight neighbours
/// (clockwise from the upper left, the first in the highest bits), then one bit for each
/// adjacent point (above, right, below, left) holding a string in atari.
pub const SHAPE3_CODES: usize = 1 << 20;

/// The 3x3 shape of playing the empty `grid` for the side to move: its raw code.
#[inline]
pub fn shape3(board: &PlayoutBoard, grid: usize) -> u32 {
    shape3_ring(board, grid) << 4 | board.sides_in_atari(grid)
}

/// The first part of [`shape3`]'s raw code: the eight neighbours' states alone (16
/// bits), which the playouts look at first to skip the atari bits where no shape with
/// these neighbours matters.
///
/// Runs in the playouts' inner loop, so without branches or tables: a grid cell's
/// content (empty, black, white, border) is its [`state`] with Black to move, so the
/// ring packs as it is, and with White to move each cell's two bits are swapped when
/// they differ (black and white trade places, empty and border stay).
#[inline]
pub fn shape3_ring(board: &PlayoutBoard, grid: usize) -> u32 {
    let code = board
        .ring_cells(grid)
        .into_iter()
        .fold(0, |code, content| code << 2 | u32::from(content));
    // Each cell's low bit where its two bits differ, for White to move only.
    let for_white = 0x5555 * u32::from(board.to_move() == Colour::White);
    let swap = (code ^ code >> 1) & for_white;
    code ^ (swap | swap << 1)
}

/// Codes of [`shape3_ring`]: 16 bits.
pub const SHAPE3_RINGS: usize = 1 << 16;

/// The atari bits (as in [`shape3`]'s code) that can be set with the neighbours `ring`:
/// those of the four adjacent points that hold a stone.
pub fn shape3_atari_sides(ring: u32) -> u32 {
    // Ring cells 1, 3, 5 and 7 (above, right, below, left) sit at bits 12, 8, 4 and 0
    // of the ring code, and give atari bits 0 to 3.
    (0..4).fold(0, |bits, side| {
        let state = (ring >> (12 - 4 * side)) & 3;
        bits | u32::from(state == MINE || state == THEIRS) << side
    })
}

// The packing above needs the grid contents to be the states from Black's view.
const _: () = assert!(
    playout_board::EMPTY as u32 == EMPTY
        && playout_board::BLACK as u32 == MINE
        && playout_board::WHITE as u32 == THEIRS
        && playout_board::BORDER as u32 == EDGE
);

/// The state of a grid cell's content for the player whose stones are `own`.
fn state(content: u8, own: u8) -> u32 {
    match content {
        playout_board::EMPTY => EMPTY,
        playout_board::BORDER => EDGE,
        cell if cell == own => MINE,
        _ => THEIRS,
    }
}

/// The same shape seen through one of the eight symmetries of the square: ring position
/// `i` moves to `image[i]`.
fn transform(code: u32, image: &[usize; 8]) -> u32 {
    let mut cells = [0u32; 8];
    for (index, &to) in image.iter().enumerate() {
        let colour = (code >> (4 + 2 * (7 - index))) & 3;
        let atari = if index % 2 == 1 {
            (code >> (index / 2)) & 1
        } else {
            0
        };
        cells[to] = colour | atari << 2;
    }
    let mut out = 0;
    let mut atari = 0;
    for (index, cell) in cells.iter().enumerate() {
        out = out << 2 | (cell & 3);
        if index % 2 == 1 {
            atari |= (cell >> 2) << (index / 2);
        }
    }
    out << 4 | atari
}

/// The eight symmetries as permutations of the ring: four rotations (a quarter turn
/// moves each neighbour two places on the ring), each also mirrored.
fn ring_symmetries() -> [[usize; 8]; 8] {
    std::array::from_fn(|symmetry| {
        let turn = symmetry / 2;
        std::array::from_fn(|index| {
            // Left-right mirror (position i goes to 2 - i) for the odd ones, then the turn.
            let mirrored = if symmetry % 2 == 1 {
                (10 - index) % 8
            } else {
                index
            };
            (mirrored + 2 * turn) % 8
        })
    })
}

/// The eight images of a raw 3x3 code under the symmetries of the square (some may be
/// equal): every raw code with the same canonical form as `code` is one of them.
pub fn shape3_images(code: u32) -> impl Iterator<Item = u32> {
    ring_symmetries()
        .into_iter()
        .map(move |image| transform(code, &image))
}

/// The canonical form of a raw 3x3 code: the least of its eight symmetric images, so
/// that shapes that differ by a rotation or reflection share it.
pub fn canonical_shape3(code: u32) -> u32 {
    shape3_images(code).min().expect("eight symmetries")
}

/// The distances out to which larger shapes are hashed, in Coulom's measure
/// `|dx| + |dy| + max(|dx|, |dy|)`: 12, 20 and 28 points around the move.
pub const SHAPE_DISTANCES: [u32; 3] = [4, 5, 6];

/// The points of the larger shapes as offsets (row, column), nearest first: each
/// distance of [`SHAPE_DISTANCES`] takes a prefix of this list.
fn offsets() -> &'static [(i32, i32)] {
    static OFFSETS: OnceLock<Vec<(i32, i32)>> = OnceLock::new();
    OFFSETS.get_or_init(|| {
        let mut all: Vec<(i32, i32)> = (-3..=3)
            .flat_map(|row| (-3..=3).map(move |column| (row, column)))
            .filter(|&offset| offset != (0, 0) && distance(offset) <= SHAPE_DISTANCES[2])
            .collect();
        all.sort_by_key(|&offset| (distance(offset), offset));
        all
    })
}

/// Coulom's distance of an offset from the move.
fn distance((row, column): (i32, i32)) -> u32 {
    let (row, column) = (row.unsigned_abs(), column.unsigned_abs());
    row + column + row.max(column)
}

/// How many offsets each distance of [`SHAPE_DISTANCES`] takes, worked out once (the
/// shape keys are on the search's path).
fn shape_ends() -> [usize; 3] {
    static ENDS: OnceLock<[usize; 3]> = OnceLock::new();
    *ENDS.get_or_init(|| SHAPE_DISTANCES.map(points_within))
}

/// How many offsets lie within `limit`.
fn points_within(limit: u32) -> usize {
    offsets()
        .iter()
        .take_while(|&&offset| distance(offset) <= limit)
        .count()
}

/// The random numbers hashing each state at each offset, fixed for ever: the shipped
/// weights name shapes by these hashes.
fn zobrist() -> &'static [[u64; 4]] {
    static TABLE: OnceLock<Vec<[u64; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..offsets().len() as u64)
            .map(|index| [0, 1, 2, 3].map(|state| mix(0x5eed_5a9e_0000_0000 ^ index << 8 ^ state)))
            .collect()
    })
}

/// The eight images of an offset under the symmetries of the square: turned and
/// mirrored, in the order of the hashes of [`shape_keys`].
fn images((dr, dc): (i32, i32)) -> [(i32, i32); 8] {
    [
        (dr, dc),
        (dc, -dr),
        (-dr, -dc),
        (-dc, dr),
        (dr, -dc),
        (-dc, -dr),
        (-dr, dc),
        (dc, dr),
    ]
}

/// What a cell adds to the eight image hashes of [`shape_keys`], by the cell's offset
/// (in [`offsets`]' order), the player to move (Black, White) and the cell's content
/// (empty, black, white, border): for each image, the [`zobrist`] number of the offset
/// that image moves onto the cell, for the cell's state. Each cell is then read once, not
/// once for each image.
fn cell_hashes() -> &'static [[[[u64; 8]; 4]; 2]] {
    static TABLE: OnceLock<Vec<[[[u64; 8]; 4]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let offsets = offsets();
        offsets
            .iter()
            .map(|&cell| {
                let sources: [usize; 8] = std::array::from_fn(|image| {
                    offsets
                        .iter()
                        .position(|&offset| images(offset)[image] == cell)
                        .expect("the images of the offsets are the offsets")
                });
                [1, 2].map(|own| {
                    [0, 1, 2, 3].map(|content| {
                        sources.map(|source| zobrist()[source][state(content, own) as usize])
                    })
                })
            })
            .collect()
    })
}

/// The larger shapes of playing the empty `point` for the side to move: one key for each
/// distance of [`SHAPE_DISTANCES`], the same in every rotation and reflection, and
/// different from one distance to the next.
///
/// It runs for every candidate move of every node the search expands, so it reads each
/// cell around the move once, straight from the board (the edge beyond it counts as
/// border), and adds it to the eight images' hashes at once with [`cell_hashes`].
pub fn shape_keys(board: &PlayoutBoard, point: usize) -> [u64; 3] {
    let size = board.size() as i32;
    let by_cell = cell_hashes();
    let mover = usize::from(cell_of(board.to_move()) - 1);
    let (row, column) = ((point / board.size()) as i32, (point % board.size()) as i32);
    let mut hashes = [0u64; 8];
    let mut keys = [0u64; 3];
    let mut start = 0;
    for (level, &end) in shape_ends().iter().enumerate() {
        for (index, &(dr, dc)) in offsets().iter().enumerate().take(end).skip(start) {
            let (r, c) = (row + dr, column + dc);
            let content = if (r as u32) < size as u32 && (c as u32) < size as u32 {
                board.cell_at(r as usize, c as usize)
            } else {
                playout_board::BORDER
            };
            let adds = &by_cell[index][mover][usize::from(content)];
            for (hash, add) in hashes.iter_mut().zip(adds) {
                *hash ^= add;
            }
        }
        start = end;
        keys[level] = hashes.iter().min().expect("eight images") ^ mix(level as u64 + 1);
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::Colour;

    fn board_with(size: usize, black: &[usize], white: &[usize]) -> PlayoutBoard {
        let mut board = Board::new(size);
        board.set_up(black, white, Colour::Black);
        PlayoutBoard::from_board_to_move(&board, Colour::Black)
    }

    #[test]
    fn the_eight_ring_symmetries_are_distinct_permutations() {
        let _bound = crate::test_bound::bound();
        let all = ring_symmetries();
        for image in &all {
            let mut seen = *image;
            seen.sort_unstable();
            assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7]);
            // Sides stay sides and corners corners.
            assert!(image.iter().enumerate().all(|(i, &to)| i % 2 == to % 2));
        }
        for (a, image) in all.iter().enumerate() {
            assert!(all[a + 1..].iter().all(|other| other != image));
        }
    }

    #[test]
    fn a_shape_and_its_mirror_image_share_their_codes() {
        let _bound = crate::test_bound::bound();
        // 9x9: a black stone above-left of the move at the centre (40) and a white one to
        // its right, against the mirror image: black above-right, white to the left.
        let left = board_with(9, &[30], &[41]);
        let right = board_with(9, &[32], &[39]);
        let (a, b) = (shape3(&left, left.grid(40)), shape3(&right, right.grid(40)));
        assert_ne!(a, b);
        assert_eq!(canonical_shape3(a), canonical_shape3(b));
        assert!(shape3_images(canonical_shape3(a)).any(|image| image == b));
        assert_eq!(shape_keys(&left, 40), shape_keys(&right, 40));
        // A different shape has different keys.
        let other = board_with(9, &[30], &[39]);
        assert_ne!(shape_keys(&left, 40)[0], shape_keys(&other, 40)[0]);
    }

    #[test]
    fn a_corner_shape_matches_in_all_four_corners() {
        let _bound = crate::test_bound::bound();
        let corners = [0, 8, 72, 80];
        let keys: Vec<[u64; 3]> = corners
            .iter()
            .map(|&corner| shape_keys(&board_with(9, &[], &[]), corner))
            .collect();
        assert!(keys.iter().all(|k| *k == keys[0]));
        let codes: Vec<u32> = corners
            .iter()
            .map(|&corner| {
                let board = board_with(9, &[], &[]);
                canonical_shape3(shape3(&board, board.grid(corner)))
            })
            .collect();
        assert!(codes.iter().all(|&c| c == codes[0]));
    }

    /// The 3x3 code as its definition reads: each ring cell's state in turn, then the
    /// atari bits of the four sides.
    fn shape3_by_definition(board: &PlayoutBoard, grid: usize) -> u32 {
        let own = cell_of(board.to_move());
        let mut code = 0;
        let mut atari = 0;
        for (index, cell) in board.ring(grid).into_iter().enumerate() {
            let content = board.cell(cell);
            code = code << 2 | state(content, own);
            let stone = content == own || content == 3 - own;
            if index % 2 == 1 && stone && board.liberties_at(cell) == 1 {
                atari |= 1 << (index / 2);
            }
        }
        code << 4 | atari
    }

    /// `count` random positions of each of `sizes` (random legal moves, up to one a
    /// point), each with Black and with White to move.
    fn random_positions(seed: u64, sizes: &[usize], count: usize) -> Vec<PlayoutBoard> {
        let mut rng = crate::go::rng::Rng::new(seed);
        let mut positions = Vec::new();
        for &size in sizes {
            for _ in 0..count {
                let mut board = Board::new(size);
                let mut colour = Colour::Black;
                for _ in 0..rng.below(size * size) {
                    let point = rng.below(size * size);
                    if board.play(colour, point).is_ok() {
                        colour = colour.opponent();
                    }
                }
                for to_move in [Colour::Black, Colour::White] {
                    positions.push(PlayoutBoard::from_board_to_move(&board, to_move));
                }
            }
        }
        positions
    }

    #[test]
    fn the_fast_code_matches_the_definition_on_random_positions() {
        let _bound = crate::test_bound::bound();
        for playout in random_positions(7, &[2, 5, 9, 13], 20) {
            let size = playout.size();
            for point in 0..size * size {
                let grid = playout.grid(point);
                assert_eq!(
                    shape3(&playout, grid),
                    shape3_by_definition(&playout, grid),
                    "{size}x{size}, point {point}"
                );
            }
        }
    }

    /// The larger shape keys as their definition reads: each point's state hashed with
    /// [`zobrist`] in each of the eight images, off the board counting as the edge.
    fn shape_keys_by_definition(board: &PlayoutBoard, point: usize) -> [u64; 3] {
        let size = board.size() as i32;
        let own = cell_of(board.to_move());
        let (row, column) = ((point / board.size()) as i32, (point % board.size()) as i32);
        let mut hashes = [0u64; 8];
        let mut keys = [0u64; 3];
        let mut start = 0;
        for (level, &end) in shape_ends().iter().enumerate() {
            for index in start..end {
                for (hash, (ir, ic)) in hashes.iter_mut().zip(images(offsets()[index])) {
                    let (r, c) = (row + ir, column + ic);
                    let content = if (0..size).contains(&r) && (0..size).contains(&c) {
                        state(board.cell(board.grid((r * size + c) as usize)), own)
                    } else {
                        EDGE
                    };
                    *hash ^= zobrist()[index][content as usize];
                }
            }
            start = end;
            keys[level] = hashes.iter().min().expect("eight images") ^ mix(level as u64 + 1);
        }
        keys
    }

    #[test]
    fn the_fast_shape_keys_match_the_definition_on_random_positions() {
        let _bound = crate::test_bound::bound();
        for playout in random_positions(11, &[1, 2, 5, 9, 13, 19], 10) {
            let size = playout.size();
            for point in 0..size * size {
                assert_eq!(
                    shape_keys(&playout, point),
                    shape_keys_by_definition(&playout, point),
                    "{size}x{size}, point {point}"
                );
            }
        }
    }

    #[test]
    fn atari_is_part_of_the_three_by_three_code() {
        let _bound = crate::test_bound::bound();
        // A white stone below the move with one liberty left (the move itself) against
        // one with two.
        let in_atari = board_with(9, &[48, 50, 58], &[49]);
        let free = board_with(9, &[48, 58], &[49]);
        let (a, b) = (
            shape3(&in_atari, in_atari.grid(40)),
            shape3(&free, free.grid(40)),
        );
        assert_ne!(a & 0xf, 0);
        assert_eq!(b & 0xf, 0);
    }
}
