//! A small convolutional policy network: from the position it gives each legal point the
//! probability that a strong player moves there. The search uses the active one on the
//! board sizes it is for, in place of the move model's strengths for the priors of nodes
//! near the root (see [`search`](super::search)), where a better first ordering of the
//! moves pays most: by default the built-in network on [`BUILTIN_SIZES`], or the one
//! `--go-policy-net FILE` installs, or none (`--go-policy-net none`).
//!
//! The network is 3x3 convolutions with ReLU and a 1x1 head, one logit a point, softmax
//! over the legal points, so the same weights read a board of any size; [`planes`]
//! describes its input and [`convolution`] runs the layers. It is trained outside the
//! engine (`scripts/train_policy_net.py`, with PyTorch); the repository keeps two trained
//! for 9x9 in `data/policy-nets/` (`policy_9x9.txt` from the moves of game records,
//! `policy_9x9_katago.txt` from KataGo's policy on their positions), one for 9x9, 13x13
//! and 19x19 in `data/policy-nets/policy_9_13_19.txt` and one for 13x13 from KataGo's
//! policy, `policy_13x13_katago.txt`.

pub(super) mod convolution;
pub(super) mod planes;

use super::playout_board::PlayoutBoard;
use super::value_net::ValueNet;
use crate::go::Colour;
use convolution::{Convolution, Grid, BLOCK};
use planes::{input_planes, PLANES};
use std::sync::OnceLock;

/// The first line of a weights file for 9x9 alone.
const HEADER: &str = "gamebot-policy-net 1";

/// The first line of a weights file whose second names the board sizes it is for.
const HEADER_SIZES: &str = "gamebot-policy-net 2";

/// The line, after the policy's head, that starts a value head.
const VALUE_HEAD: &str = "value-head";

/// The board size of a file with the first header.
const FIRST_SIZE: usize = 9;

/// The board sizes a file may name.
const SIZES: std::ops::RangeInclusive<usize> = 2..=255;

/// The weights of the built-in network: the repository's network for three sizes.
const BUILTIN: &str = include_str!("../../../../data/policy-nets/policy_9_13_19.txt");

/// The board sizes the built-in network is used on: those of its sizes where a match at
/// equal time against Pachi shows it gaining over the move model alone (the README's
/// "Other board sizes"); 9x9 and 19x19 keep the move model, where none did.
pub const BUILTIN_SIZES: &[usize] = &[13];

/// The network every search of this process uses (by default the built-in one; `None`:
/// the move model alone).
static ACTIVE: OnceLock<Option<PolicyNet>> = OnceLock::new();

/// Why a weights file does not read, or cannot be installed.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PolicyNetError {
    /// The first line is not a header.
    #[error(
        "not a gamebot policy network (the first line must be `{HEADER}` or `{HEADER_SIZES}`)"
    )]
    Header,
    /// A line that does not read, or a layer of the wrong shape.
    #[error("line {line}: {why}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The file ends before a part it needs.
    #[error("the file ends before {0}")]
    Ends(String),
    /// A network is already in use: one can be installed only before the first search.
    #[error(
        "a policy network is already in use (one can be installed only before the first search)"
    )]
    InUse,
}

/// A policy network ready to evaluate positions.
#[derive(Debug, Clone)]
pub struct PolicyNet {
    /// The board sizes it was trained for, which the search asks it about.
    sizes: Vec<usize>,
    /// The 3x3 convolutions, input first.
    hidden: Vec<Convolution>,
    /// The 1x1 head: one weight a channel of the last hidden layer.
    head: Vec<f32>,
    /// The head's bias.
    head_bias: f32,
    /// The value head the file carries, if any: a value network whose first layer reads
    /// the last hidden layer's activations.
    value: Option<ValueNet>,
}

impl PolicyNet {
    /// The network every search uses: the one given to [`PolicyNet::install`] (none if
    /// that was `None`), or else the [built-in](PolicyNet::builtin) one.
    pub fn active() -> Option<&'static PolicyNet> {
        ACTIVE.get_or_init(|| Some(PolicyNet::builtin())).as_ref()
    }

    /// Makes `net` the network every search of this process uses, or none at all for
    /// `None`. Only before the first search: once the searches have started, their
    /// network stays, and this fails.
    pub fn install(net: Option<PolicyNet>) -> Result<(), PolicyNetError> {
        ACTIVE.set(net).map_err(|_| PolicyNetError::InUse)
    }

    /// The network the engine ships with: the repository's network for 9x9, 13x13 and
    /// 19x19 (`data/policy-nets/policy_9_13_19.txt`), used on [`BUILTIN_SIZES`] alone.
    pub fn builtin() -> PolicyNet {
        let mut net = PolicyNet::parse(BUILTIN).expect("the built-in policy network reads");
        net.sizes.retain(|size| BUILTIN_SIZES.contains(size));
        net
    }

    /// Reads a weights file: a header, `gamebot-policy-net 1` for a network of 9x9
    /// alone, or `gamebot-policy-net 2` and a line `sizes` with the board sizes it is
    /// for; the channels and the number of 3x3 layers; then for each layer (the 1x1 head
    /// last) a line of its shape (outputs, inputs, kernel rows, kernel columns), a line
    /// of its weights in that order and a line of its biases, numbers separated by
    /// spaces. A value head may follow: a line `value-head`, then a value network as
    /// [`ValueNet::read`] reads it, whose first layer reads the last hidden layer.
    pub fn parse(text: &str) -> Result<PolicyNet, PolicyNetError> {
        let mut lines = text.lines().enumerate().map(|(n, line)| (n + 1, line));
        let sizes = match lines.next().map(|(_, line)| line.trim()) {
            Some(HEADER) => vec![FIRST_SIZE],
            Some(HEADER_SIZES) => sizes_line(&mut lines)?,
            _ => return Err(PolicyNetError::Header),
        };
        let (line, counts) = lines
            .next()
            .ok_or_else(|| PolicyNetError::Ends("the channels and layers".to_string()))?;
        let [channels, layers] = numbers(line, counts, "the channels and layers")?;
        if channels == 0 || channels % BLOCK != 0 || layers == 0 {
            return Err(line_error(line, format!("{channels} channels and {layers} layers: the channels must be a positive multiple of {BLOCK}, with at least one layer")));
        }
        let mut hidden = Vec::with_capacity(layers);
        for layer in 0..layers {
            let inputs = if layer == 0 { PLANES } else { channels };
            let (weights, biases) = read_layer(&mut lines, [channels, inputs, 3, 3])?;
            hidden.push(Convolution::new(channels, inputs, &weights, biases));
        }
        let (head, head_bias) = read_layer(&mut lines, [1, channels, 1, 1])?;
        let mut rest = lines.filter(|(_, line)| !line.trim().is_empty());
        let value = match rest.next() {
            None => None,
            Some((_, line)) if line.trim() == VALUE_HEAD => {
                Some(ValueNet::read(&mut rest, channels)?)
            }
            Some((line, extra)) => {
                return Err(line_error(
                    line,
                    format!("unexpected text after the head: {extra:.20}"),
                ))
            }
        };
        if let Some((line, extra)) = rest.next() {
            return Err(line_error(
                line,
                format!("unexpected text after the value head: {extra:.20}"),
            ));
        }
        Ok(PolicyNet {
            sizes,
            hidden,
            head,
            head_bias: head_bias[0],
            value,
        })
    }

    /// Whether the network was trained for boards of `size` lines (it reads any).
    pub fn is_for(&self, size: usize) -> bool {
        self.sizes.contains(&size)
    }

    /// The probability of each rules point (row-major from the bottom left, as
    /// [`Board`](crate::go::board::Board) numbers them) for the side to move on
    /// `board`: 0 where it may not play, and summing to 1 (all 0 when it has no move).
    pub fn probabilities(&self, board: &PlayoutBoard) -> Vec<f32> {
        self.evaluate(board, None).0
    }

    /// The [probabilities](PolicyNet::probabilities) for `board` and, given `komi`,
    /// when the network carries a value head for the board's size at that komi, the
    /// side to move's chance of winning by the head, from 0 to 1.
    pub fn evaluate(&self, board: &PlayoutBoard, komi: Option<f64>) -> (Vec<f32>, Option<f32>) {
        let grid = Grid::new(board.size());
        let points = board.size() * board.size();
        let input = input_planes(board, &grid);
        let activations = self
            .hidden
            .iter()
            .fold(input.clone(), |activations, layer| {
                layer.apply(&grid, &activations)
            });
        let logit = |point: usize| {
            let cell = grid.cell(point);
            let channels = &activations[cell * self.head.len()..(cell + 1) * self.head.len()];
            self.head_bias
                + channels
                    .iter()
                    .zip(&self.head)
                    .map(|(a, w)| a * w)
                    .sum::<f32>()
        };
        let legal = |point: usize| planes::is_legal(&input, &grid, point);
        let logits: Vec<f32> = (0..points).map(logit).collect();
        let top = (0..points)
            .filter(|&point| legal(point))
            .map(|point| logits[point])
            .fold(f32::NEG_INFINITY, f32::max);
        let mut probabilities: Vec<f32> = (0..points)
            .map(|point| {
                if legal(point) {
                    (logits[point] - top).exp()
                } else {
                    0.0
                }
            })
            .collect();
        let sum: f32 = probabilities.iter().sum();
        if sum > 0.0 {
            probabilities.iter_mut().for_each(|p| *p /= sum);
        }
        let win_rate = komi
            .and_then(|komi| {
                self.value
                    .as_ref()
                    .filter(|head| head.is_for(board.size(), komi))
            })
            .map(|head| head.win_rate_of(&grid, activations, board.to_move() == Colour::White));
        (probabilities, win_rate)
    }
}

/// A [`PolicyNetError::Line`].
pub(super) fn line_error(line: usize, why: String) -> PolicyNetError {
    PolicyNetError::Line { line, why }
}

/// The line `sizes` and the board sizes it names, at least one, each in [`SIZES`].
pub(super) fn sizes_line<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<usize>, PolicyNetError> {
    const WHAT: &str = "the board sizes";
    let (line, text) = lines
        .next()
        .ok_or_else(|| PolicyNetError::Ends(WHAT.to_string()))?;
    let sizes: Vec<usize> = match text.trim().strip_prefix("sizes ") {
        Some(rest) => rest
            .split_whitespace()
            .map(|word| word.parse().ok().filter(|size| SIZES.contains(size)))
            .collect::<Option<_>>()
            .ok_or_else(|| {
                let (low, high) = (SIZES.start(), SIZES.end());
                line_error(
                    line,
                    format!("{WHAT} must be whole numbers from {low} to {high}"),
                )
            })?,
        None => Vec::new(),
    };
    if sizes.is_empty() {
        return Err(line_error(
            line,
            format!("expected `sizes` and {WHAT}, such as `sizes 9 13 19`"),
        ));
    }
    Ok(sizes)
}

/// `text`, line `line`, as exactly `N` counts.
pub(super) fn numbers<const N: usize>(
    line: usize,
    text: &str,
    what: &str,
) -> Result<[usize; N], PolicyNetError> {
    let numbers: Vec<usize> = text
        .split_whitespace()
        .map(|word| word.parse())
        .collect::<Result<_, _>>()
        .map_err(|_| line_error(line, format!("{what} must be whole numbers")))?;
    numbers
        .try_into()
        .map_err(|_| line_error(line, format!("{what}: expected {N} numbers")))
}

/// One layer: its shape line (which must be `shape`), its weights and its biases.
pub(super) fn read_layer<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    shape: [usize; 4],
) -> Result<(Vec<f32>, Vec<f32>), PolicyNetError> {
    let (line, text) = lines
        .next()
        .ok_or_else(|| PolicyNetError::Ends("a layer".to_string()))?;
    let found: Vec<&str> = text.split_whitespace().collect();
    let wanted: Vec<String> = shape.iter().map(ToString::to_string).collect();
    if found != wanted {
        return Err(line_error(
            line,
            format!(
                "a layer of shape `{}` where `{}` was expected",
                text.trim(),
                wanted.join(" ")
            ),
        ));
    }
    let weights = floats_line(lines, shape.iter().product(), "weights")?;
    let biases = floats_line(lines, shape[0], "biases")?;
    Ok((weights, biases))
}

/// The next line as exactly `count` finite numbers.
pub(super) fn floats_line<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    count: usize,
    what: &str,
) -> Result<Vec<f32>, PolicyNetError> {
    let (line, text) = lines
        .next()
        .ok_or_else(|| PolicyNetError::Ends(format!("a layer's {what}")))?;
    let numbers: Vec<f32> = text
        .split_whitespace()
        .map(|word| word.parse::<f32>().ok().filter(|value| value.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| line_error(line, format!("the {what} must be finite numbers")))?;
    if numbers.len() != count {
        return Err(line_error(
            line,
            format!("{} {what} where {count} were expected", numbers.len()),
        ));
    }
    Ok(numbers)
}

#[cfg(test)]
mod value_head_tests;

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::go::board::Board;
    use crate::go::Colour;

    /// The network trained for the repository.
    const TRAINED: &str = include_str!("../../../../data/policy-nets/policy_9x9.txt");

    /// The repository's 9x9 network learnt from KataGo's policy.
    const KATAGO_9: &str = include_str!("../../../../data/policy-nets/policy_9x9_katago.txt");

    /// The repository's 13x13 network learnt from KataGo's policy.
    const KATAGO_13: &str = include_str!("../../../../data/policy-nets/policy_13x13_katago.txt");

    /// The rules point of a vertex such as `E5` on a board of `size` lines.
    fn point_on(size: usize, vertex: &str) -> usize {
        let column = b"ABCDEFGHJKLMNOPQRST"
            .iter()
            .position(|&c| c == vertex.as_bytes()[0])
            .unwrap();
        let row: usize = vertex[1..].parse().unwrap();
        (row - 1) * size + column
    }

    /// The rules point of a 9x9 vertex.
    fn point(vertex: &str) -> usize {
        point_on(FIRST_SIZE, vertex)
    }

    /// The position after `moves` on a board of `size` lines, played alternately from
    /// Black.
    pub(in crate::go::engine) fn after_on(size: usize, moves: &[&str]) -> PlayoutBoard {
        let mut board = Board::new(size);
        let mut colour = Colour::Black;
        for vertex in moves {
            board.play(colour, point_on(size, vertex)).unwrap();
            colour = colour.opponent();
        }
        PlayoutBoard::from_board_to_move(&board, colour)
    }

    /// The 9x9 position after `moves`.
    fn after(moves: &[&str]) -> PlayoutBoard {
        after_on(FIRST_SIZE, moves)
    }

    /// The three likeliest points and their probabilities.
    fn top_three(probabilities: &[f32]) -> Vec<(usize, f32)> {
        let mut ranked: Vec<(usize, f32)> = probabilities.iter().copied().enumerate().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked.truncate(3);
        ranked
    }

    /// The moves of a position and PyTorch's three likeliest points after them, with their
    /// probabilities.
    type TopThreeCase<'a> = (&'a [&'a str], [(&'a str, f32); 3]);

    /// Holds `net`'s three likeliest points after each case's moves on a board of `size`
    /// lines to PyTorch's probabilities for the same weights and positions, to four
    /// digits.
    fn assert_pytorchs_top_three(net: &PolicyNet, size: usize, cases: &[TopThreeCase]) {
        for &(moves, expected) in cases {
            let probabilities = net.probabilities(&after_on(size, moves));
            let top = top_three(&probabilities);
            for ((found, probability), (vertex, wanted)) in top.iter().zip(expected) {
                assert_eq!(*found, point_on(size, vertex), "after {moves:?}: {top:?}");
                assert!(
                    (probability - wanted).abs() < 5e-4,
                    "after {moves:?}: {top:?}"
                );
            }
            let sum: f32 = probabilities.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "after {moves:?}: sum {sum}");
        }
    }

    #[test]
    fn the_trained_network_gives_pytorchs_probabilities() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(TRAINED).unwrap();
        assert_pytorchs_top_three(
            &net,
            FIRST_SIZE,
            &[
                (&[], [("E5", 0.1356), ("E6", 0.0998), ("D5", 0.0951)]),
                (
                    &["E5", "C4", "G4", "E3"],
                    [("F3", 0.3098), ("C6", 0.2694), ("C5", 0.0685)],
                ),
                (
                    &["E5", "E4", "D4", "D3", "F4", "F3", "C3", "E6", "D6"],
                    [("F5", 0.3809), ("E3", 0.2906), ("F6", 0.1412)],
                ),
            ],
        );
    }

    #[test]
    fn the_network_learnt_from_katagos_policy_gives_pytorchs_probabilities() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(KATAGO_9).unwrap();
        // Its sharpened logits make it surer than the network of the moves played: 0.998
        // for the vital point E3 where the other gives it 0.29.
        assert_pytorchs_top_three(
            &net,
            FIRST_SIZE,
            &[
                (
                    &["E5", "C4", "G4", "E3"],
                    [("C6", 0.4154), ("C5", 0.2737), ("D6", 0.1460)],
                ),
                (
                    &["E5", "E4", "D4", "D3", "F4", "F3", "C3", "E6", "D6"],
                    [("E3", 0.9984), ("F5", 0.0007), ("D5", 0.0005)],
                ),
            ],
        );
    }

    #[test]
    fn points_where_the_mover_may_not_play_get_nothing() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(TRAINED).unwrap();
        // Black's F5 fills its last liberty at E5, where White captures it: a ko, so
        // Black may not take back at F5 at once.
        let board = after(&["E6", "F6", "D5", "G5", "E4", "F4", "F5", "E5"]);
        assert_eq!(board.ko_point(), Some(point("F5")));
        let probabilities = net.probabilities(&board);
        for vertex in ["E6", "F6", "D5", "G5", "E4", "F4", "E5", "F5"] {
            assert_eq!(probabilities[point(vertex)], 0.0, "{vertex}");
        }
        assert!(probabilities[point("C3")] > 0.0);
    }

    #[test]
    fn a_file_that_is_not_a_network_is_refused_with_its_line() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            PolicyNet::parse("a shopping list\n").unwrap_err(),
            PolicyNetError::Header
        );
        let lines: Vec<&str> = TRAINED.lines().collect();
        let with = |line: usize, text: &str| {
            let mut changed = lines.clone();
            changed[line] = text;
            changed.join("\n")
        };
        let why = |text: String| match PolicyNet::parse(&text) {
            Err(PolicyNetError::Line { line, why }) => (line, why),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            why(with(1, "24 5")).0,
            2,
            "24 channels are not a multiple of 16"
        );
        assert!(why(with(2, "32 15 3 3"))
            .1
            .contains("`32 14 3 3` was expected"));
        assert!(why(with(3, "0.5 nan")).1.contains("finite"));
        assert!(why(with(4, "0.5 0.25"))
            .1
            .contains("2 biases where 32 were expected"));
        let extra = format!("{TRAINED}\n1 2 3\n");
        assert_eq!(why(extra).0, lines.len() + 2);
        let short = lines[..lines.len() - 1].join("\n");
        assert_eq!(
            PolicyNet::parse(&short).unwrap_err(),
            PolicyNetError::Ends("a layer's biases".to_string())
        );
    }

    #[test]
    fn a_file_names_the_board_sizes_it_is_for() {
        let _bound = crate::test_bound::bound();
        let first = PolicyNet::parse(TRAINED).unwrap();
        assert!(
            first.is_for(9) && !first.is_for(13),
            "the first header: 9x9 alone"
        );
        let body = TRAINED.split_once('\n').unwrap().1;
        let named = |sizes: &str| PolicyNet::parse(&format!("{HEADER_SIZES}\n{sizes}\n{body}"));
        let net = named("sizes 9 13 19").unwrap();
        assert!(net.is_for(9) && net.is_for(13) && net.is_for(19) && !net.is_for(7));
        for refused in ["sizes", "9 13", "sizes 9 x", "sizes 1", "sizes 256"] {
            match named(refused) {
                Err(PolicyNetError::Line { line: 2, why }) => assert!(why.contains("sizes")),
                other => panic!("{refused}: {other:?}"),
            }
        }
        assert!(named("sizes 9 13")
            .unwrap()
            .probabilities(&after(&["E5"]))
            .iter()
            .zip(first.probabilities(&after(&["E5"])))
            .all(|(a, b)| *a == b));
    }

    #[test]
    fn the_network_for_three_sizes_gives_pytorchs_probabilities() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(BUILTIN).unwrap();
        assert!(net.is_for(9) && net.is_for(13) && net.is_for(19) && !net.is_for(11));
        // PyTorch's probabilities for the same weights and positions, to four digits.
        for (size, moves, expected) in [
            (9, &[][..], [("E5", 0.1305), ("F6", 0.0707), ("F4", 0.0689)]),
            (
                13,
                &["D4", "K10", "D10", "K4", "G7"][..],
                [("F3", 0.0810), ("J7", 0.0730), ("C6", 0.0637)],
            ),
            (
                19,
                &["Q16", "D4", "Q3", "D16"][..],
                [("C14", 0.1276), ("Q5", 0.1047), ("F17", 0.0792)],
            ),
        ] {
            let top = top_three(&net.probabilities(&after_on(size, moves)));
            for ((found, probability), (vertex, wanted)) in top.iter().zip(expected) {
                assert_eq!(*found, point_on(size, vertex), "{size}: {top:?}");
                assert!((probability - wanted).abs() < 5e-4, "{size}: {top:?}");
            }
        }
    }

    #[test]
    fn the_13x13_network_learnt_from_katagos_policy_gives_pytorchs_probabilities() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(KATAGO_13).unwrap();
        assert!(net.is_for(13) && !net.is_for(9) && !net.is_for(19));
        assert_pytorchs_top_three(
            &net,
            13,
            &[
                (
                    &["D4", "K10", "D10", "K4", "G7"],
                    [("C3", 0.1998), ("K7", 0.1638), ("C11", 0.1535)],
                ),
                (
                    &["D4", "K10", "K4"],
                    [("D10", 0.8431), ("D11", 0.0580), ("C10", 0.0489)],
                ),
            ],
        );
    }

    #[test]
    fn the_network_reads_boards_of_other_sizes() {
        let _bound = crate::test_bound::bound();
        let net = PolicyNet::parse(TRAINED).unwrap();
        for (size, moves) in [
            (13, &["D4", "K10", "D10", "K4", "G7"][..]),
            (19, &["Q16", "D4", "Q3", "D16"][..]),
            (5, &["C3", "B3"][..]),
        ] {
            let board = after_on(size, moves);
            let probabilities = net.probabilities(&board);
            assert_eq!(probabilities.len(), size * size);
            for vertex in moves {
                assert_eq!(
                    probabilities[point_on(size, vertex)],
                    0.0,
                    "{size}: {vertex}"
                );
            }
            let sum: f32 = probabilities.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{size}x{size}: sum {sum}");
            let legal = (0..size * size)
                .filter(|&point| board.is_legal(point))
                .count();
            let given = probabilities.iter().filter(|&&p| p > 0.0).count();
            assert_eq!(given, legal, "{size}x{size}");
        }
    }

    #[test]
    fn the_built_in_network_is_active_on_its_sizes_until_another_is_installed() {
        let _bound = crate::test_bound::bound();
        let active = PolicyNet::active().expect("the built-in network by default");
        assert!(active.is_for(13) && !active.is_for(19) && !active.is_for(9));
        let board = after_on(13, &["D4", "K10"]);
        let three_sizes = PolicyNet::parse(BUILTIN).unwrap();
        assert_eq!(
            active.probabilities(&board),
            three_sizes.probabilities(&board)
        );
        let net = PolicyNet::parse(TRAINED).unwrap();
        assert_eq!(PolicyNet::install(Some(net)), Err(PolicyNetError::InUse));
        assert_eq!(PolicyNet::install(None), Err(PolicyNetError::InUse));
    }
}
