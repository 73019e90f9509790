//! The idle timeout of a session, cheap enough to restart on every wait.

use std::pin::Pin;
use std::time::Duration;
use tokio::time::{Instant, Sleep};

/// Fires when a wait has lasted the idle timeout.
///
/// Creating a fresh timer for each wait would touch the runtime's timer wheel twice per
/// wait (register, cancel), which costs pipelined sessions noticeably. This keeps one
/// timer for the whole session: [`IdleTimer::restart`] only notes the time, and the timer
/// is moved later only when it goes off before the current wait has lasted long enough.
#[derive(Debug)]
pub(super) struct IdleTimer {
    timeout: Option<Duration>,
    since: Instant,
    timer: Option<Pin<Box<Sleep>>>,
}

impl IdleTimer {
    /// A timer that never fires when `timeout` is `None`.
    pub(super) fn new(timeout: Option<Duration>) -> IdleTimer {
        let since = Instant::now();
        IdleTimer {
            timeout,
            since,
            timer: timeout.map(|timeout| Box::pin(tokio::time::sleep_until(since + timeout))),
        }
    }

    /// Starts timing a new wait.
    pub(super) fn restart(&mut self) {
        if self.timeout.is_some() {
            self.since = Instant::now();
        }
    }

    /// Completes once the current wait has lasted the timeout; never without one.
    pub(super) async fn expired(&mut self) {
        let (Some(timeout), Some(timer)) = (self.timeout, self.timer.as_mut()) else {
            return std::future::pending().await;
        };
        loop {
            timer.as_mut().await;
            let deadline = self.since + timeout;
            if Instant::now() >= deadline {
                return;
            }
            timer.as_mut().reset(deadline);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IdleTimer;
    use std::time::Duration;
    use tokio::time::{advance, timeout};

    #[tokio::test(start_paused = true)]
    async fn fires_after_a_whole_timeout_of_waiting() {
        let _bound = crate::test_bound::bound();
        let mut idle = IdleTimer::new(Some(Duration::from_secs(10)));
        advance(Duration::from_secs(6)).await;
        // A new wait starts: the first deadline passes, but this wait is still young.
        idle.restart();
        assert!(timeout(Duration::from_secs(9), idle.expired())
            .await
            .is_err());
        // The 9 seconds above were waiting too; 1 more completes the 10.
        assert!(timeout(Duration::from_secs(2), idle.expired())
            .await
            .is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn never_fires_without_a_timeout() {
        let _bound = crate::test_bound::bound();
        let mut idle = IdleTimer::new(None);
        assert!(timeout(Duration::from_secs(1_000_000), idle.expired())
            .await
            .is_err());
    }
}
