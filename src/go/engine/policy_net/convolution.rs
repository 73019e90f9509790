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

    /// The layer's output for `activations` (the padded grid of its inputs): two
    /// neighbouring points and [`BLOCK`] outputs at a time, whose sums stay in registers.
    pub fn apply(&self, activations: &[f32]) -> Vec<f32> {
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
