//! Engine specifications on the command line: `NAME=cmd:PROGRAM ARGS...` or
//! `NAME=tcp:HOST:PORT[,HOST:PORT...]`.

use super::error::ArenaError;

/// How to reach an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spec {
    /// A program speaking GTP on its stdin and stdout: the program, then its arguments
    /// (split on white space; no quoting).
    Command(Vec<String>),
    /// Servers speaking GTP over TCP: one connection per game, games spread over the
    /// addresses in turn.
    Tcp(Vec<String>),
}

/// A named engine of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Engine {
    /// The name in results and files.
    pub name: String,
    /// How to reach it.
    pub spec: Spec,
}

impl Spec {
    /// Reads `cmd:PROGRAM ARGS...` or `tcp:HOST:PORT[,HOST:PORT...]`.
    pub fn parse(text: &str) -> Result<Spec, String> {
        if let Some(command) = text.strip_prefix("cmd:") {
            let words: Vec<String> = command.split_whitespace().map(String::from).collect();
            if words.is_empty() {
                return Err("cmd: needs a program".into());
            }
            Ok(Spec::Command(words))
        } else if let Some(addresses) = text.strip_prefix("tcp:") {
            let addresses: Vec<String> = addresses
                .split(',')
                .map(str::trim)
                .map(String::from)
                .collect();
            if let Some(bad) = addresses.iter().find(|a| !is_host_port(a)) {
                return Err(format!("'{bad}' is not HOST:PORT"));
            }
            Ok(Spec::Tcp(addresses))
        } else {
            Err("the spec starts with cmd: or tcp:".into())
        }
    }
}

/// `HOST:PORT` with a non-empty host and a port number.
fn is_host_port(address: &str) -> bool {
    address
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok())
}

impl Engine {
    /// Reads `NAME=SPEC`.
    pub fn parse(text: &str) -> Result<Engine, ArenaError> {
        let bad = |why: &str| ArenaError::BadEngine(text.to_string(), why.to_string());
        let (name, spec) = text
            .split_once('=')
            .ok_or_else(|| bad("expected NAME=SPEC"))?;
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(bad("a name is one word"));
        }
        Ok(Engine {
            name: name.to_string(),
            spec: Spec::parse(spec).map_err(|why| bad(&why))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_kinds() {
        let _bound = crate::test_bound::bound();
        let engine = Engine::parse("me=cmd:gamebot stdio --seed 1").unwrap();
        assert_eq!(engine.name, "me");
        assert_eq!(
            engine.spec,
            Spec::Command(vec![
                "gamebot".into(),
                "stdio".into(),
                "--seed".into(),
                "1".into()
            ])
        );
        let far = Engine::parse("far=tcp:127.0.0.1:7070,[::1]:7071").unwrap();
        assert_eq!(
            far.spec,
            Spec::Tcp(vec!["127.0.0.1:7070".into(), "[::1]:7071".into()])
        );
    }

    #[test]
    fn refuses_bad_specs() {
        let _bound = crate::test_bound::bound();
        for bad in [
            "me",
            "=cmd:x",
            "me=cmd:",
            "me=cmd:  ",
            "me=tcp:host",
            "me=tcp:h:99999",
            "me=ssh:x",
        ] {
            assert!(Engine::parse(bad).is_err(), "{bad}");
        }
    }
}
