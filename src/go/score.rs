//! Tromp-Taylor area scoring: a colour's stones plus the empty points that reach only it.

use super::Colour;

/// The area of each colour on a scored board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AreaScore {
    /// Black stones plus empty points reaching only Black.
    pub black: u32,
    /// White stones plus empty points reaching only White.
    pub white: u32,
}

impl AreaScore {
    /// The result in GTP `final_score` form with `komi` added to White: `W+6`, `B+21`,
    /// `W+0.5`, or `0` for a draw.
    pub fn result_with_komi(&self, komi: f64) -> String {
        let margin = f64::from(self.white) + komi - f64::from(self.black);
        if margin > 0.0 {
            format!("W+{margin}")
        } else if margin < 0.0 {
            format!("B+{}", -margin)
        } else {
            "0".to_string()
        }
    }
}

/// Scores a `size` x `size` board given row-major, one flood fill per empty region.
pub fn area_score(size: usize, points: &[Option<Colour>]) -> AreaScore {
    let mut score = AreaScore { black: 0, white: 0 };
    let mut seen = vec![false; points.len()];
    let mut stack = Vec::new();
    for (start, content) in points.iter().enumerate() {
        match content {
            Some(Colour::Black) => score.black += 1,
            Some(Colour::White) => score.white += 1,
            None if !seen[start] => {
                let (mut region, mut black, mut white) = (0, false, false);
                seen[start] = true;
                stack.push(start);
                while let Some(p) = stack.pop() {
                    region += 1;
                    let (row, column) = (p / size, p % size);
                    let around = [
                        (column > 0).then(|| p - 1),
                        (column + 1 < size).then(|| p + 1),
                        (row > 0).then(|| p - size),
                        (row + 1 < size).then(|| p + size),
                    ];
                    for q in around.into_iter().flatten() {
                        match points[q] {
                            Some(Colour::Black) => black = true,
                            Some(Colour::White) => white = true,
                            None if !seen[q] => {
                                seen[q] = true;
                                stack.push(q);
                            }
                            None => {}
                        }
                    }
                }
                match (black, white) {
                    (true, false) => score.black += region,
                    (false, true) => score.white += region,
                    _ => {}
                }
            }
            None => {}
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> (usize, Vec<Option<Colour>>) {
        let points: Vec<_> = text
            .chars()
            .filter_map(|c| match c {
                'X' => Some(Some(Colour::Black)),
                'O' => Some(Some(Colour::White)),
                '-' => Some(None),
                _ => None,
            })
            .collect();
        let size = (points.len() as f64).sqrt() as usize;
        (size, points)
    }

    #[test]
    fn regions_count_for_the_only_colour_they_reach() {
        let (size, points) = board("-X- XXO -OO");
        assert_eq!(area_score(size, &points), AreaScore { black: 4, white: 3 });
        let (size, points) = board("---------");
        assert_eq!(area_score(size, &points), AreaScore { black: 0, white: 0 });
        let (size, points) = board("X-O ------");
        assert_eq!(area_score(size, &points), AreaScore { black: 1, white: 1 });
    }

    #[test]
    fn results_with_komi() {
        let score = AreaScore {
            black: 40,
            white: 41,
        };
        assert_eq!(score.result_with_komi(5.0), "W+6");
        assert_eq!(score.result_with_komi(-0.5), "W+0.5");
        assert_eq!(score.result_with_komi(-1.0), "0");
        assert_eq!(score.result_with_komi(-22.0), "B+21");
        assert_eq!(score.result_with_komi(-1.5), "B+0.5");
    }
}
