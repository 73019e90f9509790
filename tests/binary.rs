//! The real `gamebot` binary as a child process: signals, stdio mode and the CLI.

mod common;
use common::{bound, edge_loving_model, scratch};

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long any wait in these tests may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

fn gamebot() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamebot"));
    command.env("RUST_LOG", "info");
    command
}

/// A child process that is killed if the test fails before it exits.
struct Running {
    child: Child,
}

impl Running {
    fn spawn(command: &mut Command) -> Running {
        Running {
            child: command.spawn().expect("cannot start gamebot"),
        }
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("cannot run kill");
        assert!(status.success(), "kill -{name} failed");
    }

    fn wait(&mut self) -> ExitStatus {
        self.wait_within(PATIENCE)
    }

    fn wait_within(&mut self, limit: Duration) -> ExitStatus {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "gamebot did not exit within {limit:?}"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads everything from `from` on a thread, so a hung child fails the test, not hangs it.
fn read_all_later(mut from: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let mut text = String::new();
        let _ = from.read_to_string(&mut text);
        let _ = send.send(text);
    });
    receive
}

/// Starts `gamebot serve` on a free port; returns the process, its address and the rest
/// of its stdout (read on a thread).
fn serve() -> (Running, String, mpsc::Receiver<String>) {
    serve_with(&[])
}

/// [`serve`] with more options.
fn serve_with(options: &[&str]) -> (Running, String, mpsc::Receiver<String>) {
    let mut running = Running::spawn(
        gamebot()
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    // The few lines of logs of a short test fit in the pipe: only the tests that check
    // them read them.
    let stdout: ChildStdout = running.child.stdout.take().unwrap();
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut first = String::new();
        let _ = reader.read_line(&mut first);
        let _ = send.send(first);
        let mut rest = String::new();
        let _ = reader.read_to_string(&mut rest);
        let _ = send.send(rest);
    });
    let first = receive.recv_timeout(PATIENCE).expect("no first line");
    let address = first
        .strip_prefix("listening on ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_string();
    (running, address, receive)
}

fn connect(address: &str) -> TcpStream {
    let stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Reads one response (up to and including its empty line) byte by byte.
fn response(stream: &mut TcpStream) -> String {
    let mut text = Vec::new();
    let mut byte = [0u8];
    while !text.ends_with(b"\n\n") {
        let n = stream.read(&mut byte).unwrap();
        assert_eq!(n, 1, "closed mid-response: {text:?}");
        text.push(byte[0]);
    }
    String::from_utf8(text).unwrap()
}

/// Pipelines commands on a served connection, signals the server, and checks that every
/// command is answered, the connection closes, the process exits 0, and stdout held
/// nothing but the first line.
fn drains_on(signal: &str) {
    let (mut running, address, stdout) = serve();
    let mut stream = connect(&address);
    // One round trip first, so the server has surely accepted this connection.
    stream.write_all(b"0 name\n").unwrap();
    assert_eq!(response(&mut stream), "=0 gamebot\n\n");
    let batch: String = (1..=500)
        .map(|id| format!("{id} protocol_version\n"))
        .collect();
    stream.write_all(batch.as_bytes()).unwrap();
    running.signal(signal);
    let mut answers = String::new();
    stream.read_to_string(&mut answers).unwrap();
    let expected: String = (1..=500).map(|id| format!("={id} 2\n\n")).collect();
    assert_eq!(answers, expected);
    assert!(running.wait().success());
    assert_eq!(stdout.recv_timeout(PATIENCE).unwrap(), "");
}

#[test]
fn sigterm_answers_what_was_sent_then_exits_zero() {
    let _bound = bound();
    drains_on("TERM");
}

#[test]
fn sigint_answers_what_was_sent_then_exits_zero() {
    let _bound = bound();
    drains_on("INT");
}

/// `boardsize 255` then `count` `showboard`: some 130 KB of answer each.
fn huge_answers(count: usize) -> String {
    format!("boardsize 255\n{}", "showboard\n".repeat(count))
}

/// The drain timeout's default, plus a generous margin for a loaded machine.
const DRAINED_WITHIN: Duration = Duration::from_secs(25);

#[test]
fn sigterm_stops_a_server_whose_client_never_reads() {
    let _bound = bound();
    let (mut running, address, stdout) = serve();
    let mut greedy = connect(&address);
    greedy.write_all(b"0 name\n").unwrap();
    assert_eq!(response(&mut greedy), "=0 gamebot\n\n");
    // Tens of megabytes owed and never read: the server's write blocks, and without the
    // drain timeout would until the idle timeout, an hour away.
    greedy.write_all(huge_answers(300).as_bytes()).unwrap();
    running.signal("TERM");
    assert!(running.wait_within(DRAINED_WITHIN).success());
    assert_eq!(stdout.recv_timeout(PATIENCE).unwrap(), "");
    drop(greedy);
}

#[test]
fn a_signal_stops_an_idle_server_with_status_zero() {
    let _bound = bound();
    let (mut running, address, stdout) = serve();
    let logs = read_all_later(running.child.stderr.take().unwrap());
    let mut idle = connect(&address);
    idle.write_all(b"qttt-new\n").unwrap();
    assert_eq!(response(&mut idle), "= \n\n");
    running.signal("TERM");
    let mut rest = String::new();
    idle.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "");
    assert!(running.wait().success());
    assert_eq!(stdout.recv_timeout(PATIENCE).unwrap(), "");
    // The logs went to stderr.
    let logs = logs.recv_timeout(PATIENCE).unwrap();
    assert!(logs.contains("session started"), "{logs}");
    assert!(logs.contains("shutting down"), "{logs}");
}

#[test]
fn log_format_json_writes_one_json_object_a_line() {
    let _bound = bound();
    let (mut running, address, _stdout) = serve_with(&["--log-format", "json"]);
    let logs = read_all_later(running.child.stderr.take().unwrap());
    let mut client = connect(&address);
    client.write_all(b"qttt-new\n").unwrap();
    assert_eq!(response(&mut client), "= \n\n");
    drop(client);
    running.signal("TERM");
    assert!(running.wait().success());
    let logs = logs.recv_timeout(PATIENCE).unwrap();
    let events: Vec<serde_json::Value> = logs
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let started = events
        .iter()
        .find(|event| event["fields"]["message"] == "session started")
        .unwrap_or_else(|| panic!("no session started event: {logs}"));
    assert_eq!(started["level"], "INFO");
    assert!(started["span"]["peer"].is_string(), "{started}");
}

#[test]
fn connections_that_send_no_game_command_log_nothing_at_info() {
    let _bound = bound();
    let (mut running, address, _stdout) = serve_with(&["--log-format", "json"]);
    let logs = read_all_later(running.child.stderr.take().unwrap());
    // Health checks: a bare connect and close, and deploy/haproxy's GTP check.
    for _ in 0..3 {
        drop(connect(&address));
        let mut check = connect(&address);
        check.write_all(b"protocol_version\r\nquit\r\n").unwrap();
        let mut answers = String::new();
        check.read_to_string(&mut answers).unwrap();
        assert_eq!(answers, "= 2\n\n= \n\n");
    }
    let mut client = connect(&address);
    client.write_all(b"name\nwythoff-new 3 5\n").unwrap();
    assert_eq!(response(&mut client), "= gamebot\n\n");
    assert_eq!(response(&mut client), "= \n\n");
    drop(client);
    running.signal("TERM");
    assert!(running.wait().success());
    let logs = logs.recv_timeout(PATIENCE).unwrap();
    let connection_events: Vec<String> = logs
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|event| event["span"]["name"] == "connection")
        // Whatever RUST_LOG says: only what INFO and above show.
        .filter(|event| !matches!(event["level"].as_str(), Some("DEBUG" | "TRACE")))
        .map(|event| format!("{} {}", event["level"], event["fields"]["message"]))
        .collect();
    assert_eq!(
        connection_events,
        ["\"INFO\" \"session started\"", "\"INFO\" \"closed\""],
        "{logs}"
    );
}

#[test]
fn a_signal_right_after_the_address_line_is_a_graceful_stop() {
    let _bound = bound();
    for signal in ["TERM", "INT"] {
        let (mut running, _address, stdout) = serve();
        running.signal(signal);
        assert!(running.wait().success(), "SIG{signal} killed the server");
        assert_eq!(stdout.recv_timeout(PATIENCE).unwrap(), "");
    }
}

fn stdio() -> Running {
    stdio_with(&[])
}

/// `gamebot stdio` with these options, its stdin and stdout piped.
fn stdio_with(options: &[&str]) -> Running {
    Running::spawn(
        gamebot()
            .arg("stdio")
            .args(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
}

#[test]
fn stdio_answers_commands_and_quits_with_status_zero() {
    let _bound = bound();
    let mut running = stdio();
    let mut stdin = running.child.stdin.take().unwrap();
    let stdout = read_all_later(running.child.stdout.take().unwrap());
    stdin
        .write_all(b"1 name\n# a comment\n2 protocol_version\nfly\n3 quit\n")
        .unwrap();
    // stdin stays open: quit alone must end the process.
    assert_eq!(
        stdout.recv_timeout(PATIENCE).unwrap(),
        "=1 gamebot\n\n=2 2\n\n? unknown command\n\n=3 \n\n"
    );
    assert!(running.wait().success());
    drop(stdin);
}

#[test]
fn stdio_ponders_between_moves_and_ends_at_the_end_of_input() {
    let _bound = bound();
    // The end of input ends the session while the engine ponders on White's time.
    let answers = stdio_answers(
        &["--go-ponder", "--go-playouts", "50", "--seed", "1"],
        "boardsize 7\n1 genmove b\nplay w D4\n2 genmove b\n3 genmove w\n",
    );
    let moves: Vec<&str> = answers
        .split("\n\n")
        .filter(|answer| {
            answer.starts_with("=1") || answer.starts_with("=2") || answer.starts_with("=3")
        })
        .collect();
    assert_eq!(moves.len(), 3, "{answers}");
    assert!(answers.starts_with("= \n\n=1 "), "{answers}");
}

#[test]
fn stdio_answers_a_heavy_last_command_after_the_end_of_input() {
    let _bound = bound();
    // `gamebot stdio < commands`: the end of stdin is no client gone, unlike over TCP.
    let answers = stdio_answers(&[], "qttt-new\n1 qttt-genmove\n");
    assert!(answers.starts_with("= \n\n=1 "), "{answers}");
}

#[test]
fn stdio_honours_the_line_limit() {
    let _bound = bound();
    let mut running = stdio_with(&["--max-line-bytes", "8"]);
    let mut stdin = running.child.stdin.take().unwrap();
    let stdout = read_all_later(running.child.stdout.take().unwrap());
    stdin.write_all(b"1 protocol_version\n2 name\n").unwrap();
    drop(stdin);
    assert_eq!(
        stdout.recv_timeout(PATIENCE).unwrap(),
        "? line too long\n\n=2 gamebot\n\n"
    );
    assert!(running.wait().success());
}

#[test]
fn stdio_streams_analysis_until_the_next_line() {
    let _bound = bound();
    let mut running = stdio_with(&["--go-move-time", "0.2"]);
    let mut stdin = running.child.stdin.take().unwrap();
    let mut stdout = BufReader::new(running.child.stdout.take().unwrap());
    stdin.write_all(b"boardsize 9\n4 lz-analyze b 1\n").unwrap();
    let mut line = String::new();
    let mut read_line = |line: &mut String| {
        line.clear();
        stdout.read_line(line).unwrap();
        line.clone()
    };
    assert_eq!(read_line(&mut line), "= \n");
    assert_eq!(read_line(&mut line), "\n");
    assert_eq!(read_line(&mut line), "=4\n");
    for _ in 0..3 {
        assert!(read_line(&mut line).starts_with("info move "), "{line}");
    }
    stdin.write_all(b"5 name\n").unwrap();
    // Reports already on their way may come before the end of the stream.
    while read_line(&mut line) != "\n" {
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(read_line(&mut line), "=5 gamebot\n");
    drop(stdin);
    assert!(running.wait().success());
}

#[test]
fn stdio_ends_with_status_zero_at_end_of_input() {
    let _bound = bound();
    let mut running = stdio();
    let mut stdin = running.child.stdin.take().unwrap();
    let stdout = read_all_later(running.child.stdout.take().unwrap());
    stdin.write_all(b"name\nversion").unwrap();
    drop(stdin);
    assert_eq!(
        stdout.recv_timeout(PATIENCE).unwrap(),
        format!("= gamebot\n\n= {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    assert!(running.wait().success());
}

/// Takes the pipes of a `gamebot stdio` and sees one answer come back, so its signal
/// handlers are surely in place.
fn answering(
    running: &mut Running,
) -> (
    std::process::ChildStdin,
    BufReader<std::process::ChildStdout>,
) {
    let mut stdin = running.child.stdin.take().unwrap();
    let mut stdout = BufReader::new(running.child.stdout.take().unwrap());
    stdin.write_all(b"name\n").unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "= gamebot\n");
    (stdin, stdout)
}

#[test]
fn stdio_exits_zero_on_sigterm_while_waiting_for_input() {
    let _bound = bound();
    let mut running = stdio();
    let (stdin, _stdout) = answering(&mut running);
    running.signal("TERM");
    // stdin stays open: the signal alone must end the process.
    assert!(running.wait().success());
    drop(stdin);
}

#[test]
fn stdio_exits_zero_on_sigterm_while_its_output_is_not_read() {
    let _bound = bound();
    let mut running = stdio_with(&["--drain-timeout", "1"]);
    let (mut stdin, stdout) = answering(&mut running);
    // Far more than the pipe holds, never read: the write to stdout blocks.
    stdin.write_all(huge_answers(300).as_bytes()).unwrap();
    running.signal("TERM");
    assert!(running.wait_within(DRAINED_WITHIN).success());
    drop((stdin, stdout));
}

/// Asserts that `gamebot SUBCOMMAND --help` documents each option with its default, on
/// the option's own entry: from its flag up to the next option's.
fn help_shows_defaults(subcommand: &str, options: &[(&str, &str)]) {
    let output = gamebot().args([subcommand, "--help"]).output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for (option, default) in options {
        let entry =
            help_entry(&help, option).unwrap_or_else(|| panic!("{option} missing from:\n{help}"));
        assert!(
            entry.contains(&format!("[default: {default}]")),
            "{option} lacks its default {default} in its entry:\n{entry}"
        );
    }
}

/// The lines of `option`'s help entry: its flag's line, then those up to the next flag.
fn help_entry(help: &str, option: &str) -> Option<String> {
    let is_flag = |line: &str| line.trim_start().starts_with('-');
    let mut lines = help
        .lines()
        .skip_while(|line| !is_flag(line) || line.split_whitespace().next() != Some(option));
    let first = lines.next()?;
    let rest = lines.take_while(|line| !is_flag(line));
    Some(
        std::iter::once(first)
            .chain(rest)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

#[test]
fn serve_help_lists_every_option_with_its_default() {
    let _bound = bound();
    help_shows_defaults(
        "serve",
        &[
            ("--listen", "127.0.0.1:7070"),
            ("--max-connections", "10000"),
            ("--idle-timeout", "3600"),
            ("--drain-timeout", "10"),
            ("--max-line-bytes", "1048576"),
            ("--heavy-queue", "1024"),
            ("--http", "off"),
            ("--go-move-time", "1"),
            ("--go-resign-below", "0.05"),
            (
                "--go-max-nodes",
                "2000000 for serve, 8000000 for stdio and analysis",
            ),
            ("--log-format", "text"),
        ],
    );
}

#[test]
fn serve_help_explains_allow_origin() {
    let _bound = bound();
    let output = gamebot().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let entry = help_entry(&help, "--allow-origin").expect("--allow-origin in serve --help");
    for words in ["ORIGIN", "repeatable", "*", "403"] {
        assert!(entry.contains(words), "{words:?} missing from {entry}");
    }
}

#[test]
fn stdio_help_lists_every_option_with_its_default() {
    let _bound = bound();
    help_shows_defaults(
        "stdio",
        &[
            ("--max-line-bytes", "1048576"),
            ("--drain-timeout", "10"),
            ("--go-move-time", "1"),
            ("--go-resign-below", "0.05"),
            (
                "--go-max-nodes",
                "2000000 for serve, 8000000 for stdio and analysis",
            ),
            ("--log-format", "text"),
        ],
    );
}

#[test]
fn top_level_help_names_both_modes() {
    let _bound = bound();
    let output = gamebot().arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("serve"), "{help}");
    assert!(help.contains("stdio"), "{help}");
}

/// What `gamebot ARGS` (stdin empty) writes on stderr, after checking that it refused
/// to run: a failing exit status and nothing on stdout.
fn refusal(args: &[&str]) -> String {
    let output = gamebot().args(args).stdin(Stdio::null()).output().unwrap();
    assert!(!output.status.success(), "{args:?} was accepted");
    assert_eq!(output.stdout, b"", "{args:?}: stdout must stay empty");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn a_bad_listen_address_fails_clearly() {
    let _bound = bound();
    for bad in ["nonsense", "127.0.0.1:99999", "127.0.0.1"] {
        let message = refusal(&["serve", "--listen", bad]);
        assert!(
            message.contains(&format!("cannot listen on {bad}")),
            "{bad}: unclear message {message:?}"
        );
    }
}

#[test]
fn bad_option_values_are_refused() {
    let _bound = bound();
    for args in [
        &["serve", "--max-connections", "0"][..],
        &["serve", "--idle-timeout", "soon"],
        &["serve", "--max-line-bytes", "-1"],
        &["serve", "--drain-timeout", "0"],
        &["stdio", "--drain-timeout", "never"],
        &["serve", "--colour", "blue"],
        &["serve", "--go-move-time", "0"],
        &["stdio", "--go-move-time", "-1"],
        &["stdio", "--go-move-time", "inf"],
        &["serve", "--go-playouts", "0"],
        &["serve", "--go-resign-below", "1.5"],
        &["stdio", "--go-max-nodes", "99999"],
        &["analysis", "--go-max-nodes", "many"],
        &["serve", "--allow-origin", "evil.example"],
        &["serve", "--allow-origin", "https://play.example/page"],
        &["stdio", "--seed", "-3"],
        &["fly"],
    ] {
        let output = gamebot().args(args).stdin(Stdio::null()).output().unwrap();
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(!output.stderr.is_empty(), "{args:?}: no message");
    }
}

#[test]
fn serve_and_stdio_help_state_the_move_limit_and_the_komi_rules() {
    let _bound = bound();
    for subcommand in ["serve", "stdio"] {
        let output = gamebot().args([subcommand, "--help"]).output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        for fact in [
            "at most 3 x size x size + 1000 moves",
            "Komi is exact: a plain decimal with at most 6 decimals",
            "exponents, inf and nan are refused",
        ] {
            assert!(
                help.contains(fact),
                "{subcommand} --help lacks {fact:?}:\n{help}"
            );
        }
    }
}

#[test]
fn stdio_reads_and_writes_sgf_files_where_it_is_told() {
    let _bound = bound();
    let dir = scratch("stdio-sgf");
    let game = dir.join("game.sgf");
    let copy = dir.join("copy.sgf");
    std::fs::write(&game, "(;SZ[9]KM[6.5];B[ee];W[cc])").unwrap();
    let mut running = stdio();
    let mut stdin = running.child.stdin.take().unwrap();
    let stdout = read_all_later(running.child.stdout.take().unwrap());
    let commands = format!(
        "1 loadsgf {}\n2 printsgf {}\n3 quit\n",
        game.display(),
        copy.display()
    );
    stdin.write_all(commands.as_bytes()).unwrap();
    assert_eq!(
        stdout.recv_timeout(PATIENCE).unwrap(),
        "=1 \n\n=2 \n\n=3 \n\n"
    );
    assert!(running.wait().success());
    let written = std::fs::read_to_string(&copy).unwrap();
    assert!(
        written.contains("SZ[9]KM[6.5]") && written.contains(";W[cc])"),
        "{written}"
    );
}

#[test]
fn serve_refuses_an_sgf_directory_it_cannot_find() {
    let _bound = bound();
    let output = gamebot()
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--sgf-dir",
            "/nonexistent/gamebot",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--sgf-dir /nonexistent/gamebot"),
        "{stderr}"
    );
}

/// The answers of `gamebot stdio` with `options` to `commands`, all sent at once.
fn stdio_answers(options: &[&str], commands: &str) -> String {
    let mut running = stdio_with(options);
    let mut stdin = running.child.stdin.take().unwrap();
    let stdout = read_all_later(running.child.stdout.take().unwrap());
    stdin.write_all(commands.as_bytes()).unwrap();
    drop(stdin);
    let answers = stdout.recv_timeout(PATIENCE).unwrap();
    assert!(running.wait().success(), "{options:?}");
    answers
}

#[test]
fn a_genmove_ends_its_search_when_the_tree_given_by_go_max_nodes_is_full() {
    let _bound = bound();
    // 100,000 nodes fill in about 20,000 simulations on 9x9; the log line of the move
    // says how many it ran and why it stopped.
    let mut running = Running::spawn(
        gamebot()
            .env("RUST_LOG", "gamebot=debug")
            .args(["stdio", "--go-max-nodes", "100000"])
            .args(["--go-playouts", "200000", "--seed", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    );
    let mut stdin = running.child.stdin.take().unwrap();
    let stderr = read_all_later(running.child.stderr.take().unwrap());
    stdin
        .write_all(
            b"boardsize 9
genmove b
",
        )
        .unwrap();
    drop(stdin);
    let log = stderr.recv_timeout(PATIENCE).unwrap();
    assert!(running.wait().success());
    let line = log
        .lines()
        .find(|line| line.contains("genmove") && line.contains("playouts="))
        .unwrap_or_else(|| panic!("no genmove line in {log}"));
    assert!(line.contains("full=true"), "{line}");
    let playouts: u64 = line
        .split_whitespace()
        .find_map(|word| word.strip_prefix("playouts="))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!((1_000..200_000).contains(&playouts), "{line}");
}

#[test]
fn stdio_plays_with_the_move_model_it_is_given() {
    let _bound = bound();
    let dir = scratch("go-model");
    let seeded = ["--go-playouts", "40", "--seed", "3"];
    let commands = "boardsize 9\n1 genmove b\n2 genmove w\n3 genmove b\n";
    // The shipped weights, given as a file, play as the built-in model does.
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/go/engine/model/move_model.txt"
    );
    let given = [&seeded[..], &["--go-model", shipped]].concat();
    assert_eq!(
        stdio_answers(&given, commands),
        stdio_answers(&seeded, commands)
    );
    // A model in love with the first line of an empty area opens there.
    let edge_lover = edge_loving_model(&dir);
    let given = [&seeded[..], &["--go-model", edge_lover.to_str().unwrap()]].concat();
    let answers = stdio_answers(&given, "boardsize 9\n1 genmove b\n");
    let vertex = answers
        .split("\n\n")
        .find_map(|answer| answer.strip_prefix("=1 "))
        .unwrap_or_else(|| panic!("no move in {answers:?}"));
    let (column, row) = vertex.split_at(1);
    assert!(
        matches!(column, "A" | "J") || matches!(row, "1" | "9"),
        "opened at {vertex}"
    );
}

/// Writes into `dir` a 9x9 policy network (as `--go-policy-net` reads it) that puts
/// nearly all its probability on the four corners, and returns its path: one layer of 16
/// channels whose first counts the point's neighbours off the board, and a head that
/// weighs that count by 10.
fn corner_loving_net(dir: &std::path::Path) -> std::path::PathBuf {
    let mut weights = vec!["0"; 16 * 14 * 9];
    // Output channel 0, input plane 12 (every point of the board), all nine taps.
    weights[12 * 9..13 * 9].fill("-1");
    let mut biases = vec!["0"; 16];
    biases[0] = "9";
    let mut head = vec!["0"; 16];
    head[0] = "10";
    let text = format!(
        "gamebot-policy-net 1\n16 1\n16 14 3 3\n{}\n{}\n1 16 1 1\n{}\n0\n",
        weights.join(" "),
        biases.join(" "),
        head.join(" ")
    );
    let path = dir.join("corners.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn stdio_plays_with_the_policy_net_it_is_given() {
    let _bound = bound();
    let dir = scratch("policy-net");
    let seeded = ["--go-playouts", "40", "--seed", "3"];
    // A network that loves the corners opens in one on 9x9; without it the engine opens
    // elsewhere, and on a board of another size it never asks the network.
    let corners = corner_loving_net(&dir);
    let given = [&seeded[..], &["--go-policy-net", corners.to_str().unwrap()]].concat();
    let opening = |options: &[&str], size: usize| {
        let answers = stdio_answers(options, &format!("boardsize {size}\n1 genmove b\n"));
        answers
            .split("\n\n")
            .find_map(|answer| answer.strip_prefix("=1 "))
            .unwrap_or_else(|| panic!("no move in {answers:?}"))
            .to_string()
    };
    let corner = opening(&given, 9);
    assert!(
        ["A1", "A9", "J1", "J9"].contains(&corner.as_str()),
        "opened at {corner}"
    );
    assert!(!["A1", "A9", "J1", "J9"].contains(&opening(&seeded, 9).as_str()));
    let without = [&seeded[..], &["--go-policy-net", "none"]].concat();
    assert_eq!(opening(&given, 13), opening(&without, 13));
    // The repository's two 9x9 networks and its 13x13 one read, and change the seeded
    // moves (on 13x13, the built-in network's).
    for (file, size) in [
        ("policy_9x9.txt", 9),
        ("policy_9x9_katago.txt", 9),
        ("policy_13x13_katago.txt", 13),
    ] {
        let commands = format!("boardsize {size}\n1 genmove b\n2 genmove w\n");
        let without = stdio_answers(&seeded, &commands);
        let trained = format!("{}/data/policy-nets/{file}", env!("CARGO_MANIFEST_DIR"));
        let given = [&seeded[..], &["--go-policy-net", trained.as_str()]].concat();
        let answers = stdio_answers(&given, &commands);
        assert!(
            answers.contains("=1 ") && answers.contains("=2 "),
            "{file}: {answers:?}"
        );
        assert_ne!(answers, without, "{file}");
    }
}

#[test]
fn the_built_in_policy_net_plays_on_13x13_unless_turned_off() {
    let _bound = bound();
    let seeded = ["--go-playouts", "40", "--seed", "5"];
    let three_sizes = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/policy-nets/policy_9_13_19.txt"
    );
    let file = [&seeded[..], &["--go-policy-net", three_sizes]].concat();
    let without = [&seeded[..], &["--go-policy-net", "none"]].concat();
    let commands =
        |size: usize| format!("boardsize {size}\n1 genmove b\n2 genmove w\n3 genmove b\n");
    let builtin = stdio_answers(&seeded, &commands(13));
    assert!(builtin.contains("=3 "), "{builtin:?}");
    assert_eq!(builtin, stdio_answers(&file, &commands(13)));
    assert_ne!(builtin, stdio_answers(&without, &commands(13)));
    // On 9x9 and 19x19 the built-in network stays out: the move model's priors, as
    // with none.
    for size in [9, 19] {
        assert_eq!(
            stdio_answers(&seeded, &commands(size)),
            stdio_answers(&without, &commands(size)),
            "{size}x{size}"
        );
    }
}

#[test]
fn an_unreadable_policy_net_is_refused_by_name() {
    let _bound = bound();
    assert_unreadable_file_refused("--go-policy-net", "not a gamebot policy network");
}

/// The layers of a 9x9 value network for komi 7 that judges a position by how many
/// stones the side to move has (the more, the worse for it), as `--go-value-net` reads
/// them after its header, its first layer reading `inputs` channels: one layer of 16
/// channels whose first copies input channel 0 (the mover's stones among the input
/// planes, or a copy of them in a policy network's last layer), a first fully connected
/// layer that weighs their mean by -40.
fn stone_counting(inputs: usize) -> String {
    let mut first = vec!["0"; 17];
    first[0] = "-40";
    format!(
        "sizes 9\nkomi 7\n16 1 1\n16 {inputs} 3 3\n{}\n{}\n1 17 1 1\n{}\n2\n1 1 1 1\n1\n0\n",
        copying(inputs),
        vec!["0"; 16].join(" "),
        first.join(" ")
    )
}

/// The weights of a 3x3 layer of 16 channels from `inputs` whose first output channel
/// copies the first input channel, the rest 0.
fn copying(inputs: usize) -> String {
    let mut weights = vec!["0"; 16 * inputs * 9];
    // Output channel 0, input channel 0, the middle tap.
    weights[4] = "1";
    weights.join(" ")
}

/// Writes `text` into `dir` as `name` and returns its path.
fn written(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Writes into `dir` the [stone-counting](stone_counting) value network as
/// `--go-value-net` reads it, and returns its path.
fn stone_counting_value_net(dir: &std::path::Path) -> std::path::PathBuf {
    let text = format!("gamebot-value-net 1\n{}", stone_counting(14));
    written(dir, "stones.txt", &text)
}

/// Writes into `dir` a 9x9 policy network (as `--go-policy-net` reads it) of one layer
/// whose first channel copies the mover's stones and whose head weighs nothing (every
/// legal move alike), with the [stone-counting](stone_counting) value head when `head`,
/// and returns its path.
fn stone_copying_policy_net(dir: &std::path::Path, head: bool) -> std::path::PathBuf {
    let zeros = vec!["0"; 16].join(" ");
    let mut text = format!(
        "gamebot-policy-net 2\nsizes 9\n16 1\n16 14 3 3\n{}\n{zeros}\n1 16 1 1\n{zeros}\n0\n",
        copying(14)
    );
    if head {
        text += &format!("value-head\n{}", stone_counting(16));
    }
    written(dir, &format!("policy-{head}.txt"), &text)
}

#[test]
fn stdio_plays_with_the_value_net_it_is_given_at_its_size_and_komi() {
    let _bound = bound();
    let dir = scratch("value-net");
    let seeded = ["--go-playouts", "300", "--seed", "3"];
    let net = stone_counting_value_net(&dir);
    let given = [&seeded[..], &["--go-value-net", net.to_str().unwrap()]].concat();
    let moves = |options: &[&str], size: usize, komi: &str| {
        let commands = format!(
            "boardsize {size}\nkomi {komi}\n1 genmove b\n2 genmove w\n3 genmove b\n4 genmove w\n"
        );
        let answers = stdio_answers(options, &commands);
        assert!(answers.contains("=4 "), "{answers:?}");
        answers
    };
    // It changes the seeded moves on 9x9 at komi 7, the size and komi it names...
    assert_ne!(moves(&given, 9, "7"), moves(&seeded, 9, "7"));
    // ...and is not asked at another komi or on another size.
    assert_eq!(moves(&given, 9, "6.5"), moves(&seeded, 9, "6.5"));
    assert_eq!(moves(&given, 13, "7"), moves(&seeded, 13, "7"));
}

#[test]
fn stdio_judges_with_the_value_head_its_policy_net_carries_at_its_komi() {
    let _bound = bound();
    let dir = scratch("value-head");
    let seeded = ["--go-playouts", "300", "--seed", "3", "--go-policy-net"];
    let headed = stone_copying_policy_net(&dir, true);
    let plain = stone_copying_policy_net(&dir, false);
    let headed = [&seeded[..], &[headed.to_str().unwrap()]].concat();
    let plain = [&seeded[..], &[plain.to_str().unwrap()]].concat();
    let moves = |options: &[&str], komi: &str| {
        let commands = format!(
            "boardsize 9\nkomi {komi}\n1 genmove b\n2 genmove w\n3 genmove b\n4 genmove w\n"
        );
        let answers = stdio_answers(options, &commands);
        assert!(answers.contains("=4 "), "{answers:?}");
        answers
    };
    // The head changes the seeded moves at its komi, and at another is not asked.
    assert_ne!(moves(&headed, "7"), moves(&plain, "7"));
    assert_eq!(moves(&headed, "6.5"), moves(&plain, "6.5"));
}

#[test]
fn an_unreadable_value_net_is_refused_by_name() {
    let _bound = bound();
    assert_unreadable_file_refused("--go-value-net", "not a gamebot value network");
}

#[test]
fn stdio_plays_with_the_playout_style_it_is_given() {
    let _bound = bound();
    let seeded = ["--go-playouts", "60", "--seed", "3"];
    let commands = "boardsize 9\n1 genmove b\n2 genmove w\n3 genmove b\n4 genmove w\n";
    let standard = [&seeded[..], &["--go-playout-style", "standard"]].concat();
    assert_eq!(
        stdio_answers(&standard, commands),
        stdio_answers(&seeded, commands),
        "standard is the default"
    );
    // The Moggy playouts play four moves, the same ones again with the same seed.
    let moggy = [&seeded[..], &["--go-playout-style", "moggy"]].concat();
    let answers = stdio_answers(&moggy, commands);
    for id in 1..=4 {
        assert!(
            answers.contains(&format!("={id} ")),
            "no move {id} in {answers:?}"
        );
    }
    assert_eq!(stdio_answers(&moggy, commands), answers);
}

#[test]
fn an_unknown_playout_style_is_refused_by_name() {
    let _bound = bound();
    for subcommand in ["stdio", "serve", "analysis"] {
        let message = refusal(&[subcommand, "--go-playout-style", "heavy"]);
        assert!(
            message.contains("'heavy' is not a playout style (standard or moggy)"),
            "{subcommand}: unclear message {message:?}"
        );
    }
}

#[test]
fn an_unreadable_move_model_is_refused_by_name() {
    let _bound = bound();
    assert_unreadable_file_refused("--go-model", "not a gamebot move model");
}

#[test]
fn stdio_answers_from_the_opening_book_it_is_given() {
    let _bound = bound();
    let dir = scratch("book");
    // Moves no search would choose, so that only the book can give them.
    let book = written(
        &dir,
        "book.txt",
        "gamebot-opening-book 1\nsize 9\nkomi 7\nB - - A1 0.5\nW A1 - J9 0.5\n",
    );
    let with_book = |extra: &[&str], commands: &str| {
        let options = [&["--go-playouts", "300", "--seed", "3"][..], extra].concat();
        stdio_answers(&options, commands)
    };
    let given = ["--go-book", book.to_str().unwrap()];
    let answers = with_book(
        &given,
        "boardsize 9\nkomi 7\n1 genmove b\n2 reg_genmove w\n",
    );
    assert!(
        answers.contains("=1 A1\n") && answers.contains("=2 J9\n"),
        "{answers:?}"
    );
    // The book's positions are looked up in any orientation: J1 is A1 mirrored, so the
    // answer is J9 mirrored.
    let answers = with_book(&given, "boardsize 9\nkomi 7\nplay b J1\n1 genmove w\n");
    assert!(answers.contains("=1 A9\n"), "{answers:?}");
    // Another komi, another board size, or no book (the default): the search's move.
    for (extra, commands) in [
        (&given[..], "boardsize 9\nkomi 6.5\n1 genmove b\n"),
        (&given[..], "boardsize 13\nkomi 7\n1 genmove b\n"),
        (&[][..], "boardsize 9\nkomi 7\n1 genmove b\n"),
    ] {
        let answers = with_book(extra, commands);
        assert!(
            answers.contains("=1 ") && !answers.contains("=1 A1\n"),
            "{answers:?}"
        );
    }
}

#[test]
fn a_bad_opening_book_is_refused_naming_the_line() {
    let _bound = bound();
    let dir = scratch("bad-book");
    let bad = written(
        &dir,
        "book.txt",
        "gamebot-opening-book 1\nsize 9\nkomi 7\nB - - Z9 0.5\n",
    );
    let missing = dir.join("missing.txt");
    for (subcommand, path, why) in [
        ("stdio", &bad, "line 4"),
        ("serve", &missing, "No such file"),
    ] {
        let message = refusal(&[subcommand, "--go-book", path.to_str().unwrap()]);
        let named = format!("--go-book {}", path.display());
        assert!(
            message.contains(&named) && message.contains(why),
            "{subcommand}: unclear message {message:?}"
        );
    }
}

/// Checks that `stdio`, `serve` and `analysis` refuse to start when `option` names a
/// file that is not what it wants (the message saying `not_one`) or no file at all,
/// with a message naming the option and the file.
fn assert_unreadable_file_refused(option: &str, not_one: &str) {
    let dir = scratch(&format!("bad-file{option}"));
    let wrong = dir.join("notes.txt");
    std::fs::write(&wrong, "a shopping list\n").unwrap();
    let missing = dir.join("missing.txt");
    for (subcommand, path, why) in [
        ("stdio", &wrong, not_one),
        ("serve", &missing, "No such file"),
        ("analysis", &wrong, not_one),
    ] {
        let message = refusal(&[subcommand, option, path.to_str().unwrap()]);
        let named = format!("{option} {}", path.display());
        assert!(
            message.contains(&named) && message.contains(why),
            "{subcommand} {option}: unclear message {message:?}"
        );
    }
}
