//! The move model's weights file: plain text, one weight a line, so that a change of
//! weights reads as a diff.
//!
//! ```text
//! gamebot-move-model 1
//! # comments: where the weights came from
//! fixed capture 1 4.25        a family, a level, its weight
//! shape3-other 0.61           every 3x3 shape the file does not list
//! shape3 5a0c1 2.5            a canonical 3x3 code (hexadecimal, 20 bits), its weight
//! shape 9f3e...0b 1.8         a larger shape's key (hexadecimal), its weight
//! ```

use super::features::FAMILIES;
use super::shape::SHAPE3_CODES;
use std::fmt;
use thiserror::Error;

/// The first line of every weights file.
const HEADER: &str = "gamebot-move-model 1";

/// A move model's weights, as a file holds them.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// Comment lines (without `# `): where the weights came from.
    pub comments: Vec<String>,
    /// The weight of each level of each family of [`FAMILIES`].
    pub fixed: Vec<Vec<f64>>,
    /// The weight of each 3x3 shape learned, by canonical code.
    pub shape3: Vec<(u32, f64)>,
    /// The weight of every other 3x3 shape.
    pub shape3_other: f64,
    /// The weight of each larger shape learned, by key.
    pub shapes: Vec<(u64, f64)>,
}

/// Why a text is not a weights file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    /// The first line is not the header.
    #[error("not a gamebot move model (the first line must be `{HEADER}`)")]
    Header,
    /// A line that does not read.
    #[error("line {line}: {why}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A model is already in use: one can be installed only before the first search.
    #[error("a move model is already in use (one can be installed only before the first search)")]
    InUse,
}

impl Weights {
    /// Weights of 1 everywhere: a model that prefers no move.
    pub fn neutral() -> Weights {
        Weights {
            comments: Vec::new(),
            fixed: FAMILIES
                .iter()
                .map(|&(_, levels)| vec![1.0; levels])
                .collect(),
            shape3: Vec::new(),
            shape3_other: 1.0,
            shapes: Vec::new(),
        }
    }

    /// Reads a weights file; weights it does not list stay 1.
    pub fn parse(text: &str) -> Result<Weights, ModelError> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, line)| line.trim()) != Some(HEADER) {
            return Err(ModelError::Header);
        }
        let mut weights = Weights::neutral();
        for (index, line) in lines {
            let error = |why: &str| ModelError::Line {
                line: index + 1,
                why: why.to_owned(),
            };
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                weights.comments.push(comment.trim().to_owned());
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let gamma = |word: &str| match word.parse::<f64>() {
                Ok(gamma) if gamma.is_finite() && gamma > 0.0 => Ok(gamma),
                _ => Err(error("a weight must be a positive number")),
            };
            match words[..] {
                [] => {}
                ["fixed", family, level, value] => {
                    let family = FAMILIES
                        .iter()
                        .position(|&(name, _)| name == family)
                        .ok_or_else(|| error("no such family"))?;
                    let level: usize = level
                        .parse()
                        .ok()
                        .filter(|&level| level < FAMILIES[family].1)
                        .ok_or_else(|| error("no such level"))?;
                    weights.fixed[family][level] = gamma(value)?;
                }
                ["shape3-other", value] => weights.shape3_other = gamma(value)?,
                ["shape3", code, value] => {
                    let code = u32::from_str_radix(code, 16)
                        .ok()
                        .filter(|&code| (code as usize) < SHAPE3_CODES)
                        .ok_or_else(|| {
                            error(&format!(
                                "a 3x3 code is hexadecimal, below {SHAPE3_CODES:x}"
                            ))
                        })?;
                    weights.shape3.push((code, gamma(value)?));
                }
                ["shape", key, value] => {
                    let key = u64::from_str_radix(key, 16)
                        .map_err(|_| error("a shape key is hexadecimal"))?;
                    weights.shapes.push((key, gamma(value)?));
                }
                _ => return Err(error("expected fixed, shape3-other, shape3 or shape")),
            }
        }
        Ok(weights)
    }
}

impl fmt::Display for Weights {
    /// The weights file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        for comment in &self.comments {
            writeln!(f, "# {comment}")?;
        }
        for ((name, _), levels) in FAMILIES.iter().zip(&self.fixed) {
            for (level, gamma) in levels.iter().enumerate() {
                writeln!(f, "fixed {name} {level} {gamma:.4}")?;
            }
        }
        writeln!(f, "shape3-other {:.4}", self.shape3_other)?;
        for (code, gamma) in &self.shape3 {
            writeln!(f, "shape3 {code:x} {gamma:.4}")?;
        }
        for (key, gamma) in &self.shapes {
            writeln!(f, "shape {key:x} {gamma:.4}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_writing_and_reading() {
        let _bound = crate::test_bound::bound();
        let mut weights = Weights::neutral();
        weights.comments.push("a test".to_owned());
        weights.fixed[1][2] = 3.5;
        weights.shape3.push((0x5a0c1, 2.25));
        weights.shape3_other = 0.5;
        weights.shapes.push((u64::MAX - 7, 1.75));
        assert_eq!(Weights::parse(&weights.to_string()), Ok(weights));
    }

    #[test]
    fn a_bad_line_is_named() {
        let _bound = crate::test_bound::bound();
        let text = format!("{HEADER}\nfixed capture 9 1.0\n");
        assert_eq!(
            Weights::parse(&text),
            Err(ModelError::Line {
                line: 2,
                why: "no such level".to_owned()
            })
        );
        assert_eq!(
            Weights::parse("fixed capture 1 1.0"),
            Err(ModelError::Header)
        );
        let negative = format!("{HEADER}\nshape3-other -1\n");
        assert!(Weights::parse(&negative).is_err());
        let too_large = format!("{HEADER}\nshape3 100000 1.5\n");
        assert!(matches!(
            Weights::parse(&too_large),
            Err(ModelError::Line { line: 2, .. })
        ));
    }
}
