//! The games a server offers: a factory per game and an index from verb to game.

use super::adapter::{AdapterFactory, GameAdapter};
use super::admin::Admin;
use std::collections::HashMap;

/// Every game the server offers, built once and shared by all sessions.
///
/// The catalog knows games only through [`GameAdapter`]: which games a program offers is
/// decided where the program is composed (`gamebot::standard_catalog`).
pub struct Catalog {
    factories: Vec<AdapterFactory>,
    verbs: Vec<&'static str>,
    owners: HashMap<&'static str, usize>,
}

impl Catalog {
    /// A catalog of the given games, in the order `list_commands` shows their verbs.
    ///
    /// # Panics
    /// If two games claim the same verb, or a game claims an administrative verb.
    pub fn new(factories: Vec<AdapterFactory>) -> Catalog {
        let mut verbs = Vec::new();
        let mut owners = HashMap::new();
        for (index, factory) in factories.iter().enumerate() {
            for &verb in factory().verbs() {
                assert!(
                    Admin::from_name(verb).is_none(),
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

    /// A fresh adapter of every game, for a new session.
    pub fn new_adapters(&self) -> Vec<Box<dyn GameAdapter>> {
        self.factories.iter().map(|factory| factory()).collect()
    }

    /// The index of the game that answers `verb`.
    pub fn owner(&self, verb: &str) -> Option<usize> {
        self.owners.get(verb).copied()
    }

    /// Every verb a session answers, administrative ones first, in listing order.
    pub fn all_verbs(&self) -> impl Iterator<Item = &'static str> + '_ {
        Admin::NAMES
            .iter()
            .copied()
            .chain(self.verbs.iter().copied())
    }

    /// Every game verb, in listing order.
    pub fn verbs(&self) -> &[&'static str] {
        &self.verbs
    }
}
