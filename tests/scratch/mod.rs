//! Temporary directories that the tests leave nothing of: a [`TempDir`]
//! is a fresh directory in the system's temporary directory, removed
//! with all it holds when dropped, at the end of the test, also when the
//! test fails (a panic drops it while unwinding).
//!
//! Names are `dama-WHAT-PID-N`: the process id and a counter of the test
//! binary, so tests running in parallel, and test binaries running at
//! the same time, never share one.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary directory of its own, removed when dropped.
#[derive(Debug)]
pub struct TempDir {
    /// Empty once given up to [`TempDir::remove_at_exit`].
    path: PathBuf,
}

impl TempDir {
    /// A fresh, empty directory `dama-WHAT-PID-N`.
    pub fn new(what: &str) -> TempDir {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("dama-{what}-{}-{n}", std::process::id()));
        // A directory of a former run whose process had the same id.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("temporary directory {}: {e}", path.display()));
        TempDir { path }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// For a directory that the tests of a binary share, kept in a
    /// `static` (which is never dropped): it is removed when this test
    /// process ends, however it ends, and its path is returned.
    ///
    /// A watcher (`sh`) removes it at the end of its standard input, a
    /// pipe whose other end only this process holds (the standard
    /// library opens its pipes close-on-exec, so the programs the tests
    /// start do not keep it open): the end comes when the process exits,
    /// panics or is killed. The watcher ignores Ctrl-C, which the
    /// terminal sends to it too. Without `sh` the directory stays.
    pub fn remove_at_exit(mut self) -> PathBuf {
        let path = std::mem::take(&mut self.path);
        let watcher = Command::new("sh")
            .arg("-c")
            .arg(r#"trap '' INT HUP; cat >/dev/null; rm -rf -- "$1""#)
            .arg("sh")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        match watcher {
            // The pipe stays open, unused, until the process ends; the
            // watcher is not waited for (it outlives the process).
            Ok(mut w) => std::mem::forget(w.stdin.take()),
            Err(e) => eprintln!(
                "{} will stay: no watcher to remove it ({e})",
                path.display()
            ),
        }
        path
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempDir {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if self.path.as_os_str().is_empty() {
            return;
        }
        // A process the test started (a browser, an engine, a server's
        // database thread) may still be writing there as it ends: try
        // again for a while.
        for _ in 0..50 {
            match std::fs::remove_dir_all(&self.path) {
                Err(e) if e.kind() != ErrorKind::NotFound => {
                    std::thread::sleep(Duration::from_millis(100));
                }
                _ => return,
            }
        }
        eprintln!("could not remove {}", self.path.display());
    }
}

/// A file in a temporary directory of its own, removed with the
/// directory when dropped. The file itself is not made.
#[derive(Debug)]
pub struct TempFile {
    path: PathBuf,
    _dir: TempDir,
}

impl TempFile {
    /// `dama-WHAT-PID-N/NAME`.
    pub fn new(what: &str, name: &str) -> TempFile {
        let dir = TempDir::new(what);
        TempFile {
            path: dir.join(name),
            _dir: dir,
        }
    }
}

impl std::ops::Deref for TempFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}
