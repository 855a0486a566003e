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
        let mut last: Option<u8> = None;
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
            if let Some(&b) = part.last() {
                last = Some(b);
            }
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
        // A `\r` before the `\n` belongs to the line end.
        let whole = len == buf.len();
        if last == Some(b'\r') {
            len -= 1;
            if whole {
                buf.pop();
            }
        }
        if len > self.limit {
            return Ok(Line::TooLong { len });
        }
        match String::from_utf8(buf) {
            Ok(s) => Ok(Line::Text(s)),
            Err(e) => Ok(Line::NotUtf8 {
                at: e.utf8_error().valid_up_to(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn lines(input: &[u8], limit: usize, buf: usize) -> Vec<Line> {
        let mut r = LineReader::new(BufReader::with_capacity(buf, input), limit);
        let mut v = Vec::new();
        loop {
            let l = r.next_line().unwrap();
            if l == Line::Eof {
                return v;
            }
            v.push(l);
        }
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn splits_lines_and_strips_line_ends() {
        for buf in [1, 3, 64] {
            assert_eq!(
                lines(b"go\r\nstop\n\nquit", 10, buf),
                [text("go"), text("stop"), text(""), text("quit")]
            );
        }
    }

    #[test]
    fn overlong_lines_are_reported_once_and_skipped() {
        for buf in [1, 4, 1000] {
            assert_eq!(
                lines(b"abcde\nabcdef\nabcdefghij\r\nok\n", 5, buf),
                [
                    text("abcde"),
                    Line::TooLong { len: 6 },
                    Line::TooLong { len: 10 },
                    text("ok")
                ]
            );
        }
        // A `\r\n` end right at the limit does not count against it.
        assert_eq!(lines(b"abcde\r\n", 5, 2), [text("abcde")]);
    }

    #[test]
    fn invalid_utf8_is_reported_with_its_offset() {
        assert_eq!(
            lines(b"go \xff\nisready\n", 100, 8),
            [Line::NotUtf8 { at: 3 }, text("isready")]
        );
    }
}
