//! Tromp-Taylor area scoring in linear time: one flood fill per empty region.

use super::points::Points;
use super::Colour;
use std::cell::RefCell;
use std::cmp::Ordering;

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
    /// The result with `komi` given to White (it may be negative), exactly.
    pub fn outcome(&self, komi: Points) -> Outcome {
        Outcome::of_margin(i64::from(self.black) - i64::from(self.white), komi)
    }
}

/// The result of a game: who won and by how many points, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Neither side is ahead.
    Draw,
    /// `winner` is ahead by `by` points (positive).
    Win {
        /// Who is ahead.
        winner: Colour,
        /// By how much.
        by: Points,
    },
}

impl Outcome {
    /// The result of an area margin (Black's area minus White's) with `komi` given to
    /// White. Only a comparison of integers when the winner alone matters
    /// ([`Outcome::winner_of_margin`]).
    pub fn of_margin(black_minus_white: i64, komi: Points) -> Outcome {
        match Outcome::winner_of_margin(black_minus_white, komi) {
            None => Outcome::Draw,
            Some(winner) => Outcome::Win {
                winner,
                by: komi.subtracted_from(black_minus_white).abs(),
            },
        }
    }

    /// Who wins with this area margin under `komi`; `None` for a draw.
    pub fn winner_of_margin(black_minus_white: i64, komi: Points) -> Option<Colour> {
        match komi.compare_whole(black_minus_white) {
            Ordering::Greater => Some(Colour::Black),
            Ordering::Less => Some(Colour::White),
            Ordering::Equal => None,
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
        let _bound = crate::test_bound::bound();
        assert_eq!(score(0, &[]), (0, 0));
    }

    #[test]
    fn an_empty_board_belongs_to_nobody() {
        let _bound = crate::test_bound::bound();
        assert_eq!(score(1, &[E]), (0, 0));
        assert_eq!(score(3, &[E; 9]), (0, 0));
    }

    #[test]
    fn one_stone_owns_the_whole_board() {
        let _bound = crate::test_bound::bound();
        let mut points = vec![E; 25];
        points[12] = W;
        assert_eq!(score(5, &points), (0, 25));
        assert_eq!(score(1, &[B]), (1, 0));
    }

    #[test]
    fn a_region_touching_both_colours_counts_for_nobody() {
        let _bound = crate::test_bound::bound();
        // B . W  /  B . W  /  B . W: the middle column reaches both.
        let points = [B, E, W, B, E, W, B, E, W];
        assert_eq!(score(3, &points), (3, 3));
    }

    #[test]
    fn separate_regions_are_scored_separately() {
        let _bound = crate::test_bound::bound();
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
        let _bound = crate::test_bound::bound();
        let mut big = vec![E; 100];
        big[0] = B;
        assert_eq!(score(10, &big), (100, 0));
        assert_eq!(score(2, &[E, W, E, E]), (0, 4));
        assert_eq!(score(10, &big), (100, 0));
    }

    #[test]
    #[should_panic(expected = "a 3x3 board")]
    fn a_wrong_point_count_is_a_caller_bug() {
        let _bound = crate::test_bound::bound();
        area_score(3, &[E; 8]);
    }

    fn outcome(black: u32, white: u32, komi: &str) -> Outcome {
        AreaScore { black, white }.outcome(Points::parse(komi).unwrap())
    }

    fn win(winner: Colour, by: &str) -> Outcome {
        Outcome::Win {
            winner,
            by: Points::parse(by).unwrap(),
        }
    }

    #[test]
    fn outcomes_with_komi_are_exact() {
        let _bound = crate::test_bound::bound();
        use Colour::{Black, White};
        assert_eq!(outcome(23, 29, "0"), win(White, "6"));
        assert_eq!(outcome(40, 19, "0"), win(Black, "21"));
        assert_eq!(outcome(7, 7, "0"), Outcome::Draw);
        assert_eq!(outcome(0, 0, "-0"), Outcome::Draw);
        assert_eq!(outcome(10, 10, "0.5"), win(White, "0.5"));
        assert_eq!(outcome(4, 0, "3.7"), win(Black, "0.3"));
        assert_eq!(outcome(30, 20, "7.5"), win(Black, "2.5"));
        assert_eq!(outcome(30, 20, "10"), Outcome::Draw);
        assert_eq!(outcome(20, 30, "-10"), Outcome::Draw);
        assert_eq!(outcome(20, 30, "-12"), win(Black, "2"));
        assert_eq!(outcome(0, 65025, "-65025.5"), win(Black, "0.5"));
        assert_eq!(outcome(1, 0, "0.999999"), win(Black, "0.000001"));
    }
}
