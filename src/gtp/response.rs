//! The text of a GTP response: `=[id] result` or `?[id] message`, then an empty line.

use std::fmt;

/// A finished response to one command, borrowing its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Response<'a> {
    /// The id of the command answered, if it had one.
    pub id: Option<u64>,
    /// `Ok(result)` for success, `Err(message)` for failure.
    pub body: Result<&'a str, &'a str>,
}

impl<'a> Response<'a> {
    /// A success carrying `result` (may be empty or span several non-empty lines).
    #[inline]
    pub fn success(id: Option<u64>, result: &'a str) -> Response<'a> {
        Response {
            id,
            body: Ok(result),
        }
    }

    /// A failure carrying an error `message`.
    pub fn failure(id: Option<u64>, message: &'a str) -> Response<'a> {
        Response {
            id,
            body: Err(message),
        }
    }

    /// Appends the wire form, with its terminating empty line, to `out`.
    ///
    /// An empty line would end the response early and desynchronise the client, so
    /// empty lines inside the text and newlines at its end are left out, whatever the
    /// text holds.
    #[inline(always)]
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let (mark, text) = match self.body {
            Ok(text) => (b'=', text),
            Err(text) => (b'?', text),
        };
        out.push(mark);
        if let Some(id) = self.id {
            write_id(id, out);
        }
        out.push(b' ');
        let text = text.trim_end_matches('\n');
        // Most results are one line: look for empty lines only where there are several.
        if super::scan::find_byte(b'\n', text.as_bytes()).is_some() {
            write_lines(text, out);
        } else {
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(b"\n\n");
    }
}

/// Appends `id` in decimal.
fn write_id(id: u64, out: &mut Vec<u8>) {
    use std::io::Write;
    // Writing into a Vec cannot fail.
    let _ = write!(out, "{id}");
}

/// Appends a text of several lines, leaving out its empty lines but the first.
fn write_lines(text: &str, out: &mut Vec<u8>) {
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 && !line.is_empty() {
            out.push(b'\n');
        }
        out.extend_from_slice(line.as_bytes());
    }
}

/// A success answered bit by bit, as analysis commands stream: the head line `=[id]`
/// alone, then lines as they come, then the empty line that ends every response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamedResponse {
    id: Option<u64>,
    started: bool,
}

impl StreamedResponse {
    /// The stream of the answer to the command with this id; nothing is written yet.
    pub fn new(id: Option<u64>) -> StreamedResponse {
        StreamedResponse { id, started: false }
    }

    /// Whether the head line has been written.
    pub fn has_started(&self) -> bool {
        self.started
    }

    /// Appends the head line `=[id]` to `out`, unless it has gone out already.
    pub fn begin(&mut self, out: &mut Vec<u8>) {
        if !self.started {
            self.started = true;
            out.push(b'=');
            if let Some(id) = self.id {
                write_id(id, out);
            }
            out.push(b'\n');
        }
    }

    /// Appends `text` (one line or several; empty ones are left out) to `out`, after the
    /// head line if it has not gone out yet.
    pub fn write_lines(&mut self, text: &str, out: &mut Vec<u8>) {
        self.begin(out);
        for line in text.split('\n').filter(|line| !line.is_empty()) {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
    }

    /// Appends the closing `text` (possibly empty) and the empty line that ends the
    /// response.
    pub fn finish(mut self, text: &str, out: &mut Vec<u8>) {
        self.write_lines(text, out);
        out.push(b'\n');
    }
}

impl fmt::Display for Response<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        self.write_to(&mut out);
        f.write_str(&String::from_utf8_lossy(&out))
    }
}

#[cfg(test)]
mod tests {
    use super::{Response, StreamedResponse};

    #[test]
    fn streamed_wire_form() {
        let _bound = crate::test_bound::bound();
        let mut out = Vec::new();
        let mut stream = StreamedResponse::new(Some(7));
        stream.write_lines("info move D4", &mut out);
        stream.write_lines("info move C3\n\ninfo move E5", &mut out);
        stream.finish("play D4", &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=7\ninfo move D4\ninfo move C3\ninfo move E5\nplay D4\n\n"
        );
        let mut out = Vec::new();
        StreamedResponse::new(None).finish("", &mut out);
        assert_eq!(out, b"=\n\n");
        // The head line alone, then nothing more of it.
        let mut head = Vec::new();
        let mut stream = StreamedResponse::new(Some(8));
        stream.begin(&mut head);
        assert_eq!(head, b"=8\n");
        let mut rest = Vec::new();
        stream.begin(&mut rest);
        stream.finish("", &mut rest);
        assert_eq!(rest, b"\n");
    }

    #[test]
    fn wire_forms() {
        let _bound = crate::test_bound::bound();
        assert_eq!(Response::success(None, "2").to_string(), "= 2\n\n");
        assert_eq!(Response::success(Some(3), "").to_string(), "=3 \n\n");
        assert_eq!(
            Response::failure(Some(12), "unknown command").to_string(),
            "?12 unknown command\n\n"
        );
        assert_eq!(Response::success(None, "a\nb").to_string(), "= a\nb\n\n");
        assert_eq!(Response::success(None, "\nb").to_string(), "= \nb\n\n");
    }

    #[test]
    fn text_cannot_end_the_response_early() {
        let _bound = crate::test_bound::bound();
        assert_eq!(Response::success(None, "a\n").to_string(), "= a\n\n");
        assert_eq!(
            Response::success(Some(4), "\n\na\n\n\nb\n\n").to_string(),
            "=4 \na\nb\n\n"
        );
        assert_eq!(
            Response::failure(None, "bad\n\nthing").to_string(),
            "? bad\nthing\n\n"
        );
    }
}
