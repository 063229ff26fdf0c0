//! How a run is asked to end early: by a signal (the handlers of
//! [`super::signals`] set a flag) or by the user of an interface (a
//! [`StopToken`] it holds). The runner asks the token between steps and at
//! least every [`TICK`]; both end the run the same clean way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Longest sleep between two looks at signals, errors and progress.
pub const TICK: Duration = Duration::from_millis(100);

/// Why a run ended early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// This signal arrived.
    Signal(i32),
    /// The user asked (an interface's Stop).
    User,
}

impl StopReason {
    /// The signal, when a signal stopped the run.
    pub fn signal(self) -> Option<i32> {
        match self {
            StopReason::Signal(sig) => Some(sig),
            StopReason::User => None,
        }
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StopReason::Signal(sig) => write!(f, "signal {}", super::signals::name(*sig)),
            StopReason::User => f.write_str("the user"),
        }
    }
}

/// What a front-end holds to control a run it started: stop it, and (a
/// host of a run on many hosts) say when each window may begin. Cheap to
/// clone, shared between threads. A new run takes a new token.
#[derive(Clone, Default)]
pub struct StopToken {
    user: Arc<AtomicBool>,
    barrier: Option<Arc<dyn super::barrier::WindowBarrier>>,
}

impl std::fmt::Debug for StopToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StopToken")
            .field("user", &self.user)
            .field("barrier", &self.barrier.is_some())
            .finish()
    }
}

impl StopToken {
    /// A token nobody has used yet.
    pub fn new() -> StopToken {
        StopToken::default()
    }

    /// Asks the run to stop as a signal would, without one.
    pub fn stop(&self) {
        self.user.store(true, Ordering::Relaxed);
    }

    /// Why the run must stop, if it must: a signal first (it also decides
    /// the exit code), then the user's request.
    pub fn reason(&self) -> Option<StopReason> {
        if let Some(sig) = super::signals::received() {
            return Some(StopReason::Signal(sig));
        }
        self.user
            .load(Ordering::Relaxed)
            .then_some(StopReason::User)
    }

    /// Whether the run must stop.
    pub fn stopped(&self) -> bool {
        self.reason().is_some()
    }

    /// The same token, whose run waits on `barrier` before each window.
    pub fn with_barrier(self, barrier: Arc<dyn super::barrier::WindowBarrier>) -> StopToken {
        StopToken {
            barrier: Some(barrier),
            ..self
        }
    }

    /// What the run waits on before each window, if anything.
    pub fn barrier(&self) -> Option<&dyn super::barrier::WindowBarrier> {
        self.barrier.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_stop_is_seen_by_every_clone_and_not_by_a_new_token() {
        let t = StopToken::new();
        let seen = t.clone();
        // No test sends this process a signal.
        assert_eq!(seen.reason(), None);
        t.stop();
        assert_eq!(seen.reason(), Some(StopReason::User));
        assert!(seen.stopped());
        assert_eq!(StopToken::new().reason(), None);
        assert_eq!(
            StopReason::Signal(libc::SIGINT).signal(),
            Some(libc::SIGINT)
        );
        assert_eq!(StopReason::User.signal(), None);
        assert_eq!(
            StopReason::Signal(libc::SIGTERM).to_string(),
            "signal SIGTERM"
        );
    }
}
