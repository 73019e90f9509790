//! The one queue for CPU-heavy work: bounded, fair per session, cancellable.
//!
//! Every heavy command of every session goes through one [`Scheduler`]. Work that
//! computes on its own thread ([`Load::Cpu`]: a QTTT search, a Wythoff game with huge
//! piles, any command with input-sized arguments) runs on at most `lanes` threads at
//! once, one job a lane; the others wait in one first-come, first-served queue of at most
//! `queue` jobs, and a job that finds the queue full is refused (`? server busy`, the
//! session goes on). Go searches ([`Load::Pooled`]) compute on the shared search pool,
//! which already gives every search its round-robin share of a fixed set of threads:
//! they take no lane, but at most `queue` of them run at once.
//!
//! Fairness needs nothing more: a session answers its commands in order, so it has at
//! most one job here at a time, and a session that pipelines a thousand heavy commands
//! puts the next one at the back of the queue only when the previous one is done. Any
//! other session's job therefore waits behind at most one job of each other session.

use crate::session::Load;
use metrics::gauge;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use thiserror::Error;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

/// The scheduler refused a job: too many are waiting already.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("server busy")]
pub struct Busy;

/// The bounded, fair queue of heavy work that all sessions share. Cloning gives another
/// handle to the same queue.
#[derive(Debug, Clone)]
pub struct Scheduler {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// One permit per lane; tokio hands permits out first come, first served.
    lanes: Arc<Semaphore>,
    /// Most jobs waiting for a lane, and most Go searches at once.
    queue: usize,
    /// Jobs waiting for a lane now.
    waiting: AtomicUsize,
    /// Jobs computing now (begun on their thread, on a lane or on the search pool).
    running: AtomicUsize,
    /// Go searches admitted now.
    pooled: AtomicUsize,
}

impl Scheduler {
    /// A scheduler with `lanes` lanes (at least one) and room for `queue` waiting jobs.
    pub fn new(lanes: usize, queue: usize) -> Scheduler {
        Scheduler {
            inner: Arc::new(Inner {
                lanes: Arc::new(Semaphore::new(lanes.max(1))),
                queue,
                waiting: AtomicUsize::new(0),
                running: AtomicUsize::new(0),
                pooled: AtomicUsize::new(0),
            }),
        }
    }

    /// A scheduler with a lane per core and room for `queue` waiting jobs.
    pub fn per_core(queue: usize) -> Scheduler {
        Scheduler::new(
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            queue,
        )
    }

    /// Takes a place for a job of this load, or refuses it when the queue is full. The
    /// place is given back when the ticket is dropped.
    pub fn admit(&self, load: Load) -> Result<Ticket, Busy> {
        let inner = &self.inner;
        let count = match load {
            Load::Cpu => &inner.waiting,
            Load::Pooled => &inner.pooled,
        };
        if count.fetch_add(1, Ordering::Relaxed) >= inner.queue {
            count.fetch_sub(1, Ordering::Relaxed);
            return Err(Busy);
        }
        let ticket = Ticket {
            inner: Arc::clone(inner),
            load,
            waiting: load == Load::Cpu,
            running: false,
        };
        if load == Load::Cpu {
            ticket.publish();
        }
        Ok(ticket)
    }

    /// Jobs waiting for a lane now.
    pub fn waiting(&self) -> usize {
        self.inner.waiting.load(Ordering::Relaxed)
    }

    /// Jobs computing now.
    pub fn running(&self) -> usize {
        self.inner.running.load(Ordering::Relaxed)
    }
}

/// A job's place in the [`Scheduler`], from admission until it is done.
#[derive(Debug)]
pub struct Ticket {
    inner: Arc<Inner>,
    load: Load,
    /// Whether it still counts as waiting for a lane.
    waiting: bool,
    /// Whether it counts as running.
    running: bool,
}

impl Ticket {
    /// Waits for a lane (for [`Load::Cpu`]), then runs `job` on a blocking thread and
    /// returns its result. The job counts as running from the moment it begins on its
    /// thread until it ends, and holds its lane as long, even when this future is
    /// dropped meanwhile. When `cancel` fires before a lane is free, the job runs at
    /// once without one, and without counting as running: it must then see that it was
    /// cancelled and give up at once.
    ///
    /// # Panics
    /// Resumes the job's panic, which is a bug.
    pub async fn run<T: Send + 'static>(
        mut self,
        cancel: &CancellationToken,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> T {
        let lane = match self.load {
            Load::Cpu => tokio::select! {
                biased;
                permit = Arc::clone(&self.inner.lanes).acquire_owned() => permit.ok(),
                () = cancel.cancelled() => None,
            },
            Load::Pooled => None,
        };
        let counted = lane.is_some() || self.load == Load::Pooled;
        if !counted {
            self.leave_queue();
        }
        let job = tokio::task::spawn_blocking(move || {
            let _lane = lane;
            let mut ticket = self;
            if counted {
                ticket.start();
            }
            job()
        });
        match job.await {
            Ok(done) => done,
            Err(error) => std::panic::resume_unwind(error.into_panic()),
        }
    }

    /// Counts the job as running from now on, until the ticket is dropped: for a job
    /// that computes elsewhere (a Go stream on the search pool).
    pub fn start(&mut self) {
        self.leave_queue();
        if !std::mem::replace(&mut self.running, true) {
            self.inner.running.fetch_add(1, Ordering::Relaxed);
        }
        self.publish();
    }

    /// Stops counting the job as waiting for a lane.
    fn leave_queue(&mut self) {
        if std::mem::take(&mut self.waiting) {
            self.inner.waiting.fetch_sub(1, Ordering::Relaxed);
            self.publish();
        }
    }

    /// Sets the gauges from the counts.
    fn publish(&self) {
        let inner = &self.inner;
        gauge!("gamebot_heavy_queued").set(inner.waiting.load(Ordering::Relaxed) as f64);
        gauge!("gamebot_heavy_running").set(inner.running.load(Ordering::Relaxed) as f64);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let inner = &self.inner;
        if self.waiting {
            inner.waiting.fetch_sub(1, Ordering::Relaxed);
        }
        if self.running {
            inner.running.fetch_sub(1, Ordering::Relaxed);
        }
        if self.load == Load::Pooled {
            inner.pooled.fetch_sub(1, Ordering::Relaxed);
        }
        self.publish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_refuses_and_a_finished_job_makes_room() {
        let _bound = crate::test_bound::bound();
        let scheduler = Scheduler::new(1, 1);
        let first = scheduler.admit(Load::Cpu).unwrap();
        assert_eq!(scheduler.admit(Load::Cpu).unwrap_err(), Busy);
        let never = CancellationToken::new();
        assert_eq!(first.run(&never, || 5).await, 5);
        assert_eq!((scheduler.waiting(), scheduler.running()), (0, 0));
        let pooled = scheduler.admit(Load::Pooled).unwrap();
        assert_eq!(scheduler.admit(Load::Pooled).unwrap_err(), Busy);
        drop(pooled);
        assert!(scheduler.admit(Load::Pooled).is_ok());
    }

    #[tokio::test]
    async fn jobs_get_lanes_first_come_first_served_and_a_cancelled_one_skips_the_queue() {
        let _bound = crate::test_bound::bound();
        let scheduler = Scheduler::new(1, 10);
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let busy = scheduler.admit(Load::Cpu).unwrap();
        let never = CancellationToken::new();
        let holder = tokio::spawn(async move {
            busy.run(&never, move || hold.recv().unwrap()).await;
        });
        while scheduler.running() == 0 {
            tokio::task::yield_now().await;
        }
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        for index in 0..3 {
            let ticket = scheduler.admit(Load::Cpu).unwrap();
            let order = Arc::clone(&order);
            waiters.push(tokio::spawn(async move {
                let never = CancellationToken::new();
                ticket
                    .run(&never, move || order.lock().unwrap().push(index))
                    .await;
            }));
            while scheduler.waiting() < index + 1 {
                tokio::task::yield_now().await;
            }
        }
        let cancel = CancellationToken::new();
        cancel.cancel();
        let late = scheduler.admit(Load::Cpu).unwrap();
        let counts = scheduler.clone();
        let seen = late
            .run(&cancel, move || (counts.waiting(), counts.running()))
            .await;
        assert_eq!(
            seen,
            (3, 1),
            "a cancelled job left the queue without a lane"
        );
        release.send(()).unwrap();
        holder.await.unwrap();
        for waiter in waiters {
            waiter.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), [0, 1, 2]);
    }
}
