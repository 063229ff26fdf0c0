//! A run on many hosts as a mode of the one run API
//! ([`crate::run::shell::ModePlan`]): what it says before it starts, its
//! notes, and its run, whose failure keeps fio's full output in a file
//! the sentence names (docs/hosts.md#errors).

use super::error::HostsError;
use super::plan::HostsPlan;
use crate::config::Settings;
use crate::run::{Event, RunOutput, StopToken};
use crate::target::TargetInfo;
use std::path::PathBuf;

impl crate::run::shell::ModePlan for HostsPlan {
    const MODE: &'static str = "hosts";
    const WHAT: &'static str = "a run on many hosts";
    const GRID_ROWS: bool = true;
    type Error = HostsError;

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn target(&self) -> &TargetInfo {
        &self.target
    }

    fn notes(&self) -> Vec<String> {
        crate::run::run_notes(&self.settings, &self.tests)
    }

    /// `4 tests on 2 hosts through fio --client, in /srv/bench`, or
    /// `… over ssh, in /srv/bench` (the first host's directory).
    fn sentence(&self) -> String {
        let count = |n: usize, what: &str| match n {
            1 => format!("1 {what}"),
            n => format!("{n} {what}s"),
        };
        let via = match &self.via {
            super::plan::Via::Fio(_) => "through fio --client",
            super::plan::Via::Ssh(_) => "over ssh",
        };
        format!(
            "{} on {} {via}, in {}",
            count(self.tests.len(), "test"),
            count(self.hosts.len(), "host"),
            crate::escape::path(&self.dir)
        )
    }

    /// A failure whose fio output the sentence leaves out keeps it in a
    /// file the sentence names ([`keep_details`]).
    fn execute(
        &self,
        stop: &StopToken,
        observer: &mut dyn FnMut(&Event),
    ) -> Result<RunOutput, HostsError> {
        let ran = match &self.via {
            super::plan::Via::Fio(fio) => super::run::run(self, fio, stop, observer),
            super::plan::Via::Ssh(ssh) => super::ssh::run::run(self, ssh, stop, observer),
        };
        ran.map_err(|e| match keep_details(&e) {
            Some(kept) => HostsError::Kept {
                error: Box::new(e),
                kept,
            },
            None => e,
        })
    }
}

/// A failed run writes no report, and its error is one sentence: fio's
/// full output of the step that failed is kept in a new file (0600) in
/// the temporary directory, which the sentence names
/// (docs/hosts.md#errors). `None` when fio said nothing, or the file
/// could not be written.
fn keep_details(e: &HostsError) -> Option<PathBuf> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    if e.details().is_empty() {
        return None;
    }
    let path = std::env::temp_dir().join(format!(
        "diskmark-hosts-{}-{:08x}-fio.txt",
        std::process::id(),
        crate::config::random_seed() as u32
    ));
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .ok()?;
    let text: String = e.details().iter().map(|l| format!("{l}\n")).collect();
    f.write_all(text.as_bytes()).ok()?;
    Some(path)
}
