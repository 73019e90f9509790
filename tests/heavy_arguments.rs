//! Input-sized work stays off the async workers: while clients send lines of 65,024
//! handicap vertices in a loop, another connection's `name` is still answered at once.

mod common;
use common::bounded_multi;

use common::{default_config, Client, TestServer};
use std::time::{Duration, Instant};

/// A `set_free_handicap` of every point of a 255x255 board but the last: 65,024
/// vertices, about 400 KB, then `clear_board` so the next one is placed again.
fn huge_handicap() -> String {
    let mut line = String::from("set_free_handicap");
    for row in 1..=255 {
        for column in 0..255 {
            if row == 255 && column == 254 {
                continue;
            }
            line.push(' ');
            line.push_str(&column_name(column));
            line.push_str(&row.to_string());
        }
    }
    line.push_str("\nclear_board\n");
    line
}

/// GTP's column letters, without `I`, two letters past the 25th column.
fn column_name(index: usize) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if index < 25 {
        char::from(LETTERS[index]).to_string()
    } else {
        let first = char::from(LETTERS[index / 25 - 1]);
        format!("{first}{}", char::from(LETTERS[index % 25]))
    }
}

/// Sends `lines` again and again, reading every answer, and checks that the handicap is
/// placed each time.
async fn flood(mut client: Client, lines: String) {
    assert_eq!(client.ask("boardsize 255").await, "= \n\n");
    loop {
        client.send_raw(lines.as_bytes()).await;
        assert_eq!(client.response().await, "= \n\n", "set_free_handicap");
        assert_eq!(client.response().await, "= \n\n", "clear_board");
    }
}

#[test]
fn huge_argument_lists_do_not_stall_other_sessions() {
    bounded_multi(2, async {
        let mut config = default_config();
        config.limits.max_line_bytes = 1 << 20;
        let server = TestServer::start_with(config).await;
        let lines = huge_handicap();
        assert!(lines.len() > 300_000);
        let flooders: Vec<_> = (0..2)
            .map(|_| {
                let addr = server.addr;
                let lines = lines.clone();
                tokio::spawn(async move { flood(Client::connect(addr).await, lines).await })
            })
            .collect();
        let mut probe = server.connect().await;
        // Let the flooders get going.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mut waits = Vec::new();
        for _ in 0..20 {
            let start = Instant::now();
            assert_eq!(probe.ok("name").await, "gamebot");
            waits.push(start.elapsed());
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        for flooder in &flooders {
            assert!(!flooder.is_finished(), "a flooder stopped: {flooder:?}");
        }
        for flooder in flooders {
            flooder.abort();
        }
        waits.sort_unstable();
        let median = waits[waits.len() / 2];
        assert!(
            median < Duration::from_millis(20),
            "name waited {median:?} (median of {waits:?})"
        );
        server.shutdown().await;
    })
}
