//! Engine processes: start, talk, wait with a deadline, end.
//!
//! An engine is any executable speaking the dama protocol on its stdin
//! and stdout, or the Hub protocol (Scan's, `dama hub`) with
//! [`Proto::Hub`], or the first Hub protocol of Scan 2.0 with
//! [`Proto::Hub1`] (the differences: [`Dialect`]). A thread per engine reads its stdout line by line (lines
//! are capped in length so a runaway engine cannot exhaust memory) and
//! hands them over a channel, so every wait of the runner has a
//! deadline and can be interrupted by the stop flag; an engine that
//! exits shows up as the end of that channel. Ending an engine sends
//! `quit`, waits briefly, then kills it; dropping an [`EngineProcess`]
//! always ends the child. On Unix each engine runs in its own process
//! group, so Ctrl-C in the terminal reaches the runner only and the
//! runner ends the engines itself.

use super::hub::Dialect;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line kept from an engine; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Proto {
    /// dama's line protocol (PROTOCOL.md).
    #[default]
    Dama,
    /// The Hub protocol of Scan 3.x (`dama hub`; PROTOCOL.md, "Hub protocol").
    Hub,
    /// The first Hub protocol, Scan 2.0's (international draughts only).
    Hub1,
}

impl Proto {
    /// The Hub dialect, `None` for dama's protocol.
    pub fn hub(self) -> Option<Dialect> {
        match self {
            Proto::Dama => None,
            Proto::Hub => Some(Dialect::Hub2),
            Proto::Hub1 => Some(Dialect::Hub1),
        }
    }
}

/// How an engine is started and set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in reports and PDN.
    pub name: String,
    /// The program.
    pub cmd: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The working directory (the runner's when `None`).
    pub dir: Option<PathBuf>,
    /// Options sent with `setoption` (`set-param` in Hub) after the
    /// handshake, in order.
    pub options: Vec<(String, String)>,
    /// Its protocol.
    pub proto: Proto,
}

/// What went wrong with an engine process.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start '{cmd}': {source}")]
    Spawn {
        /// The program.
        cmd: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine ended (or closed its output).
    #[error("the engine exited{0}")]
    Exited(String),
    /// A write to the engine failed (it has gone).
    #[error("the engine does not read its input any more ({0})")]
    Write(std::io::Error),
    /// No expected reply before the deadline.
    #[error("no reply within {0} ms")]
    Timeout(u128),
    /// The runner is stopping.
    #[error("the match was stopped")]
    Stopped,
    /// The engine refused something during setup.
    #[error("the engine answered '{0}'")]
    Refused(String),
    /// The engine's protocol cannot play the game asked for.
    #[error("{0}")]
    Unsupported(String),
}

impl EngineError {
    /// A timeout restated as the whole wait `total`: the deadline of a
    /// reply read line by line (an engine's `info` lines before its move)
    /// is set once, but each [`EngineProcess::recv`] only knows its own
    /// share of it.
    pub fn waited(self, total: Duration) -> Self {
        match self {
            EngineError::Timeout(_) => EngineError::Timeout(total.as_millis()),
            e => e,
        }
    }
}

enum Msg {
    Line(String),
    Eof,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Msg>,
    eof: bool,
    /// The engine's own name from `id name`, if it sent one.
    pub id_name: Option<String>,
    proto: Proto,
    /// Every line sent and received, when logging is on.
    log: Option<Vec<String>>,
}

/// Reads one line of at most [`MAX_LINE`] bytes (the rest is skipped);
/// `Ok(false)` at the end of input.
fn read_capped(r: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<bool> {
    let mut any = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = MAX_LINE.saturating_sub(out.len());
        out.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let newline = done > chunk.len();
        r.consume(done);
        if newline {
            return Ok(true);
        }
    }
}

/// Lines buffered from an engine before its writes block: an engine that
/// floods its output while nobody reads is held back instead of filling memory.
const QUEUE: usize = 4096;

fn reader_thread(stdout: impl Read + Send + 'static, tx: mpsc::SyncSender<Msg>) {
    let spawned = thread::Builder::new()
        .name("engine-reader".into())
        .spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match read_capped(&mut r, &mut buf) {
                    Ok(true) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\r', '\n']).to_string();
                        if tx.send(Msg::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(false) | Err(_) => break,
                }
            }
            let _ = tx.send(Msg::Eof);
        });
    // If no thread can be made the channel closes at once, which reads
    // as an engine that exited: the caller handles it as a crash.
    drop(spawned);
}

impl EngineProcess {
    /// Starts the program (stdin and stdout piped, stderr discarded).
    pub fn spawn(spec: &EngineSpec, log: bool) -> Result<EngineProcess, EngineError> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn().map_err(|source| EngineError::Spawn {
            cmd: spec.cmd.display().to_string(),
            source,
        })?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        match child.stdout.take() {
            Some(out) => reader_thread(out, tx),
            None => drop(tx),
        }
        Ok(EngineProcess {
            child,
            stdin,
            rx,
            eof: false,
            id_name: None,
            proto: spec.proto,
            log: log.then(Vec::new),
        })
    }

    /// Starts the engine and runs the handshake: `dama` … `damaok`, the
    /// options, `isready` … `readyok`; in Hub, `hub` … `wait`, the
    /// parameters (of `extra`, the game alone, by its Hub name: Hub has no
    /// rule options; the first Hub protocol plays international draughts
    /// alone and takes no game), `init` … `ready`. An `error` line before
    /// the last reply (an option refused) fails the start.
    pub fn start(
        spec: &EngineSpec,
        extra: &[(String, String)],
        timeout: Duration,
        stop: &AtomicBool,
        log: bool,
    ) -> Result<EngineProcess, EngineError> {
        let hub = spec.proto.hub();
        let options: Vec<(String, String)> = match hub {
            Some(d) => d.game_params(extra).map_err(EngineError::Unsupported)?,
            None => extra.to_vec(),
        };
        let mut e = EngineProcess::spawn(spec, log)?;
        let deadline = Instant::now() + timeout;
        let (hello, listed) = if hub.is_some() {
            ("hub", "wait")
        } else {
            ("dama", "damaok")
        };
        e.send(hello)?;
        loop {
            let line = e.recv(deadline, stop).map_err(|x| x.waited(timeout))?;
            let t = line.trim();
            if t == listed {
                break;
            }
            let name = match hub {
                Some(d) => d.id_name(t),
                None => t.strip_prefix("id name ").map(|n| n.trim().to_string()),
            };
            if name.is_some() {
                e.id_name = name;
            }
        }
        for (k, v) in options.iter().chain(&spec.options) {
            match hub {
                Some(d) => e.send(&d.set_param(k, v))?,
                None => e.send(&format!("setoption name {k} value {v}"))?,
            }
        }
        let deadline = Instant::now() + timeout;
        let (ask, ready) = if hub.is_some() {
            ("init", "ready")
        } else {
            ("isready", "readyok")
        };
        e.send(ask)?;
        loop {
            let line = e.recv(deadline, stop).map_err(|x| x.waited(timeout))?;
            let t = line.trim();
            if t == ready {
                break;
            }
            if t.starts_with("error") {
                return Err(EngineError::Refused(t.to_string()));
            }
        }
        Ok(e)
    }

    /// The engine's protocol.
    pub fn proto(&self) -> Proto {
        self.proto
    }

    /// The reply [`EngineProcess::sync`] waits for: `readyok`, or `pong` in Hub.
    pub fn sync_reply(&self) -> &'static str {
        match self.proto.hub() {
            None => "readyok",
            Some(_) => "pong",
        }
    }

    /// Tells the engine a new game begins (`newgame`, `new-game` in Hub,
    /// `new` in the first Hub) and waits until it is ready.
    pub fn new_game(&mut self, timeout: Duration, stop: &AtomicBool) -> Result<(), EngineError> {
        self.send(match self.proto.hub() {
            None => "newgame",
            Some(d) => d.new_game(),
        })?;
        self.sync(timeout, stop)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(log) = &mut self.log {
            log.push(format!("> {line}"));
        }
        let Some(stdin) = &mut self.stdin else {
            return Err(EngineError::Exited(String::new()));
        };
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(EngineError::Write)
    }

    /// The next line, waiting until `deadline` at most; checks `stop`
    /// every 20 ms. A timeout reports the time from this call to the
    /// deadline; a caller that reads several lines towards one deadline
    /// reports its whole wait with [`EngineError::waited`].
    pub fn recv(&mut self, deadline: Instant, stop: &AtomicBool) -> Result<String, EngineError> {
        let start = Instant::now();
        loop {
            if self.eof {
                return Err(EngineError::Exited(self.exit_status()));
            }
            if stop.load(Ordering::Relaxed) {
                return Err(EngineError::Stopped);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(EngineError::Timeout(
                    deadline.saturating_duration_since(start).as_millis(),
                ));
            }
            let slice = (deadline - now).min(Duration::from_millis(20));
            match self.rx.recv_timeout(slice) {
                Ok(Msg::Line(l)) => {
                    if let Some(log) = &mut self.log {
                        log.push(format!("< {l}"));
                    }
                    return Ok(l);
                }
                Ok(Msg::Eof) | Err(RecvTimeoutError::Disconnected) => self.eof = true,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Sends `isready` (`ping` in Hub) and waits for `readyok` (`pong`),
    /// dropping other lines.
    pub fn sync(&mut self, timeout: Duration, stop: &AtomicBool) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        self.send(match self.proto.hub() {
            None => "isready",
            Some(_) => "ping",
        })?;
        let reply = self.sync_reply();
        loop {
            if self
                .recv(deadline, stop)
                .map_err(|x| x.waited(timeout))?
                .trim()
                == reply
            {
                return Ok(());
            }
        }
    }

    /// `" with code N"` or `" (signal)"`, after a short wait for the exit.
    fn exit_status(&mut self) -> String {
        for _ in 0..10 {
            match self.child.try_wait() {
                Ok(Some(s)) => {
                    return match s.code() {
                        Some(c) => format!(" with code {c}"),
                        None => " (killed by a signal)".to_string(),
                    }
                }
                Ok(None) => thread::sleep(Duration::from_millis(10)),
                Err(_) => break,
            }
        }
        String::new()
    }

    /// The conversation so far, when logging is on.
    pub fn take_log(&mut self) -> Vec<String> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Ends the engine: `quit`, up to `grace` to exit, then kill.
    pub fn shutdown(mut self, grace: Duration) {
        self.end(grace);
    }

    fn end(&mut self, grace: Duration) {
        if let Ok(None) = self.child.try_wait() {
            if let Some(mut stdin) = self.stdin.take() {
                let _ = stdin.write_all(b"quit\n");
                let _ = stdin.flush();
            }
            let until = Instant::now() + grace;
            while Instant::now() < until {
                match self.child.try_wait() {
                    Ok(None) => thread::sleep(Duration::from_millis(5)),
                    _ => break,
                }
            }
            if let Ok(None) = self.child.try_wait() {
                let _ = self.child.kill();
            }
        }
        self.stdin = None;
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.end(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_capped_and_the_next_line_survives() {
        let mut text = vec![b'a'; MAX_LINE * 3];
        text.extend_from_slice(b"\nbestmove c3-d4\r\nlast");
        let mut r = std::io::Cursor::new(text);
        let mut buf = Vec::new();
        assert!(read_capped(&mut r, &mut buf).unwrap());
        assert_eq!(buf.len(), MAX_LINE);
        buf.clear();
        assert!(read_capped(&mut r, &mut buf).unwrap());
        assert_eq!(buf, b"bestmove c3-d4\r");
        buf.clear();
        assert!(read_capped(&mut r, &mut buf).unwrap());
        assert_eq!(buf, b"last");
        buf.clear();
        assert!(!read_capped(&mut r, &mut buf).unwrap());
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let spec = EngineSpec {
            name: "x".into(),
            cmd: "/nonexistent/engine".into(),
            args: vec![],
            dir: None,
            options: vec![],
            proto: Proto::Dama,
        };
        let stop = AtomicBool::new(false);
        let e = EngineProcess::start(&spec, &[], Duration::from_secs(1), &stop, false);
        assert!(matches!(e, Err(EngineError::Spawn { .. })));
    }
}
