//! Splits a byte stream into lines; over-long and non-UTF-8 lines are lines too.
//!
//! `FramedRead` ends the stream after a decoder error, so a bare `LinesCodec` would end
//! the session at the first bad line. This decoder wraps `LinesCodec` and reports bad
//! lines as [`RawLine`] variants; the lines after them are read as usual.

use tokio_util::bytes::BytesMut;
use tokio_util::codec::{Decoder, LinesCodec, LinesCodecError};

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
/// The limit counts the bytes of the line without its line ending, LF or CRLF alike. An
/// over-long line is reported as soon as the limit is passed, before its LF has come.
#[derive(Debug)]
pub struct GtpLineCodec {
    /// Splits lines. Its own limit is one byte more than ours, to leave room for the CR
    /// of a CRLF, which `LinesCodec` counts but strips.
    lines: LinesCodec,
    max_line_bytes: usize,
}

impl GtpLineCodec {
    /// A codec that reports lines longer than `max_line_bytes` (not counting the line
    /// ending) as [`RawLine::TooLong`].
    pub fn new(max_line_bytes: usize) -> GtpLineCodec {
        GtpLineCodec {
            lines: LinesCodec::new_with_max_length(max_line_bytes.saturating_add(1)),
            max_line_bytes,
        }
    }

    fn classify(
        &self,
        result: Result<Option<String>, LinesCodecError>,
    ) -> Result<Option<RawLine>, std::io::Error> {
        Ok(Some(match result {
            Ok(None) => return Ok(None),
            Ok(Some(line)) if line.len() > self.max_line_bytes => RawLine::TooLong,
            Ok(Some(line)) => RawLine::Text(line),
            Err(LinesCodecError::MaxLineLengthExceeded) => RawLine::TooLong,
            // Decoding does no I/O: its only I/O-kind error is the UTF-8 check, made after
            // the line was already taken off the buffer.
            Err(LinesCodecError::Io(_)) => RawLine::InvalidUtf8,
        }))
    }
}

impl Decoder for GtpLineCodec {
    type Item = RawLine;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<RawLine>, std::io::Error> {
        let result = self.lines.decode(buf);
        self.classify(result)
    }

    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<RawLine>, std::io::Error> {
        let result = self.lines.decode_eof(buf);
        self.classify(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(limit: usize, input: &[u8]) -> Vec<RawLine> {
        let mut codec = GtpLineCodec::new(limit);
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        while let Some(line) = codec.decode(&mut buf).unwrap() {
            out.push(line);
        }
        while let Some(line) = codec.decode_eof(&mut buf).unwrap() {
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
            while let Some(line) = codec.decode(&mut buf).unwrap() {
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
