//! Test material shared by the unit tests of several modules (compiled
//! for tests only, with or without the command-line feature).

use crate::position::Position;
use crate::rules::Rules;

/// Positions of random games of `R` from the start (`plies` plies a game
/// at most), at least `at_least` of them, the same for the same `seed`.
pub(crate) fn random_positions<R: Rules>(
    seed: u64,
    plies: usize,
    at_least: usize,
) -> Vec<Position<R>> {
    let mut out = Vec::new();
    let mut seed = seed;
    while out.len() < at_least {
        let mut pos = Position::start();
        for _ in 0..plies {
            let l = pos.legal_moves();
            if l.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play(&l[(seed >> 33) as usize % l.len()]);
            out.push(pos);
        }
    }
    out
}

/// A temporary directory of a test's own, `dama-WHAT-PID-N` (unique in
/// the test process, so tests running in parallel never share one),
/// removed with all it holds when dropped: at the end of the test, also
/// when it fails.
pub(crate) struct TempDir {
    path: std::path::PathBuf,
}

impl TempDir {
    /// A fresh, empty directory.
    pub(crate) fn new(what: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("dama-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("temporary directory {}: {e}", path.display()));
        TempDir { path }
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A thread of the test (a database's writer) may still be
        // closing its files there: try again for a while.
        for _ in 0..50 {
            match std::fs::remove_dir_all(&self.path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                _ => return,
            }
        }
        eprintln!("could not remove {}", self.path.display());
    }
}
