//! Which tokens are legal in a position, applying one, and why one is refused.

use super::cells::PAIRS;
use super::position::{CollapseOptions, Position, Status};
use super::record::Token;

/// Why a token cannot be applied to a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A move on this cell, which already has its classical mark.
    Classical(u8),
    /// A single-cell move while more than one cell is not classical.
    SingleCell,
    /// A move while the measurement of a cycle is due; these are the choices.
    CollapseDue(CollapseOptions),
    /// A collapse token while no measurement is due.
    NoCollapseDue,
    /// A collapse token that is not one of these options.
    NotAnOption(CollapseOptions),
    /// Any token after the game is over.
    GameOver,
}

/// Applies `token` to `position`, or says why it cannot be.
pub fn apply(position: &Position, token: Token) -> Result<Position, Refusal> {
    let status = position.status();
    let mut next = *position;
    match (status, token) {
        (Status::Over(_), _) => return Err(Refusal::GameOver),
        (Status::Collapse(_, options), Token::Pair(..)) => {
            return Err(Refusal::CollapseDue(options))
        }
        (Status::Move(_), Token::Collapse(_)) => return Err(Refusal::NoCollapseDue),
        (Status::Collapse(_, options), Token::Collapse(number)) => {
            let cell = options
                .cell_of(number)
                .ok_or(Refusal::NotAnOption(options))?;
            next.collapse_into(cell);
        }
        (Status::Move(_), Token::Pair(a, b)) => {
            let free = position.free_cells();
            for cell in [a, b] {
                if free & (1 << cell) == 0 {
                    return Err(Refusal::Classical(cell));
                }
            }
            if a == b && free.count_ones() != 1 {
                return Err(Refusal::SingleCell);
            }
            next.play_unchecked(a, b);
        }
    }
    Ok(next)
}

/// Every legal token in canonical order: pairs alphabetically (`AB` ... `HI`, or `II`
/// style when one cell is left), collapse tokens ascending. Empty when the game is over.
pub fn legal_tokens(position: &Position) -> Vec<Token> {
    match position.status() {
        Status::Over(_) => Vec::new(),
        Status::Collapse(_, options) => options
            .as_slice()
            .iter()
            .map(|&(token, _)| Token::Collapse(u32::from(token)))
            .collect(),
        Status::Move(_) => {
            let free = position.free_cells();
            if free.count_ones() == 1 {
                let cell = free.trailing_zeros() as u8;
                return vec![Token::Pair(cell, cell)];
            }
            PAIRS
                .iter()
                .filter(|&&(a, b)| free & (1 << a) != 0 && free & (1 << b) != 0)
                .map(|&(a, b)| Token::Pair(a, b))
                .collect()
        }
    }
}
