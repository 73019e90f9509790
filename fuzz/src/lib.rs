//! What the fuzz targets share: running bytes as GTP lines through a session of one
//! game, checking that every command is answered once and that a failed command
//! changes nothing.

use gamebot::gtp::{preprocess, Command};
use gamebot::session::{Catalog, Session};

/// Runs every line of `data` that is a command through a fresh session of `catalog`,
/// skipping the searches (heavy commands that are not input-sized: they are slow here
/// and tested on their own). `views` are the verbs that show the game's whole state.
///
/// # Panics
/// When an answer is malformed, or a failed command changed what `views` show.
pub fn run_lines(catalog: &std::sync::Arc<Catalog>, data: &[u8], views: &[&str]) {
    let mut session = Session::new(catalog.clone());
    for line in data.split(|&byte| byte == b'\n') {
        let Ok(text) = std::str::from_utf8(line) else {
            continue;
        };
        let Some(clean) = preprocess(text) else {
            continue;
        };
        let Ok(command) = Command::parse(&clean) else {
            continue;
        };
        let before = state(&mut session, views);
        let mut out = Vec::new();
        if session.respond_unless_heavy(&command, &mut out).is_err() {
            if !command.args.iter().any(|arg| arg.len() > 64) {
                continue;
            }
            session.respond(&command, &mut out);
        }
        let answer = String::from_utf8(out).expect("answers are UTF-8");
        assert!(
            answer.ends_with("\n\n") && answer.matches("\n\n").count() == 1,
            "{clean:?} -> {answer:?}"
        );
        if answer.starts_with('?') {
            assert_eq!(
                state(&mut session, views),
                before,
                "{clean:?} -> {answer:?}"
            );
        }
    }
}

/// What `views` show now.
fn state(session: &mut Session, views: &[&str]) -> String {
    views
        .iter()
        .map(|verb| {
            let mut out = Vec::new();
            session.respond(&Command::parse(verb).expect("a view verb"), &mut out);
            String::from_utf8(out).expect("answers are UTF-8")
        })
        .collect()
}
