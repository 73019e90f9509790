//! Shared integration-test harness: a real server on 127.0.0.1:0 and a GTP client; Go
//! board helpers in [`go`]; outside programs (GNU Go, ...) found or skipped in [`outside`];
//! every test's time limit in [`bound`].
#![allow(dead_code)] // each test binary uses its own part of the harness

pub mod bound;
pub mod go;
pub mod outside;

#[allow(unused_imports)] // each test binary uses its own part of the harness
pub use bound::{bound, bound_for, bounded, bounded_multi, HEAVY_TEST_LIMIT};

use gamebot::server::{
    serve_with_http, AllowedOrigins, HttpConfig, Scheduler, ServerConfig, SessionLimits,
};
use gamebot::session::Catalog;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A fresh, empty directory for one test, named after it and this test process.
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("gamebot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A test's directory from [`scratch`]: removed when the test is done with it, kept when
/// the test fails (its files are then what there is to look at).
pub struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Writes into `dir` a move model (as `--go-model` reads it) that weighs a move on the
/// first line of an empty area a million times above any other, and returns its path.
pub fn edge_loving_model(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("edge.txt");
    std::fs::write(&path, "gamebot-move-model 1\nfixed line 1 1000000\n").unwrap();
    path
}

/// How long any single read in a test may wait before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Limits roomy enough for every test that does not test limits.
pub fn default_config() -> ServerConfig {
    ServerConfig {
        max_connections: 64,
        limits: SessionLimits {
            max_line_bytes: 1 << 20,
            idle_timeout: Some(Duration::from_secs(600)),
            drain_timeout: Duration::from_secs(10),
            end_of_input_cancels: true,
        },
    }
}

/// The Go engine of test servers: a fixed seed and a small fixed number of simulations,
/// so that moves are reproducible and quick even in a debug build.
pub fn test_engine() -> gamebot::go::engine::EngineOptions {
    gamebot::go::engine::EngineOptions {
        playouts: Some(TEST_PLAYOUTS),
        seed: 7,
        ..Default::default()
    }
}

/// The simulations per genmove of test servers.
pub const TEST_PLAYOUTS: u64 = 200;

/// A server running in this test's runtime on a free loopback port.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Where it serves HTTP (the page, `/healthz`, `/ws`), when it does.
    pub http: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl TestServer {
    /// Starts the standard catalog with roomy limits.
    pub async fn start() -> TestServer {
        TestServer::start_with(default_config()).await
    }

    /// Starts the standard catalog with the given limits.
    pub async fn start_with(config: ServerConfig) -> TestServer {
        TestServer::start_with_engine(config, test_engine()).await
    }

    /// Starts the standard catalog with the given limits and Go engine.
    pub async fn start_with_engine(
        config: ServerConfig,
        engine: gamebot::go::engine::EngineOptions,
    ) -> TestServer {
        let catalog = Arc::new(gamebot::standard_catalog(engine));
        TestServer::start_catalog(config, catalog, Scheduler::per_core(1024)).await
    }

    /// Starts the standard catalog with the given limits, serving HTTP too (WebSockets
    /// from the page's own origin).
    pub async fn start_with_http(config: ServerConfig) -> TestServer {
        TestServer::start_with_http_engine(config, test_engine()).await
    }

    /// Starts the standard catalog with the given limits, serving HTTP too, with
    /// WebSockets from `origins` allowed beside the page's own.
    pub async fn start_with_http_origins(
        config: ServerConfig,
        origins: AllowedOrigins,
    ) -> TestServer {
        TestServer::serve_http(config, test_engine(), origins).await
    }

    /// Starts the standard catalog with the given limits and Go engine, serving HTTP too
    /// (WebSockets from the page's own origin).
    pub async fn start_with_http_engine(
        config: ServerConfig,
        engine: gamebot::go::engine::EngineOptions,
    ) -> TestServer {
        TestServer::serve_http(config, engine, AllowedOrigins::same_origin_only()).await
    }

    /// The standard catalog with `engine`, serving HTTP with WebSockets from `origins`.
    async fn serve_http(
        config: ServerConfig,
        engine: gamebot::go::engine::EngineOptions,
        origins: AllowedOrigins,
    ) -> TestServer {
        let catalog = Arc::new(gamebot::standard_catalog(engine));
        TestServer::launch(config, catalog, Scheduler::per_core(1024), Some(origins)).await
    }

    /// Starts `catalog` with the given limits and scheduler of heavy work.
    pub async fn start_catalog(
        config: ServerConfig,
        catalog: Arc<Catalog>,
        scheduler: Scheduler,
    ) -> TestServer {
        TestServer::launch(config, catalog, scheduler, None).await
    }

    async fn launch(
        config: ServerConfig,
        catalog: Arc<Catalog>,
        scheduler: Scheduler,
        http_origins: Option<AllowedOrigins>,
    ) -> TestServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let http = match http_origins {
            Some(allowed_origins) => Some(HttpConfig {
                listener: TcpListener::bind("127.0.0.1:0").await.unwrap(),
                allowed_origins,
            }),
            None => None,
        };
        let http_addr = http
            .as_ref()
            .map(|http| http.listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve_with_http(
            listener,
            http,
            config,
            catalog,
            scheduler,
            async move {
                let _ = stopped.await;
            },
        ));
        TestServer {
            addr,
            http: http_addr,
            stop: Some(stop),
            task,
        }
    }

    /// A new client connection.
    pub async fn connect(&self) -> Client {
        Client::connect(self.addr).await
    }

    /// Asks the server to shut down and waits until every connection has closed.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        tokio::time::timeout(PATIENCE, &mut self.task)
            .await
            .expect("server did not shut down")
            .unwrap();
    }
}

/// A GTP client over one TCP connection.
pub struct Client {
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
}

impl Client {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (reader, writer) = TcpStream::connect(addr).await.unwrap().into_split();
        Client {
            reader: BufReader::new(reader),
            writer,
        }
    }

    /// Sends raw bytes as they are.
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).await.unwrap();
    }

    /// Sends raw bytes, ignoring a write error (the server may close while they go).
    pub async fn send_raw_lossy(&mut self, bytes: &[u8]) {
        let _ = self.writer.write_all(bytes).await;
    }

    /// Sends one line (a LF is added).
    pub async fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes()).await;
    }

    /// Closes the write side (the server sees end of input); reading still works.
    pub async fn finish(&mut self) {
        self.writer.shutdown().await.unwrap();
    }

    /// Reads one whole response, including its terminating empty line.
    /// Panics if the connection closes first or nothing comes within [`PATIENCE`].
    pub async fn response(&mut self) -> String {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = tokio::time::timeout(PATIENCE, self.reader.read_line(&mut line))
                .await
                .expect("no response in time")
                .unwrap();
            assert!(
                n > 0,
                "connection closed mid-response; got so far: {text:?}"
            );
            text.push_str(&line);
            if line == "\n" {
                return text;
            }
        }
    }

    /// Reads one line, with its line feed. Panics if the connection closes first or
    /// nothing comes within [`PATIENCE`].
    pub async fn line(&mut self) -> String {
        let mut line = String::new();
        let n = tokio::time::timeout(PATIENCE, self.reader.read_line(&mut line))
            .await
            .expect("no line in time")
            .unwrap();
        assert!(n > 0, "connection closed");
        line
    }

    /// Sends `line` and returns the whole response, e.g. `"= 2\n\n"`.
    pub async fn ask(&mut self, line: &str) -> String {
        self.send(line).await;
        self.response().await
    }

    /// Sends `line`, asserts success, and returns the result text without `= ` and the
    /// trailing empty line.
    pub async fn ok(&mut self, line: &str) -> String {
        let response = self.ask(line).await;
        let body = response
            .strip_prefix("= ")
            .unwrap_or_else(|| panic!("{line:?} failed: {response:?}"));
        body.strip_suffix("\n\n").unwrap().to_string()
    }

    /// Sends `line`, asserts failure, and returns the message without `? ` and the
    /// trailing empty line.
    pub async fn err(&mut self, line: &str) -> String {
        let response = self.ask(line).await;
        let body = response
            .strip_prefix("? ")
            .unwrap_or_else(|| panic!("{line:?} should fail: {response:?}"));
        body.strip_suffix("\n\n").unwrap().to_string()
    }

    /// Whether response bytes have arrived that were not read yet; does not wait.
    pub async fn has_unread(&mut self) -> bool {
        use futures_util::FutureExt;
        use tokio::io::AsyncBufReadExt;
        matches!(self.reader.fill_buf().now_or_never(), Some(Ok(bytes)) if !bytes.is_empty())
    }

    /// Waits until the server closes or resets the connection (a close with commands left
    /// unread resets it); returns the bytes that came before, which may end mid-response.
    pub async fn read_until_cut(&mut self) -> Vec<u8> {
        let mut rest = Vec::new();
        let read = tokio::time::timeout(PATIENCE, async {
            loop {
                let mut chunk = [0u8; 64 * 1024];
                match self.reader.read(&mut chunk).await {
                    Ok(0) => return,
                    Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => return,
                    Ok(n) => rest.extend_from_slice(&chunk[..n]),
                    Err(error) => panic!("read failed: {error}"),
                }
            }
        });
        read.await.expect("connection not closed in time");
        rest
    }

    /// Waits until the server closes the connection; returns what came before the close.
    pub async fn read_to_close(&mut self) -> String {
        let mut rest = String::new();
        tokio::time::timeout(PATIENCE, self.reader.read_to_string(&mut rest))
            .await
            .expect("connection not closed in time")
            .unwrap();
        rest
    }
}
