//! The search threads every session shares: a fixed pool that runs many searches at once
//! in short slices, round-robin, so each search gets its share of the machine, none waits
//! for another to finish, and the async threads that answer clients never compete with
//! more than the pool's few busy threads.
//!
//! The pool knows nothing of Go: it runs [`Sliced`] jobs. A job says how much of it may
//! run at once (its lanes) and when it is done; whoever submits a job blocks in
//! [`SearchPool::run`] until it is, then reads the job's result.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Work that runs a little at a time, on any of the pool's threads.
pub trait Sliced: Send + Sync {
    /// Runs one short slice of work (about a millisecond) on a free lane.
    fn run_slice(&self) -> Slice;

    /// Asks the job to finish at its next chance (its owner gave up on it).
    fn cancel(&self);
}

/// What became of a call to [`Sliced::run_slice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slice {
    /// Every lane of the job was taken: nothing ran.
    Busy,
    /// A slice ran; there is more to do.
    Ran,
    /// The job has nothing more to do.
    Finished,
}

/// How often an owner waiting for its job looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(10);

/// How long a pool thread that found every job busy waits before looking again.
const BUSY_WAIT: Duration = Duration::from_millis(1);

/// A fixed set of threads running [`Sliced`] jobs round-robin.
pub struct SearchPool {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

/// What the pool's threads and the owners share.
struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when a job arrives or the pool closes.
    wake: Condvar,
}

/// The jobs not finished yet.
struct Queue {
    jobs: Vec<Arc<Entry>>,
    /// Where the round-robin goes next.
    cursor: usize,
    closing: bool,
}

/// One submitted job and its progress.
struct Entry {
    job: Arc<dyn Sliced>,
    state: Mutex<EntryState>,
    /// Signalled when the job finishes, and when a slice of a finished job ends.
    changed: Condvar,
}

#[derive(Default)]
struct EntryState {
    finished: bool,
    /// Pool threads inside one of its slices now.
    running: usize,
}

impl SearchPool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> SearchPool {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                jobs: Vec::new(),
                cursor: 0,
                closing: false,
            }),
            wake: Condvar::new(),
        });
        let threads = (0..threads.max(1))
            .map(|index| {
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .name(format!("search-{index}"))
                    .spawn(move || work(&shared))
                    .expect("cannot start a search thread")
            })
            .collect();
        SearchPool { shared, threads }
    }

    /// How many threads the pool has.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Runs `job` until it finishes, or until `deadline` passes or `stop` is set (the
    /// job is then cancelled); returns once no pool thread works on it any more. The
    /// caller blocks meanwhile, computing nothing.
    pub fn run(
        &self,
        job: Arc<dyn Sliced>,
        deadline: Option<Instant>,
        stop: Option<&std::sync::atomic::AtomicBool>,
    ) {
        let entry = Arc::new(Entry {
            job,
            state: Mutex::new(EntryState::default()),
            changed: Condvar::new(),
        });
        lock(&self.shared.queue).jobs.push(Arc::clone(&entry));
        self.shared.wake.notify_all();
        let mut state = lock(&entry.state);
        while !state.finished {
            let now = Instant::now();
            let stopped = stop.is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed));
            if stopped || deadline.is_some_and(|end| now >= end) {
                // The job sees its own deadline too, but with every pool thread busy
                // elsewhere it might not look at it in time.
                entry.job.cancel();
                state.finished = true;
                break;
            }
            let mut wait = deadline.map_or(Duration::MAX, |end| end.saturating_duration_since(now));
            if stop.is_some() {
                wait = wait.min(STOP_POLL);
            }
            state = match entry.changed.wait_timeout(state, wait) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        drop(state);
        remove(&self.shared, &entry);
        let mut state = lock(&entry.state);
        while state.running > 0 {
            state = match entry.changed.wait(state) {
                Ok(state) => state,
                Err(poisoned) => poisoned.into_inner(),
            };
        }
    }
}

impl Drop for SearchPool {
    /// Stops the threads once they finish their slices; jobs still queued are dropped
    /// (no owner waits for them: an owner holds the pool while it waits).
    fn drop(&mut self) {
        lock(&self.shared.queue).closing = true;
        self.shared.wake.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for SearchPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPool")
            .field("threads", &self.threads.len())
            .finish()
    }
}

/// A pool thread: takes the jobs in turn, a slice each, until the pool closes.
fn work(shared: &Shared) {
    loop {
        let entry = {
            let mut queue = lock(&shared.queue);
            loop {
                if queue.closing {
                    return;
                }
                if !queue.jobs.is_empty() {
                    let at = queue.cursor % queue.jobs.len();
                    queue.cursor = queue.cursor.wrapping_add(1);
                    break Arc::clone(&queue.jobs[at]);
                }
                queue = match shared.wake.wait(queue) {
                    Ok(queue) => queue,
                    Err(poisoned) => poisoned.into_inner(),
                };
            }
        };
        {
            let mut state = lock(&entry.state);
            if state.finished {
                continue;
            }
            state.running += 1;
        }
        let slice = entry.job.run_slice();
        let mut state = lock(&entry.state);
        state.running -= 1;
        if slice == Slice::Finished {
            state.finished = true;
        }
        // The owner waits for the job to finish, then for its last slices to end: wake
        // it only then, not after every slice (a thousand times a second a thread,
        // each a context switch taken from the search).
        let owner_waits = state.finished;
        drop(state);
        if owner_waits {
            entry.changed.notify_all();
        }
        match slice {
            Slice::Finished => remove(shared, &entry),
            Slice::Busy => {
                // Every lane taken: give the threads holding them a moment.
                let queue = lock(&shared.queue);
                let _ = shared.wake.wait_timeout(queue, BUSY_WAIT);
            }
            Slice::Ran => {}
        }
    }
}

/// Takes `entry` off the queue, if it is still there.
fn remove(shared: &Shared, entry: &Arc<Entry>) {
    lock(&shared.queue)
        .jobs
        .retain(|queued| !Arc::ptr_eq(queued, entry));
}

/// Locks `mutex`, whatever a panicking thread left in it: the pool's own state stays
/// consistent across a job's panic, which is the job's owner's to report.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// A job that counts to a limit in slices of ten, with one lane.
    struct Counter {
        count: AtomicU64,
        limit: u64,
        lane: Mutex<()>,
        cancelled: AtomicBool,
    }

    impl Counter {
        fn new(limit: u64) -> Arc<Counter> {
            Arc::new(Counter {
                count: AtomicU64::new(0),
                limit,
                lane: Mutex::new(()),
                cancelled: AtomicBool::new(false),
            })
        }
    }

    impl Sliced for Counter {
        fn run_slice(&self) -> Slice {
            let Ok(_lane) = self.lane.try_lock() else {
                return Slice::Busy;
            };
            for _ in 0..10 {
                if self.cancelled.load(Ordering::Relaxed)
                    || self.count.load(Ordering::Relaxed) >= self.limit
                {
                    return Slice::Finished;
                }
                self.count.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_micros(50));
            }
            Slice::Ran
        }

        fn cancel(&self) {
            self.cancelled.store(true, Ordering::Relaxed);
        }
    }

    #[test]
    fn jobs_run_to_their_end_side_by_side() {
        let _bound = crate::test_bound::bound();
        let pool = Arc::new(SearchPool::new(2));
        let owners: Vec<_> = (0..5)
            .map(|_| {
                let pool = Arc::clone(&pool);
                std::thread::spawn(move || {
                    let job = Counter::new(200);
                    pool.run(job.clone(), None, None);
                    job.count.load(Ordering::Relaxed)
                })
            })
            .collect();
        for owner in owners {
            assert_eq!(owner.join().unwrap(), 200);
        }
    }

    #[test]
    fn a_deadline_or_a_stop_ends_a_job_that_would_run_forever() {
        let _bound = crate::test_bound::bound();
        let pool = SearchPool::new(1);
        let job = Counter::new(u64::MAX);
        let started = Instant::now();
        pool.run(job.clone(), Some(started + Duration::from_millis(30)), None);
        assert!(started.elapsed() >= Duration::from_millis(30));
        assert!(job.count.load(Ordering::Relaxed) > 0);
        let job = Counter::new(u64::MAX);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                stop.store(true, Ordering::Relaxed);
            });
            pool.run(job.clone(), None, Some(&stop));
        });
        assert!(job.cancelled.load(Ordering::Relaxed));
    }
}
