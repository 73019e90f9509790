//! A game with its history: tokens applied all or none, undo, and the record.

use super::position::Position;
use super::record::Token;
use super::rules::{apply, Refusal};
use thiserror::Error;

/// Why a game command was refused; the text is what follows `? ` on the wire.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// One token of a sequence was refused (and so was the whole sequence).
    #[error("{}: {token}: {refusal}", .refusal.kind())]
    Token {
        /// The token as given.
        token: String,
        /// Why it was refused.
        refusal: Refusal,
    },
    /// `qttt-undo` at the start of the game.
    #[error("cannot undo")]
    CannotUndo,
    /// The engine was asked to act in a finished game.
    #[error("illegal move: the game is over")]
    Over,
}

/// A game of quantum tic-tac-toe from the empty board.
#[derive(Debug, Clone, Default)]
pub struct Game {
    /// The position before each token, then the current one.
    positions: Vec<Position>,
    tokens: Vec<Token>,
}

impl Game {
    /// A new game on the empty board.
    pub fn new() -> Game {
        Game {
            positions: vec![Position::new()],
            tokens: Vec::new(),
        }
    }

    /// The game of a record, read from the start; refused as a whole on any bad token.
    pub fn from_record<S: AsRef<str>>(record: &[S]) -> Result<Game, GameError> {
        let mut game = Game::new();
        game.play(record)?;
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// Applies the tokens in order, all or none.
    pub fn play<S: AsRef<str>>(&mut self, texts: &[S]) -> Result<(), GameError> {
        let mut applied = Vec::with_capacity(texts.len());
        let mut position = *self.position();
        for text in texts {
            let text = text.as_ref();
            let refused = |refusal| GameError::Token {
                token: text.to_string(),
                refusal,
            };
            let token = Token::parse(text).map_err(|e| refused(e.into()))?;
            position = apply(&position, token).map_err(refused)?;
            applied.push((token, position));
        }
        for (token, position) in applied {
            self.tokens.push(token);
            self.positions.push(position);
        }
        Ok(())
    }

    /// Applies one token known to be legal, such as the engine's choice.
    pub fn play_token(&mut self, token: Token) -> Result<(), Refusal> {
        let next = apply(self.position(), token)?;
        self.tokens.push(token);
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last token.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.tokens.pop().is_none() {
            return Err(GameError::CannotUndo);
        }
        self.positions.pop();
        Ok(())
    }

    /// The record so far, canonical: tokens separated by one space.
    pub fn record(&self) -> String {
        self.tokens
            .iter()
            .map(Token::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qttt::{Score, Status};

    /// The eleven test cases of the scoring challenge (seed 000).
    pub(crate) const SEED_CASES: [(&str, &str); 11] = [
        ("AB", "0 0"),
        ("AI EG BE EH DG AI 1 BC CE 3", "0.5 1"),
        ("IA EG EB EH GD AI 1 CB CE 3", "0.5 1"),
        ("DE AB DE 1 AH CF CH CG BC 2", "1 0.5"),
        ("AE BF EI DH AI 1", "1 0"),
        ("CE BD EG FH CG 1", "1 0"),
        ("AB AD BC CF AC 5", "1 0"),
        ("AB BE BC CE 2 DG HI DF HI 6", "0 1"),
        ("BC BE CF EF 1 AD AG GH DG 6 II 9", "0 0"),
        ("DI AE AB BF EH AH 2 DI 7 CG CG 8", "0 0"),
        ("AD BH EF CI EF 3 HI DG BI 2 AG 1", "2 0"),
    ];

    fn game(record: &str) -> Game {
        let tokens: Vec<&str> = record.split_whitespace().collect();
        Game::from_record(&tokens).unwrap()
    }

    fn score(game: &Game) -> Score {
        match game.position().status() {
            Status::Over(score) => score,
            _ => Score::NONE,
        }
    }

    #[test]
    fn seed_cases_score_as_the_challenge_says() {
        for (record, expected) in SEED_CASES {
            assert_eq!(score(&game(record)).to_string(), expected, "{record}");
        }
    }

    #[test]
    fn seed_cases_finish_except_the_first() {
        for (record, _) in &SEED_CASES[1..] {
            assert!(game(record).position().outcome().is_some(), "{record}");
        }
        assert_eq!(
            game("AB").position().status(),
            Status::Move(crate::qttt::Player::O)
        );
    }

    #[test]
    fn records_print_canonically() {
        assert_eq!(
            game("IA EG EB EH GD AI 1 CB CE 3").record(),
            "AI EG BE EH DG AI 1 BC CE 3"
        );
        assert_eq!(game("ab  be de ae 4").record(), "AB BE DE AE 4");
    }

    #[test]
    fn the_seed_example_offers_one_or_four_to_x() {
        // O's move AE closed the cycle, so X (who did not close it) chooses.
        let game = game("AB BE DE AE");
        match game.position().status() {
            Status::Collapse(chooser, options) => {
                assert_eq!(chooser.to_string(), "x");
                let tokens: Vec<u8> = options.as_slice().iter().map(|o| o.0).collect();
                assert_eq!(tokens, [1, 4]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn attached_marks_collapse_and_other_components_stay_spooky() {
        // AB BE DE AE: D hangs on the cycle A-B-E; GH is a separate entanglement.
        let game = game("AB GH BE DE AE");
        let mut after = game.clone();
        after.play(&["5"]).unwrap_or_else(|e| panic!("{e}"));
        let position = after.position();
        for cell in [0, 1, 3, 4] {
            assert!(position.classical(cell).is_some(), "cell {cell}");
        }
        assert_eq!(position.classical(6), None);
        assert_eq!(position.spooky_in(6), [2]);
    }

    #[test]
    fn the_same_pair_twice_is_a_cycle() {
        let game = game("CG CG");
        assert!(matches!(game.position().status(), Status::Collapse(..)));
    }

    #[test]
    fn play_is_all_or_none_and_undo_steps_back() {
        let mut game = game("AB");
        let error = game.play(&["CD", "AB", "EF"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "illegal move: EF: a collapse is due, choose 1 or 3"
        );
        assert_eq!(game.record(), "AB");
        game.undo().unwrap();
        assert_eq!(game.record(), "");
        assert_eq!(game.undo().unwrap_err().to_string(), "cannot undo");
    }
}
