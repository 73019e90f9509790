//! The rules as clients ask for them: KataGo's `kata-get-rules` and KGS's `kgs-rules`.

/// Tromp-Taylor in the JSON form of KataGo's `kata-get-rules`, keys in the order KataGo
/// writes them: positional superko, area scoring, multi-stone suicide legal, no button,
/// no handicap bonus for White, and no pass that the opponent may ignore.
pub(super) const KATA_RULES: &str = r#"{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#;

/// Whether `name` is a rule set kgsGtp sends with `kgs-rules` (any case): `chinese`,
/// `aga`, `new_zealand` or `japanese`.
pub(super) fn is_kgs_ruleset(name: &str) -> bool {
    ["chinese", "aga", "new_zealand", "japanese"]
        .iter()
        .any(|known| name.eq_ignore_ascii_case(known))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn katago_reads_our_rules_as_tromp_taylor() {
        let _bound = crate::test_bound::bound();
        let rules: serde_json::Value = serde_json::from_str(KATA_RULES).unwrap();
        assert_eq!(rules["ko"], "POSITIONAL");
        assert_eq!(rules["scoring"], "AREA");
        assert_eq!(rules["suicide"], true);
        // As serde_json writes it (keys sorted): the order KataGo's library uses too.
        assert_eq!(rules.to_string(), KATA_RULES);
        assert!(is_kgs_ruleset("New_Zealand"));
        assert!(!is_kgs_ruleset("ing"));
    }
}
