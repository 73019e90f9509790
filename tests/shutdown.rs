//! Graceful shutdown of the in-process server: what was sent is answered, then the close.

mod common;

use common::TestServer;

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

#[tokio::test]
async fn an_idle_connection_is_closed_at_shutdown() {
    let server = TestServer::start().await;
    let mut client = server.connect().await;
    assert_eq!(client.ok("name").await, "gamebot");
    let stopping = tokio::spawn(server.shutdown());
    assert_eq!(client.read_to_close().await, "");
    stopping.await.unwrap();
}

#[tokio::test]
async fn commands_already_sent_are_answered_before_the_close() {
    answers_what_was_sent_then_closes().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_already_sent_are_answered_on_a_multi_threaded_runtime() {
    answers_what_was_sent_then_closes().await;
}
