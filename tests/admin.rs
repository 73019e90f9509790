//! The administrative verbs over a real socket.

mod common;
use common::bounded;

#[test]
fn admin_verbs_over_tcp() {
    bounded(async {
        let server = common::TestServer::start().await;
        let mut client = server.connect().await;
        assert_eq!(client.ask("1 protocol_version").await, "=1 2\n\n");
        assert_eq!(client.ok("name").await, "gamebot");
        assert_eq!(client.ok("version").await, env!("CARGO_PKG_VERSION"));
        assert_eq!(client.ok("known_command list_commands").await, "true");
        assert_eq!(client.ok("known_command nonsense").await, "false");
        let verbs = client.ok("list_commands").await;
        for verb in [
            "protocol_version",
            "name",
            "version",
            "known_command",
            "quit",
        ] {
            assert!(
                verbs.lines().any(|line| line == verb),
                "{verb} missing: {verbs}"
            );
        }
        assert_eq!(client.ask("quit").await, "= \n\n");
        assert_eq!(client.read_to_close().await, "");
        server.shutdown().await;
    })
}
