//! One table per command family: a verb enum declared together with its wire names.

/// Declares a verb enum and its one table, so that a verb's name and its variant cannot
/// drift apart: each `Variant = "name"` line gives the enum a variant, `ALL` an entry,
/// and [`name`](#method.name)/`from_name` a match arm. Everything else about a verb (its
/// arguments, whether it is heavy) is an exhaustive `match` on the enum in the adapter,
/// so the compiler asks for it whenever a verb is added.
///
/// ```ignore
/// verb_table! {
///     /// The Wythoff verbs.
///     pub enum WythoffVerb {
///         New = "wythoff-new",
///         Play = "wythoff-play",
///     }
/// }
/// ```
macro_rules! verb_table {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl $name {
            /// Every verb's wire name, in `list_commands` order.
            pub const NAMES: &'static [&'static str] = &[$($text,)+];

            /// Every verb, in the same order as [`NAMES`](Self::NAMES).
            #[allow(dead_code)] // tests use it; not every table needs it
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The verb whose wire name is `name`, if there is one.
            #[inline]
            pub fn from_name(name: &str) -> Option<$name> {
                // A match on strings compares lengths first: most names are told apart
                // at once.
                match name {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The verb's wire name.
            #[allow(dead_code)] // tests use it; not every table needs it
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }
    };
}

pub(crate) use verb_table;

#[cfg(test)]
mod tests {
    verb_table! {
        /// Two verbs to check the table with.
        enum Sample {
            /// The first.
            First = "first-verb",
            /// The second.
            Second = "second",
        }
    }

    #[test]
    fn names_and_variants_agree() {
        let _bound = crate::test_bound::bound();
        assert_eq!(Sample::NAMES, ["first-verb", "second"]);
        for (&verb, &name) in Sample::ALL.iter().zip(Sample::NAMES) {
            assert_eq!(verb.name(), name);
            assert_eq!(Sample::from_name(name), Some(verb));
        }
        assert_eq!(Sample::from_name("First"), None);
    }
}
