//! The Prometheus metrics, read through `Metrics::render` (what `GET /metrics` serves)
//! after real sessions ran commands: sessions, commands by verb and outcome, errors by
//! kind, latency histograms, heavy work and search nodes, refused connections.
//!
//! The recorder is the process's and the counts are the whole process's: the tests check
//! lower bounds, and series that the other test does not touch.

mod common;
use common::bounded;

use common::{default_config, test_engine, TestServer, PATIENCE};
use gamebot::server::{Metrics, Scheduler};
use std::sync::Arc;
use std::time::Duration;

/// The value of the series `name` (with its labels, exactly as rendered), if present.
fn value(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(series)?.strip_prefix(' ')?;
        rest.parse().ok()
    })
}

#[test]
fn commands_sessions_errors_and_heavy_work_show_in_the_rendered_metrics() {
    bounded(async {
        let catalog = Arc::new(gamebot::standard_catalog(test_engine()));
        let metrics = Metrics::install(&catalog).unwrap();
        let mut config = default_config();
        config.max_connections = 2;
        let server = TestServer::start_catalog(config, catalog, Scheduler::per_core(16)).await;
        let mut client = server.connect().await;
        client.ok("name").await;
        client.ok("name").await;
        client.err("fly").await;
        client.err("wythoff-new 1").await;
        client.err("qttt-play zz").await;
        client.send_raw(b"name \xff\n").await;
        assert_eq!(client.response().await, "? invalid UTF-8\n\n");
        client.ok("qttt-genmove").await;
        client.ok("boardsize 5").await;
        client.ok("genmove b").await;
        let mut second = server.connect().await;
        second.ok("name").await;
        // Over the cap of two connections: refused.
        let mut third = server.connect().await;
        assert_eq!(third.read_to_close().await, "? server busy\n\n");

        let text = metrics.render();
        let at =
            |series: &str| value(&text, series).unwrap_or_else(|| panic!("no {series}:\n{text}"));
        assert!(at(r#"gamebot_commands_total{verb="name",outcome="ok"}"#) >= 3.0);
        assert!(at(r#"gamebot_commands_total{verb="unknown",outcome="failed"}"#) >= 1.0);
        assert!(at(r#"gamebot_commands_total{verb="wythoff-new",outcome="failed"}"#) >= 1.0);
        assert!(at(r#"gamebot_commands_total{verb="qttt-genmove",outcome="ok"}"#) >= 1.0);
        assert!(at(r#"gamebot_commands_total{verb="genmove",outcome="ok"}"#) >= 1.0);
        assert!(
            !text.contains(r#"verb="fly""#),
            "unknown verbs must not be labels"
        );
        assert!(at(r#"gamebot_errors_total{kind="unknown_command"}"#) >= 1.0);
        assert!(at(r#"gamebot_errors_total{kind="arguments"}"#) >= 1.0);
        assert!(at(r#"gamebot_errors_total{kind="refused_by_game"}"#) >= 1.0);
        assert!(at(r#"gamebot_errors_total{kind="invalid_utf8"}"#) >= 1.0);
        assert!(at(r#"gamebot_errors_total{kind="server_busy"}"#) >= 1.0);
        assert!(at("gamebot_connections_refused_total") >= 1.0);
        assert!(at("gamebot_sessions_total") >= 2.0);
        assert!(at("gamebot_sessions_open") >= 2.0);
        // Every heavy command is timed (light ones one in 64).
        assert!(at(r#"gamebot_command_seconds_count{verb="genmove"}"#) >= 1.0);
        assert!(at(r#"gamebot_command_seconds_count{verb="qttt-genmove"}"#) >= 1.0);
        assert!(text.contains(r#"gamebot_command_seconds_bucket{verb="genmove",le="0.01"}"#));
        assert!(at(r#"gamebot_search_nodes_total{game="qttt"}"#) > 0.0);
        assert!(at(r#"gamebot_search_nodes_total{game="go"}"#) > 0.0);
        assert_eq!(at("gamebot_heavy_queued"), 0.0);
        assert_eq!(at("gamebot_heavy_running"), 0.0);

        // A search whose client goes is cancelled: a QTTT analysis of the empty board in a
        // fresh table takes seconds in a debug build, far longer than noticing the close.
        drop(client);
        drop(second);
        until(&metrics, "gamebot_sessions_open", 0.0).await;
        let mut leaving = server.connect().await;
        leaving.send("qttt-analyze").await;
        let cancelled = r#"gamebot_errors_total{kind="cancelled"}"#;
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(leaving);
        tokio::time::timeout(PATIENCE, async {
            while value(&metrics.render(), cancelled).is_none() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("the analysis was not cancelled");
        until(&metrics, "gamebot_heavy_running", 0.0).await;
        server.shutdown().await;
    })
}

/// Waits until `series` has `expected` as its value.
async fn until(metrics: &Metrics, series: &str, expected: f64) {
    tokio::time::timeout(PATIENCE, async {
        while value(&metrics.render(), series) != Some(expected) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{series} never {expected}:\n{}", metrics.render()));
}

#[test]
fn get_metrics_on_the_http_listener_serves_them() {
    bounded(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let catalog = Arc::new(gamebot::standard_catalog(test_engine()));
        Metrics::install(&catalog).unwrap();
        let server = TestServer::start_with_http(default_config()).await;
        let mut client = server.connect().await;
        client.ok("wythoff-solve 3 5").await;
        let mut stream = tokio::net::TcpStream::connect(server.http.unwrap())
            .await
            .unwrap();
        stream
            .write_all(b"GET /metrics HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut answer = String::new();
        tokio::time::timeout(PATIENCE, stream.read_to_string(&mut answer))
            .await
            .expect("no answer in time")
            .unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.contains("text/plain; version=0.0.4"), "{answer}");
        assert!(
            answer.contains(r#"gamebot_commands_total{verb="wythoff-solve",outcome="ok"}"#),
            "{answer}"
        );
        drop(client);
        server.shutdown().await;
    })
}
