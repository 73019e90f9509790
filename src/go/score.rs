//! Tromp-Taylor area scoring in linear time: one flood fill per empty region.

use super::Colour;
use std::cell::RefCell;

/// The largest board side the scorer accepts (the largest Go board gamebot plays).
pub const MAX_SCORED_SIZE: usize = 255;

/// Each player's Tromp-Taylor area: their stones plus the empty points that reach only
/// their colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AreaScore {
    /// Black's stones and Black's territory.
    pub black: u32,
    /// White's stones and White's territory.
    pub white: u32,
}

impl AreaScore {
    /// The result in the GTP `final_score` form, White receiving `komi` (finite; it may be
    /// negative): `B+21`, `W+6`, `W+0.5`, or `0` for a draw.
    pub fn result_with_komi(&self, komi: f64) -> String {
        let margin = f64::from(self.black) - f64::from(self.white) - komi;
        if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".to_string()
        }
    }

    /// The result in the scoring challenge's form, without komi: `B+21`, `W+6`, or `Jigo`
    /// for a draw.
    pub fn result_without_komi(&self) -> String {
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => format!("B+{}", self.black - self.white),
            std::cmp::Ordering::Less => format!("W+{}", self.white - self.black),
            std::cmp::Ordering::Equal => "Jigo".to_string(),
        }
    }
}

/// Scores a `size` x `size` board given row by row (`None` is an empty point).
///
/// Linear in the number of points. Reuses this thread's scratch buffers, so repeated
/// calls allocate nothing once the largest board seen so far has been scored.
///
/// # Panics
/// If `size` exceeds [`MAX_SCORED_SIZE`] or `points.len() != size * size`: both are
/// caller bugs, not bad input (parsers check sizes before scoring).
pub fn area_score(size: usize, points: &[Option<Colour>]) -> AreaScore {
    thread_local! {
        static SCORER: RefCell<Scorer> = RefCell::new(Scorer::default());
    }
    SCORER.with(|scorer| scorer.borrow_mut().score(size, points))
}

/// What one cell of the scorer's padded grid holds.
const EMPTY: u8 = 0;
/// Bit set in a region's reach when it touches a black stone; also a black cell.
const BLACK: u8 = 1;
/// Bit set in a region's reach when it touches a white stone; also a white cell.
const WHITE: u8 = 2;
/// The border around the board, and empty points already taken into a region.
const DONE: u8 = 4;

/// Reusable scratch space for scoring: the board copied into a grid with a one-cell
/// border, so neighbours need no bounds checks, and the flood fill's queue.
#[derive(Debug, Default)]
struct Scorer {
    grid: Vec<u8>,
    queue: Vec<u32>,
}

impl Scorer {
    /// Scores one board; see [`area_score`].
    fn score(&mut self, size: usize, points: &[Option<Colour>]) -> AreaScore {
        assert!(size <= MAX_SCORED_SIZE, "board side {size} is too large");
        assert_eq!(points.len(), size * size, "a {size}x{size} board");
        if size == 0 {
            return AreaScore::default();
        }
        let stride = size + 2;
        self.fill_grid(size, points);
        let stones = |colour| self.grid.iter().filter(|&&cell| cell == colour).count() as u32;
        let mut score = AreaScore {
            black: stones(BLACK),
            white: stones(WHITE),
        };
        // A flood queues each empty point of its region once, and writes one slot past
        // its tail.
        self.queue.resize(points.len() + 1, 0);
        for row in 0..size {
            let start = (row + 1) * stride + 1;
            for cell in start..start + size {
                if self.grid[cell] == EMPTY {
                    let (area, reach) = self.flood(cell, stride);
                    score.black += area * u32::from(reach == BLACK);
                    score.white += area * u32::from(reach == WHITE);
                }
            }
        }
        score
    }

    /// Copies the board into the bordered grid.
    fn fill_grid(&mut self, size: usize, points: &[Option<Colour>]) {
        let stride = size + 2;
        self.grid.clear();
        self.grid.resize(stride * stride, DONE);
        for (row, line) in points.chunks_exact(size).enumerate() {
            let start = (row + 1) * stride + 1;
            for (cell, point) in self.grid[start..start + size].iter_mut().zip(line) {
                *cell = match point {
                    None => EMPTY,
                    Some(Colour::Black) => BLACK,
                    Some(Colour::White) => WHITE,
                };
            }
        }
    }

    /// Takes the empty region containing `start` (an unvisited empty cell), marking its
    /// cells done; returns its size and the colours it reaches (`BLACK | WHITE` bits).
    ///
    /// Breadth first, and branch-free per neighbour, since on a random board whether a
    /// neighbour is empty is a coin toss the processor cannot predict: every neighbour's
    /// value joins the reach (empty and done cells add no colour), an empty one becomes
    /// done, and every neighbour is written at the queue's tail, which moves on only for
    /// an empty one. A queue rather than a stack: the next cell taken was written long
    /// ago, so its neighbours can be loaded while the last ones are still being queued.
    fn flood(&mut self, start: usize, stride: usize) -> (u32, u8) {
        let grid = &mut self.grid[..];
        let queue = &mut self.queue[..];
        grid[start] = DONE;
        // Cell indices are below 257 * 257, so they fit in u32.
        queue[0] = start as u32;
        let mut head = 0;
        let mut tail = 1;
        let mut reach = 0;
        while head < tail {
            let cell = queue[head] as usize;
            head += 1;
            for next in [cell - stride, cell - 1, cell + 1, cell + stride] {
                let value = grid[next];
                let empty = value == EMPTY;
                reach |= value;
                grid[next] = value | (u8::from(empty) * DONE);
                queue[tail] = next as u32;
                tail += usize::from(empty);
            }
        }
        // The region's size is the number of cells queued.
        (tail as u32, reach & (BLACK | WHITE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Option<Colour> = Some(Colour::Black);
    const W: Option<Colour> = Some(Colour::White);
    const E: Option<Colour> = None;

    fn score(size: usize, points: &[Option<Colour>]) -> (u32, u32) {
        let score = area_score(size, points);
        (score.black, score.white)
    }

    #[test]
    fn the_empty_board_of_side_zero_scores_nothing() {
        assert_eq!(score(0, &[]), (0, 0));
    }

    #[test]
    fn an_empty_board_belongs_to_nobody() {
        assert_eq!(score(1, &[E]), (0, 0));
        assert_eq!(score(3, &[E; 9]), (0, 0));
    }

    #[test]
    fn one_stone_owns_the_whole_board() {
        let mut points = vec![E; 25];
        points[12] = W;
        assert_eq!(score(5, &points), (0, 25));
        assert_eq!(score(1, &[B]), (1, 0));
    }

    #[test]
    fn a_region_touching_both_colours_counts_for_nobody() {
        // B . W  /  B . W  /  B . W: the middle column reaches both.
        let points = [B, E, W, B, E, W, B, E, W];
        assert_eq!(score(3, &points), (3, 3));
    }

    #[test]
    fn separate_regions_are_scored_separately() {
        // . B . W .  : left of B is Black's, between is shared, right of W is White's.
        let points = [
            E, B, E, W, E, //
            E, B, E, W, E, //
            E, B, E, W, E, //
            E, B, E, W, E, //
            E, B, E, W, E, //
        ];
        assert_eq!(score(5, &points), (10, 10));
    }

    #[test]
    fn scratch_reuse_across_sizes_gives_the_same_answers() {
        let mut big = vec![E; 100];
        big[0] = B;
        assert_eq!(score(10, &big), (100, 0));
        assert_eq!(score(2, &[E, W, E, E]), (0, 4));
        assert_eq!(score(10, &big), (100, 0));
    }

    #[test]
    #[should_panic(expected = "a 3x3 board")]
    fn a_wrong_point_count_is_a_caller_bug() {
        area_score(3, &[E; 8]);
    }

    #[test]
    fn results_without_komi() {
        let result = |black, white| AreaScore { black, white }.result_without_komi();
        assert_eq!(result(23, 29), "W+6");
        assert_eq!(result(40, 19), "B+21");
        assert_eq!(result(7, 7), "Jigo");
        assert_eq!(result(0, 0), "Jigo");
    }

    #[test]
    fn results_with_komi() {
        let result = |black, white, komi| AreaScore { black, white }.result_with_komi(komi);
        assert_eq!(result(23, 29, 0.0), "W+6");
        assert_eq!(result(40, 19, 0.0), "B+21");
        assert_eq!(result(10, 10, 0.5), "W+0.5");
        assert_eq!(result(10, 10, 0.0), "0");
        assert_eq!(result(10, 10, -0.0), "0");
        assert_eq!(result(30, 20, 7.5), "B+2.5");
        assert_eq!(result(30, 20, 10.0), "0");
        assert_eq!(result(20, 30, -10.0), "0");
        assert_eq!(result(20, 30, -12.0), "B+2");
        assert_eq!(result(0, 65025, -65025.5), "B+0.5");
    }
}
