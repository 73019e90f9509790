//! The administrative verbs every GTP engine answers.

use super::verbs::verb_table;
use super::{Catalog, CommandError};
use crate::gtp::Args;
use std::borrow::Cow;

verb_table! {
    /// An administrative command.
    pub enum Admin {
        /// `protocol_version`: always `2`.
        ProtocolVersion = "protocol_version",
        /// `name`: `gamebot`.
        Name = "name",
        /// `version`: the crate version.
        Version = "version",
        /// `known_command VERB`: `true` or `false`.
        KnownCommand = "known_command",
        /// `list_commands`: every verb, one a line.
        ListCommands = "list_commands",
        /// `quit`: answered, then the connection closes.
        Quit = "quit",
    }
}

impl Admin {
    /// Runs the command against the catalog of verbs. Only `list_commands` builds its
    /// answer; the others are fixed text.
    #[inline]
    pub fn execute(
        self,
        args: Args<'_>,
        catalog: &Catalog,
    ) -> Result<Cow<'static, str>, CommandError> {
        match self {
            Admin::KnownCommand => {
                args.expect_count(1)?;
                let verb = args.all()[0];
                let known = Admin::from_name(verb).is_some() || catalog.owner(verb).is_some();
                Ok(Cow::Borrowed(if known { "true" } else { "false" }))
            }
            other => {
                args.expect_count(0)?;
                Ok(match other {
                    Admin::ProtocolVersion => Cow::Borrowed("2"),
                    Admin::Name => Cow::Borrowed("gamebot"),
                    Admin::Version => Cow::Borrowed(env!("CARGO_PKG_VERSION")),
                    Admin::ListCommands => Cow::Owned(list_commands(catalog)),
                    Admin::Quit | Admin::KnownCommand => Cow::Borrowed(""),
                })
            }
        }
    }
}

/// Every verb, admin ones first, one a line.
fn list_commands(catalog: &Catalog) -> String {
    Admin::NAMES
        .iter()
        .chain(catalog.verbs())
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::Admin;

    #[test]
    fn every_listed_verb_is_found_by_name() {
        for &admin in Admin::ALL {
            assert_eq!(Admin::from_name(admin.name()), Some(admin));
        }
        assert_eq!(Admin::from_name("protocol_versio"), None);
    }
}
