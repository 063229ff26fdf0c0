//! `diskmark --host ...` as the command line runs it: options → hosts and
//! settings (every refusal) → the run on the hosts → every output, with
//! the exit code [`super::finish`] gives.

use crate::backend::Backend;
use crate::cli::{EngineArg, RunArgs};
use crate::config::UsageError;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::hosts::run::{HostsPlan, run};
use crate::hosts::{HostsError, spec};
use crate::progress::display::Display;
use crate::report::Report;
use crate::run::StopToken;
use crate::target::{TargetInfo, TargetKind, Usage};
use crate::{Error, Error as E};
use std::path::Path;

/// Runs the benchmark on the hosts of `--host`/`--hosts` and returns its
/// exit code: 0 done, 1 failed (one sentence naming the host), 2 bad
/// usage, 128 + N for signal N (the remote files removed first).
pub fn hosts(args: RunArgs) -> Result<u8, Error> {
    refuse(&args)?;
    let hosts = spec::hosts(&args.host, args.hosts.as_deref())?;
    let dir = args.remote_dir.clone().ok_or_else(|| {
        UsageError::new(
            "--host",
            "the hosts need --remote-dir DIR, the directory on each host in which its test file is made",
        )
    })?;
    let (settings, mut out) = args.into_settings()?;
    let Backend::Fio(fio) = &settings.engine else {
        return Err(not_fio().into());
    };
    let fio = fio.clone();
    let tests = crate::run::plan_with(&settings, &fio.capabilities()).map_err(E::Run)?;
    let show = super::finish::show_to(&mut out);
    let export = ExportManager::new(out.into_outputs(false));
    export.ready()?;
    let plan = HostsPlan {
        settings,
        fio,
        hosts,
        dir,
        tests,
    };
    let sentence = format!(
        "{} tests on {} hosts through fio --client, in {}",
        plan.tests.len(),
        plan.hosts.len(),
        crate::escape::path(&plan.dir)
    );
    let mut display = super::finish::opened(Display::mode(&show, "hosts", sentence))?;
    let began = std::time::Instant::now();
    let mut output = match run(&plan, &StopToken::new(), &mut |e| display.update(e)) {
        Ok(o) => o,
        Err(e) => {
            drop(display);
            match keep_details(&e) {
                Some(p) => crate::escape::say(format_args!(
                    "error: {e} (fio's full output: {})",
                    crate::escape::path(&p)
                )),
                None => crate::escape::say(format_args!("error: {e}")),
            }
            return Ok(match crate::run::signals::received() {
                Some(sig) => 128 + sig as u8,
                None => 1,
            });
        }
    };
    output.elapsed = Some(began.elapsed());
    display.finish(&output);
    let target = remote_target(&plan);
    let host = HostInfo::current();
    let report = Report {
        settings: &plan.settings,
        target: &target,
        host: &host,
        output: &output,
    };
    Ok(super::finish::finish(&export, &report))
}

/// A failed run writes no report, and its error is one sentence: fio's
/// full output of the step that failed is kept in a new file (0600) in
/// the temporary directory, which the sentence names
/// (docs/hosts.md#errors). `None` when fio said nothing, or the file
/// could not be written.
fn keep_details(e: &HostsError) -> Option<std::path::PathBuf> {
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

fn not_fio() -> UsageError {
    UsageError::new(
        "--host",
        "a run on many hosts goes through fio's client/server mode: add --engine fio:ENGINE (e.g. fio:libaio)",
    )
}

/// What a run on many hosts cannot do, refused before anything starts.
fn refuse(a: &RunArgs) -> Result<(), UsageError> {
    if !matches!(a.engine, Some(EngineArg::Fio(_))) {
        return Err(not_fio());
    }
    if a.target != Path::new(".") {
        return Err(UsageError::new(
            "--host",
            format!(
                "the test file is made on each host in --remote-dir, so the TARGET {} has no use; drop it",
                crate::escape::path(&a.target)
            ),
        ));
    }
    if let Some(d) = &a.remote_dir {
        if !d.is_absolute() {
            return Err(UsageError::new(
                "--remote-dir",
                format!(
                    "{} is relative, and a fio server's working directory is its own: give an absolute path",
                    crate::escape::path(d)
                ),
            ));
        }
        if let Err(HostsError::NotLiteral { dir, source }) = crate::hosts::run::check_dir(d) {
            return Err(UsageError::new(
                "--remote-dir",
                format!("{dir} {source}; give a directory whose path fio reads as written"),
            ));
        }
    }
    let alone = [
        ("--hipri", a.hipri),
        ("--verify", a.verify),
        ("--qos", a.qos),
        ("--steady-state", a.steady_state.is_some()),
        ("--keep-file", a.keep_file),
        ("--drop-caches", a.drop_caches),
        ("--cow", a.cow),
    ];
    if let Some((option, _)) = alone.into_iter().find(|o| o.1) {
        return Err(UsageError::new(
            option,
            "it is a local run's option, not one of a run on many hosts (docs/hosts.md#what-runs-on-the-hosts); drop it or --host",
        ));
    }
    Ok(())
}

/// The report's target: the remote directory, on no device this machine
/// can see.
fn remote_target(plan: &HostsPlan) -> TargetInfo {
    TargetInfo {
        path: plan.dir.clone(),
        kind: TargetKind::Directory,
        mount_point: None,
        fs_type: crate::report::model::REMOTE.into(),
        source: Some(match plan.hosts.len() {
            1 => "1 host through fio --client".to_string(),
            n => format!("{n} hosts through fio --client"),
        }),
        mount_options: Vec::new(),
        dev: (0, 0),
        device: None,
        usage: Usage {
            total: 0,
            used: 0,
            available: 0,
        },
        caveats: Vec::new(),
    }
}
