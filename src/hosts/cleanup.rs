//! The remote test files removed on every way out: a job that reads 4 KiB
//! of the file and unlinks it, never creating one (`allow_file_create=0`;
//! docs/hosts.md#the-test-files). A file that is not there (its pre-fill
//! never started) makes fio say "file creation disallowed": nothing to
//! remove.

use super::client::{Client, HostJob};
use super::jobfile::{PrivateDir, fio_filename, section};
use super::spec::HostAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How long one host's clean-up may take.
pub const CLEANUP_DEADLINE: Duration = Duration::from_secs(15);

/// A run's remote test files, removed when [`Cleanup::run`] is called or,
/// failing that, when dropped (an error, a panic).
#[derive(Debug)]
pub struct Cleanup<'a> {
    fio: &'a crate::fio::FioEngine,
    files: Vec<RemoteFile>,
    done: bool,
}

/// A test file that could not be removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotRemoved {
    /// One sentence naming the host, the path and why, for stderr and
    /// the report's notes.
    pub sentence: String,
    /// fio's full output of the clean-up, one note a line, for the
    /// report's notes only (docs/hosts.md#errors).
    pub fio_said: Vec<String>,
}

/// One host's test file.
#[derive(Debug, Clone)]
pub struct RemoteFile {
    /// The host.
    pub host: HostAddr,
    /// The file's path there.
    pub path: PathBuf,
}

impl<'a> Cleanup<'a> {
    /// Arms the clean-up of `files`.
    pub fn new(fio: &'a crate::fio::FioEngine, files: Vec<RemoteFile>) -> Cleanup<'a> {
        Cleanup {
            fio,
            files,
            done: false,
        }
    }

    /// Removes every file, every host at once; returns each file that
    /// could not be removed, naming the host and the path.
    pub fn run(&mut self, jobs: &mut PrivateDir) -> Vec<NotRemoved> {
        self.run_but(jobs, &[])
    }

    /// [`Cleanup::run`], with the hosts found not answering (`HOST:PORT`)
    /// only named: their clean-up could only wait for its deadline.
    pub fn run_but(&mut self, jobs: &mut PrivateDir, silent: &[String]) -> Vec<NotRemoved> {
        self.done = true;
        // The clean-up runs even after a signal: no stop token.
        let client = Client {
            fio: self.fio,
            stop: None,
        };
        let mut written = Vec::new();
        for f in &self.files {
            let text = section(
                "diskmark-cleanup",
                &[
                    format!("filename={}", fio_filename(&f.path)),
                    "rw=read".into(),
                    "bs=4k".into(),
                    "size=4k".into(),
                    "io_size=4k".into(),
                    "ioengine=psync".into(),
                    "allow_file_create=0".into(),
                    "unlink=1".into(),
                    "thread".into(),
                ],
            );
            written.push(jobs.write(&text));
        }
        std::thread::scope(|s| {
            let handles: Vec<_> = self
                .files
                .iter()
                .zip(written)
                .map(|(f, job)| {
                    let known = silent.contains(&f.host.to_string());
                    s.spawn(move || match known {
                        true => not_removed(f, "its fio server no longer answers".into()),
                        false => remove_one(client, f, job),
                    })
                })
                .collect();
            handles
                .into_iter()
                .filter_map(|t| {
                    t.join().unwrap_or_else(|_| {
                        Some(NotRemoved {
                            sentence: "a clean-up thread panicked".into(),
                            fio_said: Vec::new(),
                        })
                    })
                })
                .collect()
        })
    }
}

/// The sentence of a file that could not be removed.
fn not_removed(f: &RemoteFile, why: String) -> Option<NotRemoved> {
    Some(NotRemoved {
        sentence: format!(
            "could not remove the test file {} on host {}: {why}; remove it there by hand",
            crate::escape::escaped(&f.path.display().to_string()),
            f.host
        ),
        fio_said: Vec::new(),
    })
}

/// Removes one file; why, when it could not be.
fn remove_one(
    client: Client<'_>,
    f: &RemoteFile,
    job: std::io::Result<PathBuf>,
) -> Option<NotRemoved> {
    let fail = |why: String| not_removed(f, why);
    let job = match job {
        Ok(j) => j,
        Err(e) => return fail(format!("its clean-up job could not be written here: {e}")),
    };
    if let Err(why) = super::client::connect(&f.host, Duration::from_secs(2)) {
        return fail(format!("its fio server does not answer ({why})"));
    }
    let jobs = [HostJob { host: &f.host, job }];
    match client.run("normal", &jobs, CLEANUP_DEADLINE) {
        Ok(Some(raw)) => {
            let said = |s: &str| raw.complaints.iter().any(|l| l.contains(s));
            if raw.success || said("file creation disallowed") {
                None
            } else {
                let mut n = fail(super::error::reason(&raw.complaints))?;
                n.fio_said = raw
                    .complaints
                    .iter()
                    .map(|l| format!("fio on host {} said, in the clean-up: {l}", f.host))
                    .collect();
                Some(n)
            }
        }
        Ok(None) => fail("the clean-up was stopped".into()),
        Err(crate::fio::FioError::Deadline { .. }) => fail(format!(
            "its fio server did not answer within {} s",
            CLEANUP_DEADLINE.as_secs()
        )),
        Err(e) => fail(e.to_string()),
    }
}

impl Drop for Cleanup<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        match PrivateDir::new(&format!("cleanup-{}", crate::config::random_seed())) {
            Ok(mut jobs) => {
                for n in self.run(&mut jobs) {
                    crate::escape::say(format_args!("warning: {}", n.sentence));
                }
            }
            Err(e) => crate::escape::say(format_args!(
                "warning: could not remove the remote test files ({e}): {}",
                self.files
                    .iter()
                    .map(|f| format!("{} on {}", f.path.display(), f.host))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}
