//! How well a way of scoring moves predicts the moves players chose: the share of
//! positions where the move played is the best scored (top-1) or among the best five.

use super::dataset::{candidates, replay};
use super::features::{move_features, pass_features};
use super::MoveModel;
use crate::go::engine::ladder::LadderReader;
use crate::go::engine::playout_board::PlayoutBoard;
use crate::go::engine::priors::hand_priors;
use crate::go::engine::tree::Move;
use crate::go::sgf::SgfGame;

/// Prediction rates over some positions.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Prediction {
    /// Positions scored.
    pub positions: usize,
    /// Positions where the move played was ranked first (ties shared out: a move tied
    /// with two others for first counts a third).
    pub top1: f64,
    /// The same for ranked among the first five.
    pub top5: f64,
}

impl Prediction {
    /// Adds a position where the move played scored `chosen` among `scores`.
    fn add(&mut self, scores: &[f32], chosen: usize) {
        let mine = scores[chosen];
        let better = scores.iter().filter(|&&s| s > mine).count();
        let tied = scores.iter().filter(|&&s| s == mine).count() - 1;
        // The move played sits anywhere from `better` to `better + tied`, all alike.
        let within = |k: usize| ((k as f64 - better as f64) / (tied + 1) as f64).clamp(0.0, 1.0);
        self.positions += 1;
        self.top1 += within(1);
        self.top5 += within(5);
    }

    /// The top-1 rate, from 0 to 1.
    pub fn top1_rate(&self) -> f64 {
        self.top1 / self.positions.max(1) as f64
    }

    /// The top-5 rate, from 0 to 1.
    pub fn top5_rate(&self) -> f64 {
        self.top5 / self.positions.max(1) as f64
    }
}

/// How the move model and the hand-set priors of [`hand_priors`] predict the moves of
/// `games` after their first `skip` moves (the same positions for both): the model
/// ranks by strength, the priors by their win rate.
pub fn compare(model: &MoveModel, games: &[SgfGame], skip: usize) -> (Prediction, Prediction) {
    let mut ladders = LadderReader::new();
    let (mut by_model, mut by_priors) = (Prediction::default(), Prediction::default());
    for game in games {
        // A record with an illegal move is scored up to it.
        let _ = replay(game, skip, |board: &mut PlayoutBoard, played: Move| {
            let moves = candidates(board);
            let Some(chosen) = moves.iter().position(|&mv| mv == played) else {
                return;
            };
            let strengths: Vec<f32> = moves
                .iter()
                .map(|&mv| {
                    model.gamma(&match mv {
                        Some(point) => {
                            move_features(board, &mut ladders, point, model.uses_shapes())
                        }
                        None => pass_features(board),
                    })
                })
                .collect();
            by_model.add(&strengths, chosen);
            let rates: Vec<f32> = hand_priors(board, &mut ladders)
                .iter()
                .map(|p| p.rate)
                .collect();
            by_priors.add(&rates, chosen);
        });
    }
    (by_model, by_priors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_the_top_places() {
        let _bound = crate::test_bound::bound();
        let mut prediction = Prediction::default();
        prediction.add(&[1.0, 3.0, 3.0, 2.0], 1);
        assert_eq!(prediction.top1, 0.5);
        assert_eq!(prediction.top5, 1.0);
        prediction.add(&[1.0, 3.0, 3.0, 2.0], 0);
        assert_eq!(prediction.top1_rate(), 0.25);
        assert_eq!(prediction.top5_rate(), 1.0);
    }
}
