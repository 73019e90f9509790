//! A small convolutional value network: from the position it gives the side to move's
//! chance of winning, as KataGo judged positions of the records it was trained on. The
//! search adds its judgement to a node near the root, when it expands it, as simulations
//! of their own (see [`search`](super::search)); none is used unless `--go-value-net`
//! installs one, or the policy network's file carries one as its value head.
//!
//! The network reads the policy network's input planes
//! ([`planes`](super::policy_net::planes)) through 3x3 convolutions with ReLU, takes
//! each channel's mean over the board, and gives that and whether White is to move to
//! two fully connected layers, one win-rate logit out. As a policy network's value
//! head it reads that network's last hidden layer instead of the planes, so that the
//! policy's convolutions serve both. It is trained outside the engine
//! (`scripts/train_value_net.py`) at one komi, and is used only at that komi.

use super::playout_board::PlayoutBoard;
use super::policy_net::convolution::{Convolution, Grid, BLOCK};
use super::policy_net::planes::{input_planes, PLANES};
use super::policy_net::{line_error, numbers, read_layer, sizes_line, PolicyNetError};
use crate::go::Colour;
use std::sync::OnceLock;

/// The first line of a weights file.
const HEADER: &str = "gamebot-value-net 1";

/// The network every search of this process uses (`None`: none).
static ACTIVE: OnceLock<Option<ValueNet>> = OnceLock::new();

/// Why a weights file does not read, or cannot be installed.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ValueNetError {
    /// The first line is not the header.
    #[error("not a gamebot value network (the first line must be `{HEADER}`)")]
    Header,
    /// A line that does not read, or a layer of the wrong shape, as in a policy
    /// network's file.
    #[error(transparent)]
    File(#[from] PolicyNetError),
    /// A network is already in use: one can be installed only before the first search.
    #[error(
        "a value network is already in use (one can be installed only before the first search)"
    )]
    InUse,
}

/// A value network ready to evaluate positions.
#[derive(Debug, Clone)]
pub struct ValueNet {
    /// The board sizes it was trained for.
    sizes: Vec<usize>,
    /// The komi it was trained at.
    komi: f64,
    /// The 3x3 convolutions, input first.
    hidden: Vec<Convolution>,
    /// The first fully connected layer: for each of its outputs, a weight for each
    /// channel's mean and one for White to move.
    first: Vec<f32>,
    /// Its biases.
    first_biases: Vec<f32>,
    /// The second: a weight for each output of the first.
    second: Vec<f32>,
    /// Its bias.
    second_bias: f32,
}

impl ValueNet {
    /// The network every search uses: the one given to [`ValueNet::install`], or none.
    pub fn active() -> Option<&'static ValueNet> {
        ACTIVE.get_or_init(|| None).as_ref()
    }

    /// Makes `net` the network every search of this process uses. Only before the first
    /// search: once the searches have started, their network stays, and this fails.
    pub fn install(net: Option<ValueNet>) -> Result<(), ValueNetError> {
        ACTIVE.set(net).map_err(|_| ValueNetError::InUse)
    }

    /// Reads a weights file: the header `gamebot-value-net 1`, then the network as
    /// [`ValueNet::read`] reads it, its first layer reading the input planes.
    pub fn parse(text: &str) -> Result<ValueNet, ValueNetError> {
        let mut lines = text.lines().enumerate().map(|(n, line)| (n + 1, line));
        if lines.next().map(|(_, line)| line.trim()) != Some(HEADER) {
            return Err(ValueNetError::Header);
        }
        let net = ValueNet::read(&mut lines, PLANES)?;
        if let Some((line, extra)) = lines.find(|(_, line)| !line.trim().is_empty()) {
            return Err(line_error(
                line,
                format!("unexpected text after the last layer: {extra:.20}"),
            )
            .into());
        }
        Ok(net)
    }

    /// Reads a network from numbered `lines`: a line `sizes` with the board sizes it is
    /// for, a line `komi` with the komi it was trained at, the channels, the number of
    /// 3x3 layers and the width of the first fully connected layer; then for each layer
    /// (the two fully connected ones last, shaped as 1x1 kernels) a line of its shape, a
    /// line of its weights and a line of its biases. Its first layer reads `inputs`
    /// channels: the input planes, or a policy network's last activations when it is
    /// that network's value head.
    pub(super) fn read<'a>(
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
        inputs: usize,
    ) -> Result<ValueNet, PolicyNetError> {
        let sizes = sizes_line(lines)?;
        let (line, text) = lines
            .next()
            .ok_or_else(|| PolicyNetError::Ends("the komi".to_string()))?;
        let komi = text
            .trim()
            .strip_prefix("komi ")
            .and_then(|komi| komi.trim().parse::<f64>().ok())
            .filter(|komi| komi.is_finite())
            .ok_or_else(|| line_error(line, "expected `komi` and a number".to_string()))?;
        let (line, counts) = lines
            .next()
            .ok_or_else(|| PolicyNetError::Ends("the channels and layers".to_string()))?;
        let [channels, layers, width] = numbers(line, counts, "the channels, layers and width")?;
        if channels == 0 || channels % BLOCK != 0 || layers == 0 || width == 0 {
            return Err(line_error(line, format!("{channels} channels, {layers} layers and width {width}: the channels must be a positive multiple of {BLOCK}, with at least one layer and a positive width")));
        }
        let mut hidden = Vec::with_capacity(layers);
        for layer in 0..layers {
            let reads = if layer == 0 { inputs } else { channels };
            let (weights, biases) = read_layer(lines, [channels, reads, 3, 3])?;
            hidden.push(Convolution::new(channels, reads, &weights, biases));
        }
        let (first, first_biases) = read_layer(lines, [width, channels + 1, 1, 1])?;
        let (second, second_bias) = read_layer(lines, [1, width, 1, 1])?;
        Ok(ValueNet {
            sizes,
            komi,
            hidden,
            first,
            first_biases,
            second,
            second_bias: second_bias[0],
        })
    }

    /// Whether the network was trained for boards of `size` lines at `komi`.
    pub fn is_for(&self, size: usize, komi: f64) -> bool {
        self.sizes.contains(&size) && (komi - self.komi).abs() < 1e-9
    }

    /// The side to move's chance of winning `board`, from 0 to 1.
    pub fn win_rate(&self, board: &PlayoutBoard) -> f32 {
        let grid = Grid::new(board.size());
        let input = input_planes(board, &grid);
        self.win_rate_of(&grid, input, board.to_move() == Colour::White)
    }

    /// The side to move's chance of winning, from 0 to 1, from `input`: for each cell of
    /// `grid`, the channels the first layer reads; `white` when White is to move.
    pub(super) fn win_rate_of(&self, grid: &Grid, input: Vec<f32>, white: bool) -> f32 {
        let activations = self
            .hidden
            .iter()
            .fold(input, |activations, layer| layer.apply(grid, &activations));
        let channels = self.first.len() / self.first_biases.len() - 1;
        let mut features = vec![0.0f32; channels + 1];
        let points = grid.size() * grid.size();
        for point in 0..points {
            let cell = grid.cell(point);
            for (sum, a) in features
                .iter_mut()
                .zip(&activations[cell * channels..(cell + 1) * channels])
            {
                *sum += a;
            }
        }
        features.iter_mut().for_each(|sum| *sum /= points as f32);
        features[channels] = f32::from(u8::from(white));
        let logit = self.second_bias
            + self
                .first
                .chunks(channels + 1)
                .zip(&self.first_biases)
                .zip(&self.second)
                .map(|((row, bias), weight)| {
                    let sum = bias + row.iter().zip(&features).map(|(w, f)| w * f).sum::<f32>();
                    weight * sum.max(0.0)
                })
                .sum::<f32>();
        1.0 / (1.0 + (-logit).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::super::policy_net::tests::after_on;
    use super::*;

    /// A weights file for a network of 16 channels and one 3x3 layer whose weights are
    /// all 0 (so each channel's mean is its bias, cut at 0), a first layer of width 1
    /// with `first` (16 channel weights, then White's), and a second of weight 1.
    fn file(biases: [f32; 16], first: [f32; 17]) -> String {
        let join = |values: &[f32]| {
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{HEADER}\nsizes 9 13\nkomi 7\n16 1 1\n16 14 3 3\n{}\n{}\n1 17 1 1\n{}\n0\n1 1 1 1\n1\n0.5\n",
            join(&[0.0; 16 * 14 * 9]),
            join(&biases),
            join(&first),
        )
    }

    fn sigmoid(x: f32) -> f32 {
        1.0 / (1.0 + (-x).exp())
    }

    #[test]
    fn the_trained_network_gives_pytorchs_win_rates() {
        let _bound = crate::test_bound::bound();
        let net = ValueNet::parse(include_str!("../../../data/value-nets/value_13.txt")).unwrap();
        assert!(net.is_for(13, 7.0));
        // PyTorch's win rates for the same weights and positions, to four digits.
        for (moves, expected) in [
            (&[][..], 0.5062),
            (&["D4"][..], 0.5041),
            (&["D4", "K10", "K4", "D10", "G7"][..], 0.5477),
        ] {
            let found = net.win_rate(&after_on(13, moves));
            assert!((found - expected).abs() < 5e-4, "after {moves:?}: {found}");
        }
    }

    #[test]
    fn the_win_rate_is_the_layers_worked_by_hand() {
        let _bound = crate::test_bound::bound();
        let mut biases = [0.0; 16];
        biases[0] = 2.0;
        biases[1] = -3.0; // cut to 0 by the ReLU
        let mut first = [0.0; 17];
        first[0] = 0.25;
        first[1] = 5.0;
        first[16] = -1.0;
        let net = ValueNet::parse(&file(biases, first)).unwrap();
        // Black to move: the first layer gives 0.25 * 2, the second adds its bias 0.5.
        let black = net.win_rate(&after_on(9, &[]));
        assert!((black - sigmoid(0.5 + 0.5)).abs() < 1e-6, "{black}");
        // White to move: White's weight -1 takes the first layer to 0 after its ReLU.
        let white = net.win_rate(&after_on(9, &["E5"]));
        assert!((white - sigmoid(0.5)).abs() < 1e-6, "{white}");
    }

    #[test]
    fn it_is_for_its_sizes_at_its_komi_alone() {
        let _bound = crate::test_bound::bound();
        let net = ValueNet::parse(&file([0.0; 16], [0.0; 17])).unwrap();
        assert!(net.is_for(9, 7.0) && net.is_for(13, 7.0));
        assert!(!net.is_for(19, 7.0));
        assert!(!net.is_for(9, 7.5) && !net.is_for(9, 0.0));
    }

    #[test]
    fn a_file_that_is_not_a_value_network_is_refused_with_its_line() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            ValueNet::parse("gamebot-policy-net 1\n").unwrap_err(),
            ValueNetError::Header
        );
        let good = file([0.0; 16], [0.0; 17]);
        let with = |line: usize, text: &str| {
            let mut lines: Vec<&str> = good.lines().collect();
            lines[line] = text;
            lines.join("\n")
        };
        let line_of = |text: String| match ValueNet::parse(&text) {
            Err(ValueNetError::File(PolicyNetError::Line { line, .. })) => line,
            other => panic!("{other:?}"),
        };
        assert_eq!(line_of(with(2, "komi seven")), 3);
        assert_eq!(line_of(with(3, "24 1 1")), 4, "24 is not a multiple of 16");
        assert_eq!(line_of(with(7, "1 16 1 1")), 8, "the first layer takes 17");
        assert_eq!(line_of(with(11, "nan")), 12);
        assert_eq!(line_of(format!("{good}0.5\n")), 14);
        assert!(matches!(
            ValueNet::parse(&good.lines().take(9).collect::<Vec<_>>().join("\n")),
            Err(ValueNetError::File(PolicyNetError::Ends(_)))
        ));
    }
}
