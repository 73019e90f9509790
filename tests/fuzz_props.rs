//! Property tests of bad input: random and mutated byte streams (split at random points,
//! random ids, random verbs from `list_commands` with random arguments, invalid UTF-8,
//! huge numbers, over-long lines) through the line codec and a whole session: nothing
//! panics, every line that GTP says to answer is answered exactly once, in order, with
//! its id; and, command by command on a session, a failed command changes nothing (the
//! games' own views before and after are equal).
//!
//! The searches (`genmove` and its kin, `qttt-genmove`, `qttt-analyze`) are left out of
//! the random verbs: they are correct on any position (their own tests) and slow in a
//! debug build; every other verb is in.

mod common;
use common::bound;

use gamebot::gtp::{preprocess, Command};
use gamebot::server::{run_session, Scheduler, SessionLimits};
use gamebot::session::{Catalog, Session};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_util::sync::CancellationToken;

/// The longest line accepted in these tests: small, so that over-long lines are cheap.
const MAX_LINE: usize = 4096;

/// Verbs left out of the random commands: the searches.
const SEARCHES: &[&str] = &[
    "genmove",
    "reg_genmove",
    "kgs-genmove_cleanup",
    "final_status_list",
    "gamebot-ownership",
    "gamebot-pv",
    "lz-analyze",
    "lz-genmove_analyze",
    "kata-analyze",
    "kata-genmove_analyze",
    "analyze",
    "genmove_analyze",
    "qttt-genmove",
    "qttt-analyze",
];

/// The catalog every case shares (the QTTT table is shared anyway).
fn catalog() -> Arc<Catalog> {
    static CATALOG: OnceLock<Arc<Catalog>> = OnceLock::new();
    CATALOG
        .get_or_init(|| Arc::new(gamebot::standard_catalog(common::test_engine())))
        .clone()
}

/// Every verb a session answers but the searches, `quit` and `list_commands` included.
fn verbs() -> Vec<&'static str> {
    catalog()
        .all_verbs()
        .filter(|verb| !SEARCHES.contains(verb))
        .collect()
}

/// An argument: a word from the games' vocabularies, a number (sometimes huge or
/// negative), or random printable text.
fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "b", "w", "black", "white", "pass", "D4", "A1", "T19", "Z9", "AA1", "KE255", "ab",
            "AI", "ii", "1", "4", "alive", "dead", "seki", "X", "O", "-", "7.5", "-0.5", "nan",
            "1e9", "0",
        ])
        .prop_map(str::to_string),
        any::<u64>().prop_map(|n| n.to_string()),
        (1usize..3000).prop_map(|digits| "9".repeat(digits)),
        "-?[0-9]{1,30}",
        "[ -~]{0,12}",
    ]
}

/// One line: an optional id, a verb (or junk), arguments, maybe a comment, CR or tab.
fn command_line() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::option::of(prop_oneof![
            any::<u32>().prop_map(|id| id.to_string()),
            Just("18446744073709551616".to_string()),
        ]),
        prop_oneof![
            8 => prop::sample::select(verbs()).prop_map(str::to_string),
            1 => "[a-z_-]{1,12}",
        ],
        prop::collection::vec(argument(), 0..4),
        prop::sample::select(vec!["", "\r", " # note", "\t", "  "]),
    )
        .prop_map(|(id, verb, args, tail)| {
            let mut line = String::new();
            if let Some(id) = id {
                line += &id;
                line.push(' ');
            }
            line += &verb;
            for arg in args {
                line.push(' ');
                line += &arg;
            }
            line += tail;
            line.push('\n');
            line.into_bytes()
        })
}

/// A line of raw bytes: invalid UTF-8, control characters, blank, or over the limit.
fn raw_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..40).prop_map(|mut bytes| {
            bytes.retain(|&byte| byte != b'\n');
            bytes.push(b'\n');
            bytes
        }),
        Just(b"name \xff\xfe\n".to_vec()),
        Just(b"   \t # only a comment\n".to_vec()),
        (MAX_LINE - 2..MAX_LINE + 40).prop_map(|len| {
            let mut line = b"known_command ".to_vec();
            line.resize(len, b'x');
            line.push(b'\n');
            line
        }),
    ]
}

/// A whole input: lines of both kinds, then byte mutations (flips, insertions,
/// deletions), and maybe a last line without its LF.
fn input() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(prop_oneof![4 => command_line(), 1 => raw_line()], 0..24),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 0..4),
        any::<bool>(),
    )
        .prop_map(|(lines, mutations, cut_last_lf)| {
            let mut bytes: Vec<u8> = lines.concat();
            for (at, byte, kind) in mutations {
                if bytes.is_empty() {
                    break;
                }
                let at = at.index(bytes.len());
                match kind {
                    0 => bytes[at] ^= byte | 1,
                    1 => bytes.insert(at, byte),
                    _ => {
                        bytes.remove(at);
                    }
                }
            }
            if cut_last_lf && bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
            bytes
        })
}

/// What the session must answer: for each line, in order, the id its answer carries
/// (`None` for none), up to and including a `quit`.
fn expected_answers(input: &[u8]) -> Vec<Option<u64>> {
    let mut expected = Vec::new();
    let mut lines: Vec<&[u8]> = input.split(|&byte| byte == b'\n').collect();
    // The piece after the last LF is a line only if it is not empty.
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop();
    }
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > MAX_LINE {
            expected.push(None);
            continue;
        }
        let Ok(text) = std::str::from_utf8(line) else {
            expected.push(None);
            continue;
        };
        let Some(clean) = preprocess(text) else {
            continue;
        };
        match Command::parse(&clean) {
            Ok(command) => {
                expected.push(command.id);
                if command.name == "quit" && command.args.is_empty() {
                    break;
                }
            }
            Err(error) => expected.push(error.id()),
        }
    }
    expected
}

/// The id of each response in `output`, in order; panics on a malformed response.
fn answered_ids(output: &str) -> Vec<Option<u64>> {
    assert!(
        output.is_empty() || output.ends_with("\n\n"),
        "output ends mid-response: {output:?}"
    );
    output
        .split_terminator("\n\n")
        .map(|response| {
            let head = response.split([' ', '\n']).next().unwrap();
            let id = head
                .strip_prefix('=')
                .or_else(|| head.strip_prefix('?'))
                .unwrap_or_else(|| panic!("not a response: {response:?} in {output:?}"));
            (!id.is_empty()).then(|| id.parse().expect("an id"))
        })
        .collect()
}

/// Runs one session over an in-memory pipe: writes `input` in pieces cut at `cuts`, then
/// ends it; returns everything the session wrote.
fn converse(input: &[u8], cuts: &[prop::sample::Index]) -> String {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    let runtime = RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    });
    let mut points: Vec<usize> = cuts.iter().map(|cut| cut.index(input.len() + 1)).collect();
    points.push(input.len());
    points.sort_unstable();
    runtime.block_on(async {
        let (client, server) = tokio::io::duplex(256);
        let (server_reader, server_writer) = tokio::io::split(server);
        let (mut client_reader, mut client_writer) = tokio::io::split(client);
        let limits = SessionLimits {
            max_line_bytes: MAX_LINE,
            idle_timeout: None,
            drain_timeout: Duration::from_secs(10),
            end_of_input_cancels: true,
        };
        let session = tokio::spawn(async move {
            let scheduler = Scheduler::new(2, 16);
            run_session(
                Session::new(catalog()),
                server_reader,
                server_writer,
                limits,
                &scheduler,
                CancellationToken::new(),
            )
            .await
        });
        let reader = tokio::spawn(async move {
            let mut output = Vec::new();
            let _ = client_reader.read_to_end(&mut output).await;
            output
        });
        let mut from = 0;
        for to in points {
            // The session may have closed (after `quit`): the rest is never read.
            if client_writer.write_all(&input[from..to]).await.is_err() {
                break;
            }
            tokio::task::yield_now().await;
            from = to;
        }
        let _ = client_writer.shutdown().await;
        drop(client_writer);
        let output = tokio::time::timeout(Duration::from_secs(60), reader)
            .await
            .expect("the session ended")
            .unwrap();
        session.await.unwrap().unwrap();
        String::from_utf8(output).expect("responses are UTF-8")
    })
}

/// The session's games as their own views show them.
fn state(session: &mut Session) -> String {
    ["showboard", "qttt-show", "qttt-record", "wythoff-status"]
        .iter()
        .map(|verb| {
            let mut out = Vec::new();
            session.respond(&Command::parse(verb).unwrap(), &mut out);
            String::from_utf8(out).unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_line_is_answered_once_in_order_whatever_the_bytes_and_their_cuts(
        input in input(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let _bound = bound();
        let output = converse(&input, &cuts);
        prop_assert_eq!(answered_ids(&output), expected_answers(&input), "{}", output);
    }

    #[test]
    fn a_failed_command_changes_nothing(
        lines in prop::collection::vec(command_line(), 1..30),
    ) {
        let _bound = bound();
        let mut session = Session::new(catalog());
        for line in lines {
            let text = String::from_utf8(line).unwrap();
            let Some(clean) = preprocess(text.trim_end_matches('\n')) else { continue };
            let Ok(command) = Command::parse(&clean) else { continue };
            let before = state(&mut session);
            let mut out = Vec::new();
            if session.respond_unless_heavy(&command, &mut out).is_err() {
                // Heavy (huge numbers): run as the server would, off the async threads.
                session.respond(&command, &mut out);
            }
            let answer = String::from_utf8(out).unwrap();
            prop_assert!(answer.ends_with("\n\n"), "{}", answer);
            if answer.starts_with('?') {
                prop_assert_eq!(&state(&mut session), &before, "{} -> {}", clean, answer);
            }
        }
    }
}

#[test]
fn the_checks_see_what_a_known_input_gets() {
    let _bound = bound();
    let input = b"1 name\n\n# note\n2 fly\nname \xff\n3 wythoff-new 5 x\r\n4 quit\n5 name\n";
    let output = converse(input, &[]);
    assert_eq!(
        output,
        "=1 gamebot\n\n?2 unknown command\n\n? invalid UTF-8\n\n?3 syntax error: a pile size (a non-negative decimal integer) expected, got 'x'\n\n=4 \n\n"
    );
    assert_eq!(
        expected_answers(input),
        [Some(1), Some(2), None, Some(3), Some(4)]
    );
    assert_eq!(answered_ids(&output), expected_answers(input));
}
