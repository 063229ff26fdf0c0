//! A run over ssh: diskmark's version checked on every host, then one
//! host agent per host; each loop begins on every host together (all
//! ready, their clocks asked, then `go`), and its total is counted over
//! the time every host measured (docs/hosts.md#over-ssh).

use super::super::error::HostsError;
use super::super::plan::{HostsPlan, SshPlan};
use super::super::run::{Progress, tell};
use super::super::spec::HostAddr;
use super::command;
use super::engines::{self, HostEngines};
use super::line::AgentLine as Line;
use super::merge::{HostWindow, total};
use super::session::{Heard, Said, Session};
use crate::backend::Backend;
use crate::run::barrier::wall_ns;
use crate::run::{HostLoops, RunOutput, StopReason, StopToken, TICK, TestResult};
use crate::stats::LoopResult;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long `diskmark --version` over ssh may take, connection included.
const VERSION_DEADLINE: Duration = Duration::from_secs(20);
/// How long a host may take to answer `clock` or `go`.
const ANSWER: Duration = Duration::from_secs(10);
/// Beyond a loop's warm-up and window, for its drain and its line; also
/// the longest a host may stay silent between loops beyond the interval.
const LOOP_SLACK: Duration = Duration::from_secs(15);
/// How long the hosts have to stop and remove their files at the end.
const END: Duration = Duration::from_secs(30);
/// The slowest pre-fill a host is given: 5 MB/s, and at least a minute.
const PREFILL_MIN_RATE: u64 = 5_000_000;

/// Runs `plan` over ssh; every host's agent is stopped, and so removes
/// its file, on every way out.
pub fn run(
    plan: &HostsPlan,
    ssh: &SshPlan,
    stop: &StopToken,
    say: Progress<'_>,
) -> Result<RunOutput, HostsError> {
    crate::run::shell::enter()?;
    let n = plan.hosts.len();
    tell(say, format!("checking diskmark on {n} hosts over ssh"));
    let found = versions(plan, ssh)?;
    let (adapted, engine_note) = agreed(plan, ssh, &found)?;
    let plan = &adapted;
    let versions = found.into_iter().map(|f| f.version).collect();
    let (tx, rx) = channel();
    let mut sessions = Vec::with_capacity(n);
    for (i, (h, dir)) in plan.hosts.iter().zip(&ssh.dirs).enumerate() {
        let remote = command::agent(ssh, &plan.settings, dir);
        let s = Session::start(command::ssh(ssh, h, &remote), i, tx.clone())
            .map_err(|e| ssh_failed(h, "cannot start ssh", e.to_string()))?;
        sessions.push(s);
    }
    drop(tx);
    let mut out = RunOutput::begin(crate::run::run_notes(&plan.settings, &plan.tests));
    out.notes.extend(engine_note);
    out.engine = Some(plan.settings.engine.clone());
    out.test_file.size = plan.settings.size;
    let mut c = Coordinator {
        plan,
        sessions,
        heard: rx,
        stop,
        last_words: vec![String::new(); n],
        notes: Vec::new(),
        offsets: vec![None; n],
        versions,
        pending: (0..n).map(|_| VecDeque::new()).collect(),
        files: Vec::new(),
    };
    let result = c.everything(&mut out, say);
    let ended = c.end(result.is_ok());
    out.notes.append(&mut c.notes);
    match result {
        Ok(()) => {
            ended?;
            Ok(out)
        }
        Err(Step::Stopped) => {
            out.interrupted = Some(stop.reason().unwrap_or(StopReason::User));
            Ok(out)
        }
        Err(Step::Failed(e)) => Err(e),
    }
}

fn ssh_failed(h: &crate::hosts::HostAddr, what: &str, said: String) -> HostsError {
    HostsError::Ssh {
        host: h.to_string(),
        what: what.into(),
        said: match said.trim() {
            "" => String::new(),
            s => format!(": {}", crate::escape::escaped(s)),
        },
    }
}

/// What a host said when asked its version and engines.
struct Found {
    /// Its `diskmark --version`.
    version: String,
    /// The engines that work there.
    engines: HostEngines,
}

/// Every host's `diskmark --version` and engines, all at once; a host
/// that cannot be reached, logged into or has another diskmark fails the
/// run.
fn versions(plan: &HostsPlan, ssh: &SshPlan) -> Result<Vec<Found>, HostsError> {
    let (tx, rx) = channel();
    let mut sessions = Vec::new();
    for (i, h) in plan.hosts.iter().enumerate() {
        let s = Session::start(command::version_and_engines(ssh, h), i, tx.clone())
            .map_err(|e| ssh_failed(h, "cannot start ssh", e.to_string()))?;
        sessions.push(s);
    }
    drop(tx);
    let deadline = Instant::now() + VERSION_DEADLINE;
    let mut said = vec![Vec::<String>::new(); plan.hosts.len()];
    // Every stderr ends when its ssh does, or the deadline passes.
    while let Ok(s) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        if let Heard::Text(t) = s.heard {
            said[s.host].push(t);
        }
    }
    let mut out = Vec::new();
    for (i, s) in sessions.into_iter().enumerate() {
        // Its standard error has ended, or the deadline passed: ssh ends
        // at once, or is killed at the deadline.
        let (code, stdout) = s.finish(deadline);
        let why = said[i].last().cloned().unwrap_or_default();
        out.push(found(&plan.hosts[i], code, &stdout, why)?);
    }
    Ok(out)
}

/// What host `h` answered: exit `code`, `stdout`, its last words `why`.
fn found(h: &HostAddr, code: Option<i32>, stdout: &[u8], why: String) -> Result<Found, HostsError> {
    let ours = format!("diskmark {}", env!("CARGO_PKG_VERSION"));
    let text = String::from_utf8_lossy(stdout);
    let (theirs, engines) = text.split_once('\n').unwrap_or((&text, ""));
    // Its first characters only: another program there may say anything.
    let theirs: String = theirs.trim().chars().take(80).collect();
    let theirs = theirs.as_str();
    let failed = |what: &str| Err(ssh_failed(h, what, why.clone()));
    let Some(code) = code else {
        return failed(&format!(
            "no answer within {} s",
            VERSION_DEADLINE.as_secs()
        ));
    };
    match code {
        255 => {
            return failed(
                "ssh could not connect or log in (it asks no password: use a key or the agent)",
            );
        }
        127 => {
            return failed(
                "diskmark is not on the host's PATH: install it there or name it with --remote-diskmark PATH",
            );
        }
        _ => {}
    }
    // Another version, said by a diskmark (whatever came after) or by a
    // program that ended well: one sentence with both versions.
    if theirs != ours && (code == 0 || theirs.starts_with("diskmark ")) {
        return Err(HostsError::DiskmarkVersion {
            host: h.to_string(),
            theirs: crate::escape::escaped(theirs),
            ours: env!("CARGO_PKG_VERSION").into(),
        });
    }
    if code != 0 {
        return failed(&format!(
            "diskmark --version or engines failed there (exit {code})"
        ));
    }
    match serde_json::from_str::<HostEngines>(engines) {
        Ok(engines) => Ok(Found {
            version: ours,
            engines,
        }),
        Err(_) => failed("diskmark engines --format json said no list of engines there"),
    }
}

/// `plan` with the engine every host can run, and the note that says
/// why it changed (docs/hosts.md#one-engine-on-every-host); the tests
/// planned again for it.
fn agreed(
    plan: &HostsPlan,
    ssh: &SshPlan,
    found: &[Found],
) -> Result<(HostsPlan, Option<String>), HostsError> {
    let Backend::Native(wanted) = plan.settings.engine else {
        // A fio engine never reaches here: the plan refuses it over ssh.
        return Ok((plan.clone(), None));
    };
    let hosts: Vec<HostEngines> = found.iter().map(|f| f.engines.clone()).collect();
    let names: Vec<String> = plan.hosts.iter().map(ToString::to_string).collect();
    let a = engines::agree(wanted, ssh.engine_chosen, &hosts, &names)?;
    let mut out = plan.clone();
    if a.engine != wanted {
        out.settings = plan.settings.with_remote_engine(a.engine);
        out.tests = crate::run::plan_with(&out.settings, &out.settings.engine.capabilities())?;
    }
    Ok((out, a.note))
}

/// How a step ended early.
enum Step {
    Stopped,
    Failed(HostsError),
}

impl From<HostsError> for Step {
    fn from(e: HostsError) -> Step {
        Step::Failed(e)
    }
}

struct Coordinator<'a> {
    plan: &'a HostsPlan,
    sessions: Vec<Session>,
    heard: Receiver<Said>,
    stop: &'a StopToken,
    /// What each host wrote last that was not a stream line.
    last_words: Vec<String>,
    /// The hosts' notes, each with its host's name.
    notes: Vec<String>,
    /// Each host's clock offset from this one's, ns, when measured.
    offsets: Vec<Option<i128>>,
    versions: Vec<String>,
    /// Lines a host said after the one a wait took from it, for the next
    /// wait (a fast host is ready for its next loop while a slow one still
    /// drains).
    pending: Vec<VecDeque<(Heard, Instant)>>,
    /// Each host's test file, as it said when ready.
    files: Vec<String>,
}

/// What one host said of one loop.
struct HostLoop {
    started_wall: u64,
    result: LoopResult,
}

impl Coordinator<'_> {
    fn everything(&mut self, out: &mut RunOutput, say: Progress<'_>) -> Result<(), Step> {
        let s = &self.plan.settings;
        let first = Duration::from_secs(s.size / PREFILL_MIN_RATE).max(LOOP_SLACK);
        let mut waited = first;
        for direction in s.directions() {
            for planned in &self.plan.tests {
                let hosts = (self.plan.hosts.iter().zip(&self.versions))
                    .map(|(h, v)| HostLoops {
                        host: h.to_string(),
                        diskmark_version: Some(v.clone()),
                        ..Default::default()
                    })
                    .collect();
                let mut result = TestResult::over_hosts(planned.clone(), direction, hosts);
                for loop_index in 0..s.loops {
                    let what = format!(
                        "{} {} loop {}",
                        planned.applied(),
                        direction.name(),
                        loop_index + 1
                    );
                    tell(say, what.clone());
                    let loops = self.one_loop(&what, waited)?;
                    waited = s.interval + LOOP_SLACK;
                    let windows: Vec<HostWindow> = (loops.iter().zip(&self.offsets))
                        .map(|(l, off)| HostWindow {
                            start_ns: i128::from(l.started_wall) - off.unwrap_or(0)
                                + s.warmup.as_nanos() as i128,
                            result: l.result.clone(),
                        })
                        .collect();
                    let Some(t) = total(&windows) else {
                        return Err(HostsError::Gone {
                            host: "every".into(),
                            how: "measured in windows that never overlapped".into(),
                            during: what,
                            said: String::new(),
                            files: String::new(),
                        }
                        .into());
                    };
                    result.loops.push(t.result);
                    let first = windows.iter().map(|w| w.start_ns).min().unwrap_or(0);
                    for (i, (mine, l)) in result.hosts.iter_mut().zip(loops).enumerate() {
                        let from = (windows[i].start_ns - first).max(0) as u64;
                        mine.windows.push(crate::run::WindowSpan {
                            start_ns: from,
                            end_ns: from + l.result.window_ns,
                        });
                        mine.loops.push(l.result);
                        mine.in_common.push(t.inside[i]);
                        mine.clock_offset_ns = self.offsets[i].map(|o| o as i64);
                    }
                }
                out.tests.push(result);
            }
        }
        Ok(())
    }

    /// One loop on every host: all ready, clocks asked, go, each loop's
    /// counts.
    fn one_loop(&mut self, what: &str, ready_within: Duration) -> Result<Vec<HostLoop>, Step> {
        let n = self.sessions.len();
        self.files = self.wait_each(what, ready_within, |l| match l {
            Line::Ready { file, .. } => Some(file.clone()),
            _ => None,
        })?;
        // The clock: each host's answer against the middle of its round
        // trip (docs/hosts.md#windows-that-start-together).
        let sent = wall_ns();
        let sent_at = Instant::now();
        self.say_all("clock");
        let clocks = self.wait_each_timed(what, ANSWER, |l| match l {
            Line::Clock { wall_ns } => Some(*wall_ns),
            _ => None,
        })?;
        for (i, (theirs, at)) in clocks.into_iter().enumerate() {
            let back = sent + at.saturating_duration_since(sent_at).as_nanos() as u64;
            let mid = (i128::from(sent) + i128::from(back)) / 2;
            self.offsets[i] = Some(i128::from(theirs) - mid);
        }
        self.say_all("go");
        let started = self.wait_each(what, ANSWER, |l| match l {
            Line::Started { wall_ns } => Some(*wall_ns),
            _ => None,
        })?;
        let s = &self.plan.settings;
        let ends = self.wait_each(what, s.warmup + s.measure + LOOP_SLACK, |l| match l {
            Line::LoopEnd { wire: Some(w) } => Some(w.as_ref().clone()),
            _ => None,
        })?;
        let mut out = Vec::with_capacity(n);
        for (i, (st, w)) in started.into_iter().zip(ends).enumerate() {
            let result = w.result().map_err(|e| HostsError::Gone {
                host: self.plan.hosts[i].to_string(),
                how: format!("sent counts that do not hold ({e})"),
                during: what.into(),
                said: String::new(),
                files: String::new(),
            })?;
            out.push(HostLoop {
                started_wall: st,
                result,
            });
        }
        Ok(out)
    }

    fn wait_each<T>(
        &mut self,
        what: &str,
        within: Duration,
        pick: impl Fn(&Line) -> Option<T>,
    ) -> Result<Vec<T>, Step> {
        let v = self.wait_each_timed(what, within, pick)?;
        Ok(v.into_iter().map(|(t, _)| t).collect())
    }

    /// The first line each host says that `pick` takes, and when it was
    /// read; the others' notes kept. A host that ends, says an error or
    /// stays silent past `within` fails the run; a stop ends it.
    fn wait_each_timed<T>(
        &mut self,
        what: &str,
        within: Duration,
        pick: impl Fn(&Line) -> Option<T>,
    ) -> Result<Vec<(T, Instant)>, Step> {
        let n = self.sessions.len();
        let mut got: Vec<Option<(T, Instant)>> = (0..n).map(|_| None).collect();
        for (h, slot) in got.iter_mut().enumerate() {
            while slot.is_none()
                && let Some((heard, at)) = self.pending[h].pop_front()
            {
                match heard {
                    Heard::Line(l) => *slot = pick(&l).map(|t| (t, at)),
                    _ => return Err(self.gone(h, "ended", what).into()),
                }
            }
        }
        let deadline = Instant::now() + within;
        while got.iter().any(Option::is_none) {
            if self.stop.stopped() {
                return Err(Step::Stopped);
            }
            let said = match self.heard.recv_timeout(TICK) {
                Ok(s) => s,
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => continue,
                Err(_) => {
                    let late = got.iter().position(Option::is_none).unwrap_or(0);
                    return Err(self.gone(late, "stopped answering", what).into());
                }
            };
            let h = said.host;
            match said.heard {
                // Its own sentence, inside the coordinator's: without the
                // host's `error: `.
                Heard::Text(t) => {
                    self.last_words[h] = t.strip_prefix("error: ").unwrap_or(&t).to_string();
                }
                // Said after what this wait wanted of the host: the next
                // wait's.
                heard if got[h].is_some() => {
                    if let Heard::Line(l) = &heard
                        && let Line::Warning { sentence } = l.as_ref()
                    {
                        self.note(h, sentence);
                    }
                    self.pending[h].push_back((heard, said.at));
                }
                Heard::Line(l) => {
                    if let Line::Warning { sentence } = l.as_ref() {
                        self.note(h, sentence);
                    }
                    got[h] = pick(&l).map(|t| (t, said.at));
                }
                Heard::End => return Err(self.gone(h, "ended", what).into()),
            }
        }
        Ok(got.into_iter().flatten().collect())
    }

    /// Sends `word` to every host.
    fn say_all(&mut self, word: &str) {
        for s in &mut self.sessions {
            s.send(word);
        }
    }

    fn note(&mut self, host: usize, sentence: &str) {
        let n = format!(
            "host {}: {}",
            self.plan.hosts[host],
            crate::escape::escaped(sentence)
        );
        if !self.notes.contains(&n) {
            self.notes.push(n);
        }
    }

    fn gone(&self, host: usize, how: &str, what: &str) -> HostsError {
        let last = &self.last_words[host];
        HostsError::Gone {
            host: self.plan.hosts[host].to_string(),
            how: how.into(),
            during: what.into(),
            said: if last.is_empty() {
                String::new()
            } else {
                format!(" ({})", crate::escape::escaped(last))
            },
            files: match self
                .files
                .get(host)
                .filter(|f| !f.is_empty() && how != "ended")
            {
                // A host that ended removed its file, or its guardian did;
                // one that stalls removes it when it runs again.
                Some(f) => format!(
                    " and removed their test files; its own, {}, it removes when it runs again",
                    crate::escape::escaped(f)
                ),
                None => ", and every host removes its own test file".into(),
            },
        }
    }

    /// Ends every agent: after a whole run each says `done`; else each is
    /// hung up on, which stops it and removes its file. Every ssh ends
    /// within [`END`].
    fn end(&mut self, whole: bool) -> Result<(), HostsError> {
        if whole {
            // Each host's own notes (its depth, cache, link and CPU
            // notes) keep its name (docs/hosts.md#over-ssh).
            let said = self.wait_each("the end of the run", END, |l| match l {
                Line::Done { notes } => Some(notes.clone()),
                _ => None,
            });
            for (h, notes) in said.unwrap_or_default().into_iter().enumerate() {
                for n in notes {
                    self.note(h, &n);
                }
            }
        }
        // A whole run's hosts end on their own; after a failure, the
        // hosts still there only stop and remove their files.
        let deadline = Instant::now() + if whole { END } else { END / 3 };
        for s in &mut self.sessions {
            s.hang_up();
        }
        let mut failed = None;
        for (i, s) in std::mem::take(&mut self.sessions).into_iter().enumerate() {
            let (code, _) = s.finish(deadline);
            if whole && code != Some(0) && failed.is_none() {
                failed = Some(self.gone(i, "did not end cleanly", "the end of the run"));
            }
        }
        failed.map_or(Ok(()), Err)
    }
}
