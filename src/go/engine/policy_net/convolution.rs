//! The network's 3x3 convolutions, on activations laid out point by point (each point's
//! channels together) over the 9x9 board with a border of zeros, so that every point has
//! all nine neighbours and the inner loop is a plain multiply-add over a row of weights.

use super::SIZE;

/// Columns of the padded grid: one of zeros on the left, two on the right (the pass over
/// pairs of points computes a tenth column it throws away).
const COLUMNS: usize = SIZE + 3;

/// Cells of the padded grid: the board with a row of zeros above and below.
pub const CELLS: usize = (SIZE + 2) * COLUMNS;

/// Outputs computed together: the channel counts must be a multiple of it.
pub const BLOCK: usize = 16;

/// The padded grid's cell of a rules point (row-major from the bottom left); the network
/// was trained with rows from the top, as SGF numbers them.
pub fn cell(point: usize) -> usize {
    let (row, column) = (point / SIZE, point % SIZE);
    (SIZE - row) * COLUMNS + column + 1
}

/// A 3x3 convolution followed by ReLU.
#[derive(Debug, Clone)]
pub struct Convolution {
    /// Input channels.
    inputs: usize,
    /// Output channels, a multiple of [`BLOCK`].
    outputs: usize,
    /// The weights by kernel tap, then input, then output: for one input value at one
    /// tap, the row of weights to every output.
    weights: Vec<f32>,
    /// One bias an output.
    biases: Vec<f32>,
}

impl Convolution {
    /// The layer of `weights` given as PyTorch orders them (output, input, kernel row,
    /// kernel column).
    pub fn new(outputs: usize, inputs: usize, weights: &[f32], biases: Vec<f32>) -> Convolution {
        let mut by_tap = vec![0.0; weights.len()];
        for output in 0..outputs {
            for input in 0..inputs {
                for tap in 0..9 {
                    by_tap[(tap * inputs + input) * outputs + output] =
                        weights[(output * inputs + input) * 9 + tap];
                }
            }
        }
        Convolution {
            inputs,
            outputs,
            weights: by_tap,
            biases,
        }
    }

    /// The layer's output for `activations` (the padded grid of its inputs): with
    /// 256-bit fused multiply-adds where the processor has AVX2 and FMA (checked at run
    /// time, once), in plain Rust otherwise.
    pub fn apply(&self, activations: &[f32]) -> Vec<f32> {
        #[cfg(target_arch = "x86_64")]
        if let Some(simd) = pulp::x86::V3::try_new() {
            return pulp::Simd::vectorize(
                simd,
                Wide {
                    layer: self,
                    activations,
                },
            );
        }
        self.apply_plain(activations)
    }

    /// [`Convolution::apply`] in plain Rust: two neighbouring points and [`BLOCK`]
    /// outputs at a time, whose sums stay in registers.
    fn apply_plain(&self, activations: &[f32]) -> Vec<f32> {
        let (inputs, outputs) = (self.inputs, self.outputs);
        let mut next = vec![0.0f32; CELLS * outputs];
        for row in 0..SIZE {
            for column in (0..SIZE).step_by(2) {
                let cell = (row + 1) * COLUMNS + column + 1;
                for block in (0..outputs).step_by(BLOCK) {
                    let bias: [f32; BLOCK] = self.biases[block..block + BLOCK]
                        .try_into()
                        .expect("a block of biases");
                    let (mut left, mut right) = (bias, bias);
                    for tap in 0..9 {
                        let source = ((row + tap / 3) * COLUMNS + column + tap % 3) * inputs;
                        let weights = &self.weights[tap * inputs * outputs + block..];
                        for input in 0..inputs {
                            let here = activations[source + input];
                            let beside = activations[source + inputs + input];
                            let row: &[f32; BLOCK] = weights
                                [input * outputs..input * outputs + BLOCK]
                                .try_into()
                                .expect("a block of weights");
                            for output in 0..BLOCK {
                                left[output] += here * row[output];
                                right[output] += beside * row[output];
                            }
                        }
                    }
                    let start = cell * outputs + block;
                    for (target, sum) in next[start..start + BLOCK].iter_mut().zip(left) {
                        *target = sum.max(0.0);
                    }
                    if column + 1 < SIZE {
                        let start = (cell + 1) * outputs + block;
                        for (target, sum) in next[start..start + BLOCK].iter_mut().zip(right) {
                            *target = sum.max(0.0);
                        }
                    }
                }
            }
        }
        next
    }
}

/// One layer's [`Convolution::apply`] for a SIMD type of eight floats (AVX2): three
/// neighbouring points and [`BLOCK`] outputs at a time, six registers of sums, each
/// input value broadcast and multiplied into two registers of weights.
struct Wide<'a> {
    /// The layer.
    layer: &'a Convolution,
    /// Its input, a padded grid.
    activations: &'a [f32],
}

impl pulp::WithSimd for Wide<'_> {
    type Output = Vec<f32>;

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) -> Vec<f32> {
        /// Points a step: a third of a row.
        const POINTS: usize = 3;
        /// Registers a block of outputs fills.
        const REGISTERS: usize = 2;
        assert_eq!(S::F32_LANES * REGISTERS, BLOCK, "eight floats a register");
        let Wide { layer, activations } = self;
        let (inputs, outputs) = (layer.inputs, layer.outputs);
        let registers = |floats: &[f32]| -> [S::f32s; REGISTERS] {
            let (whole, _) = S::as_simd_f32s(&floats[..BLOCK]);
            [whole[0], whole[1]]
        };
        let zero = simd.splat_f32s(0.0);
        let mut next = vec![0.0f32; CELLS * outputs];
        for row in 0..SIZE {
            for column in (0..SIZE).step_by(POINTS) {
                for block in (0..outputs).step_by(BLOCK) {
                    let mut sums = [registers(&layer.biases[block..]); POINTS];
                    for tap in 0..9 {
                        let source = ((row + tap / 3) * COLUMNS + column + tap % 3) * inputs;
                        let here = &activations[source..source + POINTS * inputs];
                        let weights = &layer.weights[tap * inputs * outputs + block..];
                        for input in 0..inputs {
                            let weight = registers(&weights[input * outputs..]);
                            for (point, sum) in sums.iter_mut().enumerate() {
                                let value = simd.splat_f32s(here[point * inputs + input]);
                                sum[0] = simd.mul_add_f32s(value, weight[0], sum[0]);
                                sum[1] = simd.mul_add_f32s(value, weight[1], sum[1]);
                            }
                        }
                    }
                    let cell = (row + 1) * COLUMNS + column + 1;
                    for (point, sum) in sums.iter().enumerate() {
                        let start = (cell + point) * outputs + block;
                        let (target, _) = S::as_mut_simd_f32s(&mut next[start..start + BLOCK]);
                        target[0] = simd.max_f32s(sum[0], zero);
                        target[1] = simd.max_f32s(sum[1], zero);
                    }
                }
            }
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::rng::Rng;

    #[test]
    fn the_plain_and_the_wide_convolutions_agree() {
        let _bound = crate::test_bound::bound();
        let mut rng = Rng::new(7);
        let mut random = |count: usize| -> Vec<f32> {
            (0..count)
                .map(|_| (rng.below(2001) as f32 - 1000.0) / 1000.0)
                .collect()
        };
        let (inputs, outputs) = (14, 32);
        let layer = Convolution::new(
            outputs,
            inputs,
            &random(outputs * inputs * 9),
            random(outputs),
        );
        // Activations on the board, zeros on the border, as the network's are.
        let mut activations = vec![0.0; CELLS * inputs];
        for point in 0..SIZE * SIZE {
            let start = cell(point) * inputs;
            activations[start..start + inputs].copy_from_slice(&random(inputs));
        }
        // `apply` is the wide one where the processor has AVX2 and FMA (the machines this
        // project runs on); elsewhere it is the plain one, and this holds as it must.
        let plain = layer.apply_plain(&activations);
        let chosen = layer.apply(&activations);
        assert_eq!(plain.len(), chosen.len());
        for (index, (a, b)) in plain.iter().zip(&chosen).enumerate() {
            assert!(
                (a - b).abs() < 1e-4,
                "cell {}, output {}: {a} and {b}",
                index / outputs,
                index % outputs
            );
        }
        assert!(plain.iter().filter(|&&value| value > 0.0).count() > 1000);
    }
}
