//! The `wythoff-` verbs over a real socket.

mod common;
use common::bounded;

use common::{Client, TestServer};

/// Every kind of bad input, each answered with `?` and leaving the status unchanged.
const BAD: [&str; 26] = [
    "wythoff-new",
    "wythoff-new 5",
    "wythoff-new 5 6 7",
    "wythoff-new -1 5",
    "wythoff-new +5 6",
    "wythoff-new 5 x",
    "wythoff-new 1.5 2",
    "wythoff-new 5x 2",
    "wythoff-new x5 2",
    "wythoff-new 1_000 2",
    "wythoff-new 1e3 2",
    "wythoff-play",
    "wythoff-play 13",
    "wythoff-play 13 8 1",
    "wythoff-play 13 -8",
    "wythoff-play 13 8.0",
    "wythoff-play 13 9",
    "wythoff-play 14 9",
    "wythoff-play 13 10",
    "wythoff-play 12 7",
    "wythoff-play 0 0",
    "wythoff-play 14 10",
    "wythoff-genmove 1",
    "wythoff-status first",
    "wythoff-solve 1",
    "wythoff-solve a b",
];

#[test]
fn every_verb() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        for verb in [
            "wythoff-new",
            "wythoff-play",
            "wythoff-genmove",
            "wythoff-solve",
            "wythoff-status",
        ] {
            assert_eq!(client.ok(&format!("known_command {verb}")).await, "true");
        }
        assert_eq!(client.ok("wythoff-solve 13 9").await, "10 6");
        assert_eq!(client.ok("wythoff-solve 10 6").await, "none");
        assert_eq!(client.ok("wythoff-solve 0 0").await, "none");
        assert_eq!(client.ok("wythoff-solve 25 30").await, "8 13");
        assert_eq!(client.ok("wythoff-solve 007 0").await, "0 0");
        assert_eq!(client.ask("4 wythoff-new 13 9").await, "=4 \n\n");
        assert_eq!(client.ok("wythoff-status").await, "13 9 first");
        assert_eq!(client.ok("wythoff-play 13 8").await, "");
        assert_eq!(client.ok("wythoff-status").await, "13 8 second");
        // (13, 8) is cold: no winning move, so the engine takes one from the larger pile.
        assert_eq!(client.ok("wythoff-genmove").await, "12 8");
        assert_eq!(client.ok("wythoff-status").await, "12 8 first");
        assert_eq!(client.ok("wythoff-genmove").await, "10 6");
        assert_eq!(client.ok("wythoff-play 7 6").await, "");
        assert_eq!(client.ok("wythoff-genmove").await, "2 1");
        assert_eq!(client.ok("wythoff-status").await, "2 1 second");
        server.shutdown().await;
    })
}

#[test]
fn huge_piles() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        let pile = "9".repeat(2000);
        let solved = client.ok(&format!("wythoff-solve {pile} {pile}")).await;
        assert_eq!(client.ok(&format!("wythoff-solve {solved}")).await, "none");
        client.ok(&format!("wythoff-new {pile} 1{pile}")).await;
        let moved = client.ok("wythoff-genmove").await;
        let status = client.ok("wythoff-status").await;
        assert_eq!(status, format!("{moved} second"));
        assert_eq!(client.ok(&format!("wythoff-solve {moved}")).await, "none");
        server.shutdown().await;
    })
}

/// Sends every bad command and checks each is refused and changes nothing.
async fn refuses_all_bad_input(client: &mut Client, status: &str) {
    for line in BAD {
        let message = client.err(line).await;
        assert!(
            message.starts_with("syntax error")
                || message.starts_with("illegal move")
                || message.starts_with("no game"),
            "{line}: {message}"
        );
        assert_eq!(client.ok("wythoff-status").await, status, "after {line}");
    }
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.ok("wythoff-new 13 9").await;
        refuses_all_bad_input(&mut client, "13 9 first").await;
        assert_eq!(
            client.err("wythoff-play 12 7").await,
            "illegal move: when both piles shrink they must shrink by the same amount"
        );
        assert_eq!(
            client.err("wythoff-play 14 9").await,
            "illegal move: a pile cannot grow"
        );
        assert_eq!(
            client.err("wythoff-play 13 9").await,
            "illegal move: the piles must change"
        );
        assert_eq!(
            client.err("wythoff-new -1 5").await,
            "syntax error: a pile size (a non-negative decimal integer) expected, got '-1'"
        );
        server.shutdown().await;
    })
}

#[test]
fn no_game_before_new() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        for line in [
            "wythoff-status",
            "wythoff-genmove",
            "wythoff-play 0 0",
            "3 wythoff-play 1 2",
        ] {
            let response = client.ask(line).await;
            assert!(
                response.contains(" no game: start one with wythoff-new"),
                "{line}: {response}"
            );
            assert!(response.starts_with('?'), "{line}: {response}");
        }
        // Solving needs no game, and a bad new creates none.
        assert_eq!(client.ok("wythoff-solve 1 1").await, "0 0");
        client.err("wythoff-new 1 x").await;
        assert!(client.err("wythoff-status").await.starts_with("no game"));
        server.shutdown().await;
    })
}

#[test]
fn a_whole_game_to_zero_zero() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.ok("wythoff-new 100 57").await;
        let mut side = "first";
        let mut moves = 0;
        loop {
            let position = client.ok("wythoff-genmove").await;
            side = if side == "first" { "second" } else { "first" };
            moves += 1;
            if position == "0 0" {
                break;
            }
            assert_eq!(
                client.ok("wythoff-status").await,
                format!("{position} {side}")
            );
            assert!(moves < 200, "the game does not end");
        }
        // The side to move at 0 0 has lost; the other took the last counter.
        let winner = if side == "first" { "second" } else { "first" };
        assert_eq!(
            client.ok("wythoff-status").await,
            format!("0 0 {winner} won")
        );
        assert_eq!(
            client.err("wythoff-genmove").await,
            "game over: no counters are left"
        );
        assert_eq!(
            client.err("wythoff-play 0 0").await,
            "game over: no counters are left"
        );
        assert_eq!(
            client.ok("wythoff-status").await,
            format!("0 0 {winner} won")
        );
        // (100, 57) is won for the first player, who plays perfectly.
        assert_eq!(winner, "first");
        client.ok("wythoff-new 0 0").await;
        assert_eq!(client.ok("wythoff-status").await, "0 0 second won");
        server.shutdown().await;
    })
}

#[test]
fn two_sessions_are_isolated() {
    bounded(async {
        let server = TestServer::start().await;
        let mut one = server.connect().await;
        let mut two = server.connect().await;
        one.ok("wythoff-new 13 9").await;
        assert!(two.err("wythoff-status").await.starts_with("no game"));
        two.ok("wythoff-new 4 4").await;
        one.ok("wythoff-play 10 6").await;
        assert_eq!(two.ok("wythoff-genmove").await, "0 0");
        assert_eq!(one.ok("wythoff-status").await, "10 6 second");
        assert_eq!(two.ok("wythoff-status").await, "0 0 first won");
        server.shutdown().await;
    })
}
