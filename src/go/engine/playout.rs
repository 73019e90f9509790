//! Playouts: a game finished from a position by a fast, mostly random policy, and its
//! Tromp-Taylor area margin.
//!
//! The policy answers the last move first, as the strong non-neural programs do: capture
//! a string it left in atari, save an own string it put in atari, fight over strings
//! it left with two liberties (an atari the string just played cannot run from; for an
//! own string at two liberties, the race against the weak opponent strings it touches
//! and an extension that gains liberties), play the reply to it that last won
//! a playout (see [`Replies`]), or make a 3x3 shape next to it or to the move before
//! it that the move model ([`super::model`]) weighs well; otherwise a random move that
//! fills no own eye and is no self-atari of two or more stones, drawn a second time
//! when its 3x3 shape is one the model weighs very low. The tactics, the
//! two-liberty fights and the shapes are each tried with probability 0.9, so playouts
//! stay varied.
//!
//! A second policy, [`PlayoutStyle::Moggy`], puts the same tactics in Pachi's order
//! with Pachi's odds and adds its ko, eye and nakade checks (see [`moggy`]).

mod moggy;

use super::amaf::FirstPlays;
use super::ladder::LadderReader;
use super::model::shape::{shape3_atari_sides, shape3_ring, SHAPE3_CODES, SHAPE3_RINGS};
use super::model::MoveModel;
use super::playout_board::{cell_of, PlayoutBoard, EMPTY};
use super::replies::Replies;
use crate::go::rng::Rng;
use std::sync::OnceLock;

/// Out of 10: how often each answer to the last move is tried.
const TRY_TACTICS: usize = 9;
const TRY_TWO_LIBERTIES: usize = 9;
const TRY_PATTERN: usize = 9;

/// Which playout policy the engine plays its playouts with (`--go-playout-style`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PlayoutStyle {
    /// The policy this module's documentation describes.
    #[default]
    Standard,
    /// Pachi's order of checks (see [`moggy`]).
    Moggy,
}

impl std::str::FromStr for PlayoutStyle {
    type Err = String;

    /// `standard` or `moggy`.
    fn from_str(text: &str) -> Result<PlayoutStyle, String> {
        match text {
            "standard" => Ok(PlayoutStyle::Standard),
            "moggy" => Ok(PlayoutStyle::Moggy),
            _ => Err(format!(
                "'{text}' is not a playout style (standard or moggy)"
            )),
        }
    }
}

/// What the playout policy of one search thread keeps from one playout to the next.
#[derive(Debug, Default)]
pub struct Policy {
    /// Which policy chooses the moves.
    pub style: PlayoutStyle,
    /// Scratch boards for reading whether a string in atari may run.
    pub ladders: LadderReader,
    /// The replies that won playouts (see [`Replies`]); the caller teaches it each
    /// playout's winner with [`Replies::learn`].
    pub replies: Replies,
}

impl Policy {
    /// A policy of `style` that knows no replies yet.
    pub fn new(style: PlayoutStyle) -> Policy {
        Policy {
            style,
            ..Policy::default()
        }
    }
}

/// Plays `board` to the end (two passes, or `max_moves` more moves) with the policy,
/// noting each move in `first` (cleared by the caller at the simulation's start);
/// returns Black's area minus White's. The moves are recorded in `policy.replies` for
/// it to learn from.
pub fn playout(
    board: &mut PlayoutBoard,
    rng: &mut Rng,
    max_moves: usize,
    first: &mut FirstPlays,
    policy: &mut Policy,
) -> i64 {
    policy.replies.start(board);
    run(board, rng, max_moves, first, |board, rng| {
        let chosen = choose_in_style(board, rng, policy);
        policy.replies.record(chosen.unwrap_or(0));
        chosen
    })
}

/// [`playout`] with purely random moves (legal, no own eye filled), for measuring what
/// the policy costs.
pub fn random_playout(
    board: &mut PlayoutBoard,
    rng: &mut Rng,
    max_moves: usize,
    first: &mut FirstPlays,
) -> i64 {
    run(board, rng, max_moves, first, |board, rng| {
        random_move(board, rng, false)
    })
}

/// The playout loop with the move choice `choose`.
fn run(
    board: &mut PlayoutBoard,
    rng: &mut Rng,
    max_moves: usize,
    first: &mut FirstPlays,
    mut choose: impl FnMut(&mut PlayoutBoard, &mut Rng) -> Option<usize>,
) -> i64 {
    let limit = board.moves_played() + max_moves;
    while board.passes() < 2 && board.moves_played() < limit {
        match choose(board, rng) {
            Some(grid) => {
                first.note(board.to_move(), Some(board.point(grid)));
                board.play_at(grid);
            }
            None => {
                first.note(board.to_move(), None);
                board.pass();
            }
        }
    }
    board.area_margin()
}

/// The move (a grid index) of the policy `policy.style` names, or `None` to pass.
fn choose_in_style(board: &mut PlayoutBoard, rng: &mut Rng, policy: &mut Policy) -> Option<usize> {
    match policy.style {
        PlayoutStyle::Standard => choose(board, rng, policy),
        PlayoutStyle::Moggy => moggy::choose(board, rng, policy),
    }
}

/// The standard policy's move (a grid index), or `None` to pass.
fn choose(board: &mut PlayoutBoard, rng: &mut Rng, policy: &mut Policy) -> Option<usize> {
    let last = board.last_grid();
    if last != 0 {
        if rng.below(10) < TRY_TACTICS {
            if let Some(grid) = tactics(board, last, rng, &mut policy.ladders) {
                return Some(grid);
            }
        }
        if rng.below(10) < TRY_TWO_LIBERTIES {
            if let Some(grid) = two_liberty_fight(board, last, rng) {
                return Some(grid);
            }
        }
        if let Some(reply) = policy.replies.reply(board.to_move(), last) {
            let own = cell_of(board.to_move());
            if board.cell(reply) == EMPTY
                && board.is_legal_at(reply)
                && !board.is_eye_at(own, reply)
                && board.self_atari(reply).is_none()
            {
                return Some(reply);
            }
        }
        if rng.below(10) < TRY_PATTERN {
            if let Some(grid) = shape(board, last, rng) {
                return Some(grid);
            }
        }
    }
    shaped_random_move(board, rng)
}

/// A few candidate moves with their weights, without allocating: grid indices and
/// weights as `u32`, so that a new list (made several times a playout move) is a small
/// block to clear.
struct Candidates {
    moves: [(u32, u32); 16],
    len: usize,
    total: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            moves: [(0, 0); 16],
            len: 0,
            total: 0,
        }
    }

    /// Adds `grid` at weight 1, unless it is there already.
    fn add(&mut self, grid: usize) {
        if !self.moves[..self.len]
            .iter()
            .any(|&(seen, _)| seen as usize == grid)
        {
            self.add_weighted(grid, 1);
        }
    }

    /// Adds `grid` at `weight` (a move not there yet).
    fn add_weighted(&mut self, grid: usize, weight: u16) {
        if self.len < self.moves.len() && weight > 0 {
            self.moves[self.len] = (grid as u32, u32::from(weight));
            self.len += 1;
            self.total += usize::from(weight);
        }
    }

    /// One of the moves, with odds in proportion to its weight.
    fn pick(&self, rng: &mut Rng) -> Option<usize> {
        if self.total == 0 {
            return None;
        }
        let mut pick = rng.below(self.total);
        for &(grid, weight) in &self.moves[..self.len] {
            let weight = weight as usize;
            if pick < weight {
                return Some(grid as usize);
            }
            pick -= weight;
        }
        None
    }
}

/// Captures and escapes around the last move: take an opponent string in atari next to
/// it (or the one it made), or save an own string it put in atari by extending (when
/// that gives two liberties or more and runs into no working ladder) or by capturing a
/// neighbour of it.
fn tactics(
    board: &mut PlayoutBoard,
    last: usize,
    rng: &mut Rng,
    ladders: &mut LadderReader,
) -> Option<usize> {
    let mut candidates = Candidates::new();
    // The side to move: the opponent of the stone just played.
    let own = 3 - board.cell(last);
    let check_capture = |board: &PlayoutBoard, grid: usize, candidates: &mut Candidates| {
        if board.cell(grid) == 3 - own && board.liberties_at(grid) == 1 {
            capture(board, grid, candidates);
        }
    };
    check_capture(board, last, &mut candidates);
    for next in board.neighbours(last) {
        check_capture(board, next, &mut candidates);
        if board.cell(next) == own && board.liberties_at(next) == 1 {
            let liberty = board.a_liberty(next);
            if board.is_legal_at(liberty)
                && board.self_atari(liberty).is_none()
                && !ladders.is_caught(board, next)
            {
                candidates.add(liberty);
            }
            let board: &PlayoutBoard = board;
            for stone in board.string_stones(next) {
                for beside in board.neighbours(stone) {
                    check_capture(board, beside, &mut candidates);
                }
            }
        }
    }
    candidates.pick(rng)
}

/// Strings at two liberties around the last move: an atari on the string just played
/// when it cannot run from it; an own string next to it at two liberties races the
/// opponent strings it touches (takes one in atari, or puts one at two liberties in
/// atari when it cannot run) and extends where it keeps two liberties with the other one
/// filled.
fn two_liberty_fight(board: &mut PlayoutBoard, last: usize, rng: &mut Rng) -> Option<usize> {
    let mut candidates = Candidates::new();
    let own = 3 - board.cell(last);
    if board.liberties_at(last) == 2 {
        attack(board, last, &mut candidates);
    }
    for next in board.neighbours(last) {
        if board.cell(next) == own && board.liberties_at(next) == 2 {
            let (rivals, count) = board.weak_neighbours(next, 2);
            for &rival in &rivals[..count] {
                attack(board, rival, &mut candidates);
            }
            let [a, b] = board.two_liberties(next);
            for (extend, other) in [(a, b), (b, a)] {
                if !board.is_eye_at(own, extend)
                    && board.keeps_liberties(extend, own, other, 2)
                    && board.is_legal_at(extend)
                {
                    candidates.add(extend);
                }
            }
        }
    }
    candidates.pick(rng)
}

/// Adds the attack on the opponent string through `grid` (one or two liberties): the
/// capture of a string in atari; for one at two liberties, the atari at either where
/// running at the other one, joining what it joins there, would give it no second
/// liberty and capture nothing (it dies however it runs), and which is no self-atari.
fn attack(board: &mut PlayoutBoard, grid: usize, candidates: &mut Candidates) {
    let runner = board.cell(grid);
    if board.liberties_at(grid) == 1 {
        capture(board, grid, candidates);
        return;
    }
    let [a, b] = board.two_liberties(grid);
    for (atari, run) in [(a, b), (b, a)] {
        if !board.keeps_liberties(run, runner, atari, 2)
            && board.is_legal_at(atari)
            && board.self_atari(atari).is_none()
        {
            candidates.add(atari);
        }
    }
}

/// Adds the capture of the string through `grid`, which is in atari, where it is legal.
fn capture(board: &PlayoutBoard, grid: usize, candidates: &mut Candidates) {
    let liberty = board.a_liberty(grid);
    if board.is_legal_at(liberty) {
        candidates.add(liberty);
    }
}

/// A good 3x3 shape on one of the points around the last move or the move before it
/// (the mover's own): the move model's 3x3 shapes of weight [`SHAPE_GAMMA`] or more (no
/// own eye, no self-atari), one chosen with odds in proportion to its weight.
fn shape(board: &mut PlayoutBoard, last: usize, rng: &mut Rng) -> Option<usize> {
    let table = shape_table();
    let own = cell_of(board.to_move());
    let mut candidates = Candidates::new();
    let around_last = board.ring(last);
    let before = board.before_last_grid();
    let around_before = if before != 0 && before != last {
        board.ring(before)
    } else {
        around_last
    };
    // A point around both moves is weighed once.
    let extra = around_before
        .into_iter()
        .filter(|grid| !around_last.contains(grid));
    for grid in around_last.into_iter().chain(extra) {
        if board.cell(grid) != EMPTY {
            continue;
        }
        // The shape first: most points around a move have none worth playing, so
        // legality is asked of few; and the neighbours first, for with most of them no
        // atari bits make a shape worth playing.
        let ring = shape3_ring(board, grid);
        if table.rings[ring as usize] & MAY_PLAY == 0 {
            continue;
        }
        let weight = table.entry(board, grid, ring);
        if weight > PLAIN
            && board.is_legal_at(grid)
            && !board.is_eye_at(own, grid)
            && board.self_atari(grid).is_none()
        {
            candidates.add_weighted(grid, weight);
        }
    }
    candidates.pick(rng)
}

/// The least weight of a learned 3x3 shape the playouts play next to the last move (the
/// weights are relative to 1; a shape the model never saw weighs 0.04). The README has
/// the matches that chose it.
const SHAPE_GAMMA: f32 = 1.0;

/// The least weight of the learned 3x3 shape of a random move the playouts keep at the
/// first draw; a move of a lighter shape (the lightest quarter of the 3x3 shapes the
/// model knows, and every shape it never saw) is drawn again, once. The README has the
/// matches that chose it.
const RANDOM_SHAPE_FLOOR: f32 = 0.4;

/// [`random_move`] (careful), drawn a second time when the first is a
/// [`light_shape`]; the second draw stands.
fn shaped_random_move(board: &mut PlayoutBoard, rng: &mut Rng) -> Option<usize> {
    let first = random_move(board, rng, true)?;
    if light_shape(board, first) {
        return random_move(board, rng, true);
    }
    Some(first)
}

/// Whether the move model weighs the 3x3 shape of a move at `grid` below
/// [`RANDOM_SHAPE_FLOOR`].
fn light_shape(board: &PlayoutBoard, grid: usize) -> bool {
    let table = shape_table();
    let ring = shape3_ring(board, grid);
    match table.rings[ring as usize] & (ALWAYS_LIGHT | NEVER_LIGHT) {
        ALWAYS_LIGHT => true,
        NEVER_LIGHT => false,
        _ => table.entry(board, grid, ring) == LIGHT,
    }
}

/// The move model's 3x3 shapes as the playouts use them.
struct ShapeTable {
    /// Two bytes a raw code (half the model's table, so that more of it stays in the
    /// cache): [`LIGHT`] for a shape weighing less than [`RANDOM_SHAPE_FLOOR`], [`PLAIN`]
    /// for one below [`SHAPE_GAMMA`], and otherwise the shape step's odds, its weight
    /// times 16.
    odds: Vec<u16>,
    /// A byte for each code of the eight neighbours alone ([`shape3_ring`]): flags that
    /// hold for every shape those neighbours make with the atari bits they allow
    /// ([`MAY_PLAY`], [`ALWAYS_LIGHT`], [`NEVER_LIGHT`]), so that the playouts read the
    /// atari bits, and the large table, only where they change the answer.
    rings: Vec<u8>,
}

impl ShapeTable {
    /// The odds entry of the shape at `grid`, whose neighbours' code is `ring`.
    fn entry(&self, board: &PlayoutBoard, grid: usize, ring: u32) -> u16 {
        self.odds[(ring << 4 | board.sides_in_atari(grid)) as usize]
    }
}

/// [`ShapeTable::rings`]' flags: some shape of the neighbours is above [`PLAIN`]...
const MAY_PLAY: u8 = 1;
/// ...every one is [`LIGHT`]...
const ALWAYS_LIGHT: u8 = 2;
/// ...none is.
const NEVER_LIGHT: u8 = 4;

/// The playouts' [`ShapeTable`], made from the active move model once.
fn shape_table() -> &'static ShapeTable {
    static TABLE: OnceLock<ShapeTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let model = MoveModel::active();
        let odds: Vec<u16> = (0..SHAPE3_CODES as u32)
            .map(|code| odds_of(model.shape3_gamma(code)))
            .collect();
        let rings = (0..SHAPE3_RINGS as u32)
            .map(|ring| {
                let sides = shape3_atari_sides(ring);
                // Over every subset of the sides that hold stones.
                (0..16u32)
                    .filter(|bits| bits & !sides == 0)
                    .map(|bits| odds[(ring << 4 | bits) as usize])
                    .fold(ALWAYS_LIGHT | NEVER_LIGHT, |mut flags, entry| {
                        if entry > PLAIN {
                            flags |= MAY_PLAY;
                        }
                        flags &= if entry == LIGHT {
                            !NEVER_LIGHT
                        } else {
                            !ALWAYS_LIGHT
                        };
                        flags
                    })
            })
            .collect();
        ShapeTable { odds, rings }
    })
}

/// A shape's entry in [`ShapeTable::odds`].
fn odds_of(gamma: f32) -> u16 {
    if gamma < RANDOM_SHAPE_FLOOR {
        LIGHT
    } else if gamma < SHAPE_GAMMA {
        PLAIN
    } else {
        u16::try_from((gamma * 16.0) as usize).unwrap_or(u16::MAX)
    }
}

/// [`ShapeTable::odds`]' entries below any shape step's odds (which are at least
/// `16 * SHAPE_GAMMA`, so above both).
const LIGHT: u16 = 0;
const PLAIN: u16 = 1;
const _: () = assert!(SHAPE_GAMMA * 16.0 >= 2.0);

/// A random legal move that fills no own eye, and, when `careful`, is no self-atari of
/// two or more stones; `None` when there is none.
fn random_move(board: &mut PlayoutBoard, rng: &mut Rng, careful: bool) -> Option<usize> {
    let own = cell_of(board.to_move());
    let count = board.empty_grid().len();
    if count == 0 {
        return None;
    }
    let start = rng.below(count);
    for offset in 0..count {
        let grid = board.empty_grid()[(start + offset) % count] as usize;
        if board.is_eye_at(own, grid) || !board.is_legal_at(grid) {
            continue;
        }
        if careful && board.self_atari(grid).is_some_and(|stones| stones >= 2) {
            continue;
        }
        return Some(grid);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::engine::model::shape::shape3;
    use crate::go::Colour;

    #[test]
    fn playouts_end_and_never_fill_own_eyes() {
        let _bound = crate::test_bound::bound();
        let mut rng = Rng::new(3);
        for (size, style) in [1, 2, 3, 5, 9, 13, 19]
            .into_iter()
            .flat_map(|size| [(size, PlayoutStyle::Standard), (size, PlayoutStyle::Moggy)])
        {
            let mut policy = Policy::new(style);
            for _ in 0..20 {
                let rules = Board::new(size);
                let mut board = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
                let mut first = FirstPlays::new(size * size);
                let limit = 3 * size * size + 10;
                // Step by step, checking each move before it is made.
                while board.passes() < 2 && board.moves_played() < limit {
                    let own = cell_of(board.to_move());
                    match choose_in_style(&mut board, &mut rng, &mut policy) {
                        Some(grid) => {
                            assert!(board.is_legal_at(grid));
                            assert!(!board.is_eye_at(own, grid), "filled an own eye");
                            board.play_at(grid);
                        }
                        None => board.pass(),
                    }
                }
                let margin = board.area_margin();
                let area = (size * size) as i64;
                assert!((-area..=area).contains(&margin), "{margin}");
                let mut again = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
                let margin = playout(&mut again, &mut rng, limit, &mut first, &mut policy);
                assert!((-area..=area).contains(&margin));
                assert!(again.passes() >= 2 || again.moves_played() >= limit);
            }
        }
    }

    #[test]
    fn random_moves_of_badly_weighed_shapes_are_drawn_less_often() {
        let _bound = crate::test_bound::bound();
        // A middle-game 9x9 position: of its legal moves, count those of a light shape,
        // then how often each draw method picks one.
        let rules = position(
            9,
            &[20, 21, 22, 30, 40, 49, 58, 24, 33, 60],
            &[11, 12, 29, 39, 48, 57, 66, 25, 34, 42],
        );
        let (mut board, _) = after(&rules, Colour::Black);
        let mut rng = Rng::new(5);
        let draws = 4000;
        let (mut plain, mut shaped) = (0, 0);
        for _ in 0..draws {
            let grid = random_move(&mut board, &mut rng, true).unwrap();
            plain += usize::from(light_shape(&board, grid));
            let grid = shaped_random_move(&mut board, &mut rng).unwrap();
            shaped += usize::from(light_shape(&board, grid));
        }
        // Some moves are light (most of them here), and a second draw for them makes
        // them rarer: the square of their share instead of the share.
        let (plain, shaped) = (plain as f64 / draws as f64, shaped as f64 / draws as f64);
        assert!(plain > 0.05, "{plain}");
        assert!(
            (shaped - plain * plain).abs() < 0.05,
            "{shaped} against {plain}"
        );
    }

    /// The playout board of `rules` with `colour` to move, and its last move's grid index.
    fn after(rules: &Board, colour: Colour) -> (PlayoutBoard, usize) {
        let board = PlayoutBoard::from_board_to_move(rules, colour);
        let last = board.last_grid();
        (board, last)
    }

    /// A `size` board with Black's stones, then White's (the last one is the last move).
    fn position(size: usize, black: &[usize], white: &[usize]) -> Board {
        let mut rules = Board::new(size);
        for &point in black {
            rules.play(Colour::Black, point).unwrap();
        }
        for &point in white {
            rules.play(Colour::White, point).unwrap();
        }
        rules
    }

    /// The points the two-liberty fight proposes for Black over `tries` draws, sorted,
    /// each once.
    fn fight_moves(rules: &Board, rng: &mut Rng, tries: usize) -> Vec<usize> {
        let (mut board, last) = after(rules, Colour::Black);
        let mut seen: Vec<usize> = (0..tries)
            .map(|_| {
                let grid = two_liberty_fight(&mut board, last, rng).expect("a move");
                board.point(grid)
            })
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    }

    #[test]
    fn a_stone_at_two_liberties_that_cannot_run_is_put_in_atari() {
        let _bound = crate::test_bound::bound();
        // 5x5, points row * 5 + column. White 12 (centre) has Black on 7 and 11, and
        // liberties 13 and 17; Black 14, 18 and 22 wait beyond them. Atari at 17 leaves
        // it 13, where it gains 8 only; atari at 13 leaves it 17, where it gains 16 only.
        let rules = position(5, &[7, 11, 14, 18, 22], &[12]);
        let mut rng = Rng::new(1);
        assert_eq!(fight_moves(&rules, &mut rng, 20), vec![13, 17]);
        // With 18 and 14 away it can run at either: no atari is proposed.
        let mut open = Board::new(5);
        for point in [7, 11] {
            open.play(Colour::Black, point).unwrap();
        }
        open.play(Colour::White, 12).unwrap();
        let (mut board, last) = after(&open, Colour::Black);
        assert_eq!(two_liberty_fight(&mut board, last, &mut rng), None);
        // A White stone on 22 instead of Black's waits below 17: running there joins it
        // and keeps three liberties (16, 21 and 23), so only the atari at 17 is proposed.
        let mut joined = Board::new(5);
        for point in [7, 11, 14, 18] {
            joined.play(Colour::Black, point).unwrap();
        }
        joined.play(Colour::White, 22).unwrap();
        joined.play(Colour::White, 12).unwrap();
        let (mut board, last) = after(&joined, Colour::Black);
        for _ in 0..20 {
            let grid = two_liberty_fight(&mut board, last, &mut rng).expect("an atari");
            assert_eq!(board.point(grid), 17);
        }
    }

    #[test]
    fn an_own_string_left_at_two_liberties_races_the_weak_strings_it_touches() {
        let _bound = crate::test_bound::bound();
        // 5x5: Black 1-6-11 with two liberties (0 and 16) after White 10; it touches
        // White 2-7-12 (liberties 3 and 17; Black 8 and 13 beside it) and White 5-10
        // (liberties 0 and 15). White 2-7-12 cannot run at 3 when put in atari at 17;
        // 5-10 cannot run at 0 when put in atari at 15; Black extends at 16.
        let rules = position(5, &[1, 6, 11, 8, 13], &[2, 7, 12, 5, 10]);
        let mut rng = Rng::new(4);
        assert_eq!(fight_moves(&rules, &mut rng, 40), vec![15, 16, 17]);
    }

    #[test]
    fn an_own_string_left_at_two_liberties_extends_where_it_gains_them() {
        let _bound = crate::test_bound::bound();
        // 5x5: Black 0-1 in the corner; White 5 takes it to two liberties (2 and 6).
        // Black extends at 2 (gaining 3 and 7) or 6 (gaining 7 and 11), each leaving
        // three liberties or more.
        let mut rules = Board::new(5);
        for point in [0, 1] {
            rules.play(Colour::Black, point).unwrap();
        }
        rules.play(Colour::White, 5).unwrap();
        let (mut board, last) = after(&rules, Colour::Black);
        let mut rng = Rng::new(2);
        for _ in 0..20 {
            let grid = two_liberty_fight(&mut board, last, &mut rng).expect("an extension");
            assert!([2, 6].contains(&board.point(grid)), "{}", board.point(grid));
        }
    }

    #[test]
    fn the_playouts_shape_table_keeps_the_model_s_decisions() {
        let _bound = crate::test_bound::bound();
        let model = MoveModel::active();
        let odds = &shape_table().odds;
        for code in 0..SHAPE3_CODES as u32 {
            let (gamma, entry) = (model.shape3_gamma(code), odds[code as usize]);
            assert_eq!(entry == LIGHT, gamma < RANDOM_SHAPE_FLOOR, "{code}");
            assert_eq!(entry > PLAIN, gamma >= SHAPE_GAMMA, "{code}");
            if entry > PLAIN {
                assert_eq!(usize::from(entry), (gamma * 16.0) as usize, "{code}");
            }
        }
    }

    #[test]
    fn the_neighbours_flags_hold_for_every_shape_met_in_play() {
        let _bound = crate::test_bound::bound();
        // Over the positions of random games, every empty point's full shape agrees with
        // what the flags of its neighbours alone promise, and its atari bits are among
        // those the neighbours allow.
        let table = shape_table();
        let mut rng = Rng::new(9);
        let (mut checked, mut atari) = (0, 0);
        for _ in 0..20 {
            let mut board = PlayoutBoard::from_board_to_move(&Board::new(9), Colour::Black);
            while board.passes() < 2 && board.moves_played() < 120 {
                for &grid in board.empty_grid() {
                    let grid = grid as usize;
                    let (ring, code) = (shape3_ring(&board, grid), shape3(&board, grid));
                    assert_eq!(code >> 4, ring);
                    assert_eq!(code & 15 & !shape3_atari_sides(ring), 0, "{code:#x}");
                    atari += usize::from(code & 15 != 0);
                    let (flags, entry) = (table.rings[ring as usize], table.odds[code as usize]);
                    assert!(entry <= PLAIN || flags & MAY_PLAY != 0, "{code:#x}");
                    assert!(flags & ALWAYS_LIGHT == 0 || entry == LIGHT, "{code:#x}");
                    assert!(flags & NEVER_LIGHT == 0 || entry != LIGHT, "{code:#x}");
                    assert_eq!(light_shape(&board, grid), entry == LIGHT);
                    checked += 1;
                }
                match random_move(&mut board, &mut rng, true) {
                    Some(grid) => board.play_at(grid),
                    None => board.pass(),
                }
            }
        }
        assert!(
            checked > 10_000 && atari > 100,
            "{checked} points, {atari} with atari"
        );
    }

    #[test]
    fn shapes_are_next_to_the_last_two_moves_and_weigh_enough() {
        let _bound = crate::test_bound::bound();
        // Over the positions of random games: every shape move is one of the points
        // around the last move or the move before it (some of them only around that
        // one), legal, no own eye, no self-atari, and a shape the model weighs at least
        // SHAPE_GAMMA.
        let model = MoveModel::active();
        let mut rng = Rng::new(5);
        let (mut found, mut around_before_only) = (0, 0);
        for _ in 0..20 {
            let mut board = PlayoutBoard::from_board_to_move(&Board::new(9), Colour::Black);
            while board.passes() < 2 && board.moves_played() < 60 {
                let (last, before) = (board.last_grid(), board.before_last_grid());
                if last != 0 {
                    if let Some(grid) = shape(&mut board, last, &mut rng) {
                        found += 1;
                        if !board.ring(last).contains(&grid) {
                            assert!(before != 0 && board.ring(before).contains(&grid));
                            around_before_only += 1;
                        }
                        assert!(board.is_legal_at(grid));
                        assert!(!board.is_eye_at(cell_of(board.to_move()), grid));
                        assert!(board.self_atari(grid).is_none());
                        assert!(model.shape3_gamma(shape3(&board, grid)) >= SHAPE_GAMMA);
                    }
                }
                match random_move(&mut board, &mut rng, true) {
                    Some(grid) => board.play_at(grid),
                    None => board.pass(),
                }
            }
        }
        assert!(found > 100, "{found} shape moves");
        assert!(
            around_before_only > 100,
            "{around_before_only} around the move before only"
        );
    }

    #[test]
    fn tactics_take_the_last_liberty_of_the_stone_just_played() {
        let _bound = crate::test_bound::bound();
        // 5x5: Black 7, 11, 13 around 12; White plays 12 into atari (liberty 17).
        let mut rules = Board::new(5);
        for point in [7, 11, 13] {
            rules.play(Colour::Black, point).unwrap();
        }
        rules.play(Colour::White, 12).unwrap();
        let mut board = PlayoutBoard::from_board_to_move(&rules, Colour::Black);
        let mut rng = Rng::new(1);
        let last = board.last_grid();
        let grid =
            tactics(&mut board, last, &mut rng, &mut LadderReader::new()).expect("a capture");
        assert_eq!(board.point(grid), 17);
    }
}
