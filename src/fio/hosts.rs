//! Reading a client/server run of fio (`fio --client=HOST ... job`): one
//! result per host, and their sum computed here as fio's
//! `sum_thread_stats` does it, from each host's json+ figures
//! (docs/fio.md#many-hosts):
//!
//! - the total moves Σbytes over the longest runtime;
//! - latency means are weighted by each host's samples;
//! - percentiles come from the hosts' summed histogram bins, never from
//!   averaging the hosts' percentiles.
//!
//! fio's own `All clients` entry is not taken on trust: it has no
//! percentiles or bins, and it is printed only for some job files
//! (axboe/fio#1881). Where it is there, the computed total is checked
//! against its bytes, I/Os and mean latency, and a disagreement above 1 %
//! is said.

use super::parse::{ALL_CLIENTS, FioDir, FioResult, ParseError, document, result_of};
use serde_json::Value;

/// How far the computed total may stray from fio's `All clients` before it
/// is noted, as a share of fio's figure.
pub const CROSS_CHECK_TOLERANCE: f64 = 0.01;

/// One host's part of a client/server run.
#[derive(Debug, Clone, PartialEq)]
pub struct HostResult {
    /// The host as fio's client names it (`hostname` of its entries).
    pub host: String,
    /// The port of its server, when fio says.
    pub port: Option<u16>,
    /// What this host measured (its job entries added up).
    pub result: FioResult,
}

/// A client/server run: every host, and the total over them.
#[derive(Debug, Clone, PartialEq)]
pub struct HostsResult {
    /// Each host, in the order fio first lists it.
    pub hosts: Vec<HostResult>,
    /// The sum over all hosts, computed from their entries.
    pub total: FioResult,
    /// fio's own `All clients` entry, when it printed one.
    pub fio_total: Option<FioResult>,
    /// Where the computed total and fio's differ by more than
    /// [`CROSS_CHECK_TOLERANCE`], one sentence each.
    pub disagreements: Vec<String>,
}

/// Why a client/server output could not be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HostsError {
    /// The output as a whole is unreadable.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// It is not a client/server output.
    #[error("fio's output has no client_stats: it is not from a client/server run")]
    NotClientServer,
    /// One host's job failed or its entry is unusable.
    #[error("on host {host}: {source}")]
    Host {
        /// The host.
        host: String,
        /// What went wrong there.
        source: ParseError,
    },
}

/// Parses the standard output of `fio --client=... --output-format=json+`.
pub fn parse_hosts(stdout: &str) -> Result<HostsResult, HostsError> {
    let (text, doc) = document(stdout)?;
    let clients = doc["client_stats"]
        .as_array()
        .ok_or(HostsError::NotClientServer)?;
    let (all, entries): (Vec<&Value>, Vec<&Value>) =
        clients.iter().partition(|c| c["jobname"] == ALL_CLIENTS);
    let mut hosts: Vec<HostResult> = Vec::new();
    for key in host_keys(&entries) {
        let mine: Vec<&Value> = entries
            .iter()
            .copied()
            .filter(|e| host_key(e) == key)
            .collect();
        // fio's client prefixes its text lines with the server's own host
        // name (`<nas1>`), not the address it was given, so the lines
        // cannot be told apart by host: a failure quotes them all.
        let result = result_of(&mine, text.clone()).map_err(|source| HostsError::Host {
            host: key.label(),
            source,
        })?;
        hosts.push(HostResult {
            host: key.host,
            port: key.port,
            result,
        });
    }
    if hosts.is_empty() {
        return Err(ParseError::Missing("client_stats[].hostname".into()).into());
    }
    let total = result_of(&entries, text)?;
    let fio_total = match all.first() {
        Some(a) => Some(result_of(&[a], Vec::new())?),
        None => None,
    };
    let disagreements = fio_total
        .as_ref()
        .map(|f| cross_check(&total, f))
        .unwrap_or_default();
    Ok(HostsResult {
        hosts,
        total,
        fio_total,
        disagreements,
    })
}

/// A host as its entries name it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct HostKey {
    host: String,
    port: Option<u16>,
}

impl HostKey {
    fn label(&self) -> String {
        match self.port {
            Some(p) => format!("{}:{p}", self.host),
            None => self.host.clone(),
        }
    }
}

fn host_key(entry: &Value) -> HostKey {
    HostKey {
        host: entry["hostname"].as_str().unwrap_or("?").to_string(),
        port: entry["port"].as_u64().and_then(|p| u16::try_from(p).ok()),
    }
}

/// Every host once, in the order of its first entry.
fn host_keys(entries: &[&Value]) -> Vec<HostKey> {
    let mut keys: Vec<HostKey> = Vec::new();
    for e in entries {
        let k = host_key(e);
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

/// The computed total against fio's `All clients`: bytes and I/Os of each
/// direction, and its mean latency.
fn cross_check(total: &FioResult, fio: &FioResult) -> Vec<String> {
    let mut out = Vec::new();
    for (name, ours, theirs) in [
        ("read", &total.read, &fio.read),
        ("write", &total.write, &fio.write),
    ] {
        compare(
            &mut out,
            name,
            "bytes",
            ours.bytes as f64,
            theirs.bytes as f64,
        );
        compare(&mut out, name, "I/Os", ours.ios as f64, theirs.ios as f64);
        if let (Some(a), Some(b)) = (mean_lat(ours), mean_lat(theirs)) {
            compare(&mut out, name, "mean latency", a, b);
        }
    }
    out
}

fn mean_lat(d: &FioDir) -> Option<f64> {
    d.lat.as_ref().map(|l| l.mean)
}

fn compare(out: &mut Vec<String>, dir: &str, what: &str, ours: f64, theirs: f64) {
    let off = if theirs == 0.0 {
        if ours == 0.0 { 0.0 } else { f64::INFINITY }
    } else {
        (ours - theirs).abs() / theirs
    };
    if off > CROSS_CHECK_TOLERANCE {
        out.push(format!(
            "{dir} {what}: the sum over hosts is {ours:.0}, fio's \"All clients\" says {theirs:.0} ({:.1} % apart); the report uses the sum",
            off * 100.0
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fio::parse::percentiles_from_bins;

    fn fixture(name: &str) -> String {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/fio")
            .join(name);
        std::fs::read_to_string(p).unwrap()
    }

    const TWO: &str = "client-server-2hosts-libaio-q4t2-jsonplus-group.json";
    const THREE: &str = "client-server-3hosts-libaio-q4t2-jsonplus-nogroup.json";

    /// The entries of fio's JSON, read independently of the code above.
    fn entries(out: &str) -> Vec<Value> {
        let doc: Value = serde_json::from_str(&out[out.find("\n{").unwrap() + 1..]).unwrap();
        doc["client_stats"].as_array().unwrap().clone()
    }

    #[test]
    fn every_host_once_and_the_total_is_their_sum() {
        for (name, hosts) in [(TWO, 2), (THREE, 3)] {
            let out = fixture(name);
            let r = parse_hosts(&out).unwrap();
            assert_eq!(r.hosts.len(), hosts, "{name}");
            let raw = entries(&out);
            let hosts_raw: Vec<&Value> =
                raw.iter().filter(|e| e["jobname"] != ALL_CLIENTS).collect();
            let bytes: u64 = hosts_raw
                .iter()
                .map(|e| e["read"]["io_bytes"].as_u64().unwrap())
                .sum();
            let runtime = hosts_raw
                .iter()
                .map(|e| e["read"]["runtime"].as_u64().unwrap())
                .max();
            assert_eq!(r.total.read.bytes, bytes);
            assert_eq!(Some(r.total.read.runtime_ms), runtime);
            assert_eq!(
                r.hosts.iter().map(|h| h.result.read.bytes).sum::<u64>(),
                bytes
            );
            for h in &r.hosts {
                let own: u64 = hosts_raw
                    .iter()
                    .filter(|e| e["hostname"] == h.host.as_str())
                    .map(|e| e["read"]["io_bytes"].as_u64().unwrap())
                    .sum();
                assert_eq!(h.result.read.bytes, own, "{}", h.host);
                assert!(h.port.is_some());
            }
            // The I/O-weighted mean of the entries' means.
            let (n, sum) = hosts_raw.iter().fold((0.0, 0.0), |(n, s), e| {
                let l = &e["read"]["lat_ns"];
                let k = l["N"].as_f64().unwrap();
                (n + k, s + k * l["mean"].as_f64().unwrap())
            });
            let mean = r.total.read.lat.as_ref().unwrap().mean;
            assert!(
                (mean - sum / n).abs() < 1e-6 * mean,
                "{mean} vs {}",
                sum / n
            );
            assert!(r.disagreements.is_empty(), "{:?}", r.disagreements);
            assert!(r.fio_total.is_some());
        }
    }

    #[test]
    fn the_merged_p99_comes_from_the_summed_bins() {
        let out = fixture(THREE);
        let r = parse_hosts(&out).unwrap();
        let mut bins: std::collections::BTreeMap<u64, u64> = Default::default();
        for e in entries(&out).iter().filter(|e| e["jobname"] != ALL_CLIENTS) {
            for (k, v) in e["read"]["lat_ns"]["bins"].as_object().unwrap() {
                *bins.entry(k.parse().unwrap()).or_default() += v.as_u64().unwrap();
            }
        }
        let bins: Vec<(u64, u64)> = bins.into_iter().collect();
        let want = percentiles_from_bins(&bins, &[99.0]);
        let lat = r.total.read.lat.as_ref().unwrap();
        let got = lat.percentiles.iter().find(|p| p.0 == 99.0).copied();
        assert_eq!(got, want.first().copied());
        assert_eq!(lat.n, bins.iter().map(|b| b.1).sum::<u64>());
    }

    #[test]
    fn a_hosts_own_percentiles_are_fios_and_its_bins_give_them_back() {
        let r = parse_hosts(&fixture(TWO)).unwrap();
        for h in &r.hosts {
            let lat = h.result.read.lat.as_ref().unwrap();
            let ps: Vec<f64> = lat.percentiles.iter().map(|p| p.0).collect();
            assert_eq!(
                percentiles_from_bins(&lat.bins, &ps),
                lat.percentiles,
                "{}",
                h.host
            );
        }
    }

    #[test]
    fn a_total_fio_disagrees_with_is_said() {
        let out = fixture(TWO);
        let mut raw: Value = serde_json::from_str(&out[out.find("\n{").unwrap() + 1..]).unwrap();
        let all = raw["client_stats"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|e| e["jobname"] == ALL_CLIENTS)
            .unwrap();
        let b = all["read"]["io_bytes"].as_u64().unwrap();
        all["read"]["io_bytes"] = (b + b / 20).into();
        let r = parse_hosts(&raw.to_string()).unwrap();
        assert_eq!(r.disagreements.len(), 1, "{:?}", r.disagreements);
        assert!(
            r.disagreements[0].starts_with("read bytes:"),
            "{:?}",
            r.disagreements
        );
        assert!(
            r.disagreements[0].contains("4.8 % apart"),
            "{:?}",
            r.disagreements
        );
    }

    #[test]
    fn a_failed_job_names_its_host() {
        let out = fixture(THREE);
        let mut raw: Value = serde_json::from_str(&out[out.find("\n{").unwrap() + 1..]).unwrap();
        let e = &mut raw["client_stats"][2];
        let host = e["hostname"].as_str().unwrap().to_string();
        e["error"] = 5.into();
        let text = "<vm> fio: pid=0, err=5/file:io_u.c:1848, func=io_u error\n";
        let err = parse_hosts(&format!("{text}{raw}")).unwrap_err();
        let said = err.to_string();
        assert!(said.starts_with(&format!("on host {host}:")), "{said}");
        assert!(said.contains("error 5"), "{said}");
        assert!(said.contains("io_u error"), "{said}");
    }

    #[test]
    fn a_standalone_output_is_not_a_client_server_one() {
        let out = r#"{"jobs": []}"#;
        assert_eq!(parse_hosts(out), Err(HostsError::NotClientServer));
    }
}
