//! A run handle for an interface (the TUI, the window): a thread that
//! prepares the plan of any mode ([`Plan::prepare`]: the target resolved
//! within its deadline, every refusal before anything is created), runs it, and sends
//! every [`Event`] and the end over a channel the interface drains; the
//! stop, and the join within a deadline.

use crate::config::Settings;
use crate::modes::{Plan, Request};
use crate::run::{Event, RunOutput, StopToken};
use crate::target::TargetInfo;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run asked to stop may take before the interface gives up
/// on it: the runner looks at the token every 100 ms (docs/architecture.md#events-and-stopping),
/// so only a thread blocked in the kernel takes longer.
pub const STOP_DEADLINE: Duration = Duration::from_secs(5);

/// The name of the thread that runs the benchmark (its workers are
/// `diskmark-w…`).
pub const RUN_THREAD: &str = "diskmark-run";

/// A run that ended with a report: what it was run with and what it made.
#[derive(Debug)]
pub struct LastRun {
    /// Its settings.
    pub settings: Settings,
    /// Its target.
    pub target: TargetInfo,
    /// What it produced.
    pub output: RunOutput,
}

/// A run that ended without a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The CLI's one sentence (without `error: `).
    pub sentence: String,
    /// The CLI's exit code for it.
    pub exit_code: u8,
}

impl From<crate::Error> for Failure {
    fn from(e: crate::Error) -> Failure {
        Failure {
            sentence: e.to_string(),
            exit_code: e.exit_code(),
        }
    }
}

/// What the benchmark thread says.
#[derive(Debug)]
pub enum Update {
    /// A step of the run.
    Event(Event),
    /// The run is prepared: the caveats and notes known before it starts.
    Prepared(Vec<String>),
    /// The end.
    Done(Box<Result<LastRun, Failure>>),
}

/// A run going on its own thread.
#[derive(Debug)]
pub struct RunHandle {
    handle: Option<JoinHandle<()>>,
    stop: StopToken,
    rx: mpsc::Receiver<Update>,
    stop_asked: Option<Instant>,
}

impl RunHandle {
    /// Starts a run of `settings` in the mode `request` asks.
    pub fn start(settings: Settings, request: Request) -> RunHandle {
        let (tx, rx) = mpsc::channel();
        let stop = StopToken::new();
        let token = stop.clone();
        let sender = tx.clone();
        // Named, so that the window's own threads can be told from the
        // run's when their CPU time is measured (BENCHMARKS.md).
        let spawned = std::thread::Builder::new()
            .name(RUN_THREAD.into())
            .spawn(move || {
                let result = prepare_and_run(settings, request, &token, &sender);
                let _ = sender.send(Update::Done(Box::new(result)));
            });
        let handle = match spawned {
            Ok(h) => Some(h),
            Err(e) => {
                let _ = tx.send(Update::Done(Box::new(Err(Failure {
                    sentence: format!("cannot start the benchmark thread: {e}"),
                    exit_code: 1,
                }))));
                None
            }
        };
        RunHandle {
            handle,
            stop,
            rx,
            stop_asked: None,
        }
    }

    /// Asks the run to stop (a user stop: `StopReason::User`).
    pub fn ask_stop(&mut self) {
        self.stop.stop();
        self.stop_asked.get_or_insert_with(Instant::now);
    }

    /// Whether the run was asked to stop [`STOP_DEADLINE`] ago or more.
    pub fn overdue(&self) -> bool {
        self.stop_asked
            .is_some_and(|t| t.elapsed() >= STOP_DEADLINE)
    }

    /// What the thread said since the last call, and, when it ended
    /// without saying so (a panic), a [`Update::Done`] that says it.
    pub fn drain(&mut self) -> Vec<Update> {
        let mut out: Vec<Update> = self.rx.try_iter().collect();
        if !out.iter().any(|u| matches!(u, Update::Done(_))) && self.panicked() {
            out.push(panic_update());
        }
        out
    }

    /// The next thing the thread says, waiting at most `timeout`.
    pub fn wait(&mut self, timeout: Duration) -> Option<Update> {
        match self.rx.recv_timeout(timeout) {
            Ok(u) => Some(u),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => self.panicked().then(panic_update),
        }
    }

    /// Stops the run and waits for its thread (which removes the test
    /// file) within [`STOP_DEADLINE`]; `false` if it would not stop.
    pub fn stop_and_join(&mut self) -> bool {
        self.ask_stop();
        let Some(h) = self.handle.take() else {
            return true;
        };
        let asked = self.stop_asked.unwrap_or_else(Instant::now);
        while !h.is_finished() && asked.elapsed() < STOP_DEADLINE {
            std::thread::sleep(Duration::from_millis(10));
        }
        if !h.is_finished() {
            self.handle = Some(h);
            return false;
        }
        let _ = h.join();
        true
    }

    /// Whether the thread ended with its messages all read and no `Done`
    /// among them.
    fn panicked(&mut self) -> bool {
        let finished = self.handle.as_ref().is_some_and(|h| h.is_finished());
        if finished && let Some(h) = self.handle.take() {
            return h.join().is_err();
        }
        false
    }
}

/// An interface that goes away mid-run (its event loop ended or panicked)
/// stops the run first: the thread removes the test file, within
/// [`STOP_DEADLINE`], before the process can end.
impl Drop for RunHandle {
    fn drop(&mut self) {
        let _ = self.stop_and_join();
    }
}

fn panic_update() -> Update {
    Update::Done(Box::new(Err(Failure {
        sentence: PANICKED.to_string(),
        exit_code: 1,
    })))
}

/// The sentence of a run whose thread panicked.
pub const PANICKED: &str = "the benchmark stopped on an internal error (a panic); please report it";

/// One run, start to end, its events sent to the interface.
fn prepare_and_run(
    settings: Settings,
    request: Request,
    stop: &StopToken,
    tx: &mpsc::Sender<Update>,
) -> Result<LastRun, Failure> {
    let failed = |e: crate::modes::ModeError| Failure::from(crate::Error::from(e));
    let plan = Plan::prepare(settings, request).map_err(failed)?;
    let _ = tx.send(Update::Prepared(plan.notes()));
    let output = plan
        .execute(stop, &mut |e| {
            let _ = tx.send(Update::Event(e.clone()));
        })
        .map_err(failed)?;
    Ok(LastRun {
        settings: plan.settings().clone(),
        target: plan.target().clone(),
        output,
    })
}
