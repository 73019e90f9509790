//! Every GTP framing rule of the contract, over a real socket, using only admin verbs.

mod common;
use common::bounded;

use common::TestServer;

#[test]
fn ids_are_echoed_on_success_and_failure() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("5 name").await, "=5 gamebot\n\n");
        assert_eq!(client.ask("6 fly").await, "?6 unknown command\n\n");
        assert_eq!(
            client.ask("0 known_command").await,
            "?0 syntax error: expected 1 argument, got 0 argument(s)\n\n"
        );
        assert_eq!(
            client.ask("18446744073709551615 protocol_version").await,
            "=18446744073709551615 2\n\n"
        );
        server.shutdown().await;
    })
}

#[test]
fn no_id_means_no_id_in_the_answer() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("name").await, "= gamebot\n\n");
        assert_eq!(client.ask("fly").await, "? unknown command\n\n");
        server.shutdown().await;
    })
}

#[test]
fn an_id_alone_is_a_syntax_error_that_keeps_its_id() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(
            client.ask("7").await,
            "?7 syntax error: missing command name\n\n"
        );
        assert_eq!(
            client.ask("8 # only a comment after the id").await,
            "?8 syntax error: missing command name\n\n"
        );
        assert_eq!(client.ask("9 name").await, "=9 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn an_id_beyond_64_bits_is_refused_without_an_id() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(
            client.ask("18446744073709551616 name").await,
            "? syntax error: id out of range\n\n"
        );
        assert_eq!(client.ask("1 name").await, "=1 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn crlf_line_endings_are_accepted() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.send_raw(b"1 name\r\n2 protocol_version\r\n").await;
        assert_eq!(client.response().await, "=1 gamebot\n\n");
        assert_eq!(client.response().await, "=2 2\n\n");
        server.shutdown().await;
    })
}

#[test]
fn control_characters_inside_a_command_are_removed() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client
            .send_raw(b"na\x01me\n\x002 pro\x07tocol_version\x1b\nkn\x7fown_command\x0c name\n")
            .await;
        assert_eq!(client.response().await, "= gamebot\n\n");
        assert_eq!(client.response().await, "=2 2\n\n");
        assert_eq!(client.response().await, "= true\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_tab_separates_like_a_space() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("3\tname").await, "=3 gamebot\n\n");
        assert_eq!(client.ask("known_command\t\tquit\t").await, "= true\n\n");
        server.shutdown().await;
    })
}

#[test]
fn non_ascii_white_space_is_part_of_a_word() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("4 name\u{a0}").await, "?4 unknown command\n\n");
        assert_eq!(
            client.ask("known_command\u{2003}quit").await,
            "? unknown command\n\n"
        );
        assert_eq!(client.ask("known_command \u{a0}quit").await, "= false\n\n");
        // Not blank: a line of no-break spaces is a command, an unknown one.
        assert_eq!(client.ask("\u{a0}\u{a0}").await, "? unknown command\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_comment_is_dropped_from_the_line() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("name # hi").await, "= gamebot\n\n");
        assert_eq!(client.ask("4 name#no space needed").await, "=4 gamebot\n\n");
        assert_eq!(
            client.ask("known_command #quit").await,
            "? syntax error: expected 1 argument, got 0 argument(s)\n\n"
        );
        server.shutdown().await;
    })
}

#[test]
fn comment_only_and_blank_lines_get_no_response() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client
            .send_raw(b"\n# a comment\n   \n\t\t\n\r\n \x01 \n  # indented comment\n1 name\n")
            .await;
        // Had any of the lines before `1 name` been answered, this would be that answer.
        assert_eq!(client.response().await, "=1 gamebot\n\n");
        // Same when they come in separate writes, each given the chance to be answered.
        for line in ["", "#", "   ", "\t"] {
            client.send(line).await;
        }
        assert_eq!(client.ask("2 name").await, "=2 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn a_thousand_pipelined_commands_are_answered_in_order() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        let mut batch = String::new();
        for id in 1..=1000 {
            // Mix successes and failures so order is visible in the answers too.
            match id % 3 {
                0 => batch.push_str(&format!("{id} fly\n")),
                1 => batch.push_str(&format!("{id} protocol_version\n")),
                _ => batch.push_str(&format!("{id} name\n")),
            }
        }
        client.send_raw(batch.as_bytes()).await;
        for id in 1..=1000 {
            let expected = match id % 3 {
                0 => format!("?{id} unknown command\n\n"),
                1 => format!("={id} 2\n\n"),
                _ => format!("={id} gamebot\n\n"),
            };
            assert_eq!(client.response().await, expected);
        }
        server.shutdown().await;
    })
}

#[test]
fn an_unknown_command_is_refused_and_the_session_goes_on() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.err("fly away").await, "unknown command");
        assert_eq!(client.err("NAME").await, "unknown command");
        assert_eq!(client.ok("name").await, "gamebot");
        server.shutdown().await;
    })
}

#[test]
fn a_last_line_without_lf_is_answered_before_the_close() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.send_raw(b"1 name\n2 protocol_version").await;
        client.finish().await;
        assert_eq!(client.read_to_close().await, "=1 gamebot\n\n=2 2\n\n");
        server.shutdown().await;
    })
}

#[test]
fn end_of_input_ends_the_session_quietly() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("name").await, "= gamebot\n\n");
        client.finish().await;
        assert_eq!(client.read_to_close().await, "");
        // The server is unharmed: another session works.
        let mut other = server.connect().await;
        assert_eq!(other.ok("name").await, "gamebot");
        server.shutdown().await;
    })
}

#[test]
fn quit_is_answered_then_the_connection_closes() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("3 quit").await, "=3 \n\n");
        assert_eq!(client.read_to_close().await, "");
        server.shutdown().await;
    })
}

#[test]
fn commands_pipelined_after_quit_are_not_answered() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        client.send_raw(b"1 name\n2 quit\n3 name\n").await;
        assert_eq!(client.read_to_close().await, "=1 gamebot\n\n=2 \n\n");
        server.shutdown().await;
    })
}

#[test]
fn quit_with_an_argument_is_an_error_and_does_not_close() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(
            client.ask("4 quit now").await,
            "?4 syntax error: expected 0 arguments, got 1 argument(s)\n\n"
        );
        assert_eq!(client.ask("5 name").await, "=5 gamebot\n\n");
        server.shutdown().await;
    })
}

#[test]
fn quit_answer_survives_much_unread_input_after_it() {
    bounded(async {
        let server = TestServer::start().await;
        let mut client = server.connect().await;
        let mut bytes = b"1 quit\n".to_vec();
        bytes.extend(std::iter::repeat_n(b"name\n".as_slice(), 100_000).flatten());
        client.send_raw_lossy(&bytes).await;
        assert_eq!(client.read_to_close().await, "=1 \n\n");
        server.shutdown().await;
    })
}
