//! Ladder reading: whether a string in atari that runs is caught all the same, the
//! opponent putting it back in atari move after move until it dies.
//!
//! The reading is the classic narrow one: the runner extends at its one liberty (or gets
//! away by capturing a stone next to it); with three liberties or more it is free, with
//! one it is dead, and with two the chaser tries an atari on each. Boards are copied into
//! scratch boards kept from one reading to the next, so reading allocates nothing once
//! warm. A copy costs a pass over the whole board, so ladders are read only on boards up
//! to [`MAX_SIZE`]: beyond, a runner always counts as free and no atari as catching.

use super::playout_board::{PlayoutBoard, EMPTY};

/// Moves of the runner read at most; a ladder longer than this counts as escaping.
const MAX_RUNS: usize = 40;

/// The largest board side on which ladders are read (a 25x25 board copies in about
/// 15 KB; a 255x255 one would take 1.4 MB a copy).
pub const MAX_SIZE: usize = 25;

/// Scratch boards for ladder reading, one per level of the reading.
#[derive(Debug, Default)]
pub struct LadderReader {
    boards: Vec<PlayoutBoard>,
}

impl LadderReader {
    /// A reader with no scratch boards yet.
    pub fn new() -> LadderReader {
        LadderReader::default()
    }

    /// Whether the string through the stone at `grid`, of the side to move and in atari
    /// on `board`, is caught in a ladder: however it runs, it dies.
    pub fn is_caught(&mut self, board: &PlayoutBoard, grid: usize) -> bool {
        if board.size() > MAX_SIZE {
            return false;
        }
        self.copy_to(0, board);
        self.caught(0, 0, grid)
    }

    /// Whether the side to move (the chaser) catches the string through `grid`, of its
    /// opponent, by playing the empty `atari` (which must take the string to one
    /// liberty).
    pub fn atari_catches(&mut self, board: &PlayoutBoard, atari: usize, grid: usize) -> bool {
        if board.size() > MAX_SIZE {
            return false;
        }
        self.copy_to(0, board);
        let chase = &mut self.boards[0];
        if !chase.is_legal_at(atari) {
            return false;
        }
        chase.play_at(atari);
        // A chasing stone left in atari is taken (and the runner gets away).
        chase.liberties_at(atari) > 1 && chase.liberties_at(grid) == 1 && self.caught(0, 0, grid)
    }

    /// Copies `board` into the scratch board of `level`.
    fn copy_to(&mut self, level: usize, board: &PlayoutBoard) {
        if self.boards.len() <= level {
            self.boards.push(board.clone());
        } else {
            self.boards[level].copy_from(board);
        }
    }

    /// The reading on the scratch board of `level`, the runner to move and in atari,
    /// `runs` moves of the runner into it. The chaser's last atari to try is played on
    /// this board itself (nothing is read on it afterwards), an earlier one on a copy in
    /// the next level's board: a ladder with one atari at each step copies no board.
    fn caught(&mut self, level: usize, runs: usize, grid: usize) -> bool {
        if runs >= MAX_RUNS {
            return false;
        }
        let board = &mut self.boards[level];
        // Capturing a chasing stone next to it gets it out.
        let own = board.cell(grid);
        for stone in board.string_stones(grid) {
            for next in board.neighbours(stone) {
                if board.cell(next) == 3 - own && board.liberties_at(next) == 1 {
                    return false;
                }
            }
        }
        let run = board.a_liberty(grid);
        if !board.is_legal_at(run) {
            return true;
        }
        board.play_at(run);
        match board.liberties_at(grid) {
            0 | 1 => return true,
            2 => {}
            _ => return false,
        }
        let mut chases = board.two_liberties(grid);
        let mut count = 0;
        for index in 0..chases.len() {
            let chase = chases[index];
            if board.cell(chase) == EMPTY && board.is_legal_at(chase) {
                chases[count] = chase;
                count += 1;
            }
        }
        for (index, &chase) in chases[..count].iter().enumerate() {
            let last = index + 1 == count;
            let at = if last {
                level
            } else {
                self.copy_level(level);
                level + 1
            };
            let board = &mut self.boards[at];
            board.play_at(chase);
            let works = board.liberties_at(chase) > 1
                && board.liberties_at(grid) == 1
                && self.caught(at, runs + 1, grid);
            if works {
                return true;
            }
        }
        false
    }

    /// Copies the scratch board of `level` into that of `level + 1`.
    fn copy_level(&mut self, level: usize) {
        if self.boards.len() <= level + 1 {
            let copy = self.boards[level].clone();
            self.boards.push(copy);
        } else {
            let (lower, upper) = self.boards.split_at_mut(level + 1);
            upper[0].copy_from(&lower[level]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::gtp::vertex::parse;
    use crate::go::Colour;

    /// A 9x9 position from stone lists (`D4`-style names), `to_move` next.
    fn position(black: &[&str], white: &[&str], to_move: Colour) -> (Board, PlayoutBoard) {
        let mut board = Board::new(9);
        for (colour, names) in [(Colour::Black, black), (Colour::White, white)] {
            for name in names {
                let vertex = parse(name).unwrap();
                let point = board.point(vertex).unwrap();
                board.play(colour, point).unwrap();
            }
        }
        let playout = PlayoutBoard::from_board_to_move(&board, to_move);
        (board, playout)
    }

    fn grid(board: &Board, playout: &PlayoutBoard, name: &str) -> usize {
        playout.grid(board.point(parse(name).unwrap()).unwrap())
    }

    /// Black D4 in atari, White chasing from C4, D3, E4 and E5: running up the ladder
    /// ends at the left edge.
    const CHASERS: [&str; 4] = ["C4", "D3", "E4", "E5"];

    #[test]
    fn a_ladder_without_a_breaker_catches_the_runner() {
        let _bound = crate::test_bound::bound();
        let (board, playout) = position(&["D4"], &CHASERS, Colour::Black);
        let runner = grid(&board, &playout, "D4");
        assert_eq!(playout.liberties_at(runner), 1);
        assert!(LadderReader::new().is_caught(&playout, runner));
    }

    #[test]
    fn a_breaker_on_the_path_frees_the_runner() {
        let _bound = crate::test_bound::bound();
        for breaker in ["B6", "B7", "C7"] {
            let (board, playout) = position(&["D4", breaker], &CHASERS, Colour::Black);
            let runner = grid(&board, &playout, "D4");
            assert!(
                !LadderReader::new().is_caught(&playout, runner),
                "breaker {breaker}"
            );
        }
    }

    #[test]
    fn a_runner_that_can_capture_a_chaser_is_free() {
        let _bound = crate::test_bound::bound();
        // White C4 has one liberty left, C3: Black B4 and C5 stand next to it.
        let (board, playout) = position(&["D4", "B4", "C5"], &CHASERS, Colour::Black);
        let runner = grid(&board, &playout, "D4");
        let chaser = grid(&board, &playout, "C4");
        assert_eq!(playout.liberties_at(runner), 1);
        assert_eq!(playout.liberties_at(chaser), 1);
        assert!(!LadderReader::new().is_caught(&playout, runner));
    }

    #[test]
    fn the_chaser_sees_which_atari_catches() {
        let _bound = crate::test_bound::bound();
        // Black D4 with two liberties, D5 and E4; White C4, D3, E5 around it. An atari
        // from D5 lets it run to E4 and join F4.
        let (board, playout) = position(&["D4", "F4"], &["C4", "D3", "E5"], Colour::White);
        let runner = grid(&board, &playout, "D4");
        let mut reader = LadderReader::new();
        assert!(reader.atari_catches(&playout, grid(&board, &playout, "E4"), runner));
        assert!(!reader.atari_catches(&playout, grid(&board, &playout, "D5"), runner));
    }
}
