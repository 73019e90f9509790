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
        /// `cputime`: the CPU seconds the process has used (gogui-twogtp asks).
        CpuTime = "cputime",
        /// `gomill-cpu_time`: the same, as gomill asks.
        GomillCpuTime = "gomill-cpu_time",
        /// `gogui-interrupt`: tells GoGui it may interrupt a command with the comment
        /// line `# interrupt` (see [`is_interrupt`](crate::gtp::is_interrupt)).
        GoguiInterrupt = "gogui-interrupt",
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
                    Admin::CpuTime | Admin::GomillCpuTime => Cow::Owned(cpu_seconds()),
                    Admin::Quit | Admin::KnownCommand | Admin::GoguiInterrupt => Cow::Borrowed(""),
                })
            }
        }
    }
}

/// The CPU time the whole process has used, in seconds with three decimals (`12.345`):
/// every thread's, the searches' included.
fn cpu_seconds() -> String {
    use rustix::time::{clock_gettime, ClockId};
    let spent = clock_gettime(ClockId::ProcessCPUTime);
    format!(
        "{:.3}",
        spent.tv_sec as f64 + f64::from(spent.tv_nsec as u32) / 1e9
    )
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
    fn cpu_time_counts_up_from_the_work_done() {
        let _bound = crate::test_bound::bound();
        let before: f64 = super::cpu_seconds().parse().unwrap();
        let start = std::time::Instant::now();
        let mut spin = 0u64;
        while start.elapsed() < std::time::Duration::from_millis(50) {
            spin = std::hint::black_box(spin.wrapping_add(1));
        }
        let after: f64 = super::cpu_seconds().parse().unwrap();
        assert!(after >= before + 0.01, "{before} then {after}");
    }

    #[test]
    fn every_listed_verb_is_found_by_name() {
        let _bound = crate::test_bound::bound();
        for &admin in Admin::ALL {
            assert_eq!(Admin::from_name(admin.name()), Some(admin));
        }
        assert_eq!(Admin::from_name("protocol_versio"), None);
    }
}
