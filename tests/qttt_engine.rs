//! The QTTT engine against a plain unpruned minimax written here, random playouts that
//! check the rules' invariants, and the first-move table.

mod common;
use common::{bound, bound_for, HEAVY_TEST_LIMIT};

use gamebot::qttt::gtp::notation::{parse_record, record_text, score_text, token_text};
use gamebot::qttt::{apply, legal_tokens, Engine, Game, Player, Position, Score, Status, Token};

/// X's margin in half-points under perfect play, by plain minimax: no pruning, no table.
fn plain_value(position: &Position) -> i8 {
    if let Some(score) = position.outcome() {
        return score.margin();
    }
    let values = legal_tokens(position)
        .into_iter()
        .map(|token| plain_value(&apply(position, token).unwrap()));
    match position.actor().unwrap() {
        Player::X => values.max().unwrap(),
        Player::O => values.min().unwrap(),
    }
}

/// A small deterministic generator (xorshift64*), so every run sees the same positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// Plays random legal tokens from the empty board until `moves` moves are made (a
    /// due collapse is left pending half of the time), or `None` if the game ended first.
    fn position_after(&mut self, moves: u8) -> Option<Game> {
        let mut game = Game::new();
        loop {
            let position = *game.position();
            let pending = matches!(position.status(), Status::Collapse(..));
            if position.moves_made() >= moves && (!pending || self.below(2) == 0) {
                return Some(game);
            }
            let tokens = legal_tokens(&position);
            if tokens.is_empty() {
                return None;
            }
            game.play_token(tokens[self.below(tokens.len())]).unwrap();
        }
    }
}

#[test]
fn engine_values_and_choices_match_plain_minimax() {
    let _bound = bound();
    let mut rng = Rng(0x5EED_0001);
    let engine = Engine::with_table_bits(16);
    let mut checked = 0;
    while checked < 24 {
        let moves = 6 + rng.below(2) as u8;
        let Some(game) = rng.position_after(moves) else {
            continue;
        };
        let position = game.position();
        if position.outcome().is_some() {
            continue;
        }
        let best = plain_value(position);
        let record = record_text(game.tokens());
        assert_eq!(engine.score(position).margin(), best, "{record}");
        let choice = engine.choose(position).unwrap();
        assert_eq!(
            plain_value(&apply(position, choice).unwrap()),
            best,
            "{record} then {choice:?}"
        );
        for (token, score) in engine.analyze(position) {
            let plain = plain_value(&apply(position, token).unwrap());
            assert_eq!(score.margin(), plain, "{record} then {token:?}");
        }
        checked += 1;
    }
}

#[test]
fn choices_are_the_first_best_in_canonical_order() {
    let _bound = bound();
    let engine = Engine::with_table_bits(16);
    let game = Game::from_record(&parse_record("AB CD EF GH AC BD").unwrap()).unwrap();
    let position = game.position();
    let analysis = engine.analyze(position);
    let best = analysis.iter().map(|(_, s)| s.margin()).max().unwrap();
    let first = analysis.iter().find(|(_, s)| s.margin() == best).unwrap().0;
    assert_eq!(engine.choose(position), Some(first));
    let tokens: Vec<Token> = analysis.iter().map(|&(t, _)| t).collect();
    assert_eq!(tokens, legal_tokens(position));
}

#[test]
fn random_playouts_keep_the_invariants() {
    let _bound = bound();
    let mut rng = Rng(0x5EED_0002);
    for _ in 0..300 {
        let mut game = Game::new();
        loop {
            let position = *game.position();
            check_status(&position);
            let record = record_text(game.tokens());
            let replayed = Game::from_record(&parse_record(&record).unwrap()).unwrap();
            assert_eq!(replayed.position(), &position, "{record}");
            let tokens = legal_tokens(&position);
            if tokens.is_empty() {
                check_finished(&position, &record);
                break;
            }
            game.play_token(tokens[rng.below(tokens.len())]).unwrap();
        }
    }
}

fn check_status(position: &Position) {
    let free = position.free_cells().count_ones() as usize;
    match position.status() {
        Status::Move(player) => {
            assert_eq!(player, Player::of_move(position.moves_made() + 1));
            let expected = if free == 1 { 1 } else { free * (free - 1) / 2 };
            assert_eq!(legal_tokens(position).len(), expected);
        }
        Status::Collapse(chooser, options) => {
            assert_eq!(chooser, Player::of_move(position.moves_made()).opponent());
            let tokens: Vec<u8> = options.as_slice().iter().map(|o| o.0).collect();
            assert!(tokens.len() == 1 || (tokens.len() == 2 && tokens[0] < tokens[1]));
        }
        Status::Over(_) => assert!(legal_tokens(position).is_empty()),
    }
    // Every mark is classical in one cell, or spooky in exactly two.
    let mut seen = vec![0; usize::from(position.moves_made()) + 1];
    for cell in 0..9 {
        if let Some(subscript) = position.classical(cell) {
            assert!(position.spooky_in(cell).is_empty());
            seen[usize::from(subscript)] += 2;
        } else {
            for subscript in position.spooky_in(cell) {
                seen[usize::from(subscript)] += 1;
            }
        }
    }
    let pending_single =
        matches!(position.status(), Status::Collapse(_, o) if o.as_slice().len() == 1);
    for (subscript, &count) in seen.iter().enumerate().skip(1) {
        let single = pending_single && subscript == usize::from(position.moves_made());
        assert_eq!(count, if single { 1 } else { 2 }, "mark {subscript}");
    }
}

fn check_finished(position: &Position, record: &str) {
    let score = position.outcome().unwrap();
    if position.free_cells() == 0 {
        let mut subscripts: Vec<u8> = (0..9).map(|c| position.classical(c).unwrap()).collect();
        subscripts.sort_unstable();
        assert_eq!(subscripts, (1..=9).collect::<Vec<u8>>(), "{record}");
    } else {
        assert_ne!(score, Score::NONE, "{record}");
    }
}

#[test]
#[ignore = "solves the whole game: run with cargo test --release -- --ignored"]
fn first_move_table() {
    let _bound = bound_for(HEAVY_TEST_LIMIT);
    let engine = Engine::new();
    let empty = Position::new();
    assert_eq!(score_text(engine.score(&empty)), "1 0.5");
    let analysis = engine.analyze(&empty);
    assert_eq!(analysis.len(), 36);
    for (token, score) in analysis {
        let token = token_text(token);
        let expected = if matches!(token.as_str(), "AI" | "CG") {
            "1 0.5"
        } else {
            "0 0"
        };
        assert_eq!(score_text(score), expected, "{token}");
    }
    assert_eq!(engine.choose(&empty).map(token_text), Some("AI".into()));
}

#[test]
fn concurrent_searches_share_one_engine_and_agree_with_a_lone_one() {
    let _bound = bound();
    let mut rng = Rng(0x5EED_0003);
    let positions: Vec<Position> = std::iter::repeat_with(|| rng.position_after(5))
        .flatten()
        .filter(|game| game.position().outcome().is_none())
        .take(8)
        .map(|game| *game.position())
        .collect();
    assert_eq!(positions.len(), 8);
    let shared = std::sync::Arc::new(Engine::with_table_bits(12));
    let workers: Vec<_> = (0..2)
        .map(|worker| {
            let engine = shared.clone();
            let positions = positions.clone();
            std::thread::spawn(move || {
                // The two threads walk the positions in opposite orders.
                let mut order: Vec<usize> = (0..positions.len()).collect();
                if worker == 1 {
                    order.reverse();
                }
                order
                    .into_iter()
                    .map(|i| (i, engine.analyze(&positions[i])))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let lone = Engine::with_table_bits(12);
    for worker in workers {
        for (i, analysis) in worker.join().unwrap() {
            assert_eq!(analysis, lone.analyze(&positions[i]));
        }
    }
}
