//! What a match plays: the game and its settings, and how each game starts. Games come
//! in pairs with the same start, the engines swapping seats: game `2p` has the first
//! engine move first, game `2p + 1` the second.

use crate::go::board::Board;
use crate::go::gtp::vertex::name;
use crate::go::handicap::fixed_points;
use crate::go::points::Points;
use crate::go::rng::Rng;
use crate::go::vertex::Vertex;
use crate::go::zobrist::mix;
use crate::qttt::gtp::notation::token_text;
use crate::qttt::{legal_tokens, Game as QtttGame};
use std::time::Duration;

/// The game a match plays, with its settings.
#[derive(Debug, Clone, PartialEq)]
pub enum Rules {
    /// Go under Tromp-Taylor rules.
    Go(GoRules),
    /// Quantum tic-tac-toe.
    Qttt,
    /// Wythoff's Nim from listed piles, or random piles of at most `max_pile` counters
    /// each when none are listed.
    Wythoff {
        /// The largest random start pile; at least 1.
        max_pile: u64,
        /// Start piles, pair `p` taking entry `p` modulo their number; none of them
        /// `(0, 0)`. Empty: random starts.
        listed: Vec<(u64, u64)>,
    },
}

/// The settings of a Go match.
#[derive(Debug, Clone, PartialEq)]
pub struct GoRules {
    /// The board side.
    pub size: usize,
    /// White's komi, exactly.
    pub komi: Points,
    /// The komi as given on the command line, sent to the engines as it is.
    pub komi_text: String,
    /// Whole seconds per move, sent as `time_settings 0 SECS 1`.
    pub move_seconds: u32,
    /// Moves (passes included) after which a game stops and is scored as it stands.
    pub max_moves: usize,
    /// Black's handicap stones, on the fixed points ([`fixed_points`]); 0 for none.
    /// With stones, White moves first.
    pub handicap: usize,
}

impl GoRules {
    /// Where the handicap stones go, in GTP's fixed order; empty without handicap.
    pub fn handicap_points(&self) -> Vec<Vertex> {
        fixed_points(self.size, self.handicap).unwrap_or_default()
    }

    /// The board a game starts from: empty, or with the handicap stones and White to
    /// move.
    pub fn start_board(&self) -> Board {
        let mut board = Board::new(self.size);
        let points: Vec<usize> = self
            .handicap_points()
            .into_iter()
            .map(|vertex| board.point(vertex).expect("fixed points fit the board"))
            .collect();
        if !points.is_empty() {
            board.place_handicap(&points);
        }
        board
    }
}

/// How long engines may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The time a move request may take, margin included.
    pub per_move: Duration,
    /// The time any other exchange may take (starting an engine, `quit`).
    pub per_command: Duration,
}

/// How Go and QTTT games start before the engines take over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Openings {
    /// From the empty board.
    None,
    /// After this many random legal moves, drawn anew for each pair.
    Random(usize),
    /// After one of these Go move sequences (vertices as sent), pair `p` taking
    /// sequence `p` modulo their number.
    Listed(Vec<Vec<String>>),
}

/// How each game of a pair starts, with the rules it is played by.
#[derive(Debug, Clone, PartialEq)]
pub enum Start<'a> {
    /// Go from the start board (empty, or with the handicap stones) after these opening
    /// moves (vertices or `pass`, as sent), Black first (White after handicap stones).
    Go(&'a GoRules, Vec<String>),
    /// QTTT from the empty board after these opening tokens, X first.
    Qttt(Vec<String>),
    /// Wythoff's Nim from these piles.
    Wythoff(u64, u64),
}

impl Start<'_> {
    /// The opening moves played before the engines take over.
    pub fn opening(&self) -> &[String] {
        match self {
            Start::Go(_, opening) | Start::Qttt(opening) => opening,
            Start::Wythoff(..) => &[],
        }
    }
}

/// The start of pair `pair` of a match with this seed: the same for the same seed,
/// whatever else ran before (so `--resume` replays exactly what was missing).
pub fn start<'a>(rules: &'a Rules, openings: &Openings, seed: u64, pair: u64) -> Start<'a> {
    let mut rng = Rng::new(mix(seed) ^ pair);
    let random = match openings {
        Openings::None => 0,
        Openings::Random(moves) => *moves,
        Openings::Listed(list) => {
            let index = usize::try_from(pair % list.len() as u64).expect("below the list's length");
            let opening = list[index].clone();
            return match rules {
                Rules::Go(go) => Start::Go(go, opening),
                Rules::Qttt | Rules::Wythoff { .. } => Start::Qttt(opening),
            };
        }
    };
    match rules {
        Rules::Go(go) => Start::Go(go, go_opening(go, random, &mut rng)),
        Rules::Qttt => Start::Qttt(qttt_opening(random, &mut rng)),
        Rules::Wythoff { listed, .. } if !listed.is_empty() => {
            let index = usize::try_from(pair % listed.len() as u64).expect("below the length");
            let (a, b) = listed[index];
            Start::Wythoff(a, b)
        }
        Rules::Wythoff { max_pile, .. } => {
            let side = usize::try_from(max_pile.saturating_add(1)).unwrap_or(usize::MAX);
            loop {
                let piles = (rng.below(side) as u64, rng.below(side) as u64);
                if piles != (0, 0) {
                    return Start::Wythoff(piles.0, piles.1);
                }
            }
        }
    }
}

/// `moves` random legal Go moves (no passes) from the start board, its side to move
/// first; fewer when the board fills.
fn go_opening(rules: &GoRules, moves: usize, rng: &mut Rng) -> Vec<String> {
    let size = rules.size;
    let mut board = rules.start_board();
    let mut colour = board.to_move();
    let mut opening = Vec::with_capacity(moves);
    for _ in 0..moves {
        let mut points: Vec<usize> = (0..size * size)
            .filter(|&p| board.get(p).is_none())
            .collect();
        rng.shuffle(&mut points);
        let Some(point) = points.into_iter().find(|&p| board.play(colour, p).is_ok()) else {
            break;
        };
        opening.push(name(board.vertex(point)));
        colour = colour.opponent();
    }
    opening
}

/// `tokens` random legal QTTT tokens from the empty board; fewer if the game ends.
fn qttt_opening(tokens: usize, rng: &mut Rng) -> Vec<String> {
    let mut game = QtttGame::new();
    let mut opening = Vec::with_capacity(tokens);
    for _ in 0..tokens {
        let legal = legal_tokens(game.position());
        if legal.is_empty() {
            break;
        }
        let token = legal[rng.below(legal.len())];
        game.play_token(token).expect("a legal token");
        opening.push(token_text(token));
    }
    opening
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Colour;

    fn go(size: usize) -> Rules {
        Rules::Go(GoRules {
            size,
            komi: Points::ZERO,
            komi_text: "0".into(),
            move_seconds: 1,
            max_moves: 10,
            handicap: 0,
        })
    }

    #[test]
    fn starts_are_reproducible_and_differ_between_pairs() {
        let _bound = crate::test_bound::bound();
        let rules = Rules::Wythoff {
            max_pile: 100,
            listed: Vec::new(),
        };
        let starts: Vec<Start> = (0..20)
            .map(|pair| start(&rules, &Openings::None, 5, pair))
            .collect();
        assert_eq!(
            starts,
            (0..20)
                .map(|pair| start(&rules, &Openings::None, 5, pair))
                .collect::<Vec<_>>()
        );
        assert!(starts.iter().any(|s| s != &starts[0]));
        for s in &starts {
            let Start::Wythoff(a, b) = *s else {
                panic!("{s:?}")
            };
            assert!(a <= 100 && b <= 100 && a + b > 0);
        }
    }

    #[test]
    fn openings_are_legal_and_as_long_as_asked() {
        let _bound = crate::test_bound::bound();
        let rules = go(9);
        let Start::Go(_, moves) = start(&rules, &Openings::Random(6), 1, 3) else {
            panic!()
        };
        assert_eq!(moves.len(), 6);
        let mut board = Board::new(9);
        let mut colour = Colour::Black;
        for text in &moves {
            let vertex = crate::go::gtp::vertex::parse(text).unwrap();
            board.play(colour, board.point(vertex).unwrap()).unwrap();
            colour = colour.opponent();
        }
        let Start::Qttt(tokens) = start(&Rules::Qttt, &Openings::Random(3), 1, 3) else {
            panic!()
        };
        assert_eq!(tokens.len(), 3);
        let tiny = go(1);
        let Start::Go(_, none) = start(&tiny, &Openings::Random(5), 1, 0) else {
            panic!()
        };
        assert!(none.is_empty(), "a 1x1 board has no legal move: {none:?}");
        let listed = Openings::Listed(vec![vec!["A1".into()], vec!["B2".into()]]);
        let picked: Vec<Start> = (0..3).map(|pair| start(&rules, &listed, 1, pair)).collect();
        assert_eq!(picked[0].opening(), ["A1"]);
        assert_eq!(picked[1].opening(), ["B2"]);
        assert_eq!(picked[2], picked[0]);
    }

    #[test]
    fn listed_wythoff_piles_are_taken_in_turn() {
        let _bound = crate::test_bound::bound();
        let rules = Rules::Wythoff {
            max_pile: 100,
            listed: vec![(3, 5), (0, 7)],
        };
        let picked: Vec<Start> = (0..3)
            .map(|pair| start(&rules, &Openings::None, 9, pair))
            .collect();
        assert_eq!(
            picked,
            [
                Start::Wythoff(3, 5),
                Start::Wythoff(0, 7),
                Start::Wythoff(3, 5)
            ]
        );
    }
}
