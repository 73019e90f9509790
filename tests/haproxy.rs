//! Scale-out through HAProxy (`deploy/haproxy/run-local 3`): 2,000 concurrent sessions
//! each play a short Wythoff game and a QTTT game without a single wrong answer; then one
//! server is killed with SIGKILL: sessions on it see their connection close (never a
//! wrong answer), the others go on, and every new session is served; then a rolling
//! restart (SIGHUP to run-local: SIGTERM each server in turn and start it again) loses no
//! answered command. Skips with a notice when HAProxy is missing, except under CI=true.

mod common;
use common::bounded_multi;

use common::outside::outside_program;
use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader as AsyncBufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// How long any one answer may take before the test fails (liveness only).
const PATIENCE: Duration = Duration::from_secs(20);

/// How long the rolling restart may take before the test fails showing run-local's log
/// (it takes about a second: each server drains its sessions and comes back).
const RESTART_PATIENCE: Duration = Duration::from_secs(30);

/// One session's script: a short Wythoff game and a short QTTT game, with the answers
/// every correct server gives.
const SCRIPT: &[(&str, &str)] = &[
    ("protocol_version", "= 2"),
    ("wythoff-new 10 7", "= "),
    ("wythoff-solve 10 7", "= 4 7"),
    ("wythoff-genmove", "= 4 7"),
    ("wythoff-play 4 2", "= "),
    ("wythoff-genmove", "= 1 2"),
    ("wythoff-status", "= 1 2 second"),
    ("qttt-new", "= "),
    ("qttt-play ab be de", "= move o"),
    ("qttt-play ae", "= collapse x 1 4"),
    ("qttt-play 4", "= move x"),
    ("qttt-record", "= AB BE DE AE 4"),
    ("qttt-new", "= "),
    ("qttt-play AI EG BE EH DG AI 1", "= move x"),
    ("qttt-genmove", "= DG"),
    ("qttt-status", "= collapse o 5 7"),
    ("qttt-score AI EG BE EH DG AI 1 BC CE 3", "= 0.5 1"),
    ("name", "= gamebot"),
];

/// What can become of a command sent through the balancer.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// A whole response (without its empty line).
    Text(String),
    /// The connection closed before any byte of the response.
    Closed,
}

/// A GTP client that tells a clean close (between responses) from a broken answer.
struct Client {
    reader: AsyncBufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let stream = tokio::time::timeout(PATIENCE, TcpStream::connect(addr))
            .await
            .expect("connect in time")
            .expect("connect");
        let (reader, writer) = stream.into_split();
        Client {
            reader: AsyncBufReader::new(reader),
            writer,
        }
    }

    /// Sends `line`; the response, or `Closed` when the connection ends before it. A
    /// response cut off in the middle fails the test.
    async fn ask(&mut self, line: &str) -> Answer {
        if self
            .writer
            .write_all(format!("{line}\n").as_bytes())
            .await
            .is_err()
        {
            return Answer::Closed;
        }
        let mut text = String::new();
        loop {
            let mut piece = String::new();
            let read = tokio::time::timeout(PATIENCE, self.reader.read_line(&mut piece))
                .await
                .expect("an answer in time");
            match read {
                Ok(0) | Err(_) if text.is_empty() => return Answer::Closed,
                Ok(0) | Err(_) => panic!("{line:?}: the answer was cut: {text:?}"),
                Ok(_) if piece == "\n" => {
                    return Answer::Text(text.trim_end_matches('\n').to_string())
                }
                Ok(_) => text.push_str(&piece),
            }
        }
    }
}

/// Runs the script on `client`: `true` when every command was answered rightly, `false`
/// when the connection closed cleanly at some point; a wrong answer fails the test.
async fn play(client: &mut Client) -> bool {
    for &(command, expected) in SCRIPT {
        match client.ask(command).await {
            Answer::Text(text) => assert_eq!(text, expected, "{command}"),
            Answer::Closed => return false,
        }
    }
    true
}

/// `run-local 3 PORT` and what it printed. Dropping it stops run-local and everything
/// it started; so does the end of the test binary (the watchdog's exit included).
struct Deployment {
    child: Child,
    output: Option<Output>,
    addr: SocketAddr,
    pids: Vec<u32>,
}

/// run-local's stdout, read line by line, and where its stderr goes.
struct Output {
    stdout: BufReader<ChildStdout>,
    log: PathBuf,
}

impl Output {
    /// The next line, without its line feed; run-local's end fails the test, showing
    /// its log.
    fn line(&mut self) -> String {
        let mut text = String::new();
        self.stdout
            .read_line(&mut text)
            .expect("run-local's stdout");
        assert!(
            !text.is_empty(),
            "run-local ended early; its log:\n{}",
            log_tail(&self.log)
        );
        text.trim_end().to_string()
    }
}

/// The last lines of a log file, for a failure message.
fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_else(|error| format!("({error})"));
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

impl Deployment {
    fn start(gamebot: &str, haproxy: &Path) -> Deployment {
        let port = free_ports(4);
        let log = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("haproxy-run-local.log");
        let mut command = Command::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/deploy/haproxy/run-local"
        ));
        command
            .args(["3", &port.to_string()])
            .env("GAMEBOT", gamebot)
            .env("GAMEBOT_ARGS", "--max-connections 5000 --drain-timeout 5")
            .env("HAPROXY", haproxy)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("run-local's log file"))
            // Its own process group, so that Drop can stop whatever it started.
            .process_group(0);
        // SAFETY: prctl and signal are async-signal-safe and touch no memory of this
        // process. The death signal follows the thread that spawns run-local: the
        // test's own, which polls the test's body to its end. When the test binary
        // ends, even by the watchdog's exit (which runs no Drop), run-local gets SIGTERM
        // and stops its servers and HAProxy. SIGHUP and SIGINT start ignored, as nohup
        // and background jobs leave them, so that the rolling restart also checks that
        // run-local takes them back (bash cannot trap a signal ignored on entry).
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                libc::signal(libc::SIGHUP, libc::SIG_IGN);
                libc::signal(libc::SIGINT, libc::SIG_IGN);
                Ok(())
            });
        }
        let mut child = command.spawn().expect("start run-local");
        let mut output = Output {
            stdout: BufReader::new(child.stdout.take().expect("piped")),
            log,
        };
        let first = output.line();
        let addr = first
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line: {first:?}"))
            .parse()
            .unwrap();
        let pids = (0..3)
            .map(|_| output.line().rsplit(' ').next().unwrap().parse().unwrap())
            .collect();
        Deployment {
            child,
            output: Some(output),
            addr,
            pids,
        }
    }

    /// Sends `signal` to process `pid` (one of run-local's, or run-local itself).
    fn signal(&self, pid: u32, signal: libc::c_int) {
        send(pid as i32, signal).expect("the signal was sent");
    }
}

impl Drop for Deployment {
    /// SIGTERM to run-local (it drains and stops its servers and HAProxy, each within a
    /// bound); after 20 s, SIGKILL to its whole process group. Either way nothing it
    /// started outlives the test.
    fn drop(&mut self) {
        let group = self.child.id() as i32;
        let _ = send(group, libc::SIGTERM);
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while matches!(self.child.try_wait(), Ok(None)) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        // A negative pid names the process group.
        let _ = send(-group, libc::SIGKILL);
        let _ = self.child.wait();
    }
}

/// kill(2): `signal` to process `pid` (a process group when negative).
fn send(pid: i32, signal: libc::c_int) -> std::io::Result<()> {
    // SAFETY: kill only sends a signal; it reads and writes no memory of this process.
    match unsafe { libc::kill(pid, signal) } {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

/// A port P such that P..P+count are free now on loopback, taken from 20000..32000:
/// below Linux's ephemeral range (32768 and up), which the thousands of connections of
/// this test and the tests before it fill with sockets in TIME_WAIT, so that neither a
/// client's port nor `bind(0)` running out of ports can get in the way.
fn free_ports(count: u16) -> u16 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    let start = (std::process::id() ^ nanos) % 12_000;
    (0..200u32)
        .map(|step| 20_000 + ((start + step * 61) % 12_000) as u16)
        .find(|&base| (0..count).all(|i| TcpListener::bind(("127.0.0.1", base + i)).is_ok()))
        .expect("no free ports")
}

/// Raises this process's limit of open files to its hard limit: the test holds
/// thousands of connections, and the servers and HAProxy inherit the limit.
fn raise_file_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

#[test]
fn sessions_through_haproxy_survive_a_killed_server_and_a_rolling_restart() {
    bounded_multi(2, async {
        let Some(haproxy) = outside_program(
            "haproxy",
            &["/usr/sbin"],
            "on Debian or Ubuntu: apt-get install haproxy",
        ) else {
            return;
        };
        raise_file_limit();
        let started = std::time::Instant::now();
        let mut deployment = Deployment::start(env!("CARGO_BIN_EXE_gamebot"), &haproxy);
        let addr = deployment.addr;

        // 2,000 sessions at once, each the whole script: zero errors.
        let mut sessions = Vec::new();
        for _ in 0..2000 {
            sessions.push(tokio::spawn(async move {
                let mut client = Client::connect(addr).await;
                assert!(play(&mut client).await, "a session was closed");
                client
            }));
        }
        let mut clients = Vec::new();
        for session in sessions {
            clients.push(session.await.unwrap());
        }

        // Kill one server: its sessions see the close, the others go on.
        deployment.signal(deployment.pids[0], libc::SIGKILL);
        let mut sessions = Vec::new();
        for mut client in clients.drain(..600) {
            sessions.push(tokio::spawn(async move { play(&mut client).await }));
        }
        drop(clients);
        let mut went_on = 0;
        let mut closed = 0;
        for session in sessions {
            if session.await.unwrap() {
                went_on += 1;
            } else {
                closed += 1;
            }
        }
        // leastconn spread the sessions evenly over the three servers.
        assert!(
            closed > 0 && went_on >= 300,
            "{closed} closed, {went_on} went on"
        );
        // Every new session is served, on the two servers left.
        let mut sessions = Vec::new();
        for _ in 0..300 {
            sessions.push(tokio::spawn(async move {
                let mut client = Client::connect(addr).await;
                assert!(play(&mut client).await, "a new session was closed");
            }));
        }
        for session in sessions {
            session.await.unwrap();
        }

        // Rolling restart while sessions keep playing (the killed server comes back too):
        // sessions whose server stops see a clean close and start again; no answer is ever
        // wrong or cut.
        let restarting = Arc::new(AtomicBool::new(true));
        let completed = Arc::new(AtomicUsize::new(0));
        let interrupted = Arc::new(AtomicUsize::new(0));
        let mut players = Vec::new();
        for _ in 0..200 {
            let (restarting, completed, interrupted) =
                (restarting.clone(), completed.clone(), interrupted.clone());
            players.push(tokio::spawn(async move {
                while restarting.load(Ordering::Relaxed) {
                    let mut client = Client::connect(addr).await;
                    while restarting.load(Ordering::Relaxed) {
                        if !play(&mut client).await {
                            interrupted.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        completed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }));
        }
        deployment.signal(deployment.child.id(), libc::SIGHUP);
        let mut output = deployment.output.take().unwrap();
        let log = output.log.clone();
        let restarted = tokio::time::timeout(
            RESTART_PATIENCE,
            tokio::task::spawn_blocking(move || (1..=3).map(|_| output.line()).collect::<Vec<_>>()),
        )
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the rolling restart took over {} s; run-local's log:\n{}",
                RESTART_PATIENCE.as_secs(),
                log_tail(&log)
            )
        })
        .unwrap();
        assert!(
            restarted.iter().all(|line| line.starts_with("restarted ")),
            "{restarted:?}; run-local's log:\n{}",
            log_tail(&log)
        );
        restarting.store(false, Ordering::Relaxed);
        for player in players {
            player.await.unwrap();
        }
        assert!(completed.load(Ordering::Relaxed) > 0);
        // After the restart, all three servers serve again.
        let mut client = Client::connect(addr).await;
        assert!(play(&mut client).await);
        let _ = writeln_stderr(&format!(
        "haproxy test: {} scripts completed during the rolling restart, {} interrupted by a clean close; {:.1} s in all",
        completed.load(Ordering::Relaxed),
        interrupted.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    ));
    })
}

/// Writes a line to stderr directly, past the test harness's capture.
fn writeln_stderr(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    writeln!(std::io::stderr(), "{text}")
}
