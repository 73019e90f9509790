//! Reading one GTP answer: `=` or `?`, an optional id, the text, up to the empty line.

use crate::arena::error::LinkError;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest answer the arena reads; a longer one is not GTP it can use.
const MAX_ANSWER_BYTES: usize = 1 << 20;

/// An engine's answer to one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `= text`: the text, lines joined by `\n`, without the id.
    Success(String),
    /// `? message`: the message.
    Failure(String),
}

/// Reads the next answer. Blank lines before it are skipped (some engines send extra
/// empty lines); a first line starting with neither `=` nor `?` is a protocol error.
pub async fn read_answer<R: AsyncBufRead + Unpin>(reader: &mut R) -> Result<Answer, LinkError> {
    let mut line = String::new();
    let first = loop {
        let text = next_line(reader, &mut line).await?;
        if !text.trim().is_empty() {
            break text.to_string();
        }
    };
    let success = match first.as_bytes()[0] {
        b'=' => true,
        b'?' => false,
        _ => return Err(LinkError::Protocol(first)),
    };
    let mut text = first[1..]
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim()
        .to_string();
    loop {
        let more = next_line(reader, &mut line).await?;
        if more.is_empty() {
            break;
        }
        if text.len() + more.len() > MAX_ANSWER_BYTES {
            return Err(LinkError::Protocol(format!(
                "an answer over {MAX_ANSWER_BYTES} bytes"
            )));
        }
        text.push('\n');
        text.push_str(more);
    }
    Ok(if success {
        Answer::Success(text)
    } else {
        Answer::Failure(text)
    })
}

/// The next line without its line ending (LF or CRLF); end of input is
/// [`LinkError::Closed`].
async fn next_line<'a, R: AsyncBufRead + Unpin>(
    reader: &mut R,
    line: &'a mut String,
) -> Result<&'a str, LinkError> {
    line.clear();
    let read = reader
        .read_line(line)
        .await
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::InvalidData => {
                LinkError::Protocol("an answer that is not UTF-8".into())
            }
            _ => LinkError::Io(error),
        })?;
    if read == 0 {
        return Err(LinkError::Closed);
    }
    if line.len() > MAX_ANSWER_BYTES {
        return Err(LinkError::Protocol(format!(
            "a line over {MAX_ANSWER_BYTES} bytes"
        )));
    }
    Ok(line.trim_end_matches(['\n', '\r']))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn answers(text: &str) -> Vec<Result<Answer, String>> {
        let mut reader = text.as_bytes();
        let mut all = Vec::new();
        loop {
            match read_answer(&mut reader).await {
                Err(LinkError::Closed) => return all,
                other => all.push(other.map_err(|e| e.to_string())),
            }
        }
    }

    #[tokio::test]
    async fn reads_successes_failures_ids_and_several_lines() {
        let _bound = crate::test_bound::bound();
        let got = answers("= D4\n\n?3 illegal move\n\n\n=12 a\r\nb\r\n\r\n=\n\n").await;
        assert_eq!(
            got,
            [
                Ok(Answer::Success("D4".into())),
                Ok(Answer::Failure("illegal move".into())),
                Ok(Answer::Success("a\nb".into())),
                Ok(Answer::Success(String::new())),
            ]
        );
    }

    #[tokio::test]
    async fn junk_and_cut_answers_are_errors() {
        let _bound = crate::test_bound::bound();
        assert!(matches!(
            read_answer(&mut "hello\n\n".as_bytes()).await,
            Err(LinkError::Protocol(_))
        ));
        assert!(matches!(
            read_answer(&mut "= D4\n".as_bytes()).await,
            Err(LinkError::Closed)
        ));
    }
}
