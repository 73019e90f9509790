//! The perfect player: exact minimax over moves and collapse choices, with alpha-beta,
//! a shared lock-free transposition table keyed by canonical (symmetry-reduced) keys,
//! and move ordering (the table's best action, then cycle-closing moves).
//!
//! Values are X's score minus O's in half-points (-2, -1, 0, 1, 2, 4): X maximises, O
//! minimises. The search allocates nothing: positions are copied, actions listed in
//! fixed arrays.

use super::cells::{pair_index, PAIRS, SYMMETRIES};
use super::key::{canonical_key, keyable, map_pair};
use super::position::{Phase, Position};
use super::record::Token;
use super::rules::{apply, legal_tokens};
use super::score::{Player, Score};
use super::table::{Entry, Table};
use crate::qttt::cells::INVERSE;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use thiserror::Error;

/// The default table size: 2^22 entries of 8 bytes (32 MiB), room for the keyed positions
/// (those of the first five moves) of many games.
pub const DEFAULT_TABLE_BITS: u32 = 22;

/// How many nodes a search visits between two looks at its stop flag.
const STOP_CHECK: u64 = 4096;

/// A search was stopped before it knew its answer.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("the search was stopped")]
pub struct Stopped;

/// One search's stop flag and tally, for [`Engine::choose_with`] and
/// [`Engine::analyze_with`]: the search gives up soon once the flag is set, and counts
/// the nodes it visits.
#[derive(Debug, Default)]
pub struct Control<'a> {
    stop: Option<&'a AtomicBool>,
    nodes: Cell<u64>,
    stopped: Cell<bool>,
}

impl<'a> Control<'a> {
    /// A search that gives up once `stop` is set.
    pub fn new(stop: &'a AtomicBool) -> Control<'a> {
        Control {
            stop: Some(stop),
            ..Control::default()
        }
    }

    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.get()
    }

    /// Counts a node; whether the search must stop now.
    #[inline]
    fn visit(&self) -> bool {
        let nodes = self.nodes.get() + 1;
        self.nodes.set(nodes);
        if nodes.is_multiple_of(STOP_CHECK)
            && self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

/// The lowest value of a game (O wins by 1 point).
const LOWEST: i8 = -2;
/// The highest value of a game (X wins with two tic-tac-toes).
const HIGHEST: i8 = 4;

/// A perfect player, shareable between threads: every search through it shares one
/// transposition table, so positions solved for one session are known to all.
pub struct Engine {
    table: Table,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// One action in a search: a pair index for a move, a cell for a collapse, or
/// [`SINGLE`] + cell for the single-cell move.
type Action = u8;

/// Marks the single-cell move in an [`Action`].
const SINGLE: Action = 64;

/// The actions of one node, in search order; a fixed array, so listing allocates nothing.
struct Actions {
    items: [Action; 36],
    len: usize,
}

impl Actions {
    fn push(&mut self, action: Action) {
        self.items[self.len] = action;
        self.len += 1;
    }
}

impl Engine {
    /// An engine with the default table size.
    pub fn new() -> Engine {
        Engine::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// An engine whose table has `2^bits` entries (`bits` from 1 to 40).
    pub fn with_table_bits(bits: u32) -> Engine {
        Engine {
            table: Table::new(bits.clamp(1, 40)),
        }
    }

    /// The final score of `position` under perfect play by both sides.
    pub fn score(&self, position: &Position) -> Score {
        Score::from_margin(self.solve(position, &Control::default()))
            .expect("search values are scores")
    }

    /// Every legal action in canonical order (see [`legal_tokens`]) with the final score
    /// under perfect play after it. Empty when the game is over.
    pub fn analyze(&self, position: &Position) -> Vec<(Token, Score)> {
        self.analyze_with(position, &Control::default())
            .expect("a search without a stop flag runs to its end")
    }

    /// [`analyze`](Engine::analyze) under `control`: `Err` when stopped first.
    pub fn analyze_with(
        &self,
        position: &Position,
        control: &Control<'_>,
    ) -> Result<Vec<(Token, Score)>, Stopped> {
        legal_tokens(position)
            .into_iter()
            .map(|token| {
                let child = apply(position, token).expect("legal tokens apply");
                let value = self.solve(&child, control);
                if control.stopped.get() {
                    return Err(Stopped);
                }
                Ok((
                    token,
                    Score::from_margin(value).expect("search values are scores"),
                ))
            })
            .collect()
    }

    /// The first action in canonical order whose value is the best for the player to
    /// act; `None` when the game is over.
    pub fn choose(&self, position: &Position) -> Option<Token> {
        self.choose_with(position, &Control::default())
            .expect("a search without a stop flag runs to its end")
    }

    /// [`choose`](Engine::choose) under `control`: `Err` when stopped first.
    pub fn choose_with(
        &self,
        position: &Position,
        control: &Control<'_>,
    ) -> Result<Option<Token>, Stopped> {
        let Some(actor) = position.actor() else {
            return Ok(None);
        };
        let best = self.solve(position, control);
        let chosen = legal_tokens(position).into_iter().find(|&token| {
            let child = apply(position, token).expect("legal tokens apply");
            control.stopped.get()
                || match actor {
                    Player::X => self.at_least(&child, best, control),
                    Player::O => !self.at_least(&child, best + 1, control),
                }
        });
        if control.stopped.get() {
            return Err(Stopped);
        }
        Ok(chosen)
    }

    /// The exact value of `position` (meaningless once `control` has stopped).
    fn solve(&self, position: &Position, control: &Control<'_>) -> i8 {
        match position.phase {
            Phase::Over(score) => score.margin(),
            _ => {
                // MTD(f): null-window tests from a guess of a draw close in on the value.
                let (mut lower, mut upper, mut guess) = (LOWEST, HIGHEST, 0);
                while lower < upper {
                    let beta = if guess == lower { guess + 1 } else { guess };
                    guess = self.search(position, beta - 1, beta, control);
                    if control.stopped.get() {
                        return guess;
                    }
                    if guess < beta {
                        upper = guess;
                    } else {
                        lower = guess;
                    }
                }
                lower
            }
        }
    }

    /// Whether the value of `position` is at least `bound`, by a null-window search.
    fn at_least(&self, position: &Position, bound: i8, control: &Control<'_>) -> bool {
        match position.phase {
            Phase::Over(score) => score.margin() >= bound,
            _ => self.search(position, bound - 1, bound, control) >= bound,
        }
    }

    /// Fail-soft alpha-beta on a position that is not over: the exact value if it lies
    /// strictly between `alpha` and `beta`, else a bound on the far side of the window.
    /// Once `control` stops, it returns at once, storing nothing: its value is then
    /// meaningless.
    fn search(
        &self,
        position: &Position,
        mut alpha: i8,
        mut beta: i8,
        control: &Control<'_>,
    ) -> i8 {
        if control.visit() {
            return 0;
        }
        if position.placed == 8 && position.phase == Phase::Move {
            return last_move_value(position);
        }
        let keyed = keyable(position);
        let (key, symmetry) = if keyed {
            canonical_key(position)
        } else {
            (0, 0)
        };
        let mut hint = None;
        if keyed {
            if let Some(entry) = self.table.probe(key) {
                if entry.lower >= beta || entry.lower == entry.upper {
                    return entry.lower;
                }
                if entry.upper <= alpha {
                    return entry.upper;
                }
                alpha = alpha.max(entry.lower);
                beta = beta.min(entry.upper);
                hint = entry
                    .action
                    .map(|action| map_action(position, INVERSE[symmetry], action));
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = position.actor() == Some(Player::X);
        let mut best = if maximizing { LOWEST - 1 } else { HIGHEST + 1 };
        let mut best_action = None;
        let actions = ordered_actions(position, hint);
        for &action in &actions.items[..actions.len] {
            let mut child = *position;
            play(&mut child, action);
            let value = match child.phase {
                Phase::Over(score) => score.margin(),
                _ => self.search(&child, alpha, beta, control),
            };
            if control.stopped.get() {
                return 0;
            }
            if maximizing {
                if value > best {
                    best = value;
                    best_action = Some(action);
                    alpha = alpha.max(value);
                }
                if best >= beta || best == HIGHEST {
                    break;
                }
            } else {
                if value < best {
                    best = value;
                    best_action = Some(action);
                    beta = beta.min(value);
                }
                if best <= alpha || best == LOWEST {
                    break;
                }
            }
        }
        debug_assert!((LOWEST..=HIGHEST).contains(&best), "{best} {position:?}");
        if keyed {
            let (lower, upper) = if best <= alpha0 {
                (LOWEST, best)
            } else if best >= beta0 {
                (best, HIGHEST)
            } else {
                (best, best)
            };
            let action = best_action
                .filter(|&action| action < SINGLE)
                .map(|action| map_action(position, symmetry, action));
            self.table.store(
                key,
                position.placed,
                Entry {
                    lower,
                    upper,
                    action,
                },
            );
        }
        best
    }
}

/// The value of a position where the ninth and last move (X's) is due, without search.
///
/// The spooky marks then form a tree over the free cells, so every move closes a cycle
/// whose collapse fills the board, and the board depends only on the cell `c` that mark
/// 9 fills (every other mark goes away from `c`). With `S(c)` that board's value, O
/// answers the move `ab` with `min(S(a), S(b))`, so X's best is the second highest `S`
/// (the only one when a single cell is free).
fn last_move_value(position: &Position) -> i8 {
    let free = position.free_cells();
    let (mut highest, mut second) = (LOWEST - 1, LOWEST - 1);
    let mut rest = free;
    while rest != 0 {
        let cell = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let others = free & !(1 << cell);
        let partner = if others == 0 {
            cell
        } else {
            others.trailing_zeros() as u8
        };
        let mut board = *position;
        board.play_unchecked(cell, partner);
        board.collapse_into(cell);
        let value = board.outcome().map_or(LOWEST - 1, Score::margin);
        if value > highest {
            second = highest;
            highest = value;
        } else if value > second {
            second = value;
        }
    }
    if free.count_ones() == 1 {
        highest
    } else {
        second
    }
}

/// The actions of a position that is not over: `hint` first, then the moves that close
/// a cycle, then the others (each group in pair order); or the collapse choices.
fn ordered_actions(position: &Position, hint: Option<Action>) -> Actions {
    let mut actions = Actions {
        items: [0; 36],
        len: 0,
    };
    if let Some(hint) = hint {
        actions.push(hint);
    }
    if position.phase == Phase::Collapse {
        let (a, b) = position.closing_cells();
        let cells = [a, b];
        let count = if a == b { 1 } else { 2 };
        for &cell in &cells[..count] {
            if Some(cell) != hint {
                actions.push(cell);
            }
        }
        return actions;
    }
    let free = position.free_cells();
    if free.count_ones() == 1 {
        actions.push(SINGLE + free.trailing_zeros() as u8);
        return actions;
    }
    for closing in [true, false] {
        let mut firsts = free;
        while firsts != 0 {
            let a = firsts.trailing_zeros() as u8;
            firsts &= firsts - 1;
            let component = position.component(a);
            let mut seconds = firsts & if closing { component } else { !component };
            while seconds != 0 {
                let b = seconds.trailing_zeros() as u8;
                seconds &= seconds - 1;
                let index = pair_index(a, b);
                if Some(index) != hint {
                    actions.push(index);
                }
            }
        }
    }
    actions
}

/// Applies a search action.
fn play(position: &mut Position, action: Action) {
    if position.phase == Phase::Collapse {
        position.collapse_into(action);
    } else if action >= SINGLE {
        position.play_unchecked(action - SINGLE, action - SINGLE);
    } else {
        let (a, b) = PAIRS[usize::from(action)];
        position.play_unchecked(a, b);
    }
}

/// The image under `symmetry` of an action of `position` (a move or a collapse choice):
/// into the canonical frame with the key's symmetry, back with its inverse.
fn map_action(position: &Position, symmetry: usize, action: Action) -> Action {
    if position.phase == Phase::Collapse {
        SYMMETRIES[symmetry][usize::from(action)]
    } else {
        let (a, b) = PAIRS[usize::from(action)];
        map_pair(symmetry, a, b)
    }
}
