//! The per-I/O work of a worker, piece by piece: the histogram record, the
//! offset generators, a stamp, and one whole engine step on the null
//! engine (prepare, submit, reap).

use criterion::{Criterion, criterion_group, criterion_main};
use diskmark::engine::null::Null;
use diskmark::engine::{Completion, Engine, Op, ThreadSetup};
use diskmark::stats::{DirStats, Histogram};
use diskmark::workload::access::{Offsets, Rng, SeqCursor};
use diskmark::workload::stamp::{WRITE_MAGIC, stamp_pages};
use std::hint::black_box;
use std::time::Instant;

fn hot_path(c: &mut Criterion) {
    let mut h = Histogram::new();
    let mut v = 1u64;
    c.bench_function("histogram record", |b| {
        b.iter(|| {
            v = v
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            h.record(black_box(v >> 44));
        })
    });
    let mut d = DirStats::default();
    c.bench_function("DirStats record (sums, min, max, histogram)", |b| {
        b.iter(|| d.record(black_box(12_345), black_box(4096)))
    });
    let mut rng = Rng::new(1);
    let rnd = Offsets::Rnd {
        blocks: 262_144,
        block_size: 4096,
    };
    c.bench_function("offset RND", |b| b.iter(|| black_box(rnd.next(&mut rng))));
    let cursor = SeqCursor::new();
    let seq = Offsets::Seq {
        cursor: &cursor,
        blocks: 1024,
        block_size: 1 << 20,
    };
    c.bench_function("offset SEQ (shared cursor)", |b| {
        b.iter(|| black_box(seq.next(&mut rng)))
    });
    let mut block = vec![0u8; 4096];
    c.bench_function("stamp a 4 KiB write", |b| {
        b.iter(|| stamp_pages(black_box(&mut block), &WRITE_MAGIC, 8192, 7))
    });
    let start = Instant::now();
    c.bench_function("clock read", |b| {
        b.iter(|| black_box(start.elapsed().as_nanos() as u64))
    });
    let file = tempfile::tempfile().unwrap();
    let mut e = Null::open(&ThreadSetup {
        file: &file,
        depth: 1,
        block_size: 4096,
        hipri: false,
    })
    .unwrap();
    let mut out = [Completion::default(); 1];
    c.bench_function("null engine step (prepare, submit, reap)", |b| {
        b.iter(|| {
            e.prepare(0, Op::Read, black_box(4096));
            e.submit().unwrap();
            black_box(e.reap(&mut out).unwrap());
        })
    });
}

criterion_group!(benches, hot_path);
criterion_main!(benches);
