//! A GTP client over one engine link: a child process's stdin and stdout, or a TCP
//! connection. Every exchange has a time limit, so a hung engine never hangs the arena.

mod answer;

pub use answer::Answer;

use super::error::LinkError;
use super::spec::Spec;
use answer::read_answer;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};

/// How long `quit` may take when a link is closed.
const QUIT_PATIENCE: Duration = Duration::from_millis(500);

/// The address game `game` connects to: the addresses in turn.
fn address_of(addresses: &[String], game: u64) -> &String {
    &addresses[(game % addresses.len() as u64) as usize]
}

/// One open link to an engine. Dropping it kills the engine's process, if it has one.
pub struct Link {
    reader: BufReader<Box<dyn AsyncRead + Unpin + Send>>,
    writer: Box<dyn AsyncWrite + Unpin + Send>,
    /// The engine's process, for `cmd:` engines.
    child: Option<Child>,
}

impl Link {
    /// Starts the engine's program, or connects to one of its addresses (`game` picks
    /// which, in turn), within `limit`.
    pub async fn open(spec: &Spec, game: u64, limit: Duration) -> Result<Link, LinkError> {
        match spec {
            Spec::Command(words) => {
                let mut command = Command::new(&words[0]);
                // Its own process group: a Ctrl-C at the terminal stops the arena, which
                // then ends its engines, rather than killing engines mid-game.
                #[cfg(unix)]
                command.process_group(0);
                let mut child = command
                    .args(&words[1..])
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .kill_on_drop(true)
                    .spawn()
                    .map_err(|error| LinkError::Spawn {
                        program: words[0].clone(),
                        error,
                    })?;
                let stdin = child.stdin.take().expect("stdin is piped");
                let stdout = child.stdout.take().expect("stdout is piped");
                Ok(Link {
                    reader: BufReader::new(Box::new(stdout)),
                    writer: Box::new(stdin),
                    child: Some(child),
                })
            }
            Spec::Tcp(addresses) => {
                let address = address_of(addresses, game);
                let connect = |error| LinkError::Connect {
                    address: address.clone(),
                    error,
                };
                let stream = tokio::time::timeout(limit, TcpStream::connect(address.as_str()))
                    .await
                    .map_err(|_| connect(std::io::ErrorKind::TimedOut.into()))?
                    .map_err(connect)?;
                stream.set_nodelay(true)?;
                let (read, write) = stream.into_split();
                Ok(Link {
                    reader: BufReader::new(Box::new(read)),
                    writer: Box::new(write),
                    child: None,
                })
            }
        }
    }

    /// Sends `commands` in one write and reads their answers in order, all within
    /// `limit`. After an error the link is out of step with the engine: drop it.
    pub async fn ask_all(
        &mut self,
        commands: &[String],
        limit: Duration,
    ) -> Result<Vec<Answer>, LinkError> {
        let exchange = async {
            let mut text = String::new();
            for command in commands {
                text.push_str(command);
                text.push('\n');
            }
            self.writer.write_all(text.as_bytes()).await?;
            self.writer.flush().await?;
            let mut answers = Vec::with_capacity(commands.len());
            for _ in commands {
                answers.push(read_answer(&mut self.reader).await?);
            }
            Ok(answers)
        };
        tokio::time::timeout(limit, exchange)
            .await
            .map_err(|_| LinkError::Timeout {
                command: commands.last().cloned().unwrap_or_default(),
                limit,
            })?
    }

    /// Sends `commands` in one write and requires every one to succeed; the text of
    /// the last answer.
    pub async fn expect_all(
        &mut self,
        commands: &[String],
        limit: Duration,
    ) -> Result<String, LinkError> {
        let answers = self.ask_all(commands, limit).await?;
        let mut last = String::new();
        for (command, answer) in commands.iter().zip(answers) {
            match answer {
                Answer::Success(text) => last = text,
                Answer::Failure(message) => {
                    return Err(LinkError::Refused {
                        command: command.clone(),
                        message,
                    })
                }
            }
        }
        Ok(last)
    }

    /// Says `quit` (briefly waiting for the answer), then lets the engine go: a process
    /// still running after that is killed.
    pub async fn close(mut self) {
        let _ = self.ask_all(&["quit".to_string()], QUIT_PATIENCE).await;
        if let Some(mut child) = self.child.take() {
            if tokio::time::timeout(QUIT_PATIENCE, child.wait())
                .await
                .is_err()
            {
                let _ = child.kill().await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_take_the_addresses_in_turn() {
        let _bound = crate::test_bound::bound();
        let addresses = ["a:1".to_string(), "b:2".to_string(), "c:3".to_string()];
        let picked: Vec<&str> = (1..=4)
            .map(|game| address_of(&addresses, game).as_str())
            .collect();
        assert_eq!(picked, ["b:2", "c:3", "a:1", "b:2"]);
    }

    #[tokio::test]
    async fn a_program_that_is_not_there_cannot_start() {
        let _bound = crate::test_bound::bound();
        let spec = Spec::Command(vec!["/nonexistent/engine".into()]);
        let error = Link::open(&spec, 1, Duration::from_secs(1))
            .await
            .err()
            .unwrap();
        assert!(matches!(error, LinkError::Spawn { .. }), "{error}");
    }
}
