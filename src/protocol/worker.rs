//! A search on its own thread, shared by the front ends: the native
//! protocol ([`super::engine`]) and the Hub protocol ([`crate::hub`]).
//!
//! The [`Worker`] owns the searcher. Starting a job lends the searcher
//! to a new thread, so the command loop stays free to answer while it
//! thinks; the thread hands it back when it ends. The job's reply lines
//! are printed by the thread itself, after it has marked the job done,
//! so a command read after the reply always finds the worker idle.

use super::Out;
use crate::any::AnySearcher;
use crate::variant::Variant;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stack of the search thread: deep searches recurse.
const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// A job running on its own thread.
struct Job {
    handle: JoinHandle<AnySearcher>,
    stop: Arc<AtomicBool>,
    /// Set by the thread just before it prints its final reply.
    done: Arc<AtomicBool>,
    /// What a replacement searcher is made of, if the thread is lost.
    variant: Variant,
    hash_mb: usize,
}

/// The searcher and the job that may have borrowed it.
pub struct Worker {
    /// `None` while lent to a job.
    searcher: Option<AnySearcher>,
    job: Option<Job>,
    /// The game and table size of the last searcher seen, for a
    /// replacement.
    variant: Variant,
    hash_mb: usize,
}

/// The flags of a running job: `stop` ends it, `done` tells it has ended.
#[derive(Clone, Debug)]
pub struct JobFlags {
    /// Set to end the job.
    pub stop: Arc<AtomicBool>,
    /// Set by the job just before its reply.
    pub done: Arc<AtomicBool>,
}

impl Worker {
    /// A worker holding `searcher`.
    pub fn new(searcher: AnySearcher) -> Self {
        Worker {
            variant: searcher.variant(),
            hash_mb: searcher.hash_mb(),
            searcher: Some(searcher),
            job: None,
        }
    }

    /// True while a job runs (a job that has ended is joined first).
    pub fn busy(&mut self) -> bool {
        self.reap();
        self.job.is_some()
    }

    /// The searcher, when no job runs (a job that has ended is joined
    /// first); a lost one is replaced.
    pub fn searcher(&mut self) -> Option<&mut AnySearcher> {
        if self.busy() {
            return None;
        }
        let (v, mb) = (self.variant, self.hash_mb);
        Some(self.searcher.get_or_insert_with(|| AnySearcher::new(v, mb)))
    }

    /// Puts a new searcher in place (when no job runs; otherwise the job
    /// is stopped first).
    pub fn replace(&mut self, searcher: AnySearcher) {
        self.stop();
        self.variant = searcher.variant();
        self.hash_mb = searcher.hash_mb();
        self.searcher = Some(searcher);
    }

    /// The flags of the running job, if any.
    pub fn flags(&self) -> Option<JobFlags> {
        self.job.as_ref().map(|j| JobFlags {
            stop: j.stop.clone(),
            done: j.done.clone(),
        })
    }

    /// Asks the running job to end and waits for it (its reply is
    /// printed); nothing happens when none runs.
    pub fn stop(&mut self) {
        if let Some(job) = &self.job {
            job.stop.store(true, Ordering::SeqCst);
            job.handle.thread().unpark();
        }
        self.join();
    }

    /// Joins a job that has ended on its own.
    fn reap(&mut self) {
        if self
            .job
            .as_ref()
            .is_some_and(|j| j.done.load(Ordering::SeqCst))
        {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(job) = self.job.take() {
            let searcher = job
                .handle
                .join()
                .unwrap_or_else(|_| AnySearcher::new(job.variant, job.hash_mb));
            self.variant = searcher.variant();
            self.hash_mb = searcher.hash_mb();
            self.searcher = Some(searcher);
        }
    }

    /// Starts a job on its own thread (a running one is stopped first).
    /// `work` runs with the searcher and the job's stop flag and returns
    /// the reply lines; if it panics (a bug), the searcher is made anew
    /// and `on_panic`'s lines are the reply. With `wait_for_stop` the
    /// reply waits for [`Worker::stop`] even when the work ended on its
    /// own (the native protocol's `go infinite`). The lines are written
    /// to `out` at once, after the job is marked done.
    ///
    /// # Errors
    ///
    /// The system's reason when the thread cannot be started (the
    /// worker then holds a fresh searcher).
    pub fn start(
        &mut self,
        out: &Out,
        wait_for_stop: bool,
        work: impl FnOnce(&mut AnySearcher, &AtomicBool) -> Vec<String> + Send + 'static,
        on_panic: impl FnOnce() -> Vec<String> + Send + 'static,
    ) -> Result<(), String> {
        self.stop();
        let (variant, hash_mb) = (self.variant, self.hash_mb);
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| AnySearcher::new(variant, hash_mb));
        let (variant, hash_mb) = (searcher.variant(), searcher.hash_mb());
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (stop2, done2) = (stop.clone(), done.clone());
        let out = out.clone();
        let spawned = std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let lines = match catch_unwind(AssertUnwindSafe(|| work(&mut searcher, &stop2))) {
                    Ok(lines) => lines,
                    Err(_) => {
                        searcher = AnySearcher::new(variant, hash_mb);
                        on_panic()
                    }
                };
                if wait_for_stop {
                    while !stop2.load(Ordering::SeqCst) {
                        std::thread::park();
                    }
                }
                done2.store(true, Ordering::SeqCst);
                out.lines(&lines);
                searcher
            });
        match spawned {
            Ok(handle) => {
                self.job = Some(Job {
                    handle,
                    stop,
                    done,
                    variant,
                    hash_mb,
                });
                Ok(())
            }
            Err(e) => {
                // The closure (and the searcher in it) was dropped.
                self.searcher = Some(AnySearcher::new(variant, hash_mb));
                Err(e.to_string())
            }
        }
    }
}
