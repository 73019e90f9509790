//! Learning the move model's weights from positions: a dictionary of the shapes seen
//! often enough, then Coulom's minorization-maximization (MM) for the generalized
//! Bradley-Terry model ("Computing Elo Ratings of Move Patterns in the Game of Go",
//! 2007), where a move is a team of features and the move played won against the other
//! candidates.

use super::dataset::Position;
use super::features::{FAMILIES, NO_LEVEL};
use super::shape::canonical_shape3;
use super::weights::Weights;
use std::collections::HashMap;
use std::ops::Range;

/// How a model is learned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainOptions {
    /// Passes of MM over every family.
    pub rounds: usize,
    /// How often a 3x3 shape must have been played to get a weight of its own.
    pub min_shape3: usize,
    /// How often a larger shape must have been played to get a weight of its own.
    pub min_shape: usize,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            rounds: 25,
            min_shape3: 3,
            min_shape: 5,
        }
    }
}

/// The shapes that get weights of their own, each with its feature number.
#[derive(Debug, Clone, Default)]
struct Dictionary {
    shape3: HashMap<u32, u32>,
    shapes: HashMap<u64, u32>,
}

/// The feature numbers: the fixed families' levels first, then the 3x3 shapes of the
/// dictionary and the one for every other 3x3 shape, then the larger shapes.
#[derive(Debug, Clone)]
struct Layout {
    /// The range of each group of features that never meet in one move: one per
    /// family, the 3x3 shapes, the larger shapes.
    groups: Vec<Range<usize>>,
    fixed_starts: Vec<usize>,
    shape3_other: usize,
    features: usize,
}

impl Dictionary {
    /// The shapes played at least as often as the options ask, numbered after the
    /// fixed families' levels.
    fn harvest(positions: &[Position], options: &TrainOptions) -> (Dictionary, Layout) {
        let mut shape3_counts: HashMap<u32, usize> = HashMap::new();
        let mut shape_counts: HashMap<u64, usize> = HashMap::new();
        for position in positions {
            if let Some((code, keys)) = position.candidates[position.chosen].shape {
                *shape3_counts.entry(canonical_shape3(code)).or_default() += 1;
                for key in keys {
                    *shape_counts.entry(key).or_default() += 1;
                }
            }
        }
        let mut fixed_starts = Vec::new();
        let mut groups = Vec::new();
        let mut next = 0;
        for (_, levels) in FAMILIES {
            fixed_starts.push(next);
            groups.push(next..next + levels);
            next += levels;
        }
        let shape3_start = next;
        let shape3 = number(shape3_counts, options.min_shape3, &mut next);
        let shape3_other = next;
        next += 1;
        groups.push(shape3_start..next);
        let shapes_start = next;
        let shapes = number(shape_counts, options.min_shape, &mut next);
        groups.push(shapes_start..next);
        let dictionary = Dictionary { shape3, shapes };
        let layout = Layout {
            groups,
            fixed_starts,
            shape3_other,
            features: next,
        };
        (dictionary, layout)
    }
}

/// The shapes counted at least `least` times, in increasing order, each numbered from
/// `next` on (which ends past the last).
fn number<K: Copy + Ord + std::hash::Hash>(
    counts: HashMap<K, usize>,
    least: usize,
    next: &mut usize,
) -> HashMap<K, u32> {
    let mut known: Vec<K> = counts
        .into_iter()
        .filter(|&(_, count)| count >= least)
        .map(|(shape, _)| shape)
        .collect();
    known.sort_unstable();
    known
        .into_iter()
        .map(|shape| {
            *next += 1;
            (shape, (*next - 1) as u32)
        })
        .collect()
}

/// Positions as lists of feature numbers, laid out flat.
#[derive(Debug, Clone, Default)]
struct Problem {
    /// Every candidate's features, one candidate after another.
    features: Vec<u32>,
    /// Where each candidate's features end in `features`.
    candidate_ends: Vec<usize>,
    /// Where each position's candidates end.
    position_ends: Vec<usize>,
    /// Each position's chosen candidate (its index among all candidates).
    chosen: Vec<usize>,
}

impl Problem {
    fn new(positions: &[Position], dictionary: &Dictionary, layout: &Layout) -> Problem {
        let mut problem = Problem::default();
        for position in positions {
            let first = problem.candidate_ends.len();
            for candidate in &position.candidates {
                for (family, &level) in candidate.levels.iter().enumerate() {
                    if level != NO_LEVEL {
                        let id = layout.fixed_starts[family] + usize::from(level);
                        problem.features.push(id as u32);
                    }
                }
                if let Some((code, keys)) = candidate.shape {
                    let shape3 = dictionary
                        .shape3
                        .get(&canonical_shape3(code))
                        .copied()
                        .unwrap_or(layout.shape3_other as u32);
                    problem.features.push(shape3);
                    if let Some(&id) = keys.iter().rev().find_map(|key| dictionary.shapes.get(key))
                    {
                        problem.features.push(id);
                    }
                }
                problem.candidate_ends.push(problem.features.len());
            }
            problem.chosen.push(first + position.chosen);
            problem.position_ends.push(problem.candidate_ends.len());
        }
        problem
    }

    /// The features of candidate `index`.
    fn candidate(&self, index: usize) -> &[u32] {
        let start = if index == 0 {
            0
        } else {
            self.candidate_ends[index - 1]
        };
        &self.features[start..self.candidate_ends[index]]
    }

    /// The mean log-likelihood of the moves played under `gammas`.
    fn log_likelihood(&self, gammas: &[f64]) -> f64 {
        let strength = |index| -> f64 {
            self.candidate(index)
                .iter()
                .map(|&f| gammas[f as usize])
                .product()
        };
        let mut total = 0.0;
        let mut start = 0;
        for (&end, &chosen) in self.position_ends.iter().zip(&self.chosen) {
            let sum: f64 = (start..end).map(strength).sum();
            total += (strength(chosen) / sum).ln();
            start = end;
        }
        total / self.chosen.len().max(1) as f64
    }
}

/// What training made: the weights, and figures about them.
#[derive(Debug, Clone)]
pub struct Trained {
    /// The weights, with comments on how they were made.
    pub weights: Weights,
    /// The mean log-likelihood of the moves played, before and after training.
    pub log_likelihood: (f64, f64),
}

/// Learns weights from `positions` (at least one).
pub fn train(positions: &[Position], options: &TrainOptions) -> Trained {
    let (dictionary, layout) = Dictionary::harvest(positions, options);
    let problem = Problem::new(positions, &dictionary, &layout);
    let mut wins = vec![0.0f64; layout.features];
    for &chosen in &problem.chosen {
        for &feature in problem.candidate(chosen) {
            wins[feature as usize] += 1.0;
        }
    }
    let mut gammas = vec![1.0f64; layout.features];
    let before = problem.log_likelihood(&gammas);
    let mut strengths = vec![0.0f64; problem.candidate_ends.len()];
    for _ in 0..options.rounds {
        for group in &layout.groups {
            update_group(&problem, group.clone(), &wins, &mut gammas, &mut strengths);
        }
    }
    let after = problem.log_likelihood(&gammas);
    let mut weights = Weights::neutral();
    for (family, levels) in weights.fixed.iter_mut().enumerate() {
        for (level, gamma) in levels.iter_mut().enumerate() {
            *gamma = gammas[layout.fixed_starts[family] + level];
        }
    }
    weights.shape3 = weighed(&dictionary.shape3, &gammas);
    weights.shape3_other = gammas[layout.shape3_other];
    weights.shapes = weighed(&dictionary.shapes, &gammas);
    Trained {
        weights,
        log_likelihood: (before, after),
    }
}

/// Each shape of a dictionary with its learned weight, in increasing order of shape.
fn weighed<K: Copy + Ord>(dictionary: &HashMap<K, u32>, gammas: &[f64]) -> Vec<(K, f64)> {
    let mut weighed: Vec<(K, f64)> = dictionary
        .iter()
        .map(|(&shape, &id)| (shape, gammas[id as usize]))
        .collect();
    weighed.sort_unstable_by_key(|&(shape, _)| shape);
    weighed
}

/// One MM step for the features of `group`, which never meet in one candidate: each
/// gamma becomes its wins over the sum, across positions, of the strength of the
/// candidates it is part of without it, divided by the position's total strength. A
/// virtual win and loss against a feature of strength 1 keep rare features near 1.
fn update_group(
    problem: &Problem,
    group: Range<usize>,
    wins: &[f64],
    gammas: &mut [f64],
    strengths: &mut [f64],
) {
    let mut denominators = vec![0.0f64; group.len()];
    let mut start = 0;
    for &end in &problem.position_ends {
        let mut total = 0.0;
        for (index, strength) in strengths.iter_mut().enumerate().take(end).skip(start) {
            *strength = problem
                .candidate(index)
                .iter()
                .map(|&f| gammas[f as usize])
                .product();
            total += *strength;
        }
        for (index, &strength) in strengths.iter().enumerate().take(end).skip(start) {
            for &feature in problem.candidate(index) {
                let feature = feature as usize;
                if group.contains(&feature) {
                    denominators[feature - group.start] += strength / gammas[feature] / total;
                }
            }
        }
        start = end;
    }
    for (offset, denominator) in denominators.into_iter().enumerate() {
        let feature = group.start + offset;
        let gamma = gammas[feature];
        gammas[feature] = (wins[feature] + 1.0) / (denominator + 2.0 / (gamma + 1.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::engine::model::features::MoveFeatures;

    fn candidate(family: usize, level: u8) -> MoveFeatures {
        let mut levels = [NO_LEVEL; FAMILIES.len()];
        levels[family] = level;
        MoveFeatures {
            levels,
            shape: None,
        }
    }

    #[test]
    fn a_feature_always_chosen_gets_a_high_weight_and_the_fit_improves() {
        let _bound = crate::test_bound::bound();
        // Three candidates a position: a capture (chosen nine times in ten), a
        // self-atari and a plain pass.
        let positions: Vec<Position> = (0..100)
            .map(|n| Position {
                candidates: vec![candidate(1, 1), candidate(4, 1), candidate(0, 0)],
                chosen: if n % 10 == 0 { 2 } else { 0 },
            })
            .collect();
        let trained = train(&positions, &TrainOptions::default());
        let fixed = &trained.weights.fixed;
        assert!(fixed[1][1] > 5.0 * fixed[0][0], "{fixed:?}");
        assert!(fixed[4][1] < fixed[0][0], "{fixed:?}");
        let (before, after) = trained.log_likelihood;
        assert!(after > before, "{before} -> {after}");
        // Nine in ten: the capture's share of the strength comes close to 0.9.
        let share = fixed[1][1] / (fixed[1][1] + fixed[4][1] + fixed[0][0]);
        assert!((share - 0.9).abs() < 0.05, "{share}");
    }
}
