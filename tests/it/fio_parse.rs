//! fio's output parser on every real sample of fio 3.33 in
//! tests/fixtures/fio (see its README), against values computed by hand
//! from the raw JSON, and on truncated or corrupted output.

use diskmark::fio::parse::{ParseError, parse, percentiles_from_bins};
use diskmark::stats::DEFAULT_PERCENTILES;
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/fio/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

#[test]
fn grouped_output_is_taken_as_is() {
    let r = parse(&fixture("randread-4k-q1t4-psync-direct-group.json")).unwrap();
    assert_eq!(
        (r.read.ios, r.read.bytes, r.read.runtime_ms),
        (42984, 176062464, 2001)
    );
    let lat = r.read.lat.clone().unwrap();
    assert!(close(lat.mean, 183710.098897));
    assert_eq!(
        lat.percentiles.len(),
        0,
        "plain json: lat_ns has no percentiles"
    );
    assert_eq!(r.write.ios, 0);
    assert!(r.write.lat.is_none());
    // As one of diskmark's loops: window = fio's runtime, IOPS from it.
    let l = r.to_loop(4096);
    assert_eq!(l.window_ns, 2_001_000_000);
    let s = l.read.summary(l.window_ns);
    assert!(close(s.iops, 42984.0 / 2.001));
    assert!(close(s.lat.unwrap().mean_us, 183.710098897));
}

#[test]
fn ungrouped_jobs_are_aggregated() {
    let r = parse(&fixture("randread-4k-q1t4-psync-direct-nogroup.json")).unwrap();
    // Σ over the 4 jobs: 13163 + 13147 + 13236 + 13173 I/Os.
    assert_eq!(r.read.ios, 52719);
    assert_eq!(r.read.bytes, 215937024);
    // The longest runtime (2002, 2002, 2002, 2003 ms).
    assert_eq!(r.read.runtime_ms, 2003);
    let lat = r.read.lat.unwrap();
    assert_eq!(lat.n, 52719);
    // Σ(mean·N)/ΣN, min of mins, max of maxes, pooled deviation.
    assert!(close(lat.mean, 150059.80955633515), "{}", lat.mean);
    assert_eq!((lat.min, lat.max), (29956, 11726015));
    assert!(
        (lat.stddev - 199262.32236575443).abs() < 1e-3,
        "{}",
        lat.stddev
    );
    // CPU: Σ usr_cpu% · job_runtime, each job over its own runtime.
    let usr = (3.098451 * 2.001 + 1.69915 * 2.001 + 2.698651 * 2.001 + 2.147852 * 2.002) / 100.0;
    assert!(close(r.cpu_user_s, usr), "{}", r.cpu_user_s);
}

#[test]
fn mix_keeps_reads_and_writes_apart() {
    let r = parse(&fixture("randrw70-4k-q32t1-libaio-direct-group.json")).unwrap();
    assert_eq!((r.read.ios, r.read.bytes), (38622, 158298112));
    assert_eq!((r.write.ios, r.write.bytes), (16337, 66940928));
    let (rl, wl) = (r.read.lat.clone().unwrap(), r.write.lat.clone().unwrap());
    assert!(close(rl.mean, 1093848.427899) && close(wl.mean, 1325407.616166));
    assert_eq!(
        (rl.min, rl.max, wl.min, wl.max),
        (152637, 6427209, 80081, 6374420)
    );
    // The Mix total: I/O-weighted mean over both directions.
    let l = r.to_loop(4096);
    let t = l.total().summary(l.window_ns);
    // The I/Os whose bytes fio counted: io_bytes / 4096.
    assert_eq!(t.ios, 38647 + 16343);
    let want = (1093848.427899 * 38647.0 + 1325407.616166 * 16343.0) / (38647.0 + 16343.0) / 1e3;
    assert!((t.lat.unwrap().mean_us - want).abs() < 1e-3);
}

/// With --group_reporting, usr_cpu/sys_cpu are per-job averages over
/// job_runtime, the sum of the jobs' runtimes (4 × 2 s here), not the
/// window's 2 s: the CPU time is the percentage times job_runtime.
#[test]
fn grouped_cpu_is_over_the_sum_of_job_runtimes() {
    let r = parse(&fixture("randread-4k-q1t4-psync-direct-group.json")).unwrap();
    assert!(
        close(r.cpu_user_s, 2.1375 / 100.0 * 8.0),
        "{}",
        r.cpu_user_s
    );
    assert!(
        close(r.cpu_system_s, 12.3 / 100.0 * 8.0),
        "{}",
        r.cpu_system_s
    );
    // One job: job_runtime is the window's.
    let r = parse(&fixture("randread-4k-q32t1-libaio-direct-group.json")).unwrap();
    assert!(
        close(r.cpu_system_s, 50.2 / 100.0 * 2.0),
        "{}",
        r.cpu_system_s
    );
}

/// fio's io_bytes counts the I/Os completed after the ramp, its total_ios
/// those submitted after it (31 fewer at Q32 here: the ones in flight when
/// the ramp ended). The loop's I/Os are the ones whose bytes were counted,
/// so MB/s = IOPS × bs exactly, as in native results.
#[test]
fn bytes_and_ios_describe_the_same_ios() {
    for (name, bs) in [
        ("randread-4k-q32t1-libaio-direct-group.json", 4096u64),
        ("randrw70-4k-q32t1-libaio-direct-group.json", 4096),
        ("write-1m-q8t1-io_uring-direct-group.json", 1 << 20),
        ("randread-4k-q1t4-psync-direct-nogroup.json", 4096),
    ] {
        let r = parse(&fixture(name)).unwrap();
        let l = r.to_loop(bs);
        for d in [&l.read, &l.write] {
            assert_eq!(d.bytes, d.ios * bs, "{name}");
            let s = d.summary(l.window_ns);
            assert!(
                (s.mbps * 1e6 - s.iops * bs as f64).abs() < 1e-6 * s.mbps.max(1.0) * 1e6,
                "{name}"
            );
        }
    }
    let r = parse(&fixture("randread-4k-q32t1-libaio-direct-group.json")).unwrap();
    assert_eq!((r.read.ios, r.read.completed(4096)), (59491, 59523));
}

#[test]
fn write_only_output() {
    let r = parse(&fixture("write-1m-q8t1-io_uring-direct-group.json")).unwrap();
    assert_eq!(
        (r.write.ios, r.write.bytes, r.write.runtime_ms),
        (2135, 2246049792, 2006)
    );
    assert!(close(r.write.lat.unwrap().mean, 7504541.02381));
    assert_eq!(r.read.ios, 0);
}

#[test]
fn client_server_output_uses_all_clients() {
    let r = parse(&fixture("client-server-2hosts-libaio-q8t2-group.json")).unwrap();
    assert_eq!(
        (r.read.ios, r.read.bytes, r.read.runtime_ms),
        (103162, 422551552, 2001)
    );
    assert!(close(r.read.lat.unwrap().mean, 618970.931661));
    // The `<host>` lines before the JSON are kept as text.
    assert!(r.text.iter().any(|l| l.starts_with("<vm>")));
}

#[test]
fn the_psync_capping_note_is_kept() {
    let r = parse(&fixture("randread-4k-q32t1-psync-capped-group.json")).unwrap();
    assert_eq!(r.read.ios, 25635);
    assert_eq!(
        r.text,
        [
            "note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1"
        ]
    );
}

#[test]
fn job_errors_quote_fio() {
    let e = parse(&fixture("error-libaio-too-deep.json")).unwrap_err();
    assert!(matches!(e, ParseError::JobError { errno: 11, .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("func=io_queue_init, error=Resource temporarily unavailable"),
        "{msg}"
    );
    // The read-only case says so only on standard error: the runner adds
    // it; the JSON alone still names errno 30.
    let e = parse(&fixture("error-readonly-fs.json")).unwrap_err();
    assert!(matches!(e, ParseError::JobError { errno: 30, .. }), "{e}");
    assert!(e.to_string().contains("Read-only file system"), "{e}");
    assert!(fixture("error-readonly-fs.stderr").contains("error=Read-only file system"));
}

/// json+ bins, summed over jobs, give fio's own printed percentiles.
#[test]
fn percentiles_recomputed_from_bins_equal_fios() {
    let text = fixture("randread-4k-q4t2-io_uring-direct-jsonplus.json");
    let doc: serde_json::Value = serde_json::from_str(&text[text.find('{').unwrap()..]).unwrap();
    for job in doc["jobs"].as_array().unwrap() {
        let clat = &job["read"]["clat_ns"];
        let mut bins: Vec<(u64, u64)> = clat["bins"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.parse().unwrap(), v.as_u64().unwrap()))
            .collect();
        bins.sort_unstable();
        let printed: Vec<(f64, u64)> = {
            let mut p: Vec<(f64, u64)> = clat["percentile"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.parse().unwrap(), v.as_u64().unwrap()))
                .collect();
            p.sort_by(|a, b| a.0.total_cmp(&b.0));
            p
        };
        let ps: Vec<f64> = printed.iter().map(|p| p.0).collect();
        assert_eq!(percentiles_from_bins(&bins, &ps), printed);
    }
    // diskmark's own runs: --lat_percentiles=1 puts them on lat_ns, and the
    // parser keeps fio's values.
    let r = parse(&fixture(
        "randrw70-4k-q4t2-io_uring-direct-latpct-jsonplus.json",
    ))
    .unwrap();
    let lat = r.read.lat.clone().unwrap();
    assert_eq!(lat.percentiles.len(), DEFAULT_PERCENTILES.len());
    assert!(lat.percentiles.contains(&(50.0, 148480)));
    assert!(lat.percentiles.contains(&(99.0, 244736)));
    assert_eq!(
        percentiles_from_bins(&lat.bins, &DEFAULT_PERCENTILES),
        lat.percentiles
    );
    let w = r.write.lat.clone().unwrap();
    assert!(w.percentiles.contains(&(50.0, 156672)));
    // In the result model the exact values are what is reported.
    let l = r.to_loop(4096);
    let s = l.read.summary(l.window_ns).lat.unwrap();
    assert!(s.percentiles_us.contains(&(50.0, 148.48)));
}

/// Two jobs' bins summed give what one job of all their samples would:
/// checked on the json+ sample by merging its two jobs.
#[test]
fn ungrouped_json_plus_percentiles_come_from_summed_bins() {
    let r = parse(&fixture("randread-4k-q4t2-io_uring-direct-jsonplus.json")).unwrap();
    assert_eq!(r.read.ios, 32212 + 32615);
    let lat = r.read.lat.unwrap();
    // The sample has bins on clat_ns only (no --lat_percentiles), so lat_ns
    // percentiles cannot be merged: none are claimed.
    assert!(lat.percentiles.is_empty());
}

/// Ungrouped json+ with --lat_percentiles: percentiles of the aggregate
/// come from the jobs' summed bins, not from their printed percentiles.
#[test]
fn ungrouped_lat_bins_are_summed() {
    let text = fixture("randrw70-4k-q4t2-io_uring-direct-latpct-jsonplus.json");
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    // Two jobs with different distributions: the sample's reads, and its
    // writes posing as reads.
    let mut a = doc["jobs"][0].clone();
    a["write"] = doc["jobs"][0]["write"].clone();
    let mut b = doc["jobs"][0].clone();
    b["read"] = doc["jobs"][0]["write"].clone();
    doc["jobs"] = serde_json::json!([a, b]);
    let r = parse(&doc.to_string()).unwrap();
    let lat = r.read.lat.unwrap();
    let bins = |v: &serde_json::Value| -> Vec<(u64, u64)> {
        v["lat_ns"]["bins"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, c)| (k.parse().unwrap(), c.as_u64().unwrap()))
            .collect()
    };
    let mut all = bins(&a["read"]);
    all.extend(bins(&b["read"]));
    // Every sample, one by one, sorted: the nearest-rank value is fio's.
    let mut samples: Vec<u64> = all
        .iter()
        .flat_map(|&(v, c)| std::iter::repeat_n(v, c as usize))
        .collect();
    samples.sort_unstable();
    let n = samples.len() as f64;
    for &(p, v) in &lat.percentiles {
        let rank = ((p / 100.0 * n).ceil() as usize).max(1);
        assert_eq!(v, samples[rank - 1], "p{p}");
    }
    assert_eq!(lat.percentiles.len(), DEFAULT_PERCENTILES.len());
    assert_eq!(lat.n, 10824 + 4750);
    assert_eq!(r.read.ios, 10820 + 4748);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Cut anywhere, a sample never panics and is always an error.
    #[test]
    fn truncated_output_is_an_error(cut in 0usize..6000) {
        let text = fixture("randrw70-4k-q32t1-libaio-direct-group.json");
        let cut = cut.min(text.len() - 2);
        let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap();
        prop_assert!(parse(&text[..cut]).is_err());
    }

    /// Bytes flipped anywhere never make it panic.
    #[test]
    fn corrupted_output_never_panics(flips in proptest::collection::vec((0usize..7000, any::<u8>()), 1..8)) {
        let mut bytes = fixture("randread-4k-q4t2-io_uring-direct-jsonplus.json").into_bytes();
        for (at, b) in flips {
            let n = bytes.len();
            bytes[at % n] = b;
        }
        let _ = parse(&String::from_utf8_lossy(&bytes));
    }

    /// Arbitrary text never makes it panic.
    #[test]
    fn arbitrary_text_never_panics(s in ".{0,400}") {
        let _ = parse(&s);
        let _ = parse(&format!("{{{s}"));
    }
}
