//! GTP 3.1 line preprocessing: control characters, tabs and comments.

/// Cleans one raw line as GTP 3.1 asks: every control character except HT is removed
/// (so the CR of CRLF goes), HT becomes a space, and everything from `#` on is dropped.
/// The line's own buffer is reused, so a line that needs no cleaning costs nothing.
///
/// Returns `None` when what is left is empty or blank: such lines get no response at all.
pub fn preprocess(mut line: String) -> Option<String> {
    if let Some(comment) = line.find('#') {
        line.truncate(comment);
    }
    if line.bytes().any(may_start_control) {
        line = line
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
    }
    if line.trim().is_empty() {
        None
    } else {
        Some(line)
    }
}

/// Whether `byte` is, or may begin, the UTF-8 form of a control character (C0 with HT,
/// DEL, or C1, whose forms begin with 0xC2); a cheap test before the exact one.
fn may_start_control(byte: u8) -> bool {
    byte < 0x20 || byte == 0x7f || byte == 0xc2
}

#[cfg(test)]
mod tests {
    fn preprocess(line: &str) -> Option<String> {
        super::preprocess(line.to_string())
    }

    #[test]
    fn strips_cr_and_control_characters() {
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
        assert_eq!(preprocess("1\tname").as_deref(), Some("1 name"));
    }

    #[test]
    fn comments_and_blank_lines_vanish() {
        assert_eq!(preprocess("# just a comment"), None);
        assert_eq!(preprocess("   \t  "), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess("\r"), None);
        assert_eq!(
            preprocess("play b c3 # first move").as_deref(),
            Some("play b c3 ")
        );
    }
}
