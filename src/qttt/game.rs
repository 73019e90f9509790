//! A game with its history: tokens applied all or none, undo, and the tokens so far.

use super::position::Position;
use super::record::Token;
use super::rules::{apply, Refusal};

/// A sequence of tokens was refused: the token at `index` (counted from 0 within the
/// sequence) could not be applied, so none was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rejected {
    /// Which token of the sequence was refused.
    pub index: usize,
    /// Why.
    pub refusal: Refusal,
}

/// A game of quantum tic-tac-toe from the empty board. At most 9 moves and 9 collapses
/// can be played before it is over, so its memory is bounded.
#[derive(Debug, Clone)]
pub struct Game {
    /// The position before each token, then the current one.
    positions: Vec<Position>,
    tokens: Vec<Token>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
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
    pub fn from_record(record: &[Token]) -> Result<Game, Rejected> {
        let mut game = Game::new();
        game.play(record)?;
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The tokens played so far.
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// Applies the tokens in order, all or none.
    pub fn play(&mut self, tokens: &[Token]) -> Result<(), Rejected> {
        let mut applied = Vec::with_capacity(tokens.len());
        let mut position = *self.position();
        for (index, &token) in tokens.iter().enumerate() {
            position = apply(&position, token).map_err(|refusal| Rejected { index, refusal })?;
            applied.push(position);
        }
        self.tokens.extend_from_slice(tokens);
        self.positions.extend(applied);
        Ok(())
    }

    /// Applies one token, such as the engine's choice.
    pub fn play_token(&mut self, token: Token) -> Result<(), Refusal> {
        let next = apply(self.position(), token)?;
        self.tokens.push(token);
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last token; `false` at the start of the game.
    pub fn undo(&mut self) -> bool {
        if self.tokens.pop().is_none() {
            return false;
        }
        self.positions.pop();
        true
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::qttt::gtp::notation::{parse_record, player_text, record_text, score_text};
    use crate::qttt::{Score, Status};

    /// The eleven test cases of the scoring challenge (seed 000): records and scores.
    pub(crate) fn seed_cases() -> Vec<(&'static str, &'static str)> {
        include_str!("../../tests/data/qttt_seed_cases.txt")
            .lines()
            .map(|line| line.split_once(" => ").expect("RECORD => SCORE"))
            .collect()
    }

    /// The game of a record written in the notation.
    pub(crate) fn game(record: &str) -> Game {
        Game::from_record(&parse_record(record).unwrap()).unwrap()
    }

    fn score(game: &Game) -> Score {
        match game.position().status() {
            Status::Over(score) => score,
            _ => Score::NONE,
        }
    }

    #[test]
    fn seed_cases_score_as_the_challenge_says() {
        let _bound = crate::test_bound::bound();
        let cases = seed_cases();
        assert_eq!(cases.len(), 11);
        for (record, expected) in cases {
            assert_eq!(score_text(score(&game(record))), expected, "{record}");
        }
    }

    #[test]
    fn seed_cases_finish_except_the_first() {
        let _bound = crate::test_bound::bound();
        for (record, _) in &seed_cases()[1..] {
            assert!(game(record).position().outcome().is_some(), "{record}");
        }
        assert_eq!(
            game("AB").position().status(),
            Status::Move(crate::qttt::Player::O)
        );
    }

    #[test]
    fn records_keep_their_tokens() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            record_text(game("IA EG EB EH GD AI 1 CB CE 3").tokens()),
            "AI EG BE EH DG AI 1 BC CE 3"
        );
        assert_eq!(
            record_text(game("ab  be de ae 4").tokens()),
            "AB BE DE AE 4"
        );
    }

    #[test]
    fn the_seed_example_offers_one_or_four_to_x() {
        let _bound = crate::test_bound::bound();
        // O's move AE closed the cycle, so X (who did not close it) chooses.
        let game = game("AB BE DE AE");
        match game.position().status() {
            Status::Collapse(chooser, options) => {
                assert_eq!(player_text(chooser), "x");
                let tokens: Vec<u8> = options.as_slice().iter().map(|o| o.0).collect();
                assert_eq!(tokens, [1, 4]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn attached_marks_collapse_and_other_components_stay_spooky() {
        let _bound = crate::test_bound::bound();
        // AB BE DE AE: D hangs on the cycle A-B-E; GH is a separate entanglement.
        let game = game("AB GH BE DE AE");
        let mut after = game.clone();
        after.play(&[Token::Collapse(5)]).unwrap();
        let position = after.position();
        for cell in [0, 1, 3, 4] {
            assert!(position.classical(cell).is_some(), "cell {cell}");
        }
        assert_eq!(position.classical(6), None);
        assert_eq!(position.spooky_in(6), [2]);
    }

    #[test]
    fn the_same_pair_twice_is_a_cycle() {
        let _bound = crate::test_bound::bound();
        let game = game("CG CG");
        assert!(matches!(game.position().status(), Status::Collapse(..)));
    }

    #[test]
    fn play_is_all_or_none_and_undo_steps_back() {
        let _bound = crate::test_bound::bound();
        let mut game = game("AB");
        let tokens = [Token::pair(2, 3), Token::pair(0, 1), Token::pair(4, 5)];
        let rejected = game.play(&tokens).unwrap_err();
        assert_eq!(rejected.index, 2);
        assert!(matches!(rejected.refusal, Refusal::CollapseDue(_)));
        assert_eq!(game.tokens(), [Token::pair(0, 1)]);
        assert!(game.undo());
        assert!(game.tokens().is_empty());
        assert!(!game.undo());
    }
}
