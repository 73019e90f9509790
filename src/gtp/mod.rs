//! GTP version 2 framing: bytes to lines, lines to typed commands, results to response text.
//!
//! Nothing here knows any game: a [`Command`] is a verb with string arguments, and a
//! [`Response`] is the text that goes back.

mod args;
mod codec;
mod command;
mod preprocess;
mod response;
mod scan;

pub use args::{ArgError, Args};
pub use codec::{Chunk, GtpLineCodec, Lines, RawLine};
pub use command::{Command, OwnedCommand, ParseError};
pub use preprocess::{is_interrupt, preprocess};
pub use response::{Response, StreamedResponse};
