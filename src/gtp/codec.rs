//! Splits a byte stream into lines, turning bad lines into items instead of stream errors.
//!
//! `FramedRead` ends the stream after a decoder error, so a bare `LinesCodec` would kill
//! the session on the first over-long or non-UTF-8 line. This codec reports those lines
//! as [`RawLine`] variants and keeps going.

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
#[derive(Debug)]
pub struct GtpLineCodec {
    lines: LinesCodec,
}

impl GtpLineCodec {
    /// A codec that reports lines longer than `max_line_bytes` (not counting the LF) as
    /// [`RawLine::TooLong`].
    pub fn new(max_line_bytes: usize) -> GtpLineCodec {
        GtpLineCodec {
            lines: LinesCodec::new_with_max_length(max_line_bytes),
        }
    }

    fn classify(
        result: Result<Option<String>, LinesCodecError>,
    ) -> Result<Option<RawLine>, std::io::Error> {
        match result {
            Ok(line) => Ok(line.map(RawLine::Text)),
            Err(LinesCodecError::MaxLineLengthExceeded) => Ok(Some(RawLine::TooLong)),
            // Decoding does no I/O: its only I/O-kind error is the UTF-8 check, made after
            // the line was already taken off the buffer.
            Err(LinesCodecError::Io(_)) => Ok(Some(RawLine::InvalidUtf8)),
        }
    }
}

impl Decoder for GtpLineCodec {
    type Item = RawLine;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<RawLine>, std::io::Error> {
        Self::classify(self.lines.decode(buf))
    }

    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<RawLine>, std::io::Error> {
        Self::classify(self.lines.decode_eof(buf))
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
    }

    #[test]
    fn invalid_utf8_is_reported_then_skipped() {
        assert_eq!(
            decode_all(100, b"na\xffme\nname\n"),
            vec![RawLine::InvalidUtf8, RawLine::Text("name".into())]
        );
    }
}
