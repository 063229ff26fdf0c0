//! Every Default and NVMe test × read / write / mix × psync, libaio and
//! io_uring: native and fio alternately (A B A B ...) on one test file, N
//! pairs each; prints a Markdown table of medians and the native/fio ratio.
//!
//! cargo run --release --example vs_fio -- [--dir DIR] [--pairs N]
//!     [--measure SECONDS] [--warmup SECONDS] [--size SIZE]
//!
//! Needs fio on PATH. The test file is diskmark's own, created once in DIR,
//! pre-filled, and used by both.

use clap::Parser;
use diskmark::backend::Backend;
use diskmark::config::{Choices, Settings};
use diskmark::engine::EngineKind;
use diskmark::fio::FioEngine;
use diskmark::run::{run_one_loop, testfile::TestFile};
use diskmark::stats::Spread;
use diskmark::workload::{DataKind, Direction, parse_test};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
struct Args {
    /// Directory for the test file
    #[arg(long, default_value = "/var/tmp")]
    dir: PathBuf,
    /// Pairs per row
    #[arg(long, default_value_t = 5)]
    pairs: usize,
    /// Measure window, seconds
    #[arg(long, default_value_t = 0.5)]
    measure: f64,
    /// Warm-up, seconds
    #[arg(long, default_value_t = 0.2)]
    warmup: f64,
    /// Test file size
    #[arg(long, default_value = "256M")]
    size: String,
}

const TESTS: [&str; 6] = [
    "SEQ1M Q8T1",
    "SEQ1M Q1T1",
    "SEQ128K Q32T1",
    "RND4K Q32T1",
    "RND4K Q32T16",
    "RND4K Q1T1",
];
const ENGINES: [&str; 3] = ["psync", "libaio", "io_uring"];

fn main() -> anyhow::Result<()> {
    let a = Args::parse();
    let target = diskmark::target::resolve(&a.dir)?;
    let size = diskmark::units::parse_size(&a.size)?;
    let file = TestFile::create(&target.path, size, true)?;
    file.prefill(DataKind::Random, 7, |_| Ok(()))?;
    let settings = |backend: Backend| {
        let mut s = Choices::defaults(target.path.clone());
        s.size = size;
        s.measure = Duration::from_secs_f64(a.measure);
        s.warmup = Duration::from_secs_f64(a.warmup);
        s.engine = backend;
        Settings::validate(s)
    };
    println!(
        "{} pairs per row, {} s windows after {} s warm-up, O_DIRECT, one {} test file in {} ({} on {})\n",
        a.pairs,
        a.measure,
        a.warmup,
        diskmark::units::file_size_label(size),
        target.path.display(),
        target.fs_type,
        target.source.as_deref().unwrap_or("?")
    );
    println!(
        "| test | dir | engine | applied | native IOPS | fio IOPS | IOPS ratio | ratio spread | native lat µs | fio lat µs |"
    );
    println!("|---|---|---|---|---:|---:|---:|---|---:|---:|");
    for test in TESTS {
        let spec = parse_test(test)?;
        for direction in [
            Direction::Read,
            Direction::Write,
            Direction::Mix { read_pct: 70 },
        ] {
            for engine in ENGINES {
                let native = settings(Backend::Native(
                    EngineKind::parse(engine).expect("native engine"),
                ))?;
                let fio = settings(Backend::Fio(FioEngine::locate(engine, None)?))?;
                let (mut ni, mut fi, mut nl, mut fl, mut ratios) =
                    (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
                let mut applied = String::new();
                for _ in 0..a.pairs {
                    let (p, l) = run_one_loop(&native, &target, &file, spec, direction)?;
                    let n = l.total().summary(l.window_ns);
                    let (_, l) = run_one_loop(&fio, &target, &file, spec, direction)?;
                    let f = l.total().summary(l.window_ns);
                    applied = format!("Q{}T{}", p.q, p.t);
                    ratios.push(n.iops / f.iops);
                    ni.push(n.iops);
                    fi.push(f.iops);
                    nl.push(n.lat.map_or(0.0, |x| x.mean_us));
                    fl.push(f.lat.map_or(0.0, |x| x.mean_us));
                }
                let med = |v: &[f64]| Spread::of(v).map_or(0.0, |s| s.median);
                let r = Spread::of(&ratios).expect("pairs > 0");
                println!(
                    "| {test} | {} | {engine} | {applied} | {:.0} | {:.0} | {:.3} | {:.3}..{:.3} | {:.1} | {:.1} |",
                    direction.name(),
                    med(&ni),
                    med(&fi),
                    r.median,
                    r.min,
                    r.max,
                    med(&nl),
                    med(&fl)
                );
            }
        }
    }
    Ok(())
}
