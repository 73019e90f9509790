//! Splits a byte stream into lines; over-long and non-UTF-8 lines are lines too.
//!
//! A bad line is not an error that ends the input: it is reported as a [`RawLine`]
//! variant, and the lines after it are read as usual.

use tokio_util::bytes::{Buf, BytesMut};

/// One line read off the wire, before GTP preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawLine {
    /// A line of valid UTF-8, without its LF (and without the CR of a CRLF).
    Text(String),
    /// A line longer than the limit; its bytes are discarded up to the next LF.
    TooLong,
    /// A line that is not valid UTF-8; it is discarded whole.
    InvalidUtf8,
}

/// A line decoder with a byte limit per line that never fails on bad input.
///
/// The limit counts the bytes of the line without its line ending, LF or CRLF alike.
#[derive(Debug)]
pub struct GtpLineCodec {
    max_line_bytes: usize,
    /// How many bytes at the front of the buffer are known to hold no LF.
    searched: usize,
    /// Whether the bytes up to the next LF belong to a line already reported too long.
    discarding: bool,
}

impl GtpLineCodec {
    /// A codec that reports lines longer than `max_line_bytes` (not counting the line
    /// ending) as [`RawLine::TooLong`].
    pub fn new(max_line_bytes: usize) -> GtpLineCodec {
        GtpLineCodec {
            max_line_bytes,
            searched: 0,
            discarding: false,
        }
    }

    /// Classifies one whole line, given without its LF.
    fn finish(&self, line: &[u8]) -> RawLine {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > self.max_line_bytes {
            return RawLine::TooLong;
        }
        match std::str::from_utf8(line) {
            Ok(text) => RawLine::Text(text.to_owned()),
            Err(_) => RawLine::InvalidUtf8,
        }
    }

    /// Whether `partial`, a line whose LF has not come yet, is already too long. A last
    /// byte CR may be the start of a CRLF, so it does not count yet.
    fn already_too_long(&self, partial: &[u8]) -> bool {
        let content = partial.strip_suffix(b"\r").unwrap_or(partial);
        content.len() > self.max_line_bytes
    }

    /// Takes the next whole line (ended by LF) off the front of `buf`, or `None` until one
    /// has come. An over-long line is reported as soon as it passes the limit; its rest is
    /// then dropped as it comes, up to its LF.
    pub fn next_line(&mut self, buf: &mut BytesMut) -> Option<RawLine> {
        loop {
            let Some(offset) = buf[self.searched..].iter().position(|&b| b == b'\n') else {
                if self.discarding {
                    buf.clear();
                    self.searched = 0;
                } else if self.already_too_long(buf) {
                    buf.clear();
                    self.searched = 0;
                    self.discarding = true;
                    return Some(RawLine::TooLong);
                } else {
                    self.searched = buf.len();
                }
                return None;
            };
            let end = self.searched + offset;
            self.searched = 0;
            if self.discarding {
                buf.advance(end + 1);
                self.discarding = false;
                continue;
            }
            let line = self.finish(&buf[..end]);
            buf.advance(end + 1);
            return Some(line);
        }
    }

    /// Like [`next_line`](Self::next_line), once the input has ended: what is left after
    /// the last LF is a last line too.
    pub fn last_line(&mut self, buf: &mut BytesMut) -> Option<RawLine> {
        if let Some(line) = self.next_line(buf) {
            return Some(line);
        }
        if buf.is_empty() {
            return None;
        }
        let line = self.finish(buf);
        buf.clear();
        self.searched = 0;
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(limit: usize, input: &[u8]) -> Vec<RawLine> {
        let mut codec = GtpLineCodec::new(limit);
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        while let Some(line) = codec.last_line(&mut buf) {
            out.push(line);
        }
        out
    }

    #[test]
    fn splits_lines_and_drops_cr() {
        assert_eq!(
            decode_all(100, b"name\r\nversion\nlast"),
            vec![
                RawLine::Text("name".into()),
                RawLine::Text("version".into()),
                RawLine::Text("last".into())
            ]
        );
    }

    #[test]
    fn over_long_line_is_reported_then_skipped() {
        assert_eq!(
            decode_all(4, b"abcdefghij\nname\n"),
            vec![RawLine::TooLong, RawLine::Text("name".into())]
        );
        assert_eq!(decode_all(4, b"abcd\n"), vec![RawLine::Text("abcd".into())]);
        assert_eq!(decode_all(4, b"abcde"), vec![RawLine::TooLong]);
    }

    #[test]
    fn the_limit_does_not_count_the_line_ending() {
        assert_eq!(
            decode_all(4, b"abcd\r\nabcde\r\nab"),
            vec![
                RawLine::Text("abcd".into()),
                RawLine::TooLong,
                RawLine::Text("ab".into())
            ]
        );
        assert_eq!(decode_all(4, b"abcd\r"), vec![RawLine::Text("abcd".into())]);
    }

    #[test]
    fn a_long_line_fed_in_pieces_is_reported_once() {
        let mut codec = GtpLineCodec::new(4);
        let mut buf = BytesMut::new();
        let mut out = Vec::new();
        for piece in [&b"abc"[..], b"def", b"ghi", b"jk\nna", b"me\n"] {
            buf.extend_from_slice(piece);
            while let Some(line) = codec.next_line(&mut buf) {
                out.push(line);
            }
        }
        assert_eq!(out, vec![RawLine::TooLong, RawLine::Text("name".into())]);
    }

    #[test]
    fn invalid_utf8_is_reported_then_skipped() {
        assert_eq!(
            decode_all(100, b"na\xffme\nname\n"),
            vec![RawLine::InvalidUtf8, RawLine::Text("name".into())]
        );
    }
}
