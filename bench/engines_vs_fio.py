#!/usr/bin/env python3
"""diskmark's native engines against fio, interleaved (A B A B ...).

For each case (test + engine) it runs diskmark and fio alternately PAIRS
times on O_DIRECT 1 GiB files in one directory, and prints a Markdown table:
median IOPS of each, the ratio diskmark/fio with its spread over the pairs
(min..max of the per-pair ratios), and CPU seconds per million I/Os.

  python3 bench/engines_vs_fio.py [--dir /var/tmp] [--pairs 5] [--measure 3]

diskmark's CPU time is its process's user+system time over the measure
window (from its JSON); fio's is usr_cpu+sys_cpu of the job over its
runtime. Both exclude set-up and pre-fill. Both read a file written just
before: diskmark pre-fills its own test file each run, and fio's file is
laid out anew before each fio run (a file written long ago read ~5% faster
on this machine's virtio disk).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile

CASES = [
    # (label, diskmark test, engine, fio rw, bs, iodepth, numjobs)
    ("RND4K Q32T1 read", "RND4K Q32T1", "io_uring", "randread", "4k", 32, 1),
    ("RND4K Q32T1 read", "RND4K Q32T1", "libaio", "randread", "4k", 32, 1),
    ("RND4K Q1T1 read", "RND4K Q1T1", "psync", "randread", "4k", 1, 1),
    ("RND4K Q1T1 read", "RND4K Q1T1", "io_uring", "randread", "4k", 1, 1),
    ("SEQ1M Q8T1 read", "SEQ1M Q8T1", "io_uring", "read", "1M", 8, 1),
    ("SEQ1M Q8T1 write", "SEQ1M Q8T1", "io_uring", "write", "1M", 8, 1),
]


PIN = []  # ["taskset", "-c", N] with --pin N


def run_diskmark(binary, directory, test, engine, mode, measure, warmup):
    out = subprocess.run(
        [*PIN, binary, directory, "--engine", engine, "--test", test, "--mode", mode,
         "--size", "1G", "--loops", "1", "--interval", "0", "--measure", str(measure),
         "--warmup", str(warmup), "--format", "json", "--quiet"],
        check=True, capture_output=True, text=True).stdout
    t = json.loads(out)["tests"][0]["loops"][0]
    ios = t["total"]["ios"]
    cpu = t["cpu"]["process_user_s"] + t["cpu"]["process_system_s"]
    return t["total"]["iops"], cpu / ios * 1e6


def run_fio(path, rw, bs, depth, jobs, engine, measure, warmup):
    out = subprocess.run(
        [*PIN, "fio", "--name=bench", f"--filename={path}", "--size=1G", f"--ioengine={engine}",
         "--direct=1", f"--rw={rw}", f"--bs={bs}", f"--iodepth={depth}", f"--numjobs={jobs}",
         "--thread", "--group_reporting", "--time_based", f"--runtime={int(measure * 1000)}ms",
         f"--ramp_time={int(warmup * 1000)}ms", "--randrepeat=0", "--norandommap",
         "--invalidate=1", "--output-format=json"],
        check=True, capture_output=True, text=True).stdout
    j = json.loads(out[out.index("{"):])["jobs"][0]
    r = j["write" if rw.endswith("write") else "read"]
    runtime_s = r["runtime"] / 1000
    cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100 * runtime_s * jobs
    return r["iops"], cpu / max(r["total_ios"], 1) * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="/var/tmp")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--measure", type=float, default=3)
    ap.add_argument("--warmup", type=float, default=1)
    ap.add_argument("--only", help="run only the cases whose engine is this")
    ap.add_argument("--test", help="run only the cases whose label starts with this")
    ap.add_argument("--pin", help="run diskmark and fio pinned to this CPU (taskset -c)")
    ap.add_argument("--diskmark", default=os.path.join(
        os.path.dirname(__file__), "..", "target", "release", "diskmark"))
    a = ap.parse_args()
    if a.pin is not None:
        PIN.extend(["taskset", "-c", a.pin])
    if not shutil.which("fio"):
        sys.exit("fio is needed (apt-get install fio)")
    work = tempfile.mkdtemp(prefix="diskmark-bench-", dir=a.dir)
    fio_file = os.path.join(work, "fio.dat")

    def layout():
        if os.path.exists(fio_file):
            os.remove(fio_file)
        subprocess.run(["fio", "--name=layout", f"--filename={fio_file}", "--size=1G",
                        "--rw=write", "--bs=1M", "--direct=1", "--output-format=terse"],
                       check=True, capture_output=True)
        subprocess.run(["sync"], check=True)
    rows = []
    try:
        for label, test, engine, rw, bs, depth, jobs in CASES:
            if a.only and engine != a.only:
                continue
            if a.test and not label.startswith(a.test):
                continue
            dm, fio, ratios, dm_cpu, fio_cpu = [], [], [], [], []
            for _ in range(a.pairs):
                mode = "write" if rw.endswith("write") else "read"
                i, c = run_diskmark(a.diskmark, work, test, engine, mode, a.measure, a.warmup)
                dm.append(i); dm_cpu.append(c)
                layout()
                i2, c2 = run_fio(fio_file, rw, bs, depth, jobs, engine, a.measure, a.warmup)
                fio.append(i2); fio_cpu.append(c2)
                ratios.append(i / i2)
            rows.append((label, engine, statistics.median(dm), statistics.median(fio),
                         statistics.median(ratios), min(ratios), max(ratios),
                         statistics.median(dm_cpu), statistics.median(fio_cpu)))
            print(f"{label} {engine}: done", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{a.pairs} interleaved pairs per row, {a.measure:g} s windows after {a.warmup:g} s "
          f"warm-up, O_DIRECT, 1 GiB files in {a.dir}"
          + (f", both pinned to CPU {a.pin}" if a.pin is not None else "") + "\n")
    print("| test | engine | diskmark IOPS | fio IOPS | ratio (median) | ratio spread | "
          "diskmark CPU s / M I/Os | fio CPU s / M I/Os |")
    print("|---|---|---:|---:|---:|---|---:|---:|")
    for label, engine, d, f, r, lo, hi, dc, fc in rows:
        print(f"| {label} | {engine} | {d:,.0f} | {f:,.0f} | {r:.3f} | {lo:.3f}..{hi:.3f} | "
              f"{dc:.2f} | {fc:.2f} |")


if __name__ == "__main__":
    main()
