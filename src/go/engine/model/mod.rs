//! A learned model of good moves: every candidate move gets a strength (a Bradley-Terry
//! "gamma", the product of the weights of its features), and the likelier a player is to
//! choose a move, the stronger it is. The search's priors come from it.
//!
//! The features are in [`features`] and [`shape`]; [`train`] learns the weights from game
//! records by Coulom's minorization-maximization, [`dataset`] turns records into the
//! positions it learns from, [`evaluate`] measures how often a model predicts the move
//! played, and [`weights`] reads and writes the weights file. The engine ships with the
//! weights in `move_model.txt` beside this file (how they were made: the README).

pub mod dataset;
pub mod evaluate;
pub mod features;
pub mod shape;
pub mod train;
pub mod weights;

use features::{MoveFeatures, FAMILIES, NO_LEVEL};
use shape::{shape3_images, SHAPE3_CODES};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;
pub use weights::{ModelError, Weights};

/// The weights the engine ships with.
const BUILTIN: &str = include_str!("move_model.txt");

/// The model every search of this process uses: see [`MoveModel::active`].
static ACTIVE: OnceLock<MoveModel> = OnceLock::new();

/// A move model ready for the search: every weight where a lookup finds it fast.
#[derive(Debug, Clone)]
pub struct MoveModel {
    /// The weight of each level of each family, families one after another.
    fixed: Vec<f32>,
    /// Where each family's levels start in `fixed`.
    starts: [usize; FAMILIES.len()],
    /// The weight of every raw 3x3 code (rotations and reflections share one).
    shape3: Vec<f32>,
    /// The weight of each larger shape the model knows, by key.
    shapes: HashMap<u64, f32, BuildHasherDefault<KeyHasher>>,
}

impl MoveModel {
    /// The model every search uses (its priors, and the playouts' 3x3 shapes): the one
    /// given to [`MoveModel::install`], or else the weights the engine ships with.
    pub fn active() -> &'static MoveModel {
        ACTIVE.get_or_init(|| {
            let weights = Weights::parse(BUILTIN).expect("the shipped move model reads");
            MoveModel::new(&weights)
        })
    }

    /// Makes the model of `weights` the one every search of this process uses, instead
    /// of the shipped one. Only before the first search: once a model is in use it
    /// stays, and this fails.
    pub fn install(weights: &Weights) -> Result<(), ModelError> {
        ACTIVE
            .set(MoveModel::new(weights))
            .map_err(|_| ModelError::InUse)
    }

    /// The model of `weights`.
    pub fn new(weights: &Weights) -> MoveModel {
        let mut starts = [0; FAMILIES.len()];
        let mut next = 0;
        for (start, (_, levels)) in starts.iter_mut().zip(FAMILIES) {
            *start = next;
            next += levels;
        }
        let fixed = weights.fixed.iter().flatten().map(|&g| g as f32).collect();
        // Every raw code starts as an unlisted shape; a listed shape's images (the raw
        // codes with its canonical form) take its weight.
        let mut shape3 = vec![weights.shape3_other as f32; SHAPE3_CODES];
        for &(code, gamma) in &weights.shape3 {
            for image in shape3_images(code) {
                shape3[image as usize] = gamma as f32;
            }
        }
        let shapes = weights
            .shapes
            .iter()
            .map(|&(key, gamma)| (key, gamma as f32))
            .collect();
        MoveModel {
            fixed,
            starts,
            shape3,
            shapes,
        }
    }

    /// Whether the model weighs the larger shapes (whose keys cost the most to work out).
    pub fn uses_shapes(&self) -> bool {
        !self.shapes.is_empty()
    }

    /// The weight of the raw 3x3 shape `code` (see [`shape::shape3`]).
    pub fn shape3_gamma(&self, code: u32) -> f32 {
        self.shape3[code as usize]
    }

    /// The strength of a move with `features`.
    pub fn gamma(&self, features: &MoveFeatures) -> f32 {
        let mut gamma = 1.0;
        for ((&level, &start), (_, count)) in features.levels.iter().zip(&self.starts).zip(FAMILIES)
        {
            if level != NO_LEVEL && usize::from(level) < count {
                gamma *= self.fixed[start + usize::from(level)];
            }
        }
        if let Some((code, keys)) = features.shape {
            gamma *= self.shape3[code as usize];
            if let Some(weight) = keys.iter().rev().find_map(|key| self.shapes.get(key)) {
                gamma *= weight;
            }
        }
        gamma
    }
}

/// A hasher for keys that are already random 64-bit hashes: it passes them through.
#[derive(Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_three_by_three_shape_weighs_the_same_in_every_orientation() {
        let _bound = crate::test_bound::bound();
        let code = 0b01_10_00_00_11_11_11_00 << 4 | 0b0010;
        let mut weights = Weights::neutral();
        weights.shape3.push((shape::canonical_shape3(code), 3.0));
        weights.shape3_other = 0.5;
        let model = MoveModel::new(&weights);
        let weigh = |code| {
            model.gamma(&MoveFeatures {
                levels: [NO_LEVEL; FAMILIES.len()],
                shape: Some((code, [0; 3])),
            })
        };
        for image in shape3_images(code) {
            assert_eq!(weigh(image), 3.0);
        }
        assert_eq!(weigh(0), 0.5);
    }

    #[test]
    fn the_shipped_model_reads_and_weighs_a_capture_above_a_self_atari() {
        let _bound = crate::test_bound::bound();
        let model = MoveModel::active();
        let mut capture = [NO_LEVEL; FAMILIES.len()];
        capture[1] = 1;
        let mut self_atari = [NO_LEVEL; FAMILIES.len()];
        self_atari[4] = 1;
        let weigh = |levels| {
            model.gamma(&MoveFeatures {
                levels,
                shape: None,
            })
        };
        assert!(weigh(capture) > weigh(self_atari));
    }

    #[test]
    fn a_model_cannot_replace_the_one_in_use() {
        let _bound = crate::test_bound::bound();
        let in_use = MoveModel::active();
        let refused = MoveModel::install(&Weights::neutral());
        assert!(matches!(refused, Err(ModelError::InUse)), "{refused:?}");
        assert!(std::ptr::eq(in_use, MoveModel::active()));
    }
}
