//! Every mode through the one run API the TUI and the window start runs
//! with (`front::RunHandle::start(settings, request)`, over
//! `modes::Plan`; docs/architecture.md#modes): a sustained write and a
//! span map on a directory tell their own steps and end with their own
//! part of the output and no test file; the hosts' refusals are their
//! plan's, made before any host is contacted.

use crate::common::{leftovers, memory_dir};
use diskmark::backend::Backend;
use diskmark::config::{Choices, Settings};
use diskmark::engine::EngineKind;
use diskmark::front::{RunHandle, Update};
use diskmark::hosts::{HostAddr, HostsRequest};
use diskmark::modes::{ModeError, Plan, Request};
use diskmark::run::{Event, Step};
use diskmark::span::SpanRequest;
use diskmark::sustained::FillRequest;
use diskmark::workload::{Mode, parse_test};
use std::path::Path;
use std::time::Duration;

const MIB: u64 = 1 << 20;

/// One sequential test on `dir` with psync, as the sustained and span
/// commands make their settings.
fn settings(dir: &Path, test: &str, mode: Mode) -> Settings {
    let mut c = Choices::defaults(dir.to_path_buf());
    c.tests = vec![parse_test(test).unwrap()];
    c.mode = mode;
    c.loops = 1;
    c.size = 32 * MIB;
    c.engine = Backend::Native(EngineKind::Psync);
    Settings::validate(c).unwrap()
}

/// Every event of `request`'s run and how it ended, waiting on the
/// handle's updates (each wait bounded; the whole run at most 2 min).
fn run(settings: Settings, request: Request) -> (Vec<Event>, diskmark::front::LastRun) {
    let mut handle = RunHandle::start(settings, request);
    let mut events = Vec::new();
    let began = std::time::Instant::now();
    while began.elapsed() < Duration::from_secs(120) {
        match handle.wait(Duration::from_secs(1)) {
            Some(Update::Event(e)) => events.push(e),
            Some(Update::Done(done)) => match *done {
                Ok(last) => return (events, last),
                Err(f) => panic!("the run failed: {}", f.sentence),
            },
            Some(Update::Prepared(_)) | None => {}
        }
    }
    panic!("the run did not end within 2 min");
}

#[test]
fn a_sustained_write_runs_through_the_run_handle() {
    let dir = memory_dir();
    let request = Request::Sustained(FillRequest {
        size: Some(32 * MIB),
        sample_interval: Duration::from_millis(100),
    });
    let (events, last) = run(settings(dir.path(), "SEQ1M Q1T1", Mode::Write), request);
    let fills: Vec<u64> = (events.iter())
        .filter_map(|e| match &e.step {
            Step::Fill(f) => Some(f.written),
            _ => None,
        })
        .collect();
    assert!(!fills.is_empty(), "no fill step in {events:?}");
    let sustained = last.output.sustained.expect("the sustained part");
    assert!(!sustained.series.is_empty(), "{sustained:?}");
    assert!(sustained.bytes_written > 0, "{sustained:?}");
    assert!(last.output.tests.is_empty());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn a_span_map_runs_through_the_run_handle() {
    let dir = memory_dir();
    let request = Request::Span(SpanRequest {
        samples: 4,
        sample_size: MIB,
        access: 16,
    });
    let (events, last) = run(settings(dir.path(), "SEQ1M Q1T1", Mode::Read), request);
    let spans = (events.iter())
        .filter(|e| matches!(e.step, Step::Span(_)))
        .count();
    assert!(spans >= 4, "{spans} span steps in {events:?}");
    let span = last.output.span.expect("the span part");
    assert_eq!(span.samples.len(), 4, "{span:?}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn the_hosts_refusals_are_their_plans() {
    // What planning says: the usage error, or the plan's sentence.
    let said = |hosts: &[&str], settings: Settings, dir: Option<&str>| {
        let request = Request::Hosts(HostsRequest {
            hosts: hosts.iter().map(|h| HostAddr::parse(h).unwrap()).collect(),
            dir: dir.map(Into::into),
            ..Default::default()
        });
        match Plan::prepare(settings, request) {
            Err(ModeError::Hosts(e)) => {
                assert!(e.is_usage(), "{e}");
                e.to_string()
            }
            Ok(plan) => format!("planned: {}", plan.sentence()),
            Err(other) => panic!("{other:?}"),
        }
    };
    let fio_host = |settings: Settings, dir: Option<&str>| said(&["127.0.0.2"], settings, dir);
    let native = settings(Path::new("."), "SEQ1M Q1T1", Mode::Read);
    assert!(fio_host(native.clone(), Some("/srv")).contains("add --engine fio:ENGINE"));
    // Over ssh (docs/hosts.md#over-ssh): a directory for every host, all
    // hosts over ssh, diskmark's own engines.
    let over_ssh = said;
    let said = over_ssh(&["ssh://nas1"], native.clone(), None);
    assert!(said.contains("ssh://nas1:22 needs a directory"), "{said}");
    let said = over_ssh(&["ssh://nas1/srv", "127.0.0.2"], native.clone(), None);
    assert!(said.contains("all fio servers"), "{said}");
    let said = over_ssh(
        &["ssh://nas1/srv", "ssh://u@nas2"],
        native.clone(),
        Some("rel"),
    );
    assert!(said.contains("rel is relative"), "{said}");
    let said = over_ssh(&["ssh://nas1/srv", "ssh://u@nas2"], native, Some("/data"));
    assert!(
        said.starts_with("planned: 1 test on 2 hosts over ssh, in /srv"),
        "{said}"
    );
    if !crate::common::have_fio() {
        return;
    }
    let fio = |edit: fn(&mut Choices)| {
        let mut c = Choices::defaults(".".into());
        c.engine = Backend::Fio(diskmark::fio::FioEngine::locate("psync", None).unwrap());
        edit(&mut c);
        Settings::validate(c).unwrap()
    };
    assert!(fio_host(fio(|_| {}), None).contains("need --remote-dir DIR"));
    assert!(fio_host(fio(|_| {}), Some("srv")).contains("srv is relative"));
    assert!(fio_host(fio(|c| c.keep_file = true), Some("/srv")).starts_with("--keep-file:"));
    let plan = Plan::prepare(
        fio(|_| {}),
        Request::Hosts(HostsRequest {
            hosts: vec![HostAddr::parse("127.0.0.2").unwrap()],
            dir: Some("/srv".into()),
            ..Default::default()
        }),
    )
    .unwrap();
    assert_eq!(plan.info().name, "hosts");
    assert_eq!(plan.target().path, Path::new("/srv"));
    assert!(
        plan.sentence()
            .starts_with("4 tests on 1 host through fio --client, in /srv"),
        "{}",
        plan.sentence()
    );
}
