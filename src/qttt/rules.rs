//! Which tokens are legal in a position, applying one, and why one is refused.

use super::cells::{letter, PAIRS};
use super::position::{Position, Status};
use super::record::{Token, TokenSyntaxError};
use thiserror::Error;

/// Why a token cannot be applied to a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The token is not written in the notation.
    #[error(transparent)]
    Syntax(#[from] TokenSyntaxError),
    /// A move on a cell that already has its classical mark.
    #[error("cell {} is classical", letter(*.0))]
    Classical(u8),
    /// A single-cell move while more than one cell is not classical.
    #[error("a single-cell move is legal only when exactly one cell is not classical")]
    SingleCell,
    /// A move while the measurement of a cycle is due.
    #[error("a collapse is due, choose {0}")]
    CollapseDue(String),
    /// A collapse token while no measurement is due.
    #[error("no collapse is due")]
    NoCollapseDue,
    /// A collapse token that is not one of the options.
    #[error("not a collapse option, choose {0}")]
    NotAnOption(String),
    /// Any token after the game is over.
    #[error("the game is over")]
    GameOver,
}

impl Refusal {
    /// The standard GTP words the refusal starts with: `syntax error` for a token that
    /// cannot be read, `illegal move` for one the rules forbid.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Syntax(_) => "syntax error",
            _ => "illegal move",
        }
    }
}

/// Applies `token` to `position`, or says why it cannot be.
pub fn apply(position: &Position, token: Token) -> Result<Position, Refusal> {
    let status = position.status();
    let mut next = *position;
    match (status, token) {
        (Status::Over(_), _) => return Err(Refusal::GameOver),
        (Status::Collapse(_, options), Token::Pair(..)) => {
            return Err(Refusal::CollapseDue(choices(options.as_slice())))
        }
        (Status::Move(_), Token::Collapse(_)) => return Err(Refusal::NoCollapseDue),
        (Status::Collapse(_, options), Token::Collapse(number)) => {
            let cell = options
                .cell_of(number)
                .ok_or_else(|| Refusal::NotAnOption(choices(options.as_slice())))?;
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

/// `1 or 4`, or just `9` for a single option.
fn choices(options: &[(u8, u8)]) -> String {
    options
        .iter()
        .map(|(token, _)| token.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}
