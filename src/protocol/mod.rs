//! The line protocol of `dama` with no subcommand (see PROTOCOL.md).
//!
//! Modelled on UCI, shaped for draughts: a GUI or tournament runner
//! writes one command per line on stdin and reads replies, one per line,
//! on stdout. The layers are kept apart so each can be tested alone:
//! [`reader`] turns bytes into bounded lines, [`command`] turns a line
//! into a typed [`Command`], [`engine`] applies it to the state, and
//! [`search`] is what runs on the search thread.

pub mod command;
pub mod engine;
pub mod options;
pub mod reader;
pub mod search;
pub mod worker;

pub use command::{parse, Command, GoParams, ParseError, StartPos};
pub use engine::{Engine, EngineError, Flow};
pub use options::{OptionError, Options};
pub use reader::{Line, LineReader, MAX_LINE};
pub use worker::{JobFlags, Worker};

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};

/// The protocol version, announced as `id protocol N` in the handshake.
/// It changes when a command or reply changes incompatibly.
pub const PROTOCOL_VERSION: u32 = 1;

/// The reply stream, shared by the command loop and the search thread.
/// Each call writes whole lines under one lock and flushes, so lines
/// from the two threads never interleave mid-line.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Wraps a writer.
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }
    /// Writes one line.
    pub fn line(&self, s: &str) {
        self.lines(std::slice::from_ref(&s));
    }
    /// Writes several lines at once. Write errors (a closed pipe) are
    /// ignored: the engine ends when its input ends.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for l in lines {
            let _ = writeln!(w, "{}", l.as_ref());
        }
        let _ = w.flush();
    }
}

/// Runs the protocol until `quit` or the end of `input`; a search still
/// running then is stopped and its `bestmove` printed.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let mut engine = Engine::new(Out::new(output));
    let mut reader = LineReader::new(input, MAX_LINE);
    loop {
        let line = match reader.next_line() {
            Ok(l) => l,
            Err(_) => Line::Eof,
        };
        let flow = match line {
            Line::Eof => break,
            Line::TooLong { len } => {
                engine.report(&EngineError::TooLong {
                    len,
                    limit: MAX_LINE,
                });
                Flow::Continue
            }
            Line::NotUtf8 { at } => {
                engine.report(&EngineError::NotUtf8(at));
                Flow::Continue
            }
            Line::Text(s) => engine.handle_line(&s),
        };
        if flow == Flow::Quit {
            break;
        }
    }
    engine.finish();
}

/// Runs the protocol on stdin and stdout.
pub fn run_stdio() {
    run(io::stdin().lock(), io::stdout());
}
