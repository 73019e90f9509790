//! The network's 3x3 convolutions, on activations laid out point by point (each point's
//! channels together) over the board with a border of zeros, so that every point has
//! all nine neighbours and the inner loop is a plain multiply-add over a row of weights.

/// Outputs computed together: the channel counts must be a multiple of it.
pub const BLOCK: usize = 16;

/// Points the wide pass computes side by side along a row (see [`Wide`]; the plain one
/// takes two): a row's last step may run past the board, reading zeros and throwing
/// away what it computes there.
const STEP: usize = 3;

/// The padded grid of one board size: the board with a column of zeros on the left, a
/// row of zeros above and below, and on the right enough columns of zeros for the last
/// step along a row to read past the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// The board's lines.
    size: usize,
    /// Columns of the grid.
    columns: usize,
}

impl Grid {
    /// The grid of a board of `size` lines.
    pub fn new(size: usize) -> Grid {
        Grid {
            size,
            columns: size.div_ceil(STEP) * STEP + 3,
        }
    }

    /// The board's lines.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The grid's cells.
    pub fn cells(&self) -> usize {
        (self.size + 2) * self.columns
    }

    /// The grid's cell of a rules point (row-major from the bottom left); the network
    /// was trained with rows from the top, as SGF numbers them.
    pub fn cell(&self, point: usize) -> usize {
        let (row, column) = (point / self.size, point % self.size);
        self.at(self.size - row, column + 1)
    }

    /// The cell at `row` (from the top) and `column` of the grid, border included: (0, 0)
    /// is the top left corner of zeros, (1, 1) the board's top left point.
    fn at(&self, row: usize, column: usize) -> usize {
        row * self.columns + column
    }
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
    pub fn apply(&self, grid: &Grid, activations: &[f32]) -> Vec<f32> {
        #[cfg(target_arch = "x86_64")]
        if let Some(simd) = pulp::x86::V3::try_new() {
            return pulp::Simd::vectorize(
                simd,
                Wide {
                    layer: self,
                    grid,
                    activations,
                },
            );
        }
        self.apply_plain(grid, activations)
    }

    /// [`Convolution::apply`] in plain Rust: two neighbouring points and [`BLOCK`]
    /// outputs at a time, whose sums stay in registers.
    fn apply_plain(&self, grid: &Grid, activations: &[f32]) -> Vec<f32> {
        let (inputs, outputs, size) = (self.inputs, self.outputs, grid.size);
        let mut next = vec![0.0f32; grid.cells() * outputs];
        for row in 0..size {
            for column in (0..size).step_by(2) {
                let cell = grid.at(row + 1, column + 1);
                for block in (0..outputs).step_by(BLOCK) {
                    let bias: [f32; BLOCK] = self.biases[block..block + BLOCK]
                        .try_into()
                        .expect("a block of biases");
                    let (mut left, mut right) = (bias, bias);
                    for tap in 0..9 {
                        let source = grid.at(row + tap / 3, column + tap % 3) * inputs;
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
                    if column + 1 < size {
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
    /// The grid of the board size.
    grid: &'a Grid,
    /// Its input, on that grid.
    activations: &'a [f32],
}

impl pulp::WithSimd for Wide<'_> {
    type Output = Vec<f32>;

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) -> Vec<f32> {
        /// Points a step.
        const POINTS: usize = STEP;
        /// Registers a block of outputs fills.
        const REGISTERS: usize = 2;
        assert_eq!(S::F32_LANES * REGISTERS, BLOCK, "eight floats a register");
        let Wide {
            layer,
            grid,
            activations,
        } = self;
        let (inputs, outputs, size) = (layer.inputs, layer.outputs, grid.size);
        let registers = |floats: &[f32]| -> [S::f32s; REGISTERS] {
            let (whole, _) = S::as_simd_f32s(&floats[..BLOCK]);
            [whole[0], whole[1]]
        };
        let zero = simd.splat_f32s(0.0);
        let mut next = vec![0.0f32; grid.cells() * outputs];
        for row in 0..size {
            for column in (0..size).step_by(POINTS) {
                for block in (0..outputs).step_by(BLOCK) {
                    let mut sums = [registers(&layer.biases[block..]); POINTS];
                    for tap in 0..9 {
                        let source = grid.at(row + tap / 3, column + tap % 3) * inputs;
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
                    let cell = grid.at(row + 1, column + 1);
                    let on_board = POINTS.min(size - column);
                    for (point, sum) in sums.iter().enumerate().take(on_board) {
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
    fn the_plain_and_the_wide_convolutions_agree_and_keep_the_border_zero() {
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
        // Sizes whose rows end after one, two and three points of the last step.
        for size in [9, 13, 19, 2, 5, 7] {
            let grid = Grid::new(size);
            // Activations on the board, zeros on the border, as the network's are.
            let mut activations = vec![0.0; grid.cells() * inputs];
            let board: Vec<usize> = (0..size * size).map(|point| grid.cell(point)).collect();
            for &cell in &board {
                let start = cell * inputs;
                activations[start..start + inputs].copy_from_slice(&random(inputs));
            }
            // `apply` is the wide one where the processor has AVX2 and FMA (the machines
            // this project runs on); elsewhere it is the plain one, and this holds as it
            // must.
            let plain = layer.apply_plain(&grid, &activations);
            let chosen = layer.apply(&grid, &activations);
            assert_eq!(plain.len(), chosen.len());
            for (index, (a, b)) in plain.iter().zip(&chosen).enumerate() {
                let cell = index / outputs;
                assert!(
                    (a - b).abs() < 1e-4,
                    "{size}x{size}, cell {cell}, output {}: {a} and {b}",
                    index % outputs
                );
                if !board.contains(&cell) {
                    assert_eq!((*a, *b), (0.0, 0.0), "{size}x{size}: border cell {cell}");
                }
            }
            let positive = plain.iter().filter(|&&value| value > 0.0).count();
            assert!(
                positive > size * size * outputs / 4,
                "{size}x{size}: {positive}"
            );
        }
    }
}
