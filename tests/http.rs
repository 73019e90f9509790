//! `serve --http`: `/healthz`, the page, and `/ws`, a WebSocket that is one session with
//! the same answers, cap, limits and drain as a TCP connection.

mod common;
use common::bounded;

use common::{default_config, TestServer, PATIENCE};
use futures_util::{SinkExt, StreamExt};
use gamebot::server::AllowedOrigins;
use std::net::SocketAddr;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A WebSocket client of `/ws`.
struct Ws {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Ws {
    async fn connect(http: SocketAddr) -> Ws {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{http}/ws"))
            .await
            .expect("cannot open /ws");
        Ws { socket }
    }

    async fn send(&mut self, text: &str) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// The next message: its text, or `None` for a close (whose frame is returned by
    /// [`Ws::closed`]); panics on anything else.
    async fn next(&mut self) -> Message {
        tokio::time::timeout(PATIENCE, self.socket.next())
            .await
            .expect("no message in time")
            .expect("the socket ended without a close")
            .expect("the socket failed")
    }

    async fn text(&mut self) -> String {
        match self.next().await {
            Message::Text(text) => text.to_string(),
            other => panic!("expected a text message, got {other:?}"),
        }
    }

    async fn ask(&mut self, line: &str) -> String {
        self.send(line).await;
        self.text().await
    }

    /// Waits for the server's close frame.
    async fn closed(&mut self) -> Option<CloseFrame> {
        loop {
            match self.next().await {
                Message::Close(frame) => return frame,
                Message::Text(text) => panic!("expected a close, got {text:?}"),
                _ => continue,
            }
        }
    }
}

async fn http_server() -> (TestServer, SocketAddr) {
    let server = TestServer::start_with_http(default_config()).await;
    let http = server.http.unwrap();
    (server, http)
}

/// A plain HTTP/1.1 GET; the whole answer, head and body.
async fn get(http: SocketAddr, path: &str) -> String {
    let mut stream = TcpStream::connect(http).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(PATIENCE, stream.read_to_string(&mut answer))
        .await
        .expect("no answer in time")
        .unwrap();
    answer
}

#[test]
fn healthz_answers_ok_and_the_page_is_served() {
    bounded(async {
        let (server, http) = http_server().await;
        let health = get(http, "/healthz").await;
        assert!(health.starts_with("HTTP/1.1 200"), "{health}");
        assert!(health.ends_with("\r\n\r\nok"), "{health}");
        let page = get(http, "/").await;
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
        assert!(page.contains("text/html"), "{page}");
        assert!(page.contains("<title>gamebot</title>"), "{page}");
        for script in ["/gtp.js", "/qttt.js", "/wythoff.js", "/go.js", "/app.js"] {
            let file = get(http, script).await;
            assert!(file.contains("text/javascript"), "{script}: {file}");
        }
        assert!(get(http, "/nothing").await.starts_with("HTTP/1.1 404"));
        // /ws without the WebSocket handshake is refused, and the server goes on.
        assert!(get(http, "/ws").await.starts_with("HTTP/1.1 4"));
        assert!(get(http, "/healthz").await.ends_with("ok"));
        server.shutdown().await;
    })
}

/// The status code of a WebSocket upgrade of `/ws` sent to `host`, from a page of
/// `origin` when given, and the body of the answer.
async fn upgrade_status(http: SocketAddr, host: &str, origin: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(http).await.unwrap();
    let origin = origin.map_or(String::new(), |origin| format!("Origin: {origin}\r\n"));
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{origin}\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    // The head, and the body its content-length announces.
    tokio::time::timeout(PATIENCE, async {
        loop {
            let n = stream.read(&mut chunk).await.unwrap();
            answer.extend_from_slice(&chunk[..n]);
            let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
            let Some(head) = text.find("\r\n\r\n") else {
                assert!(n > 0, "closed mid-head: {text}");
                continue;
            };
            let length = text[..head]
                .split("\r\n")
                .find_map(|line| line.strip_prefix("content-length: "))
                .map_or(0, |length| length.trim().parse().unwrap());
            if n == 0 || answer.len() >= head + 4 + length {
                break;
            }
        }
    })
    .await
    .expect("no answer in time");
    let answer = String::from_utf8(answer).unwrap();
    let code = answer[9..12].parse().unwrap();
    (code, answer)
}

#[test]
fn websockets_from_pages_of_other_sites_are_refused() {
    bounded(async {
        let (server, http) = http_server().await;
        let host = http.to_string();
        let own = format!("http://{host}");
        assert_eq!(upgrade_status(http, &host, Some(&own)).await.0, 101);
        assert_eq!(upgrade_status(http, &host, None).await.0, 101);
        for other in ["http://evil.example", "null", "http://127.0.0.1:1"] {
            let (code, answer) = upgrade_status(http, &host, Some(other)).await;
            assert_eq!(code, 403, "{other}: {answer}");
            assert!(answer.contains("--allow-origin"), "{answer}");
        }
        // The server goes on.
        let mut ws = Ws::connect(http).await;
        assert_eq!(ws.ask("name").await, "= gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn allowed_origins_are_let_in_beside_the_page_s_own() {
    bounded(async {
        let listed = AllowedOrigins::new(&["https://play.example"]).unwrap();
        let server = TestServer::start_with_http_origins(default_config(), listed).await;
        let http = server.http.unwrap();
        let host = http.to_string();
        let status = |origin| upgrade_status(http, &host, Some(origin));
        assert_eq!(status("https://play.example").await.0, 101);
        let own = format!("http://{host}");
        assert_eq!(status(&own).await.0, 101);
        assert_eq!(status("https://other.example").await.0, 403);
        server.shutdown().await;
        let any = AllowedOrigins::new(&["*"]).unwrap();
        let server = TestServer::start_with_http_origins(default_config(), any).await;
        let http = server.http.unwrap();
        let host = http.to_string();
        assert_eq!(
            upgrade_status(http, &host, Some("http://evil.example"))
                .await
                .0,
            101
        );
        server.shutdown().await;
    })
}

/// A session touching every game, errors included.
const SCRIPT: &[&str] = &[
    "1 protocol_version",
    "name",
    "known_command wythoff-new",
    "fly",
    "7",
    "# only a comment: no answer",
    "wythoff-new 13 9",
    "wythoff-play 10 7",
    "wythoff-genmove",
    "wythoff-status",
    "qttt-play ab be de ae",
    "qttt-show",
    "qttt-play 2",
    "qttt-play 4",
    "qttt-genmove",
    "qttt-record",
    "boardsize 9",
    "play b E5",
    "play w E5",
    "2 genmove w",
    "showboard",
    "final_score",
    "tt-score X O - -",
    "list_commands",
];

#[test]
fn a_scripted_session_gets_the_same_answers_as_over_tcp() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut tcp = server.connect().await;
        let mut tcp_answers = Vec::new();
        for line in SCRIPT {
            tcp.send(line).await;
            if !line.starts_with('#') {
                tcp_answers.push(tcp.response().await);
            }
        }
        let mut ws = Ws::connect(http).await;
        let mut ws_answers = Vec::new();
        for line in SCRIPT {
            ws.send(line).await;
            if !line.starts_with('#') {
                ws_answers.push(ws.text().await);
            }
        }
        assert_eq!(ws_answers, tcp_answers);
        assert_eq!(ws_answers[0], "=1 2\n\n");
        assert_eq!(ws.ask("quit").await, "= \n\n");
        assert_eq!(ws.closed().await.unwrap().code, CloseCode::Normal);
        server.shutdown().await;
    })
}

#[test]
fn pipelined_lines_in_one_message_get_one_message_each_in_order() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut ws = Ws::connect(http).await;
        ws.send("1 name\n2 version\r\n\n# nothing\n3 fly\n4 protocol_version")
            .await;
        assert_eq!(ws.text().await, "=1 gamebot\n\n");
        assert!(ws.text().await.starts_with("=2 "));
        assert_eq!(ws.text().await, "?3 unknown command\n\n");
        assert_eq!(ws.text().await, "=4 2\n\n");
        // Many messages sent without waiting are answered in order too.
        for id in 0..50 {
            ws.send(&format!("{id} known_command name")).await;
        }
        for id in 0..50 {
            assert_eq!(ws.text().await, format!("={id} true\n\n"));
        }
        server.shutdown().await;
    })
}

#[test]
fn a_large_answer_is_one_message() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut ws = Ws::connect(http).await;
        ws.send("boardsize 255\nshowboard\nname").await;
        assert_eq!(ws.text().await, "= \n\n");
        let board = ws.text().await;
        assert!(board.len() > 128 * 1024, "{}", board.len());
        assert!(board.starts_with("= \n") && board.ends_with("\n\n"));
        assert!(!board[..board.len() - 2].contains("\n\n"));
        assert_eq!(ws.text().await, "= gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn an_analysis_streams_piece_by_piece_until_the_next_message() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut ws = Ws::connect(http).await;
        assert_eq!(ws.ask("boardsize 9").await, "= \n\n");
        ws.send("lz-analyze b 5").await;
        let mut answer = ws.text().await;
        assert!(
            answer.starts_with("= \n") || answer.starts_with("=\n"),
            "{answer:?}"
        );
        while !answer.contains("info move") {
            answer.push_str(&ws.text().await);
        }
        // An empty message is an empty line: it ends the analysis and gets no answer.
        ws.send("").await;
        while !answer.ends_with("\n\n") {
            answer.push_str(&ws.text().await);
        }
        assert!(!answer[..answer.len() - 2].contains("\n\n"), "{answer:?}");
        assert_eq!(ws.ask("name").await, "= gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn tcp_and_websocket_sessions_share_the_cap() {
    bounded(async {
        let mut config = default_config();
        config.max_connections = 1;
        let server = TestServer::start_with_http(config).await;
        let http = server.http.unwrap();
        let mut tcp = server.connect().await;
        assert_eq!(tcp.ask("name").await, "= gamebot\n\n");
        let mut refused = Ws::connect(http).await;
        assert_eq!(refused.text().await, "? server busy\n\n");
        let frame = refused.closed().await.unwrap();
        assert_eq!(frame.code, CloseCode::Again);
        assert_eq!(frame.reason.as_str(), "server busy");
        tcp.send("quit").await;
        tcp.read_to_close().await;
        // The slot is free again once the server has seen the close.
        let mut ws = loop {
            let mut ws = Ws::connect(http).await;
            ws.send("name").await;
            match ws.text().await.as_str() {
                "= gamebot\n\n" => break ws,
                _ => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        };
        let mut busy = server.connect().await;
        assert_eq!(busy.read_to_close().await, "? server busy\n\n");
        assert_eq!(ws.ask("version").await.chars().next(), Some('='));
        server.shutdown().await;
    })
}

#[test]
fn the_line_limit_holds_in_messages_and_a_huge_message_closes() {
    bounded(async {
        let mut config = default_config();
        config.limits.max_line_bytes = 16;
        let server = TestServer::start_with_http(config).await;
        let mut ws = Ws::connect(server.http.unwrap()).await;
        assert_eq!(ws.ask("known_command ab").await, "= false\n\n");
        assert_eq!(ws.ask("known_command abc").await, "? line too long\n\n");
        ws.send("known_command abcdef\nname").await;
        assert_eq!(ws.text().await, "? line too long\n\n");
        assert_eq!(ws.text().await, "= gamebot\n\n");
        // A message larger than a line at the limit plus 64 KiB is not read at all.
        ws.send(&"name\n".repeat(20_000)).await;
        let frame = ws.closed().await.unwrap();
        assert_eq!(frame.code, CloseCode::Size, "{frame:?}");
        server.shutdown().await;
    })
}

#[test]
fn a_binary_message_is_refused_with_a_reason_after_earlier_answers() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut ws = Ws::connect(http).await;
        ws.send("1 name").await;
        ws.socket
            .send(Message::binary(b"2 name\n".to_vec()))
            .await
            .unwrap();
        assert_eq!(ws.text().await, "=1 gamebot\n\n");
        let frame = ws.closed().await.unwrap();
        assert_eq!(frame.code, CloseCode::Unsupported);
        assert!(
            frame.reason.contains("binary messages are not accepted"),
            "{frame:?}"
        );
        server.shutdown().await;
    })
}

#[test]
fn an_idle_websocket_is_closed() {
    bounded(async {
        let mut config = default_config();
        config.limits.idle_timeout = Some(Duration::from_millis(300));
        let server = TestServer::start_with_http(config).await;
        let mut ws = Ws::connect(server.http.unwrap()).await;
        assert_eq!(ws.ask("name").await, "= gamebot\n\n");
        assert_eq!(ws.closed().await.unwrap().code, CloseCode::Normal);
        server.shutdown().await;
    })
}

#[test]
fn shutdown_answers_what_was_sent_then_closes_going_away() {
    bounded(async {
        let (server, http) = http_server().await;
        let mut ws = Ws::connect(http).await;
        assert_eq!(ws.ask("boardsize 9").await, "= \n\n");
        ws.send("1 name\n2 genmove b\n3 version").await;
        let stopping = tokio::spawn(server.shutdown());
        assert_eq!(ws.text().await, "=1 gamebot\n\n");
        assert!(ws.text().await.starts_with("=2 "));
        assert!(ws.text().await.starts_with("=3 "));
        let frame = ws.closed().await.unwrap();
        assert_eq!(frame.code, CloseCode::Away);
        assert_eq!(frame.reason.as_str(), "server shutting down");
        stopping.await.unwrap();
    })
}

#[test]
fn the_binary_announces_http_and_drains_websockets_on_sigterm() {
    bounded(async {
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_gamebot"))
            .args(["serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"])
            .args(["--go-playouts", "50", "--seed", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("cannot start gamebot");
        let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = next_line(&mut stdout).await.unwrap();
        assert!(first.starts_with("listening on 127.0.0.1:"), "{first}");
        let second = next_line(&mut stdout).await.unwrap();
        let http: SocketAddr = second
            .strip_prefix("http on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected second line {second:?}"))
            .parse()
            .unwrap();
        assert!(get(http, "/healthz").await.ends_with("\r\n\r\nok"));
        let mut ws = Ws::connect(http).await;
        assert_eq!(ws.ask("boardsize 9").await, "= \n\n");
        ws.send("1 genmove b\n2 name").await;
        let status = std::process::Command::new("kill")
            .args(["-TERM", &child.id().unwrap().to_string()])
            .status()
            .expect("cannot run kill");
        assert!(status.success());
        assert!(ws.text().await.starts_with("=1 "));
        assert_eq!(ws.text().await, "=2 gamebot\n\n");
        assert_eq!(ws.closed().await.unwrap().code, CloseCode::Away);
        let exit = tokio::time::timeout(PATIENCE, child.wait())
            .await
            .expect("gamebot did not exit")
            .unwrap();
        assert!(exit.success(), "{exit}");
        assert_eq!(
            next_line(&mut stdout).await,
            None,
            "stdout holds only the two address lines"
        );
    })
}

/// The next line of a child's stdout, `None` at its end.
async fn next_line(
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
) -> Option<String> {
    tokio::time::timeout(PATIENCE, lines.next_line())
        .await
        .expect("no line in time")
        .unwrap()
}
