//! Graceful shutdown of the in-process server: what was sent is answered, then the close.

mod common;
use common::{bounded, bounded_multi};

use common::{default_config, TestServer};
use std::time::Duration;

/// Sends 200 commands without reading, shuts the server down, and expects every answer
/// before the close.
async fn answers_what_was_sent_then_closes() {
    let server = TestServer::start().await;
    let mut client = server.connect().await;
    // One round trip first, so the server has surely accepted this connection.
    assert_eq!(client.ok("name").await, "gamebot");
    let batch: String = (1..=200).map(|id| format!("{id} name\n")).collect();
    client.send_raw(batch.as_bytes()).await;
    let stopping = tokio::spawn(server.shutdown());
    let expected: String = (1..=200).map(|id| format!("={id} gamebot\n\n")).collect();
    assert_eq!(client.read_to_close().await, expected);
    stopping.await.unwrap();
}

#[test]
fn an_idle_connection_is_closed_at_shutdown() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ok("name").await, "gamebot");
        let stopping = tokio::spawn(server.shutdown());
        assert_eq!(client.read_to_close().await, "");
        stopping.await.unwrap();
    })
}

#[test]
fn commands_already_sent_are_answered_before_the_close() {
    bounded(async {
        answers_what_was_sent_then_closes().await;
    })
}

#[test]
fn commands_already_sent_are_answered_on_a_multi_threaded_runtime() {
    bounded_multi(2, async {
        answers_what_was_sent_then_closes().await;
    })
}

#[test]
fn a_client_that_reads_nothing_is_cut_off_after_the_drain_timeout() {
    bounded(async {
        let mut config = default_config();
        config.limits.drain_timeout = Duration::from_secs(2);
        let server = TestServer::start_with(config).await;
        let mut greedy = server.connect().await;
        let mut reader = server.connect().await;
        assert_eq!(greedy.ok("boardsize 255").await, "");
        let board = greedy.ask("showboard").await;
        assert_eq!(reader.ok("name").await, "gamebot");
        // Tens of megabytes of answers, far more than the socket buffers hold, never read:
        // the server's write blocks, and would until the idle timeout without the drain one.
        greedy.send_raw("showboard\n".repeat(200).as_bytes()).await;
        let batch: String = (1..=200).map(|id| format!("{id} name\n")).collect();
        reader.send_raw(batch.as_bytes()).await;
        let stopping = tokio::spawn(server.shutdown());
        // Whoever reads gets every answer it is owed, then the close.
        let expected: String = (1..=200).map(|id| format!("={id} gamebot\n\n")).collect();
        assert_eq!(reader.read_to_close().await, expected);
        // Whoever does not is cut off at the drain timeout, part of its answers sent.
        stopping.await.unwrap();
        let owed = board.repeat(200);
        let got = greedy.read_until_cut().await;
        assert!(!got.is_empty(), "not one answer reached the greedy client");
        assert!(
            got.len() < owed.len(),
            "the greedy client got all its answers"
        );
        assert!(
            owed.as_bytes().starts_with(&got),
            "the greedy client got something else than its answers"
        );
    })
}
