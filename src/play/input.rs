//! Where `dama play` reads its lines: a pipe (plain lines, echoed so a
//! transcript reads like a session) or a terminal (line editing and
//! history with rustyline).

use super::MAX_LINE;
use std::io::{self, BufRead, Read, Write};

/// One line from the player, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text.
    Line(String),
    /// A line of this many bytes, longer than [`MAX_LINE`].
    TooLong(usize),
    /// Ctrl-C at the prompt.
    Interrupted,
    /// The end of the input.
    End,
}

/// Where the player's lines come from.
pub trait LineSource {
    /// Shows `prompt` (on `out`, or by itself) and reads one line.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input>;
}

/// Plain lines from a pipe or file; with `echo`, each line is repeated
/// after the prompt so that a transcript reads like a session.
pub struct Piped<R: BufRead> {
    /// The input.
    pub input: R,
    /// Repeat each line after the prompt.
    pub echo: bool,
}

impl<R: BufRead> LineSource for Piped<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let line = match read_line(&mut self.input)? {
            None => return Ok(Input::End),
            Some(Err(n)) => {
                if self.echo {
                    writeln!(out)?;
                }
                return Ok(Input::TooLong(n));
            }
            Some(Ok(line)) => line,
        };
        if self.echo {
            writeln!(out, "{line}")?;
        }
        Ok(Input::Line(line))
    }
}

/// A terminal: line editing and history (arrow keys, Ctrl-A/E, …).
pub struct Terminal {
    pub(super) editor: rustyline::DefaultEditor,
}

impl LineSource for Terminal {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Input> {
        use rustyline::error::ReadlineError;
        out.flush()?;
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                if line.len() > MAX_LINE {
                    return Ok(Input::TooLong(line.len()));
                }
                Ok(Input::Line(line))
            }
            Err(ReadlineError::Interrupted) => Ok(Input::Interrupted),
            Err(ReadlineError::Eof) => Ok(Input::End),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}

/// One line of input: `None` at the end, `Err(n)` for a line of `n` bytes
/// that is too long.
fn read_line<R: BufRead>(input: &mut R) -> io::Result<Option<Result<String, usize>>> {
    let mut buf = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
        let mut skipped = buf.len();
        loop {
            let mut rest = Vec::new();
            let k = input.by_ref().take(4096).read_until(b'\n', &mut rest)?;
            skipped += k;
            if k == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        return Ok(Some(Err(skipped)));
    }
    let text = String::from_utf8_lossy(&buf);
    Ok(Some(Ok(text.trim_end_matches(['\n', '\r']).to_string())))
}
