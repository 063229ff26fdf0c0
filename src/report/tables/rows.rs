//! One test and direction of a run as a flat row: what CSV, Markdown and
//! compare show. Built from the typed model, so a run just measured and a
//! result file read back give the same rows.

use crate::report::model;

/// One test and direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The requested test, e.g. `SEQ1M Q8T1`.
    pub test: String,
    /// `read`, `write` or `mixNN` (see [`model::Test::direction_label`]).
    pub direction: String,
    /// MB/s; `None` when no I/O completed in the window.
    pub mbps: Option<f64>,
    /// IOPS; `None` when no I/O completed.
    pub iops: Option<f64>,
    /// Mean latency, µs; `None` when no I/O completed.
    pub mean_us: Option<f64>,
    /// 99th percentile latency, µs; `None` when no I/O completed or the
    /// percentile was not recorded.
    pub p99_us: Option<f64>,
    /// Queue depth applied.
    pub q: u32,
    /// Threads applied.
    pub t: u32,
}

/// The figures of a row that has them, as the flat formats print them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    /// 10^6 bytes/s.
    pub mbps: f64,
    /// I/Os per second.
    pub iops: f64,
    /// Mean latency, µs (0 when not recorded).
    pub mean_us: f64,
    /// 99th percentile latency, µs (0 when not recorded).
    pub p99_us: f64,
}

impl Row {
    /// The row of a test: its result's totals. A window without I/O has
    /// no figures, whatever else the test says (a file may say anything).
    pub fn of(t: &model::Test) -> Row {
        Row::of_loop(t, &t.result)
    }

    /// The row of one loop `l` of test `t` (or of its `result`), with the
    /// same rule for a window without I/O.
    pub fn of_loop(t: &model::Test, l: &model::Loop) -> Row {
        let total = &l.total;
        let no_io = total.no_io || total.ios == Some(0) || l.window_ns == Some(0);
        let lat = total.lat_us.as_ref().filter(|_| !no_io);
        let figure = |v: Option<f64>| v.filter(|_| !no_io);
        Row {
            test: t.name.clone(),
            direction: t.direction_label(),
            mbps: figure(total.mbps),
            iops: figure(total.iops),
            mean_us: lat.and_then(|l| l.mean),
            p99_us: lat.and_then(|l| l.percentiles.at(99.0)),
            q: t.applied.q,
            t: t.applied.t,
        }
    }

    /// The figures, when the row has them (MB/s and IOPS).
    pub fn figures(&self) -> Option<Figures> {
        Some(Figures {
            mbps: self.mbps?,
            iops: self.iops?,
            mean_us: self.mean_us.unwrap_or(0.0),
            p99_us: self.p99_us.unwrap_or(0.0),
        })
    }
}

/// The rows of a run, in the order its tests ran.
pub fn rows(run: &model::Run) -> Vec<Row> {
    run.tests.iter().map(Row::of).collect()
}
