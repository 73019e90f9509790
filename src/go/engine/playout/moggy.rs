//! The Moggy playout policy: the order of checks Pachi's playouts answer the last move
//! with, on this engine's own tactics.
//!
//! In turn, each tried with its own odds, the first that finds a move plays it: retake
//! (or connect, where that fills no eye) a ko captured in the last three moves; captures and escapes around the
//! last move (always when an own string of three stones or more is in atari); the
//! two-liberty fights; the defence of an own string of three or four liberties next to
//! the last move by putting in atari an opponent string at two liberties that touches
//! it; an eye the last move threatens to make false, kept; the vital point of a small
//! eye space the last move closed in; a good 3x3 shape next to the last two moves.
//! Otherwise a random move, as the standard policy draws it, which when it fills an
//! own false eye turns, with odds, into the capture or the atari of an opponent string
//! on the eye's diagonal. There are no learned replies.

use super::{shape, shaped_random_move, tactics, two_liberty_fight, Candidates, Policy};
use crate::go::engine::playout_board::{cell_of, PlayoutBoard, BORDER, EMPTY};
use crate::go::rng::Rng;

/// Percent odds of each check (Pachi's defaults).
const KO: usize = 40;
const LOCAL_ATARI: usize = 90;
const TWO_LIBERTIES: usize = 90;
/// On boards of [`LARGE`] lines or more.
const TWO_LIBERTIES_LARGE: usize = 80;
const MANY_LIBERTIES: usize = 25;
const EYE_FIX: usize = 100;
const NAKADE: usize = 80;
const EYE_FILL: usize = 60;

/// How recent (in moves) a ko capture must be for [`KO`] to take it back.
const KO_AGE: usize = 3;
/// The least size of a large board.
const LARGE: usize = 15;
/// The largest eye space whose vital point the nakade check plays.
const NAKADE_MAX: usize = 6;

/// The Moggy policy's move (a grid index), or `None` to pass.
pub(super) fn choose(
    board: &mut PlayoutBoard,
    rng: &mut Rng,
    policy: &mut Policy,
) -> Option<usize> {
    if rng.below(100) < KO {
        if let Some(ko) = board.recent_ko(KO_AGE) {
            let own = cell_of(board.to_move());
            if board.is_legal_at(ko) && !board.is_eye_at(own, ko) && board.self_atari(ko).is_none()
            {
                return Some(ko);
            }
        }
    }
    let last = board.last_grid();
    if last != 0 {
        if own_big_string_in_atari(board, last) || rng.below(100) < LOCAL_ATARI {
            if let Some(grid) = tactics(board, last, rng, &mut policy.ladders) {
                return Some(grid);
            }
        }
        let two = if board.size() >= LARGE {
            TWO_LIBERTIES_LARGE
        } else {
            TWO_LIBERTIES
        };
        if rng.below(100) < two {
            if let Some(grid) = two_liberty_fight(board, last, rng) {
                return Some(grid);
            }
        }
        if rng.below(100) < MANY_LIBERTIES {
            if let Some(grid) = many_liberty_defence(board, last, rng) {
                return Some(grid);
            }
        }
        if rng.below(100) < EYE_FIX {
            if let Some(grid) = eye_fix(board, last, rng) {
                return Some(grid);
            }
        }
        if rng.below(100) < NAKADE {
            if let Some(grid) = nakade(board, last) {
                return Some(grid);
            }
        }
        if let Some(grid) = shape(board, last, rng) {
            return Some(grid);
        }
    }
    let random = shaped_random_move(board, rng)?;
    if rng.below(100) < EYE_FILL {
        if let Some(grid) = instead_of_eye_fill(board, random) {
            return Some(grid);
        }
    }
    Some(random)
}

/// Whether the last move put an own string (of the side to move) of three stones or
/// more in atari: it is then always saved if it can be.
fn own_big_string_in_atari(board: &PlayoutBoard, last: usize) -> bool {
    let own = 3 - board.cell(last);
    board.neighbours(last).into_iter().any(|next| {
        board.cell(next) == own && board.liberties_at(next) == 1 && board.stones_at(next) >= 3
    })
}

/// Own strings around the last move (its eight cells) at three or four liberties: the
/// atari, at either liberty, of an opponent string of two liberties touching one
/// (legal, and no self-atari), so that a race that needs it is started in time.
fn many_liberty_defence(board: &mut PlayoutBoard, last: usize, rng: &mut Rng) -> Option<usize> {
    let own = 3 - board.cell(last);
    let mut seen = [usize::MAX; 8];
    let mut candidates = Candidates::new();
    for (index, grid) in board.ring(last).into_iter().enumerate() {
        if board.cell(grid) != own || !(3..=4).contains(&board.liberties_at(grid)) {
            continue;
        }
        let head = board.head_of(grid);
        if seen.contains(&head) {
            continue;
        }
        seen[index] = head;
        let (rivals, count) = board.weak_neighbours(grid, 2);
        for &rival in &rivals[..count] {
            if board.liberties_at(rival) != 2 {
                continue;
            }
            for atari in board.two_liberties(rival) {
                if board.is_legal_at(atari) && board.self_atari(atari).is_none() {
                    candidates.add(atari);
                }
            }
        }
    }
    candidates.pick(rng)
}

/// An own eye the last move threatens to make false, kept: where the last move stands
/// diagonally between two own stones (or the edge) next to an opponent stone with an
/// empty neighbour (the approach to a diagonal of an own eye-like point), fill that
/// neighbour while the eye can still be made real, or capture an opponent stone in
/// atari on the eye's diagonals.
fn eye_fix(board: &mut PlayoutBoard, last: usize, rng: &mut Rng) -> Option<usize> {
    let theirs = board.cell(last);
    let own = 3 - theirs;
    let ours = |cell: u8| cell == own || cell == BORDER;
    let ring = board.ring(last);
    let mut candidates = Candidates::new();
    for side in [1, 3, 5, 7] {
        let (before, stone, after) = (ring[side - 1], ring[side], ring[(side + 1) % 8]);
        if !ours(board.cell(before)) || !ours(board.cell(after)) || board.cell(stone) != theirs {
            continue;
        }
        for approach in board.neighbours(stone) {
            if approach == last || board.cell(approach) != EMPTY {
                continue;
            }
            for eye in diagonals(board, approach) {
                if board.cell(eye) != EMPTY || !is_eye_like(board, own, eye) {
                    continue;
                }
                let (mut theirs_seen, mut edges) = (0, 0);
                for corner in diagonals(board, eye) {
                    match board.cell(corner) {
                        BORDER => edges += 1,
                        cell if cell == theirs && board.liberties_at(corner) == 1 => {
                            let liberty = board.a_liberty(corner);
                            if board.is_legal_at(liberty) {
                                candidates.add(liberty);
                            }
                        }
                        cell if cell == theirs => theirs_seen += 1,
                        _ => {}
                    }
                }
                if (theirs_seen == 1 || (theirs_seen == 0 && edges == 2))
                    && board.is_legal_at(approach)
                    && board.self_atari(approach).is_none()
                {
                    candidates.add(approach);
                }
            }
        }
    }
    candidates.pick(rng)
}

/// The vital point of the opponent's small eye space the last move closed in: the
/// empty points next to the last move (all within one 3x3 block) and those joined to
/// them, at most [`NAKADE_MAX`] and touching no stone of the side to move, in a shape
/// that one stone kills (three in a row or bent, the "tetris" four, the bulky and cross
/// fives, the rabbity six).
fn nakade(board: &mut PlayoutBoard, last: usize) -> Option<usize> {
    let own = 3 - board.cell(last);
    let mut start = None;
    for next in board.neighbours(last) {
        if board.cell(next) != EMPTY {
            continue;
        }
        match start {
            None => start = Some(next),
            Some(first) if !board.ring(first).contains(&next) => return None,
            Some(_) => {}
        }
    }
    let mut area = [0usize; NAKADE_MAX];
    let mut len = 1;
    area[0] = start?;
    let mut index = 0;
    while index < len {
        for next in board.neighbours(area[index]) {
            match board.cell(next) {
                cell if cell == own => return None,
                EMPTY if !area[..len].contains(&next) => {
                    if len == NAKADE_MAX {
                        return None;
                    }
                    area[len] = next;
                    len += 1;
                }
                _ => {}
            }
        }
        index += 1;
    }
    let vital = vital_point(board, &area[..len])?;
    (board.is_legal_at(vital) && board.self_atari(vital).is_none_or(|stones| stones < 2))
        .then_some(vital)
}

/// The point of an eye space (empty points joined to each other) that one stone there
/// kills it from, by how many neighbours each point has within the space; `None` for a
/// space of one or two points or a shape that lives.
fn vital_point(board: &PlayoutBoard, area: &[usize]) -> Option<usize> {
    let mut neighbours = [0usize; NAKADE_MAX];
    for (index, &point) in area.iter().enumerate() {
        neighbours[index] = board
            .neighbours(point)
            .into_iter()
            .filter(|next| area.contains(next))
            .count();
    }
    let with = |count: usize| {
        let mut points = area
            .iter()
            .zip(neighbours)
            .filter(move |&(_, n)| n == count)
            .map(|(&point, _)| point);
        let first = points.next();
        (first, first.map_or(0, |_| 1 + points.count()))
    };
    match area.len() {
        3 => with(2).0,
        4 => match with(3) {
            (point, 1) => point,
            _ => None,
        },
        5 => match (with(3), with(1), with(4)) {
            ((point, 1), (_, 1), _) => point,
            (_, _, (point, 1)) => point,
            _ => None,
        },
        6 => match (with(4), with(2)) {
            ((point, 1), (_, 3)) => point,
            _ => None,
        },
        _ => None,
    }
}

/// Instead of the random move `grid` when it fills an own eye-like point (a false eye:
/// the random moves never fill a real one) and saves no own string in atari: the
/// capture of an opponent string in atari on its diagonals, or else the atari of one
/// at two liberties there (legal, no self-atari, no own eye filled).
fn instead_of_eye_fill(board: &mut PlayoutBoard, grid: usize) -> Option<usize> {
    let own = cell_of(board.to_move());
    if !is_eye_like(board, own, grid)
        || board
            .neighbours(grid)
            .into_iter()
            .any(|next| board.cell(next) == own && board.liberties_at(next) == 1)
    {
        return None;
    }
    for corner in diagonals(board, grid) {
        if board.cell(corner) != 3 - own {
            continue;
        }
        let liberties = match board.liberties_at(corner) {
            1 => [board.a_liberty(corner), usize::MAX],
            2 => board.two_liberties(corner),
            _ => continue,
        };
        for move_at in liberties.into_iter().filter(|&point| point != usize::MAX) {
            if board.is_legal_at(move_at)
                && !board.is_eye_at(own, move_at)
                && board.self_atari(move_at).is_none()
            {
                return Some(move_at);
            }
        }
    }
    None
}

/// Whether every neighbour of the empty `grid` is an `own` stone or the edge.
fn is_eye_like(board: &PlayoutBoard, own: u8, grid: usize) -> bool {
    board
        .neighbours(grid)
        .into_iter()
        .all(|next| board.cell(next) == own || board.cell(next) == BORDER)
}

/// The four diagonal cells of `grid`.
fn diagonals(board: &PlayoutBoard, grid: usize) -> [usize; 4] {
    let ring = board.ring(grid);
    [ring[0], ring[2], ring[4], ring[6]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::Colour;

    /// The playout board of a square diagram (rows of `X`, `O` and `.`), Black to move
    /// after White's stone at (`row`, `column`), which is the last move; and its grid.
    fn diagram(rows: &[&str], last: (usize, usize)) -> (PlayoutBoard, usize) {
        let size = rows.len();
        let mut rules = Board::new(size);
        let last = last.0 * size + last.1;
        for colour in [Colour::Black, Colour::White] {
            let mark = if colour == Colour::Black { 'X' } else { 'O' };
            for (row, line) in rows.iter().enumerate() {
                for (column, cell) in line.chars().enumerate() {
                    let point = row * size + column;
                    if cell == mark && point != last {
                        rules.play(colour, point).unwrap();
                    }
                }
            }
        }
        rules.play(Colour::White, last).unwrap();
        let board = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
        let grid = board.last_grid();
        (board, grid)
    }

    /// The grid index of (`row`, `column`) on `board`.
    fn at(board: &PlayoutBoard, row: usize, column: usize) -> usize {
        board.grid(row * board.size() + column)
    }

    #[test]
    fn an_eye_the_last_move_threatens_to_make_false_is_kept() {
        let _bound = crate::test_bound::bound();
        // White's last move on the first line approaches the eye at (1, 1), whose
        // diagonal (2, 2) is White's: Black must fill (0, 2) now.
        let (mut board, last) = diagram(
            &[
                "XX.OOO", //
                "X.XXO.", "XXOO..", "......", "......", "......",
            ],
            (0, 4),
        );
        let mut rng = Rng::new(1);
        assert_eq!(eye_fix(&mut board, last, &mut rng), Some(at(&board, 0, 2)));
        // Without White's diagonal stone the eye is safe: nothing to fix.
        let (mut board, last) = diagram(
            &[
                "XX.OOO", //
                "X.XXO.", "XXX...", "......", "......", "......",
            ],
            (0, 4),
        );
        assert_eq!(eye_fix(&mut board, last, &mut rng), None);
    }

    #[test]
    fn the_vital_point_of_a_small_eye_space_closed_by_the_last_move_is_played() {
        let _bound = crate::test_bound::bound();
        let rows = [
            "...O...", //
            "OOOO...", "XXXX...", ".......", ".......", ".......", ".......",
        ];
        let (mut board, last) = diagram(&rows, (1, 1));
        assert_eq!(nakade(&mut board, last), Some(at(&board, 0, 1)));
        // A Black stone inside: no longer an eye space White encloses.
        let mut inside = rows;
        inside[0] = "X..O...";
        let (mut board, last) = diagram(&inside, (1, 1));
        assert_eq!(nakade(&mut board, last), None);
    }

    #[test]
    fn vital_points_are_found_for_the_killable_shapes_only() {
        let _bound = crate::test_bound::bound();
        let board = PlayoutBoard::from_board_to_move(&Board::new(9), Colour::Black);
        let shape = |cells: &[(usize, usize)]| -> Vec<usize> {
            cells
                .iter()
                .map(|&(r, c)| at(&board, r + 2, c + 2))
                .collect()
        };
        let vital = |cells: &[(usize, usize)]| vital_point(&board, &shape(cells));
        let point = |r: usize, c: usize| Some(at(&board, r + 2, c + 2));
        // Three in a row and bent three: the middle.
        assert_eq!(vital(&[(0, 0), (0, 1), (0, 2)]), point(0, 1));
        assert_eq!(vital(&[(0, 0), (0, 1), (1, 1)]), point(0, 1));
        // Four: the T's centre; a line and a square live (or are dead already).
        assert_eq!(vital(&[(0, 0), (0, 1), (0, 2), (1, 1)]), point(0, 1));
        assert_eq!(vital(&[(0, 0), (0, 1), (0, 2), (0, 3)]), None);
        assert_eq!(vital(&[(0, 0), (0, 1), (1, 0), (1, 1)]), None);
        // Bulky five and cross five.
        assert_eq!(
            vital(&[(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]),
            point(1, 1)
        );
        assert_eq!(
            vital(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
            point(1, 1)
        );
        assert_eq!(vital(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]), None);
        // Rabbity six; a two-by-three rectangle lives.
        assert_eq!(
            vital(&[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 1)]),
            point(1, 1)
        );
        assert_eq!(
            vital(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
            None
        );
    }

    #[test]
    fn a_false_eye_fill_turns_into_the_capture_on_its_diagonal() {
        let _bound = crate::test_bound::bound();
        // (1, 1) is Black's false eye: White's (2, 0) is in atari on its diagonal.
        let rows = [
            ".X...", //
            "X.X..", "OXOO.", ".....", ".....",
        ];
        let (mut board, _) = diagram(&rows, (2, 3));
        let eye = at(&board, 1, 1);
        assert!(!board.is_eye_at(cell_of(Colour::Black), eye));
        assert_eq!(instead_of_eye_fill(&mut board, eye), Some(at(&board, 3, 0)));
        // A move that is no eye fill stands.
        let elsewhere = at(&board, 4, 4);
        assert_eq!(instead_of_eye_fill(&mut board, elsewhere), None);
    }

    #[test]
    fn an_own_big_string_put_in_atari_forces_the_atari_check() {
        let _bound = crate::test_bound::bound();
        let (board, last) = diagram(
            &[
                "OXXXO", //
                ".OO..", ".....", ".....", ".....",
            ],
            (0, 4),
        );
        assert!(own_big_string_in_atari(&board, last));
        let (board, last) = diagram(
            &[
                "OXXX.", //
                ".OOO.", ".....", ".....", "....O",
            ],
            (4, 4),
        );
        assert!(!own_big_string_in_atari(&board, last));
    }

    #[test]
    fn an_own_string_at_three_liberties_puts_a_two_liberty_rival_in_atari() {
        let _bound = crate::test_bound::bound();
        // Black's (2, 1)-(2, 2) has three liberties after White's (1, 2); White's
        // (3, 1)-(3, 2) touching it has two, (3, 0) and (3, 3): both are ataris.
        let (mut board, last) = diagram(
            &[
                ".......", //
                "..OO...", ".XX....", ".OO....", ".XX....", ".......", ".......",
            ],
            (1, 2),
        );
        let mut rng = Rng::new(2);
        let mut seen: Vec<usize> = (0..40)
            .filter_map(|_| many_liberty_defence(&mut board, last, &mut rng))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, vec![at(&board, 3, 0), at(&board, 3, 3)]);
    }
}
