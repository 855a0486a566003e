//! Reading command lines safely.
//!
//! Input comes from a GUI, a tournament runner or a person typing, so it
//! can be anything: very long lines, bytes that are not UTF-8, a missing
//! final newline, `\r\n` line ends. [`LineReader`] never holds more than
//! [`MAX_LINE`] bytes of a line: the rest of an overlong line is skipped
//! as it arrives, so a flood of bytes without a newline cannot exhaust
//! memory, and the caller gets one [`Line::TooLong`] for it.

use std::io::{self, BufRead};

/// Longest line accepted, in bytes, without its line end (64 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input, or why it cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line end.
    Text(String),
    /// A line longer than the limit; its bytes were skipped.
    TooLong {
        /// Its length in bytes (as far as it was read).
        len: usize,
    },
    /// A line that is not valid UTF-8.
    NotUtf8 {
        /// Byte offset of the first invalid byte.
        at: usize,
    },
    /// The input has ended.
    Eof,
}

/// Splits a byte stream into [`Line`]s of at most `limit` bytes.
pub struct LineReader<R> {
    inner: R,
    limit: usize,
    eof: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the given line limit in bytes.
    pub fn new(inner: R, limit: usize) -> Self {
        LineReader {
            inner,
            limit,
            eof: false,
        }
    }

    /// The next line. A read error other than an interruption is
    /// returned as is; the caller treats it as the end of input.
    pub fn next_line(&mut self) -> io::Result<Line> {
        if self.eof {
            return Ok(Line::Eof);
        }
        let mut buf: Vec<u8> = Vec::new();
        let mut len = 0usize;
        let mut seen_any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.eof = true;
                if !seen_any {
                    return Ok(Line::Eof);
                }
                break;
            }
            seen_any = true;
            let (part, used, ended) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            len = len.saturating_add(part.len());
            // Keep one byte beyond the limit: a `\r` of a `\r\n` end.
            let cap = self.limit + 1;
            if buf.len() < cap {
                let room = cap - buf.len();
                buf.extend_from_slice(&part[..part.len().min(room)]);
            }
            self.inner.consume(used);
            if ended {
                break;
            }
        }
        let whole = len == buf.len();
        if whole && buf.last() == Some(&b'\r') {
            buf.pop();
        }
        let text_len = if whole { buf.len() } else { len };
        if text_len > self.limit {
            return Ok(Line::TooLong { len: text_len });
        }
        match String::from_utf8(buf) {
            Ok(s) => Ok(Line::Text(s)),
            Err(e) => Ok(Line::NotUtf8 {
                at: e.utf8_error().valid_up_to(),
            }),
        }
    }
}
