//! `dama hub`: the Hub protocol, the engine protocol of Scan (Fabien
//! Letouzey's international draughts engine) that Hub GUIs, lidraughts
//! bots and pydraughts' `HubEngine` speak (see PROTOCOL.md, "Hub
//! protocol", and Scan's `protocol.txt`).
//!
//! A second front end over the same engine as the native protocol
//! ([`crate::protocol`]): the same searcher, run on the same kind of
//! thread ([`crate::protocol::Worker`]), the same line reader and
//! output; only the words differ. [`line`](mod@line) reads and writes Hub's
//! `command name=value` lines, [`notation`] its positions and moves by
//! square number, [`engine`] applies the commands and [`search`] is
//! what runs on the search thread.

pub mod engine;
pub mod line;
pub mod notation;
pub mod search;

pub use engine::HubEngine;

use crate::protocol::{Flow, Line, LineReader, Out, MAX_LINE};
use std::io::{self, BufRead, Write};

/// Runs the Hub protocol until `quit` or the end of `input`; a search
/// still running then is stopped and its `done` written.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let mut engine = HubEngine::new(Out::new(output));
    let mut reader = LineReader::new(input, MAX_LINE);
    loop {
        let line = reader.next_line().unwrap_or(Line::Eof);
        let flow = match line {
            Line::Eof => break,
            Line::TooLong { len } => {
                engine.report(&format!(
                    "a line of {len} bytes is longer than the limit of {MAX_LINE} bytes; it was ignored"
                ));
                Flow::Continue
            }
            Line::NotUtf8 { at } => {
                engine.report(&format!(
                    "the line is not valid UTF-8 (bad byte at offset {at}); it was ignored"
                ));
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

/// Runs the Hub protocol on stdin and stdout.
pub fn run_stdio() {
    run(io::stdin().lock(), io::stdout());
}
