//! The games a server offers: a factory per game and an index from verb to game.

use super::game::{Game, GameFactory};
use std::collections::HashMap;

/// Every game the server offers, built once and shared by all sessions.
///
/// Adding a game is one more factory in [`Catalog::standard`]. A factory may capture
/// state shared across sessions, such as a search cache.
pub struct Catalog {
    factories: Vec<GameFactory>,
    verbs: Vec<&'static str>,
    owners: HashMap<&'static str, usize>,
}

impl Catalog {
    /// The catalog gamebot serves.
    pub fn standard() -> Catalog {
        Catalog::new(vec![
            // one line per game, in list_commands order
            Box::new(|| Box::new(crate::go::gtp::GoGame::default())),
            Box::new(crate::qttt::gtp::factory()),
            Box::new(|| Box::new(crate::wythoff::Wythoff::new())),
        ])
    }

    /// A catalog of the given games, in the order `list_commands` shows their verbs.
    ///
    /// # Panics
    /// If two games claim the same verb, or a game claims an administrative verb.
    pub fn new(factories: Vec<GameFactory>) -> Catalog {
        let mut verbs = Vec::new();
        let mut owners = HashMap::new();
        for (index, factory) in factories.iter().enumerate() {
            for &verb in factory().verbs() {
                assert!(
                    super::admin::Admin::from_verb(verb).is_none(),
                    "a game claims the admin verb {verb}"
                );
                let previous = owners.insert(verb, index);
                assert!(previous.is_none(), "two games claim the verb {verb}");
                verbs.push(verb);
            }
        }
        Catalog {
            factories,
            verbs,
            owners,
        }
    }

    /// A fresh state of every game, for a new session.
    pub fn new_games(&self) -> Vec<Box<dyn Game>> {
        self.factories.iter().map(|factory| factory()).collect()
    }

    /// The index of the game that answers `verb`.
    pub fn owner(&self, verb: &str) -> Option<usize> {
        self.owners.get(verb).copied()
    }

    /// Every game verb, in listing order.
    pub fn verbs(&self) -> &[&'static str] {
        &self.verbs
    }
}
