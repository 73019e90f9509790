//! GTP 3.1 line preprocessing: control characters, tabs and comments.

/// Cleans one raw line as GTP 3.1 asks: every control character except HT is removed
/// (so the CR of CRLF goes), HT becomes a space, and everything from `#` on is dropped.
///
/// Returns `None` when what is left is empty or blank: such lines get no response at all.
pub fn preprocess(raw: &str) -> Option<String> {
    let before_comment = raw.split('#').next().unwrap_or("");
    let cleaned: String = before_comment
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    if cleaned.trim().is_empty() {
        None
    } else {
        Some(cleaned)
    }
}

#[cfg(test)]
mod tests {
    use super::preprocess;

    #[test]
    fn strips_cr_and_control_characters() {
        assert_eq!(preprocess("name\r").as_deref(), Some("name"));
        assert_eq!(preprocess("na\u{7}me\u{0}").as_deref(), Some("name"));
        assert_eq!(preprocess("na\u{7f}me").as_deref(), Some("name"));
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
