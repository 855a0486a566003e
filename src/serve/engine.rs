//! The computer's moves and the hints, searched off the async threads.
//!
//! A search holds a thread for up to seconds (level 5 thinks five), so
//! it runs on tokio's blocking pool, never on the threads that serve
//! messages. A semaphore caps how many searches run at once (by default
//! one per core): with a hundred games waiting for the computer, moves
//! queue for a thread instead of starving the server. Each running
//! search borrows a searcher (its transposition table) from a pool as
//! large as the cap, so tables are allocated once, not per move.

use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::search::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// Transposition table per searcher, in MiB.
const HASH_MB: usize = 16;

/// The level whose budget a hint uses (without the level's mistakes):
/// a hint worth following even for a player facing level 1.
pub const HINT_LEVEL: u8 = 4;

/// The searches of one server.
pub struct Engine {
    permits: Semaphore,
    searchers: Mutex<Vec<AnySearcher>>,
    egtb: Option<Arc<crate::egtb::Egtb>>,
}

impl Engine {
    /// At most `threads` searches at once; the endgame databases, if
    /// any, lent to every search of their game.
    pub fn new(threads: usize, egtb: Option<Arc<crate::egtb::Egtb>>) -> Self {
        let threads = threads.max(1);
        Engine {
            permits: Semaphore::new(threads),
            searchers: Mutex::new(Vec::new()),
            egtb,
        }
    }

    /// The computer's move at `level` (with the level's deliberate
    /// mistakes), `None` when there is none or the search was stopped.
    pub async fn best_move(
        self: &Arc<Self>,
        game: AnyGame,
        level: u8,
        stop: Arc<AtomicBool>,
    ) -> Option<MoveInfo> {
        self.run(game, Arc::clone(&stop), move |s, g| {
            let limits = Limits {
                level: Some(level.clamp(1, 5)),
                ..Limits::default()
            };
            s.search(g, &limits, &stop, &mut |_| {}).best
        })
        .await
    }

    /// The move worth playing, for a hint; `None` when there is none or
    /// `stop` was set (the page left the position).
    pub async fn hint(self: &Arc<Self>, game: AnyGame, stop: Arc<AtomicBool>) -> Option<MoveInfo> {
        self.run(game, Arc::clone(&stop), move |s, g| {
            s.hint(g, HINT_LEVEL, &stop)
        })
        .await
    }

    /// Runs `f` when a search slot is free, unless `stop` was set while
    /// it waited (a search nobody wants no longer takes a slot).
    async fn run(
        self: &Arc<Self>,
        game: AnyGame,
        stop: Arc<AtomicBool>,
        f: impl FnOnce(&mut AnySearcher, &AnyGame) -> Option<MoveInfo> + Send + 'static,
    ) -> Option<MoveInfo> {
        let _permit = self.permits.acquire().await.ok()?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let me = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let mut s = me
                .searchers
                .lock()
                .ok()
                .and_then(|mut v| v.pop())
                .filter(|s| s.variant() == game.variant())
                .unwrap_or_else(|| AnySearcher::new(game.variant(), HASH_MB));
            crate::egtb::attach(&mut s, me.egtb.clone());
            let found = f(&mut s, &game);
            if let Ok(mut v) = me.searchers.lock() {
                v.push(s);
            }
            found
        })
        .await
        .ok()
        .flatten()
    }
}
