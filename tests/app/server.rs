//! A `dama serve` of a test's own: a fresh database, a free port, killed
//! when dropped.
//!
//! The test binaries that include this file declare `mod scratch;` too
//! (tests/scratch: temporary directories removed when dropped).

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

pub use crate::scratch::TempDir;

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A fresh temporary directory, removed when dropped.
pub fn temp_dir(what: &str) -> TempDir {
    TempDir::new(what)
}

/// A `dama serve` on a port of its own, killed when dropped.
pub struct Server {
    child: Child,
    pub url: String,
    pub port: u16,
    pub db: PathBuf,
    extra: Vec<String>,
    /// The database's directory, removed when the server is dropped,
    /// after the server is killed (a restarted server takes it over).
    dir: Option<TempDir>,
}

impl Server {
    /// Starts a server with a fresh database and `extra` options.
    pub fn start(extra: &[&str]) -> Server {
        let dir = temp_dir("db");
        let db = dir.join("rooms.sqlite");
        let mut server = Server::start_on(0, db, extra.iter().map(|s| s.to_string()).collect());
        server.dir = Some(dir);
        server
    }

    fn start_on(port: u16, db: PathBuf, extra: Vec<String>) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("serve")
            .arg("--bind")
            .arg(format!("127.0.0.1:{port}"))
            .arg("--db")
            .arg(&db)
            .args(&extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("dama serve starts");
        let out = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(out)
            .read_line(&mut line)
            .expect("first line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let port = url.rsplit(':').next().unwrap().parse().unwrap();
        Server {
            child,
            url,
            port,
            db,
            extra,
            dir: None,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The WebSocket address.
    pub fn ws_url(&self) -> String {
        format!("{}/ws", self.url.replace("http://", "ws://"))
    }

    /// The server's resident memory now and at its peak, in KiB (Linux).
    pub fn memory_kib(&self) -> (u64, u64) {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    /// Kills the server at once (no clean shutdown) and starts it again
    /// on the same port and database.
    pub fn crash_and_restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut again = Server::start_on(self.port, self.db.clone(), self.extra.clone());
        again.dir = self.dir.take();
        *self = again;
    }
}

impl Drop for Server {
    /// Kills the server; then its database's directory goes (the field
    /// is dropped after this), so test runs leave nothing behind in the
    /// temporary directory.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
