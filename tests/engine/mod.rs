//! The `dama` binary as a child process, for the protocol transcripts
//! (`tests/protocol.rs` for the native protocol, `tests/hub.rs` for Hub):
//! lines written to its stdin, its stdout read on a helper thread so a
//! test can wait for a line with a time limit.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// Longest wait for any expected line: generous for a loaded CI machine.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running engine with its stdout read on a helper thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// `dama` started with `args` (none: the native protocol).
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the dama binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
        }
    }

    /// Writes raw bytes to the engine's input.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, or `None` if none comes within `wait`.
    pub fn next_within(&self, wait: Duration) -> Option<String> {
        self.lines.recv_timeout(wait).ok()
    }

    /// The next line (within [`PATIENCE`]).
    pub fn next(&self) -> String {
        self.next_within(PATIENCE)
            .expect("the engine answers in time")
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let mut v = Vec::new();
        loop {
            let l = self.next();
            let last = l.starts_with(prefix);
            v.push(l);
            if last {
                return v;
            }
        }
    }

    /// Closes the engine's input (end of input), leaving it running.
    pub fn end_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Waits for the engine to exit.
    pub fn wait(&mut self) -> ExitStatus {
        self.child.wait().expect("the engine exits")
    }

    /// Closes stdin and returns the remaining output and the exit status.
    pub fn close(mut self) -> (Vec<String>, ExitStatus) {
        self.end_input();
        let mut rest = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        while let Some(l) = self.next_within(deadline.saturating_duration_since(Instant::now())) {
            rest.push(l);
        }
        let status = self.wait();
        (rest, status)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
