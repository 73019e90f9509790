//! GTP 3.1 line preprocessing: control characters, tabs and comments.

use std::borrow::Cow;

/// Whether a raw line is GoGui's interrupt: the comment line `# interrupt`, which GoGui
/// sends to an engine that lists `gogui-interrupt` to cut short the command it is
/// running. Like any comment line, it is otherwise ignored.
pub fn is_interrupt(line: &str) -> bool {
    line.trim_matches(|c: char| c == ' ' || c.is_control()) == "# interrupt"
}

/// Cleans one raw line as GTP 3.1 asks: every control character except HT is removed
/// (so the CR of CRLF goes), HT becomes a space, and everything from `#` on is dropped.
/// A line that needs no cleaning is borrowed, not copied.
///
/// Returns `None` when what is left is empty or only spaces: such lines get no response
/// at all.
#[inline]
pub fn preprocess(line: &str) -> Option<Cow<'_, str>> {
    // One branch-free pass, cheap on the common line that needs no cleaning at all.
    let clean = if line
        .bytes()
        .fold(false, |seen, byte| seen | may_need_work(byte))
    {
        // `#` is ASCII, never inside a multi-byte character: cutting there is safe.
        let line = line.find('#').map_or(line, |comment| &line[..comment]);
        if line.bytes().any(may_start_control) {
            Cow::Owned(
                line.chars()
                    .filter_map(|c| match c {
                        '\t' => Some(' '),
                        c if c.is_control() => None,
                        c => Some(c),
                    })
                    .collect(),
            )
        } else {
            Cow::Borrowed(line)
        }
    } else {
        Cow::Borrowed(line)
    };
    if clean.bytes().all(|byte| byte == b' ') {
        None
    } else {
        Some(clean)
    }
}

/// Whether `byte` starts a comment or may start a control character.
fn may_need_work(byte: u8) -> bool {
    byte == b'#' || may_start_control(byte)
}

/// Whether `byte` is, or may begin, the UTF-8 form of a control character (C0 with HT,
/// DEL, or C1, whose forms begin with 0xC2); a cheap test before the exact one.
fn may_start_control(byte: u8) -> bool {
    byte < 0x20 || byte == 0x7f || byte == 0xc2
}

#[cfg(test)]
mod tests {
    use super::{is_interrupt, preprocess};
    use std::borrow::Cow;

    #[test]
    fn gogui_interrupt_is_one_exact_comment_line() {
        let _bound = crate::test_bound::bound();
        assert!(is_interrupt("# interrupt"));
        assert!(is_interrupt("# interrupt\r"));
        assert!(!is_interrupt("#interrupt"));
        assert!(!is_interrupt("# interrupted"));
        assert!(!is_interrupt("name # interrupt"));
        assert_eq!(preprocess("# interrupt"), None);
    }

    #[test]
    fn strips_cr_and_control_characters() {
        let _bound = crate::test_bound::bound();
        assert_eq!(preprocess("name\r").as_deref(), Some("name"));
        assert_eq!(preprocess("na\u{7}me\u{0}").as_deref(), Some("name"));
        assert_eq!(preprocess("na\u{7f}me").as_deref(), Some("name"));
        assert_eq!(preprocess("na\u{85}me").as_deref(), Some("name"));
        assert_eq!(
            preprocess("n\u{a0}\u{e9}").as_deref(),
            Some("n\u{a0}\u{e9}")
        );
    }

    #[test]
    fn tabs_become_spaces() {
        let _bound = crate::test_bound::bound();
        assert_eq!(preprocess("1\tname").as_deref(), Some("1 name"));
    }

    #[test]
    fn comments_and_blank_lines_vanish() {
        let _bound = crate::test_bound::bound();
        assert_eq!(preprocess("# just a comment"), None);
        assert_eq!(preprocess("   \t  "), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess("\r"), None);
        assert_eq!(
            preprocess("play b c3 # first move").as_deref(),
            Some("play b c3 ")
        );
        assert_eq!(preprocess("play # \u{7}").as_deref(), Some("play "));
    }

    #[test]
    fn a_clean_line_is_borrowed() {
        let _bound = crate::test_bound::bound();
        assert!(matches!(preprocess("7 play b c3"), Some(Cow::Borrowed(_))));
        assert!(matches!(preprocess("7 play # \t"), Some(Cow::Borrowed(_))));
        assert!(matches!(preprocess("7\tplay"), Some(Cow::Owned(_))));
    }

    #[test]
    fn non_ascii_white_space_is_not_blank() {
        let _bound = crate::test_bound::bound();
        assert_eq!(preprocess("\u{a0}").as_deref(), Some("\u{a0}"));
    }
}
