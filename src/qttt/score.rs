//! The players, tic-tac-toe detection and Goff's scoring of a finished game.

use super::cells::{CELL_COUNT, LINES};

/// A player. X makes the odd-numbered moves, O the even ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The player who makes move number `subscript` (1 is X's).
    pub fn of_move(subscript: u8) -> Player {
        if subscript % 2 == 1 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

/// A final score in half-points, X's then O's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    x_halves: u8,
    o_halves: u8,
}

impl Score {
    /// Neither player has a tic-tac-toe.
    pub const NONE: Score = Score {
        x_halves: 0,
        o_halves: 0,
    };

    /// X's score and O's, in half-points.
    pub fn halves(self) -> (u8, u8) {
        (self.x_halves, self.o_halves)
    }

    /// X's score minus O's, in half-points: one of -2, -1, 0, 1, 2, 4.
    pub fn margin(self) -> i8 {
        self.x_halves as i8 - self.o_halves as i8
    }

    /// The only score with the given margin (X's minus O's, in half-points), if any.
    pub fn from_margin(margin: i8) -> Option<Score> {
        let (x_halves, o_halves) = match margin {
            4 => (4, 0),
            2 => (2, 0),
            1 => (2, 1),
            0 => (0, 0),
            -1 => (1, 2),
            -2 => (0, 2),
            _ => return None,
        };
        Some(Score { x_halves, o_halves })
    }

    /// Scores the classical marks: `x_cells`/`o_cells` are each player's classical cells
    /// and `subscripts` the subscript of the mark in each classical cell. `None` when
    /// nobody has a tic-tac-toe.
    ///
    /// One line is 1 point, two lines for one player 2; when both players have a line,
    /// the one whose line has the lower maximum subscript gets 1, the other 0.5.
    pub fn of_lines(x_cells: u16, o_cells: u16, subscripts: &[u8; CELL_COUNT]) -> Option<Score> {
        let x_lines = LINE_COUNTS[usize::from(x_cells)];
        let o_lines = LINE_COUNTS[usize::from(o_cells)];
        let (x_halves, o_halves) = match (x_lines, o_lines) {
            (0, 0) => return None,
            (_, 0) => (2 * x_lines, 0),
            (0, _) => (0, 2 * o_lines),
            _ if lowest_maximum(x_cells, subscripts) < lowest_maximum(o_cells, subscripts) => {
                (2, 1)
            }
            _ => (1, 2),
        };
        Some(Score { x_halves, o_halves })
    }
}

/// How many lines lie within each set of cells (a 9-bit mask).
const LINE_COUNTS: [u8; 1 << CELL_COUNT] = line_counts();

const fn line_counts() -> [u8; 1 << CELL_COUNT] {
    let mut table = [0; 1 << CELL_COUNT];
    let mut cells = 0;
    while cells < 1 << CELL_COUNT {
        let mut line = 0;
        while line < LINES.len() {
            if cells & LINES[line] as usize == LINES[line] as usize {
                table[cells] += 1;
            }
            line += 1;
        }
        cells += 1;
    }
    table
}

/// The lowest maximum subscript of the lines within `cells`.
fn lowest_maximum(cells: u16, subscripts: &[u8; CELL_COUNT]) -> u8 {
    let mut lowest = u8::MAX;
    for line in LINES {
        if cells & line == line {
            let mut rest = line;
            let mut max = 0;
            while rest != 0 {
                max = max.max(subscripts[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            lowest = lowest.min(max);
        }
    }
    lowest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_round_trip() {
        let _bound = crate::test_bound::bound();
        for margin in [-2, -1, 0, 1, 2, 4] {
            assert_eq!(Score::from_margin(margin).unwrap().margin(), margin);
        }
        assert_eq!(Score::from_margin(3), None);
        assert_eq!(Score::from_margin(1).unwrap().halves(), (2, 1));
        assert_eq!(Score::from_margin(4).unwrap().halves(), (4, 0));
        assert_eq!(Score::NONE.halves(), (0, 0));
    }

    #[test]
    fn lower_maximum_subscript_wins_a_double() {
        let _bound = crate::test_bound::bound();
        // X: A1 B3 C7 (max 7); O: D2 E4 F6 (max 6).
        let subscripts = [1, 3, 7, 2, 4, 6, 0, 0, 0];
        let score = Score::of_lines(0b000_000_111, 0b000_111_000, &subscripts).unwrap();
        assert_eq!(score.halves(), (1, 2));
        assert_eq!(
            Score::of_lines(0b000_000_111, 0, &subscripts)
                .unwrap()
                .halves(),
            (2, 0)
        );
        assert_eq!(Score::of_lines(0b011, 0b100, &subscripts), None);
    }

    #[test]
    fn players() {
        let _bound = crate::test_bound::bound();
        assert_eq!(Player::of_move(1), Player::X);
        assert_eq!(Player::of_move(8), Player::O);
        assert_eq!(Player::X.opponent(), Player::O);
    }
}
