//! Splits a byte stream into lines; over-long and non-UTF-8 lines are lines too.
//!
//! `FramedRead` ends the stream after a decoder error, so bad lines must be items, not
//! errors. `LinesCodec` is not used: it allocates a `String` per line, which alone cost
//! ~39 ns of a pipelined line's ~105 ns (measured); this decoder takes every complete
//! line in the buffer off at once as one [`Chunk`], and its lines are borrowed slices.

use super::scan::find_byte;
use tokio_util::bytes::{Buf, BytesMut};
use tokio_util::codec::Decoder;

/// One line read off the wire, before GTP preprocessing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawLine<'a> {
    /// A line of valid UTF-8, without its LF (and without the CR of a CRLF).
    Text(&'a str),
    /// A line longer than the limit; its bytes are discarded up to the next LF.
    TooLong,
    /// A line that is not valid UTF-8; it is discarded whole.
    InvalidUtf8,
}

/// Every complete line that was in the read buffer at one decode, in order.
#[derive(Debug)]
pub struct Chunk {
    /// Whole lines, each ending in LF, except that the last may lack its LF at end of
    /// input.
    bytes: BytesMut,
    /// Whether a partial line, over the limit before its LF came, follows the lines.
    then_too_long: bool,
    max_line_bytes: usize,
}

impl Chunk {
    /// The lines, in the order they came.
    #[inline]
    pub fn lines(&self) -> Lines<'_> {
        // One UTF-8 check for the whole chunk is cheaper than one per line; only a chunk
        // that holds a bad line is checked line by line, to tell its good lines apart.
        let rest = match std::str::from_utf8(&self.bytes) {
            Ok(text) => Rest::Text(text),
            Err(_) => Rest::Bytes(&self.bytes),
        };
        Lines {
            rest,
            then_too_long: self.then_too_long,
            max_line_bytes: self.max_line_bytes,
        }
    }
}

/// The lines of a [`Chunk`].
#[derive(Debug)]
pub struct Lines<'a> {
    rest: Rest<'a>,
    then_too_long: bool,
    max_line_bytes: usize,
}

/// The lines not yet taken, known to be valid UTF-8 or not.
#[derive(Debug)]
enum Rest<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

/// Splits off the first line of `rest` (up to its LF, or all of it), without its line
/// ending.
#[inline]
fn split_line(rest: &[u8]) -> (&[u8], &[u8]) {
    let (line, rest) = match find_byte(b'\n', rest) {
        Some(end) => (&rest[..end], &rest[end + 1..]),
        None => (rest, &[][..]),
    };
    (line.strip_suffix(b"\r").unwrap_or(line), rest)
}

impl<'a> Iterator for Lines<'a> {
    type Item = RawLine<'a>;

    #[inline]
    fn next(&mut self) -> Option<RawLine<'a>> {
        let (len, line) = match self.rest {
            Rest::Text(text) if !text.is_empty() => {
                let (line, rest) = split_line(text.as_bytes());
                self.rest = Rest::Text(&text[text.len() - rest.len()..]);
                // The line starts the text and ends before an ASCII byte or at the end:
                // both are character boundaries.
                (line.len(), RawLine::Text(&text[..line.len()]))
            }
            Rest::Bytes(bytes) if !bytes.is_empty() => {
                let (line, rest) = split_line(bytes);
                self.rest = Rest::Bytes(rest);
                let text = std::str::from_utf8(line);
                (line.len(), text.map_or(RawLine::InvalidUtf8, RawLine::Text))
            }
            _ => return std::mem::take(&mut self.then_too_long).then_some(RawLine::TooLong),
        };
        Some(if len > self.max_line_bytes {
            RawLine::TooLong
        } else {
            line
        })
    }
}

/// A line decoder with a byte limit per line that never fails on bad input.
///
/// The limit counts the bytes of the line without its line ending, LF or CRLF alike. An
/// over-long line is reported as soon as the limit is passed, before its LF has come, and
/// the rest of it up to its LF is discarded.
#[derive(Debug)]
pub struct GtpLineCodec {
    max_line_bytes: usize,
    /// How many bytes at the start of the buffer are known to hold no LF.
    scanned: usize,
    /// Whether the buffer starts inside an over-long line already reported.
    discarding: bool,
}

impl GtpLineCodec {
    /// A codec that reports lines longer than `max_line_bytes` (not counting the line
    /// ending) as [`RawLine::TooLong`].
    pub fn new(max_line_bytes: usize) -> GtpLineCodec {
        GtpLineCodec {
            max_line_bytes,
            scanned: 0,
            discarding: false,
        }
    }

    /// Whether `partial`, a line whose LF has not come yet, is already over the limit
    /// whatever comes next (a last byte CR may still be the start of a CRLF).
    fn is_over_long(&self, partial: &[u8]) -> bool {
        let len = partial
            .len()
            .saturating_sub(usize::from(partial.ends_with(b"\r")));
        len > self.max_line_bytes
    }

    fn chunk(&self, bytes: BytesMut, then_too_long: bool) -> Chunk {
        Chunk {
            bytes,
            then_too_long,
            max_line_bytes: self.max_line_bytes,
        }
    }
}

impl Decoder for GtpLineCodec {
    type Item = Chunk;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Chunk>, std::io::Error> {
        if self.discarding {
            // Nothing of the over-long line is kept, so what is left of it starts the
            // buffer (and `scanned` is 0).
            match find_byte(b'\n', buf) {
                Some(end) => {
                    buf.advance(end + 1);
                    self.discarding = false;
                }
                None => {
                    buf.clear();
                    return Ok(None);
                }
            }
        }
        // The lines end at the last LF; only the bytes after it are left to wait.
        let lines = buf[self.scanned..]
            .iter()
            .rposition(|&b| b == b'\n')
            .map(|last| buf.split_to(self.scanned + last + 1));
        let then_too_long = self.is_over_long(buf);
        if then_too_long {
            buf.clear();
            self.discarding = true;
        }
        self.scanned = buf.len();
        Ok(match lines {
            Some(lines) => Some(self.chunk(lines, then_too_long)),
            None if then_too_long => Some(self.chunk(BytesMut::new(), true)),
            None => None,
        })
    }

    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<Chunk>, std::io::Error> {
        if let Some(chunk) = self.decode(buf)? {
            return Ok(Some(chunk));
        }
        self.scanned = 0;
        // The last line, without its LF; a lone CR is nothing, as a blank line would be.
        Ok(if buf.is_empty() || buf[..] == b"\r"[..] {
            buf.clear();
            None
        } else {
            Some(self.chunk(buf.split(), false))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the lines become, owned, so that tests can compare them.
    #[derive(Debug, PartialEq, Eq)]
    enum Line {
        Text(String),
        TooLong,
        InvalidUtf8,
    }

    fn text(text: &str) -> Line {
        Line::Text(text.to_string())
    }

    fn collect(chunk: &Chunk, out: &mut Vec<Line>) {
        out.extend(chunk.lines().map(|line| match line {
            RawLine::Text(text) => Line::Text(text.to_string()),
            RawLine::TooLong => Line::TooLong,
            RawLine::InvalidUtf8 => Line::InvalidUtf8,
        }));
    }

    fn decode_all(limit: usize, input: &[u8]) -> Vec<Line> {
        let mut codec = GtpLineCodec::new(limit);
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        while let Some(chunk) = codec.decode(&mut buf).unwrap() {
            collect(&chunk, &mut out);
        }
        while let Some(chunk) = codec.decode_eof(&mut buf).unwrap() {
            collect(&chunk, &mut out);
        }
        out
    }

    #[test]
    fn splits_lines_and_drops_cr() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            decode_all(100, b"name\r\nversion\nlast"),
            vec![text("name"), text("version"), text("last")]
        );
    }

    #[test]
    fn takes_every_complete_line_at_once() {
        let _bound = crate::test_bound::bound();
        let mut codec = GtpLineCodec::new(100);
        let mut buf = BytesMut::from(&b"a\nb\r\n\nc"[..]);
        let chunk = codec.decode(&mut buf).unwrap().unwrap();
        let lines: Vec<_> = chunk.lines().collect();
        assert_eq!(
            lines,
            vec![RawLine::Text("a"), RawLine::Text("b"), RawLine::Text("")]
        );
        assert_eq!(&buf[..], b"c");
        assert!(codec.decode(&mut buf).unwrap().is_none());
    }

    #[test]
    fn over_long_line_is_reported_then_skipped() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            decode_all(4, b"abcdefghij\nname\n"),
            vec![Line::TooLong, text("name")]
        );
        assert_eq!(decode_all(4, b"abcd\n"), vec![text("abcd")]);
        assert_eq!(decode_all(4, b"abcde"), vec![Line::TooLong]);
        assert_eq!(
            decode_all(4, b"ok\nabcdefgh"),
            vec![text("ok"), Line::TooLong]
        );
    }

    #[test]
    fn the_limit_does_not_count_the_line_ending() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            decode_all(4, b"abcd\r\nabcde\r\nab"),
            vec![text("abcd"), Line::TooLong, text("ab")]
        );
        assert_eq!(decode_all(4, b"abcd\r"), vec![text("abcd")]);
    }

    #[test]
    fn a_long_line_fed_in_pieces_is_reported_once() {
        let _bound = crate::test_bound::bound();
        let mut codec = GtpLineCodec::new(4);
        let mut buf = BytesMut::new();
        let mut out = Vec::new();
        for piece in [&b"abc"[..], b"def", b"ghi", b"jk\nna", b"me\n"] {
            buf.extend_from_slice(piece);
            while let Some(chunk) = codec.decode(&mut buf).unwrap() {
                collect(&chunk, &mut out);
            }
        }
        assert_eq!(out, vec![Line::TooLong, text("name")]);
    }

    #[test]
    fn a_line_at_the_limit_waits_for_its_crlf_in_pieces() {
        let _bound = crate::test_bound::bound();
        let mut codec = GtpLineCodec::new(4);
        let mut buf = BytesMut::new();
        let mut out = Vec::new();
        for piece in [&b"ab"[..], b"cd\r", b"\n"] {
            buf.extend_from_slice(piece);
            while let Some(chunk) = codec.decode(&mut buf).unwrap() {
                collect(&chunk, &mut out);
            }
        }
        assert_eq!(out, vec![text("abcd")]);
    }

    #[test]
    fn a_line_both_over_long_and_invalid_is_too_long() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            decode_all(4, b"ok\nabcd\xff\nname\n"),
            vec![text("ok"), Line::TooLong, text("name")]
        );
    }

    /// What the lines of `input` are, read the plain way: split at every LF.
    fn reference(limit: usize, input: &[u8]) -> Vec<Line> {
        let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        let last = lines.pop().unwrap_or_default();
        if !last.is_empty() && last != b"\r" {
            lines.push(last);
        }
        lines
            .into_iter()
            .map(|line| {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                match std::str::from_utf8(line) {
                    _ if line.len() > limit => Line::TooLong,
                    Ok(line) => text(line),
                    Err(_) => Line::InvalidUtf8,
                }
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn any_input_in_any_pieces_reads_as_split_at_each_lf(
            input in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b' ', b'\r', b'\n', 0xc3, 0xa9, 0xff]),
                0..60,
            ),
            cuts in proptest::collection::vec(0usize..60, 0..6),
            limit in 0usize..8,
        ) {
            let _bound = crate::test_bound::bound();
            let mut codec = GtpLineCodec::new(limit);
            let mut buf = BytesMut::new();
            let mut out = Vec::new();
            let mut cuts: Vec<usize> = cuts.into_iter().filter(|&cut| cut < input.len()).collect();
            cuts.sort_unstable();
            cuts.push(input.len());
            let mut from = 0;
            for cut in cuts {
                buf.extend_from_slice(&input[from..cut.max(from)]);
                from = cut.max(from);
                while let Some(chunk) = codec.decode(&mut buf).unwrap() {
                    collect(&chunk, &mut out);
                }
            }
            while let Some(chunk) = codec.decode_eof(&mut buf).unwrap() {
                collect(&chunk, &mut out);
            }
            proptest::prop_assert_eq!(out, reference(limit, &input));
        }
    }

    #[test]
    fn invalid_utf8_is_reported_then_skipped() {
        let _bound = crate::test_bound::bound();
        assert_eq!(
            decode_all(100, b"na\xffme\nname\n"),
            vec![Line::InvalidUtf8, text("name")]
        );
    }
}
