//! A run on many hosts: probe, pre-fill on every host at once, each test
//! and loop as one fio client invocation over all hosts, the clean-up on
//! every way out (docs/hosts.md#how-a-run-goes).

use super::cleanup::{Cleanup, RemoteFile};
use super::client::{ALIVE_JOB, Client, HostJob, failed_hosts, gone, silent};
use super::error::{EVERY_HOST, HostsError};
use super::jobfile::{PrivateDir, fio_filename, job_text, section};
use super::plan::{HostsPlan, check_dir};
use super::spec::HostAddr;
use crate::fio::hosts::{HostsResult, parse_hosts};
use crate::fio::{FioJob, GRACE, RawRun};
use crate::plan::PlannedTest;
use crate::run::{HostLoops, RunOutput, StopReason, StopToken, TestResult};
use crate::workload::{DataKind, Direction};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Room for fio's client to connect to every host and send its jobs,
/// beyond the job's own window and [`GRACE`].
const CONNECT_SLACK: Duration = Duration::from_secs(5);

/// The slowest pre-fill a host is given: 5 MB/s, and at least a minute.
const PREFILL_FLOOR: Duration = Duration::from_secs(60);
const PREFILL_MIN_RATE: u64 = 5_000_000;

/// The longest sleep between two looks at the stop token.
const TICK: Duration = Duration::from_millis(100);

/// Adds a note once.
fn add_note(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

/// Whom the run tells its steps and warnings ([`crate::run::Event`]).
pub type Progress<'a> = &'a mut dyn FnMut(&crate::run::Event);

/// Tells `say` the step `sentence`.
pub(super) fn tell(say: &mut dyn FnMut(&crate::run::Event), sentence: String) {
    let step = crate::run::Step::Host(crate::run::HostStep { sentence });
    say(&crate::run::Event::untimed(step));
}

/// Runs `plan`; the remote test files are removed on every way out, and a
/// file that could not be is named in the notes (and on stderr). A
/// `--remote-dir` fio would not read as written is refused before any
/// host is contacted.
pub fn run(
    plan: &HostsPlan,
    fio: &crate::fio::FioEngine,
    stop: &StopToken,
    say: Progress<'_>,
) -> Result<RunOutput, HostsError> {
    crate::run::shell::enter()?;
    check_dir(&plan.dir)?;
    let token = format!("{:016x}", crate::config::random_seed());
    let mut jobs = PrivateDir::new(&token).map_err(|source| HostsError::JobDir {
        dir: std::env::temp_dir().display().to_string(),
        source,
    })?;
    let client = Client {
        fio,
        stop: Some(stop),
    };
    let mut out = RunOutput::begin(crate::run::run_notes(&plan.settings, &plan.tests));
    out.test_file.size = plan.settings.size;
    tell(say, format!("probing {} hosts", plan.hosts.len()));
    super::probe::reachable(&plan.hosts)?;
    let Some(servers) = super::probe::probe_all(client, &mut jobs, &plan.hosts, &plan.dir)? else {
        return Ok(stopped(out, stop));
    };
    let files = remote_files(plan, &token);
    let mut cleanup = Cleanup::new(fio, files.clone());
    let mut runner = Runner {
        plan,
        client,
        jobs: &mut jobs,
        files: &files,
        servers: &servers,
        say: &mut *say,
    };
    let result = runner.everything(&mut out);
    let silent = match &result {
        Err(Step::Failed(HostsError::Lost { hosts, .. })) => hosts.clone(),
        _ => Vec::new(),
    };
    for n in cleanup.run_but(&mut jobs, &silent) {
        say(&crate::run::Event::warning(n.sentence.clone(), true));
        add_note(&mut out.notes, n.sentence);
        for line in n.fio_said {
            add_note(&mut out.notes, line);
        }
    }
    match result {
        Ok(()) => Ok(out),
        Err(Step::Stopped) => Ok(stopped(out, stop)),
        Err(Step::Failed(e)) => Err(e),
    }
}

fn stopped(mut out: RunOutput, stop: &StopToken) -> RunOutput {
    out.interrupted = Some(stop.reason().unwrap_or(StopReason::User));
    out
}

/// Each host's test file: this machine, this process and a random token in
/// the name, so that two runs never collide, and the host's address, so
/// that hosts sharing one filesystem never do (docs/hosts.md#the-test-files).
fn remote_files(plan: &HostsPlan, token: &str) -> Vec<RemoteFile> {
    let uname = rustix::system::uname();
    let me: String = uname
        .nodename()
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    plan.hosts
        .iter()
        .map(|h| RemoteFile {
            host: h.clone(),
            path: plan.dir.join(format!(
                ".diskmark-remote-{me}-{}-{token}-{}.tmp",
                std::process::id(),
                h.file_tag()
            )),
        })
        .collect()
}

/// Environment variable naming a directory where every client run's
/// standard output is written, so that a test can recompute the sums from
/// fio's own json+. For tests only.
pub const TEST_KEEP_FIO_OUTPUT: &str = "DISKMARK_TEST_KEEP_FIO_OUTPUT";

fn keep_for_tests(raw: &RawRun, what: &str) {
    if let Some(dir) = crate::testing::var_os(TEST_KEEP_FIO_OUTPUT) {
        let name: String = what
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let _ = std::fs::write(PathBuf::from(dir).join(format!("{name}.json")), &raw.stdout);
    }
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

struct Runner<'a, 'p> {
    plan: &'a HostsPlan,
    client: Client<'a>,
    jobs: &'a mut PrivateDir,
    files: &'a [RemoteFile],
    servers: &'a [super::probe::Server],
    say: Progress<'p>,
}

impl Runner<'_, '_> {
    /// The pre-fill, then every test in every direction with the interval
    /// between them.
    fn everything(&mut self, out: &mut RunOutput) -> Result<(), Step> {
        let s = &self.plan.settings;
        out.test_file.prefill_ns = self.prefill()?;
        let mut number = 0;
        for direction in s.directions() {
            for planned in &self.plan.tests {
                if number > 0 {
                    self.pause()?;
                }
                number += 1;
                let result = self.cell(planned, direction, out)?;
                out.tests.push(result);
            }
        }
        Ok(())
    }

    fn pause(&self) -> Result<(), Step> {
        let end = Instant::now() + self.plan.settings.interval;
        loop {
            if self.client.stop.is_some_and(|s| s.reason().is_some()) {
                return Err(Step::Stopped);
            }
            let now = Instant::now();
            if now >= end {
                return Ok(());
            }
            std::thread::sleep((end - now).min(TICK));
        }
    }

    /// Every host writes its whole test file once, all at the same time.
    fn prefill(&mut self) -> Result<u64, Step> {
        let s = &self.plan.settings;
        tell(
            self.say,
            format!(
                "pre-filling {} on every host",
                crate::units::human_bytes(s.size)
            ),
        );
        let mut options = vec![
            "rw=write".to_string(),
            "bs=1M".into(),
            format!("size={}", s.size),
            format!("direct={}", u8::from(s.direct)),
            "ioengine=psync".into(),
            "allow_file_create=1".into(),
            "unlink=0".into(),
            "unique_filename=0".into(),
            "thread".into(),
        ];
        if s.data == DataKind::Zeros {
            options.push("zero_buffers".into());
        }
        let texts: Vec<String> = self
            .files
            .iter()
            .map(|f| {
                let mut o = vec![format!("filename={}", fio_filename(&f.path))];
                o.extend(options.iter().cloned());
                section("diskmark-prefill", &o)
            })
            .collect();
        let deadline = PREFILL_FLOOR.max(Duration::from_secs(s.size / PREFILL_MIN_RATE));
        let t = Instant::now();
        let what = "the pre-fill".to_string();
        let r = self.client_run(&texts, deadline, &what)?;
        if let Err(e) = self.check(&r, &what) {
            return Err(self.writable(e).into());
        }
        Ok(t.elapsed().as_nanos() as u64)
    }

    /// A pre-fill that could not create its file names the directory.
    fn writable(&self, e: HostsError) -> HostsError {
        match e {
            HostsError::Job {
                host,
                message,
                details,
                ..
            } if ["Permission denied", "Read-only file system"]
                .iter()
                .any(|w| message.contains(w) || details.iter().any(|l| l.contains(w))) =>
            {
                HostsError::NotWritable {
                    host,
                    dir: crate::escape::escaped(&self.plan.dir.display().to_string()),
                    why: message,
                    details,
                }
            }
            e => e,
        }
    }

    /// One test in one direction: its loops on every host.
    fn cell(
        &mut self,
        planned: &PlannedTest,
        direction: Direction,
        out: &mut RunOutput,
    ) -> Result<TestResult, Step> {
        let s = &self.plan.settings;
        let bs = planned.requested.block_size;
        let hosts = (self.plan.hosts.iter().zip(self.servers))
            .map(|(h, v)| HostLoops {
                host: h.to_string(),
                fio_version: Some(v.version.clone()),
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
            tell(self.say, what.clone());
            let (texts, window) = self.loop_jobs(planned, direction);
            let raw = self.client_run(&texts, window + GRACE + CONNECT_SLACK, &what)?;
            let r = self.check(&raw, &what)?;
            for d in &r.disagreements {
                add_note(&mut out.notes, format!("{what}: {d}"));
            }
            // What a host's fio said of its engine (a depth it capped, a
            // fallback), named by the host it came from.
            for t in r
                .total
                .text
                .iter()
                .filter(|t| t.contains("fio:") || t.contains("note:"))
            {
                add_note(
                    &mut out.notes,
                    attributed(t.trim(), &self.plan.hosts, self.servers),
                );
            }
            result.loops.push(r.total.to_loop(bs));
            for (mine, h) in result.hosts.iter_mut().zip(&r.hosts) {
                mine.loops.push(h.result.to_loop(bs));
            }
        }
        Ok(result)
    }

    /// Each host's job for one loop, and its window.
    fn loop_jobs(&self, planned: &PlannedTest, direction: Direction) -> (Vec<String>, Duration) {
        let s = &self.plan.settings;
        let mut window = Duration::ZERO;
        let texts = self
            .files
            .iter()
            .map(|f| {
                let job = FioJob {
                    file: &f.path,
                    file_size: s.size,
                    test: planned.applied(),
                    direction,
                    measure: s.measure,
                    warmup: s.warmup,
                    direct: s.direct,
                    data: s.data,
                    drop_cache: !s.keep_cache && direction.reads(),
                    dsync: s.dsync,
                    raw: false,
                };
                window = job.window();
                let mut text = job_text(&self.client.fio.args(&job));
                // All numjobs share the one file, as the native engines do.
                text.push_str("unique_filename=0\n");
                text
            })
            .collect();
        (texts, window)
    }

    /// One client invocation: `texts[i]` on host `i`.
    fn client_run(
        &mut self,
        texts: &[String],
        deadline: Duration,
        what: &str,
    ) -> Result<RawRun, Step> {
        let mut jobs = Vec::with_capacity(texts.len());
        for (f, t) in self.files.iter().zip(texts) {
            let job = self.jobs.write(t).map_err(|source| HostsError::JobDir {
                dir: self.jobs.path().display().to_string(),
                source,
            })?;
            jobs.push(HostJob { host: &f.host, job });
        }
        let hosts: Vec<&HostAddr> = self.plan.hosts.iter().collect();
        match self.client.run("json+", &jobs, deadline) {
            Ok(Some(raw)) => {
                keep_for_tests(&raw, what);
                Ok(raw)
            }
            Ok(None) => Err(Step::Stopped),
            Err(crate::fio::FioError::Deadline { .. }) => {
                // Asked without the stop token: a signal now must not hide
                // which host hung.
                let ask = Client {
                    fio: self.client.fio,
                    stop: None,
                };
                let hosts = match self.jobs.write(ALIVE_JOB) {
                    Ok(job) => silent(ask, &job, &hosts),
                    Err(_) => gone(&hosts),
                };
                Err(HostsError::Lost {
                    what: what.to_string(),
                    after: Some(deadline),
                    hosts,
                }
                .into())
            }
            Err(source) => Err(HostsError::Fio {
                what: what.to_string(),
                source,
            }
            .into()),
        }
    }

    /// The client's output read per host: every host there, no job failed.
    fn check(&self, raw: &RawRun, what: &str) -> Result<HostsResult, HostsError> {
        let hosts: Vec<&HostAddr> = self.plan.hosts.iter().collect();
        let failed = failed_hosts(raw, &hosts);
        let message = super::error::reason(&raw.complaints);
        let job_error = |host: String| HostsError::Job {
            what: what.to_string(),
            host,
            message: message.clone(),
            details: raw.complaints.clone(),
        };
        if let Some(h) = failed.first() {
            return Err(job_error(h.to_string()));
        }
        let r = match parse_hosts(&raw.stdout) {
            Ok(r) => r,
            Err(crate::fio::hosts::HostsError::Host { host, source }) => {
                return Err(HostsError::Job {
                    what: what.to_string(),
                    host,
                    message: short(&source),
                    details: raw.complaints.clone(),
                });
            }
            Err(e) if raw.success => {
                return Err(HostsError::Job {
                    what: what.to_string(),
                    host: EVERY_HOST.into(),
                    message: super::error::reason(&[e.to_string()]),
                    details: raw.complaints.clone(),
                });
            }
            Err(_) => {
                let lost = gone(&hosts);
                return Err(match lost.is_empty() {
                    true => job_error(EVERY_HOST.into()),
                    false => HostsError::Lost {
                        what: what.to_string(),
                        after: None,
                        hosts: lost,
                    },
                });
            }
        };
        // fio's client leaves out a host that went away: the run cannot
        // sum what it did not see.
        let missing: Vec<String> = self
            .plan
            .hosts
            .iter()
            .filter(|h| {
                !r.hosts
                    .iter()
                    .any(|x| x.host == h.host && x.port.is_none_or(|p| p == h.port))
            })
            .map(|h| h.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(HostsError::Lost {
                what: what.to_string(),
                after: None,
                hosts: missing,
            });
        }
        if !raw.success {
            return Err(job_error(EVERY_HOST.into()));
        }
        let mut r = r;
        // In the order of the hosts given, whatever fio's order.
        r.hosts.sort_by_key(|x| {
            self.plan
                .hosts
                .iter()
                .position(|h| h.host == x.host && x.port.is_none_or(|p| p == h.port))
        });
        Ok(r)
    }
}

/// A host's unusable entry in a few words: fio's error number and its
/// meaning, without the text around the JSON that the error quotes (the
/// error's details keep it).
fn short(e: &crate::fio::parse::ParseError) -> String {
    match e {
        crate::fio::parse::ParseError::JobError { errno, .. } => format!(
            "fio reported error {errno} ({})",
            std::io::Error::from_raw_os_error(*errno)
        ),
        e => super::error::reason(&[e.to_string()]),
    }
}

/// A line of fio's client output, named by its host: fio prefixes the
/// lines a server sends with that server's own name (`<nas1> ...`), which
/// the probe learnt. A name several hosts share (servers on one machine)
/// or none has keeps fio's prefix.
fn attributed(line: &str, hosts: &[HostAddr], servers: &[super::probe::Server]) -> String {
    let named = line.strip_prefix('<').and_then(|l| l.split_once("> "));
    if let Some((name, rest)) = named {
        let mut who = hosts
            .iter()
            .zip(servers)
            .filter(|(_, s)| s.name.as_deref() == Some(name));
        if let (Some((host, _)), None) = (who.next(), who.next()) {
            return format!("fio on {host} said: {rest}");
        }
    }
    format!("fio said: {line}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosts::probe::Server;

    fn server(name: &str) -> Server {
        Server {
            version: "fio-3.33".into(),
            name: Some(name.into()),
        }
    }

    #[test]
    fn a_servers_lines_are_named_by_its_host() {
        let hosts = ["10.0.0.1:8765", "10.0.0.2:8765", "10.0.0.3:8765"]
            .map(|h| HostAddr::parse(h).unwrap());
        let servers = [server("nas1"), server("twin"), server("twin")];
        let note = "note: both iodepth >= 1 and synchronous I/O engine are selected";
        assert_eq!(
            attributed(&format!("<nas1> {note}"), &hosts, &servers),
            format!("fio on 10.0.0.1:8765 said: {note}")
        );
        // Two servers on one machine share its name: fio's prefix stays.
        assert_eq!(
            attributed(&format!("<twin> {note}"), &hosts, &servers),
            format!("fio said: <twin> {note}")
        );
        assert_eq!(
            attributed("fio: something", &hosts, &servers),
            "fio said: fio: something"
        );
    }
}
