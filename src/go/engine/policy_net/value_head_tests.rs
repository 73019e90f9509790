//! Tests of a value head carried by a policy network's file.

use super::tests::after_on;
use super::*;

/// A 9x9 policy network of 16 channels and one layer whose first channel copies the
/// mover's stones (input plane 0) and whose policy head weighs nothing, carrying a value
/// head for komi 7 after `between` (lines between the policy's head and the value head,
/// such as blank ones): one layer of 16 channels whose first copies the network's first,
/// and a first fully connected layer of width 1 with bias 2 that weighs that channel's
/// mean by -40 and White to move by -1.
fn headed(between: &str) -> String {
    let zeros = |count: usize| vec!["0"; count].join(" ");
    let copy = |inputs: usize| {
        let mut weights = vec!["0"; 16 * inputs * 9];
        // Output channel 0, input channel 0, the middle tap.
        weights[4] = "1";
        weights.join(" ")
    };
    let mut first = vec!["0"; 17];
    first[0] = "-40";
    first[16] = "-1";
    format!(
        "gamebot-policy-net 2\nsizes 9\n16 1\n16 14 3 3\n{}\n{}\n1 16 1 1\n{}\n0\n{between}\
         value-head\nsizes 9\nkomi 7\n16 1 1\n16 16 3 3\n{}\n{}\n1 17 1 1\n{}\n2\n1 1 1 1\n1\n0\n",
        copy(14),
        zeros(16),
        zeros(16),
        copy(16),
        zeros(16),
        first.join(" ")
    )
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[test]
fn the_value_head_reads_the_policys_last_hidden_layer() {
    let _bound = crate::test_bound::bound();
    let net = PolicyNet::parse(&headed("")).unwrap();
    let judge = |moves: &[&str]| net.evaluate(&after_on(9, moves), Some(7.0)).1.unwrap();
    // Black to move with no stones: the first layer gives its bias 2.
    assert!((judge(&[]) - sigmoid(2.0)).abs() < 1e-6);
    // Black to move with one stone of 81 points: 2 - 40 / 81.
    let one = judge(&["E5", "C3"]);
    assert!((one - sigmoid(2.0 - 40.0 / 81.0)).abs() < 1e-6, "{one}");
    // White to move with none: 2 - 1.
    assert!((judge(&["E5"]) - sigmoid(1.0)).abs() < 1e-6);
}

#[test]
fn the_value_head_judges_at_its_komi_and_sizes_when_asked() {
    let _bound = crate::test_bound::bound();
    let net = PolicyNet::parse(&headed("\n\n")).unwrap();
    assert!(net.evaluate(&after_on(9, &[]), Some(7.0)).1.is_some());
    assert_eq!(net.evaluate(&after_on(9, &[]), None).1, None);
    assert_eq!(net.evaluate(&after_on(9, &[]), Some(7.5)).1, None);
    assert_eq!(net.evaluate(&after_on(13, &[]), Some(7.0)).1, None);
}

#[test]
fn the_value_head_leaves_the_policy_as_it_was() {
    let _bound = crate::test_bound::bound();
    let text = headed("");
    let policy_alone = &text[..text.find("value-head").unwrap()];
    let board = after_on(9, &["E5", "C3", "D4"]);
    let alone = PolicyNet::parse(policy_alone).unwrap();
    let headed = PolicyNet::parse(&text).unwrap();
    assert_eq!(
        alone.evaluate(&board, Some(7.0)),
        (alone.probabilities(&board), None)
    );
    assert_eq!(
        headed.evaluate(&board, Some(7.0)).0,
        alone.probabilities(&board)
    );
}

#[test]
fn a_broken_value_head_is_refused_with_its_line() {
    let _bound = crate::test_bound::bound();
    let good = headed("");
    let with = |line: usize, text: &str| {
        let mut lines: Vec<&str> = good.lines().collect();
        lines[line] = text;
        lines.join("\n")
    };
    let line_of = |text: String| match PolicyNet::parse(&text) {
        Err(PolicyNetError::Line { line, .. }) => line,
        other => panic!("{other:?}"),
    };
    // Lines 1 to 9 are the policy network's; the value head starts on line 10.
    assert_eq!(line_of(with(9, "value head")), 10);
    assert_eq!(line_of(with(11, "komi")), 12);
    assert_eq!(line_of(with(13, "16 14 3 3")), 14, "it reads 16 channels");
    assert_eq!(line_of(format!("{good}1 2 3\n")), 23);
    assert!(matches!(
        PolicyNet::parse(&good.lines().take(15).collect::<Vec<_>>().join("\n")),
        Err(PolicyNetError::Ends(_))
    ));
}

#[test]
fn the_trained_head_gives_pytorchs_win_rates_beside_the_built_in_policy() {
    let _bound = crate::test_bound::bound();
    let net = PolicyNet::parse(include_str!(
        "../../../../data/policy-nets/policy_value_13.txt"
    ))
    .unwrap();
    assert!(net.is_for(13) && !net.is_for(9) && !net.is_for(19));
    // PyTorch's win rates for the same weights and positions, to four digits.
    for (moves, expected) in [
        (&[][..], 0.5301),
        (&["D4"][..], 0.4962),
        (&["D4", "K10", "K4", "D10", "G7"][..], 0.5654),
    ] {
        let found = net.evaluate(&after_on(13, moves), Some(7.0)).1.unwrap();
        assert!((found - expected).abs() < 5e-4, "after {moves:?}: {found}");
    }
    // Its policy is the built-in network's, whose convolutions it reads.
    let board = after_on(13, &["D4", "K10"]);
    let builtin = PolicyNet::parse(BUILTIN).unwrap();
    assert_eq!(net.probabilities(&board), builtin.probabilities(&board));
}
