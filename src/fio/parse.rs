//! Reading fio's `--output-format=json` / `json+` output into diskmark's
//! result model.
//!
//! fio may print text before the JSON (psync's queue-depth note, error
//! lines, `<host>` lines of client/server runs) and, without
//! `--group_reporting`, one entry per job. The aggregate is computed here:
//! Σ bytes and I/Os over the longest runtime, latency means weighted by
//! the number of samples, percentiles recomputed from the summed `bins`
//! (never averaged).
//!
//! Which of fio's counters (docs/fio.md): `io_bytes` counts the bytes of
//! the I/Os that *completed* after the ramp, `total_ios` the I/Os
//! *submitted* after it; the two differ by the Q−1 I/Os in flight when the
//! ramp ends. diskmark's native engines count the I/Os completed inside
//! the window, so the figures come from `io_bytes` alone: I/Os are
//! `io_bytes / bs`, and MB/s is IOPS × bs exactly. CPU: `usr_cpu` and
//! `sys_cpu` are percent of fio's `job_runtime`, which with
//! `--group_reporting` is the sum of the jobs' runtimes.

use crate::stats::{DirStats, LoopResult};
use serde_json::Value;

/// Why fio's output could not be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParseError {
    /// No JSON document in the output.
    #[error("fio printed no JSON result{}", quoted(.0))]
    NoJson(String),
    /// The JSON is cut short or malformed.
    #[error("fio's JSON output cannot be read ({0})")]
    Json(String),
    /// A field diskmark needs is absent or of the wrong type.
    #[error("fio's JSON output has no usable {0}")]
    Missing(String),
    /// A job failed.
    #[error("fio reported error {errno} ({}){}", std::io::Error::from_raw_os_error(*.errno), quoted(.message))]
    JobError {
        /// fio's error number (an errno).
        errno: i32,
        /// fio's own words, from the text around the JSON.
        message: String,
    },
}

fn quoted(s: &str) -> String {
    if s.trim().is_empty() {
        String::new()
    } else {
        format!(": {}", s.trim())
    }
}

/// Latency of one direction as fio reports it (`lat_ns`).
#[derive(Debug, Clone, PartialEq)]
pub struct FioLat {
    /// Samples.
    pub n: u64,
    /// Mean, ns.
    pub mean: f64,
    /// Smallest, ns.
    pub min: u64,
    /// Largest, ns.
    pub max: u64,
    /// Standard deviation, ns.
    pub stddev: f64,
    /// `(percentile, ns)`, fio's own or recomputed from summed bins.
    pub percentiles: Vec<(f64, u64)>,
    /// `(bucket value ns, count)` of json+, ascending.
    pub bins: Vec<(u64, u64)>,
}

/// One direction of a fio result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FioDir {
    /// I/Os submitted after the ramp (fio's `total_ios`); the figures use
    /// [`FioDir::completed`] instead.
    pub ios: u64,
    /// Bytes of the I/Os completed after the ramp (fio's `io_bytes`).
    pub bytes: u64,
    /// Runtime, ms.
    pub runtime_ms: u64,
    /// Latency; `None` when nothing completed.
    pub lat: Option<FioLat>,
}

/// What one fio run measured.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FioResult {
    /// Reads.
    pub read: FioDir,
    /// Writes.
    pub write: FioDir,
    /// Text fio printed before its JSON, line by line (notes, warnings).
    pub text: Vec<String>,
    /// fio's user CPU time over its runtime, seconds (all jobs together).
    pub cpu_user_s: f64,
    /// fio's system CPU time over its runtime, seconds (all jobs together).
    pub cpu_system_s: f64,
}

impl FioDir {
    /// The I/Os completed after the ramp, of `block_size` bytes each: the
    /// set `bytes` describes (a short I/O counts as the part it moved).
    pub fn completed(&self, block_size: u64) -> u64 {
        let bs = block_size.max(1);
        (self.bytes + bs / 2) / bs
    }
}

impl FioResult {
    /// The result as one of diskmark's loops of `block_size` I/Os: the
    /// window is fio's longest runtime, the I/Os those whose bytes fio
    /// counted (so MB/s = IOPS × bs), latencies keep fio's mean, extremes,
    /// deviation and percentiles, and its bins fill the histogram so that
    /// loops merge.
    pub fn to_loop(&self, block_size: u64) -> LoopResult {
        let runtime_ms = self.read.runtime_ms.max(self.write.runtime_ms);
        let mut l = LoopResult::empty(runtime_ms * 1_000_000);
        l.read = dir_stats(&self.read, block_size);
        l.write = dir_stats(&self.write, block_size);
        l
    }
}

fn dir_stats(d: &FioDir, block_size: u64) -> DirStats {
    let ios = d.completed(block_size);
    let mut s = DirStats {
        ios,
        bytes: d.bytes,
        ..DirStats::default()
    };
    if let Some(lat) = &d.lat
        && ios > 0
    {
        // Sums scaled to the I/O count (fio's latency samples can differ
        // from it by one at the ramp's edge), so that the mean and
        // deviation come out as fio's.
        let n = ios as f64;
        s.lat_sum_ns = (lat.mean * n).round() as u128;
        s.lat_sumsq_ns2 = ((lat.stddev * lat.stddev + lat.mean * lat.mean) * n).round() as u128;
        s.lat_min_ns = lat.min;
        s.lat_max_ns = lat.max;
        for &(v, c) in &lat.bins {
            s.hist.record_n(v, c);
        }
        if !lat.percentiles.is_empty() {
            s.exact_percentiles = Some(lat.percentiles.clone());
        }
    }
    s
}

/// fio's percentile rule (stat.c): for each `p` (ascending), the value of
/// the first bucket whose cumulative count reaches `p/100 · N`.
pub fn percentiles_from_bins(bins: &[(u64, u64)], ps: &[f64]) -> Vec<(f64, u64)> {
    let n: u64 = bins.iter().map(|b| b.1).sum();
    let mut out = Vec::with_capacity(ps.len());
    if n == 0 {
        return out;
    }
    let mut sum = 0u64;
    let mut j = 0;
    for &(v, c) in bins {
        sum += c;
        while j < ps.len() && sum as f64 >= ps[j] / 100.0 * n as f64 {
            out.push((ps[j], v));
            j += 1;
        }
        if j == ps.len() {
            break;
        }
    }
    out
}

/// The JSON document inside fio's standard output, and the text before it.
fn split_output(stdout: &str) -> Option<(Vec<String>, &str)> {
    let start = if stdout.starts_with('{') {
        0
    } else {
        stdout.find("\n{")? + 1
    };
    let text = stdout[..start]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    Some((text, &stdout[start..]))
}

fn u64_of(v: &Value, what: &str) -> Result<u64, ParseError> {
    v.as_u64()
        .or_else(|| v.as_f64().filter(|f| *f >= 0.0).map(|f| f as u64))
        .ok_or_else(|| ParseError::Missing(what.to_string()))
}

fn f64_of(v: &Value, what: &str) -> Result<f64, ParseError> {
    v.as_f64()
        .ok_or_else(|| ParseError::Missing(what.to_string()))
}

/// One job's latency object (`lat_ns`), if it has samples.
fn job_lat(dir: &Value, name: &str) -> Result<Option<FioLat>, ParseError> {
    let lat = &dir["lat_ns"];
    if lat.is_null() {
        return Err(ParseError::Missing(format!("{name}.lat_ns")));
    }
    let n = u64_of(&lat["N"], &format!("{name}.lat_ns.N"))?;
    if n == 0 {
        return Ok(None);
    }
    let mut percentiles: Vec<(f64, u64)> = match lat["percentile"].as_object() {
        Some(m) => m
            .iter()
            .map(|(k, v)| {
                let p: f64 = k
                    .parse()
                    .map_err(|_| ParseError::Missing(format!("{name}.lat_ns.percentile")))?;
                Ok((p, u64_of(v, &format!("{name}.lat_ns.percentile"))?))
            })
            .collect::<Result<_, ParseError>>()?,
        None => Vec::new(),
    };
    percentiles.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut bins: Vec<(u64, u64)> = match lat["bins"].as_object() {
        Some(m) => m
            .iter()
            .map(|(k, v)| {
                let b: u64 = k
                    .parse()
                    .map_err(|_| ParseError::Missing(format!("{name}.lat_ns.bins")))?;
                Ok((b, u64_of(v, &format!("{name}.lat_ns.bins"))?))
            })
            .collect::<Result<_, ParseError>>()?,
        None => Vec::new(),
    };
    bins.sort_unstable();
    Ok(Some(FioLat {
        n,
        mean: f64_of(&lat["mean"], &format!("{name}.lat_ns.mean"))?,
        min: u64_of(&lat["min"], &format!("{name}.lat_ns.min"))?,
        max: u64_of(&lat["max"], &format!("{name}.lat_ns.max"))?,
        stddev: f64_of(&lat["stddev"], &format!("{name}.lat_ns.stddev"))?,
        percentiles,
        bins,
    }))
}

/// Adds up one direction over jobs.
fn aggregate(jobs: &[&Value], name: &str) -> Result<FioDir, ParseError> {
    let mut d = FioDir::default();
    let mut lats = Vec::new();
    for job in jobs {
        let dir = &job[name];
        if !dir.is_object() {
            return Err(ParseError::Missing(format!("jobs[].{name}")));
        }
        d.ios += u64_of(&dir["total_ios"], &format!("{name}.total_ios"))?;
        d.bytes += u64_of(&dir["io_bytes"], &format!("{name}.io_bytes"))?;
        d.runtime_ms = d
            .runtime_ms
            .max(u64_of(&dir["runtime"], &format!("{name}.runtime"))?);
        if let Some(l) = job_lat(dir, name)? {
            lats.push(l);
        }
    }
    d.lat = match lats.len() {
        0 => None,
        1 => lats.pop(),
        _ => Some(merge_lats(&lats)),
    };
    Ok(d)
}

/// Several jobs' latencies as one: sample-weighted mean, pooled deviation,
/// extremes, summed bins and the percentiles recomputed from them (none
/// without bins: averaging percentiles would be wrong).
fn merge_lats(lats: &[FioLat]) -> FioLat {
    let n: u64 = lats.iter().map(|l| l.n).sum();
    let nf = n as f64;
    let mean = lats.iter().map(|l| l.mean * l.n as f64).sum::<f64>() / nf;
    let second = lats
        .iter()
        .map(|l| l.n as f64 * (l.stddev * l.stddev + l.mean * l.mean))
        .sum::<f64>()
        / nf;
    let mut bins: Vec<(u64, u64)> = Vec::new();
    for l in lats {
        bins.extend_from_slice(&l.bins);
    }
    bins.sort_unstable();
    bins.dedup_by(|b, a| {
        if a.0 == b.0 {
            a.1 += b.1;
            true
        } else {
            false
        }
    });
    let ps: Vec<f64> = lats[0].percentiles.iter().map(|p| p.0).collect();
    let ps = if ps.is_empty() {
        crate::stats::DEFAULT_PERCENTILES.to_vec()
    } else {
        ps
    };
    FioLat {
        n,
        mean,
        min: lats.iter().map(|l| l.min).min().unwrap_or(0),
        max: lats.iter().map(|l| l.max).max().unwrap_or(0),
        stddev: (second - mean * mean).max(0.0).sqrt(),
        percentiles: if bins.is_empty() {
            Vec::new()
        } else {
            percentiles_from_bins(&bins, &ps)
        },
        bins,
    }
}

/// Parses fio's standard output.
pub fn parse(stdout: &str) -> Result<FioResult, ParseError> {
    let (text, doc) = document(stdout)?;
    let jobs: Vec<&Value> = if let Some(clients) = doc["client_stats"].as_array() {
        // Client/server: one entry per host, then "All clients" when there
        // are several: that is the aggregate.
        match clients.iter().find(|c| c["jobname"] == ALL_CLIENTS) {
            Some(all) => vec![all],
            None => clients.iter().collect(),
        }
    } else {
        doc["jobs"]
            .as_array()
            .ok_or_else(|| ParseError::Missing("jobs".into()))?
            .iter()
            .collect()
    };
    result_of(&jobs, text)
}

/// The name fio gives the sum over hosts in a client/server run.
pub(super) const ALL_CLIENTS: &str = "All clients";

/// The text fio printed before its JSON, and the JSON document.
pub(super) fn document(stdout: &str) -> Result<(Vec<String>, Value), ParseError> {
    let (text, json) =
        split_output(stdout).ok_or_else(|| ParseError::NoJson(stdout.trim().to_string()))?;
    // One document; anything after it (late messages) is ignored.
    let doc: Value = serde_json::Deserializer::from_str(json)
        .into_iter::<Value>()
        .next()
        .ok_or_else(|| ParseError::Json("empty".into()))?
        .map_err(|e| ParseError::Json(e.to_string()))?;
    Ok((text, doc))
}

/// Several job entries of fio's JSON as one result: the first job error
/// fails it; otherwise both directions added up and the CPU time summed.
pub(super) fn result_of(jobs: &[&Value], text: Vec<String>) -> Result<FioResult, ParseError> {
    if jobs.is_empty() {
        return Err(ParseError::Missing("jobs".into()));
    }
    for job in jobs {
        let errno = job["error"].as_i64().unwrap_or(0);
        if errno != 0 {
            let message = text
                .iter()
                .filter(|l| l.contains("error") || l.starts_with("fio:"))
                .cloned()
                .collect::<Vec<_>>()
                .join("; ");
            return Err(ParseError::JobError {
                errno: errno as i32,
                message,
            });
        }
    }
    let read = aggregate(jobs, "read")?;
    let write = aggregate(jobs, "write")?;
    // usr_cpu/sys_cpu are percent of the entry's job_runtime: with
    // --group_reporting that is the sum of its jobs' runtimes (so the
    // percentage is a per-job average), without it one job's runtime.
    // fio versions without job_runtime report one job per entry.
    let runtime_s = read.runtime_ms.max(write.runtime_ms) as f64 / 1e3;
    let cpu = |key: &str| {
        jobs.iter()
            .map(|j| {
                let job_s = j["job_runtime"].as_f64().map_or(runtime_s, |ms| ms / 1e3);
                j[key].as_f64().unwrap_or(0.0) / 100.0 * job_s
            })
            .sum::<f64>()
    };
    Ok(FioResult {
        cpu_user_s: cpu("usr_cpu"),
        cpu_system_s: cpu("sys_cpu"),
        read,
        write,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_capping_note_is_text_before_the_json() {
        let out = "note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1\n{\"jobs\": []}";
        let (text, json) = split_output(out).unwrap();
        assert_eq!(text.len(), 1);
        assert!(json.starts_with('{'));
        assert_eq!(parse(out), Err(ParseError::Missing("jobs".into())));
    }

    #[test]
    fn fio_percentile_rule() {
        let bins = [(100, 1), (200, 1), (300, 1), (400, 1)];
        let p = percentiles_from_bins(&bins, &[1.0, 25.0, 50.0, 50.1, 100.0]);
        assert_eq!(
            p,
            [
                (1.0, 100),
                (25.0, 100),
                (50.0, 200),
                (50.1, 300),
                (100.0, 400)
            ]
        );
        assert!(percentiles_from_bins(&[], &[50.0]).is_empty());
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(matches!(parse(""), Err(ParseError::NoJson(_))));
        assert!(matches!(
            parse("fio: engine x not loadable\n"),
            Err(ParseError::NoJson(_))
        ));
        assert!(matches!(parse("{\"jobs\": [ {"), Err(ParseError::Json(_))));
        assert!(matches!(
            parse("{\"jobs\": 3}"),
            Err(ParseError::Missing(_))
        ));
        assert!(matches!(
            parse("{\"jobs\": [{\"error\": 0, \"read\": {}}]}"),
            Err(ParseError::Missing(_))
        ));
    }
}
