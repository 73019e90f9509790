//! The administrative verbs every GTP engine answers.

use super::{Catalog, CommandError};
use crate::gtp::Args;
use std::borrow::Cow;

/// An administrative command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admin {
    /// `protocol_version`: always `2`.
    ProtocolVersion,
    /// `name`: `gamebot`.
    Name,
    /// `version`: the crate version.
    Version,
    /// `known_command VERB`: `true` or `false`.
    KnownCommand,
    /// `list_commands`: every verb, one a line.
    ListCommands,
    /// `quit`: answered, then the connection closes.
    Quit,
}

impl Admin {
    /// Every admin verb, in listing order.
    pub const ALL: [(&'static str, Admin); 6] = [
        ("protocol_version", Admin::ProtocolVersion),
        ("name", Admin::Name),
        ("version", Admin::Version),
        ("known_command", Admin::KnownCommand),
        ("list_commands", Admin::ListCommands),
        ("quit", Admin::Quit),
    ];

    /// The admin command named `verb`, if it is one.
    #[inline]
    pub fn from_verb(verb: &str) -> Option<Admin> {
        // A match on strings compares lengths first: most verbs are told apart at once.
        Some(match verb {
            "protocol_version" => Admin::ProtocolVersion,
            "name" => Admin::Name,
            "version" => Admin::Version,
            "known_command" => Admin::KnownCommand,
            "list_commands" => Admin::ListCommands,
            "quit" => Admin::Quit,
            _ => return None,
        })
    }

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
                let known = Admin::from_verb(verb).is_some() || catalog.owner(verb).is_some();
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
    Admin::ALL
        .iter()
        .map(|(name, _)| *name)
        .chain(catalog.verbs().iter().copied())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::Admin;

    #[test]
    fn every_listed_verb_is_found_by_name() {
        for (name, admin) in Admin::ALL {
            assert_eq!(Admin::from_verb(name), Some(admin));
        }
        assert_eq!(Admin::from_verb("protocol_versio"), None);
    }
}
