//! The line codec: any bytes, fed in pieces of any size, with any line limit: no
//! panic, every line taken once, and each text line through cleaning and parsing.
#![no_main]

use gamebot::gtp::{preprocess, Command, GtpLineCodec, RawLine};
use libfuzzer_sys::fuzz_target;
use tokio_util::bytes::BytesMut;
use tokio_util::codec::Decoder;

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, data)) = data.split_first() else {
        return;
    };
    // The limit and the size of the pieces come from the first byte.
    let limit = 1 + usize::from(knobs & 0x1f) * 3;
    let piece = 1 + usize::from(knobs >> 5) * 7;
    let mut codec = GtpLineCodec::new(limit);
    let mut buffer = BytesMut::new();
    let mut lines = 0usize;
    let mut take = |chunk: gamebot::gtp::Chunk| {
        for line in chunk.lines() {
            lines += 1;
            if let RawLine::Text(text) = line {
                assert!(text.len() <= limit);
                if let Some(clean) = preprocess(text) {
                    let _ = Command::parse(&clean);
                }
            }
        }
    };
    for bytes in data.chunks(piece) {
        buffer.extend_from_slice(bytes);
        while let Some(chunk) = codec.decode(&mut buffer).expect("decoding never fails") {
            take(chunk);
        }
    }
    while let Some(chunk) = codec.decode_eof(&mut buffer).expect("decoding never fails") {
        take(chunk);
    }
    // Never more lines than line feeds, plus a last line without one.
    assert!(lines <= data.iter().filter(|&&byte| byte == b'\n').count() + 1);
});
