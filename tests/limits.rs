//! The per-line and per-server limits: over-long lines, invalid UTF-8, the connection
//! cap and the idle timeout.

mod common;
use common::bounded;

use common::{default_config, Client, TestServer, PATIENCE};
use gamebot::server::ServerConfig;
use std::time::Duration;

/// A server whose lines may be at most 16 bytes.
async fn short_lines() -> TestServer {
    let mut config = default_config();
    config.limits.max_line_bytes = 16;
    TestServer::start_with(config).await
}

#[test]
fn an_over_long_line_is_refused_and_the_session_goes_on() {
    bounded(async {
        let server = short_lines().await;
        let mut client = server.connect().await;
        client
            .send_raw(b"1 known_command protocol_version\n2 name\n")
            .await;
        assert_eq!(client.response().await, "? line too long\n\n");
        assert_eq!(client.response().await, "=2 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn the_rest_of_an_over_long_line_is_discarded_across_writes() {
    bounded(async {
        let server = short_lines().await;
        let mut client = server.connect().await;
        client.send_raw(&[b'x'; 40]).await;
        // The refusal comes as soon as the limit is passed, before the line ends.
        assert_eq!(client.response().await, "? line too long\n\n");
        client.send_raw(&[b'y'; 40]).await;
        client.send_raw(b" name\n").await;
        // Had the tail of the long line been read as a command, this would be its answer.
        assert_eq!(client.ask("3 name").await, "=3 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_line_exactly_at_the_limit_is_accepted() {
    bounded(async {
        let server = short_lines().await;
        let mut client = server.connect().await;
        let at_limit = "known_command ab";
        assert_eq!(at_limit.len(), 16);
        assert_eq!(client.ask(at_limit).await, "= false\n\n");
        assert_eq!(client.ask("known_command abc").await, "? line too long\n\n");
        server.shutdown().await;
    })
}

#[test]
fn the_cr_of_crlf_does_not_count_toward_the_limit() {
    bounded(async {
        let server = short_lines().await;
        let mut client = server.connect().await;
        client.send_raw(b"known_command ab\r\n").await;
        assert_eq!(client.response().await, "= false\n\n");
        client.send_raw(b"known_command abc\r\n").await;
        assert_eq!(client.response().await, "? line too long\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_last_line_over_the_limit_without_lf_is_refused() {
    bounded(async {
        let server = short_lines().await;
        let mut client = server.connect().await;
        client.send_raw(b"name\nknown_command abcdef").await;
        client.finish().await;
        assert_eq!(
            client.read_to_close().await,
            "= gamebot\n\n? line too long\n\n"
        );
        server.shutdown().await;
    })
}

#[test]
fn invalid_utf8_is_refused_and_the_session_goes_on() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.send_raw(b"1 na\xffme\n2 name\n\xc3\x28\n").await;
        assert_eq!(client.response().await, "? invalid UTF-8\n\n");
        assert_eq!(client.response().await, "=2 gamebot\n\n");
        assert_eq!(client.response().await, "? invalid UTF-8\n\n");
        // Valid multi-byte UTF-8 is fine: it is just an unknown verb.
        assert_eq!(client.ask("3 näme").await, "?3 unknown command\n\n");
        server.shutdown().await;
    })
}

fn capped(max_connections: usize) -> ServerConfig {
    let mut config = default_config();
    config.max_connections = max_connections;
    config
}

#[test]
fn over_the_connection_cap_a_client_is_told_busy_and_closed() {
    bounded(async {
        let server = TestServer::start_with(capped(2)).await;
        let mut first = server.connect().await;
        let mut second = server.connect().await;
        assert_eq!(first.ok("name").await, "gamebot");
        assert_eq!(second.ok("name").await, "gamebot");
        let mut third = server.connect().await;
        assert_eq!(third.read_to_close().await, "? server busy\n\n");
        // Both served sessions are untouched.
        assert_eq!(first.ok("protocol_version").await, "2");
        assert_eq!(second.ok("protocol_version").await, "2");
        server.shutdown().await;
    })
}

#[test]
fn a_refused_client_that_talks_first_still_reads_busy() {
    bounded(async {
        let server = TestServer::start_with(capped(1)).await;
        let mut first = server.connect().await;
        assert_eq!(first.ok("name").await, "gamebot");
        let mut second = server.connect().await;
        second.send_raw_lossy(b"1 name\n2 name\n").await;
        assert_eq!(second.read_to_close().await, "? server busy\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_slot_freed_by_a_closed_connection_is_served_again() {
    bounded(async {
        let server = TestServer::start_with(capped(2)).await;
        let mut first = server.connect().await;
        let mut second = server.connect().await;
        assert_eq!(first.ok("name").await, "gamebot");
        assert_eq!(second.ok("name").await, "gamebot");
        assert_eq!(first.ask("quit").await, "= \n\n");
        assert_eq!(first.read_to_close().await, "");
        drop(first);
        // The server frees the slot just after the close the client saw: until then a new
        // client may still be told busy, so try again until one is served.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let mut next = server.connect().await;
            let answer = next.ask("1 name").await;
            if answer == "=1 gamebot\n\n" {
                break;
            }
            assert_eq!(answer, "? server busy\n\n");
            assert!(tokio::time::Instant::now() < deadline, "slot never freed");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(second.ok("name").await, "gamebot");
        server.shutdown().await;
    })
}

fn idle_after(timeout: Duration) -> ServerConfig {
    let mut config = default_config();
    config.limits.idle_timeout = Some(timeout);
    config
}

#[test]
fn a_silent_connection_is_closed_after_the_idle_timeout() {
    bounded(async {
        let server = TestServer::start_with(idle_after(Duration::from_millis(300))).await;
        let mut silent = server.connect().await;
        assert_eq!(silent.read_to_close().await, "");
        // Half a line is not a line: it does not keep the connection alive.
        let mut mumbling = server.connect().await;
        assert_eq!(mumbling.ok("name").await, "gamebot");
        mumbling.send_raw(b"na").await;
        assert_eq!(mumbling.read_to_close().await, "");
        server.shutdown().await;
    })
}

#[test]
fn a_chatty_connection_outlives_the_idle_timeout() {
    bounded(async {
        // Lines 100 ms apart for 4 s, past a 3 s timeout: a loaded machine may stretch a
        // gap, but not to 3 s.
        let server = TestServer::start_with(idle_after(Duration::from_secs(3))).await;
        let mut chatty = server.connect().await;
        for id in 0..40 {
            assert_eq!(
                chatty.ask(&format!("{id} name")).await,
                format!("={id} gamebot\n\n")
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server.shutdown().await;
    })
}

#[test]
fn a_client_that_never_reads_cannot_hold_the_server_forever() {
    bounded(async {
        let server = TestServer::start_with(idle_after(Duration::from_millis(300))).await;
        let mut greedy = Client::connect(server.addr).await;
        let answer = greedy.ask("list_commands").await;
        // Far more answers than the socket buffers hold, and never read. The server stops
        // reading once its writes block, so this write may block too: give up on it.
        let count = 2_000_000;
        let batch = "list_commands\n".repeat(count);
        let _ = tokio::time::timeout(
            Duration::from_secs(2),
            greedy.send_raw_lossy(batch.as_bytes()),
        )
        .await;
        // The blocked write timed out long ago: what the buffers held, then the close.
        let got = greedy.read_until_cut().await;
        assert!(!got.is_empty(), "not one answer reached the client");
        assert!(got.len() < answer.len() * count, "every answer came");
        let owed = answer.repeat(got.len() / answer.len() + 1);
        assert!(
            owed.as_bytes().starts_with(&got),
            "something else than the answers came"
        );
        server.shutdown().await;
    })
}

/// A Go game ends at its move limit (3 x size x size + 1,000 moves, passes included):
/// later moves are refused and change nothing, so however many lines a client sends, the
/// game's history (the one per-session structure that grew with them) stays bounded.
#[test]
fn a_go_game_stops_growing_at_its_move_limit() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.ok("boardsize 2").await;
        let limit = 3 * 2 * 2 + 1_000;
        let refusal =
            format!("illegal move: the game has reached its limit of {limit} moves on this board");
        client
            .send_raw("play b pass\n".repeat(limit).as_bytes())
            .await;
        for _ in 0..limit {
            assert_eq!(client.response().await, "= \n\n");
        }
        let last_move = |board: &str| board.lines().last().unwrap().to_string();
        let board = client.ok("showboard").await;
        assert_eq!(last_move(&board), format!("move {limit}: Black pass"));
        // Thousands more lines, moves and engine moves alike: every one refused.
        let more = 5_000;
        client
            .send_raw(
                "play w pass\nplay b A1\ngenmove w\n"
                    .repeat(more)
                    .as_bytes(),
            )
            .await;
        for _ in 0..3 * more {
            assert_eq!(client.response().await, format!("? {refusal}\n\n"));
        }
        assert_eq!(client.ok("showboard").await, board);
        // Taking a move back makes room for one more.
        client.ok("undo").await;
        client.ok("play w a1").await;
        assert_eq!(client.err("play b b2").await, refusal);
        server.shutdown().await;
    })
}

/// Every verb `list_commands` names is known, and none of them, given arguments it cannot
/// take, answers `unknown command`: the verb tables and the routing agree.
#[test]
fn every_listed_verb_is_known_and_routed() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        let verbs = client.ok("list_commands").await;
        let verbs: Vec<&str> = verbs.lines().collect();
        assert!(verbs.len() > 30, "{verbs:?}");
        for verb in &verbs {
            assert_eq!(client.ok(&format!("known_command {verb}")).await, "true");
            if *verb == "quit" {
                continue;
            }
            // Seven junk arguments: no verb takes seven, and those that take any number
            // cannot read junk, so nothing long runs; all that matters is who answers.
            let response = client.ask(&format!("{verb} x x x x x x x")).await;
            assert!(
                !response.contains("unknown command"),
                "{verb}: {response:?}"
            );
        }
        assert_eq!(client.ok("known_command fly").await, "false");
        assert_eq!(client.err("fly").await, "unknown command");
        server.shutdown().await;
    })
}
