#!/usr/bin/env python3
"""The performance targets of issue 8, each measured against fio (or dd) in
the same run, interleaved (A B A B ...), medians and spreads.

  python3 bench/perf_targets.py [overhead] [pagecache] [memory] [prefill] [startup]
      [--dir DIR] [--pairs N]

(The O_DIRECT device comparisons are bench/engines_vs_fio.py.)
Needs a release build (cargo build --release) and fio on PATH.
"""
import argparse, json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
DISKMARK = os.path.join(HERE, "..", "target", "release", "diskmark")


def diskmark_json(args):
    out = subprocess.run([DISKMARK, *args, "--format", "json", "--quiet"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def fio_json(args):
    out = subprocess.run(["fio", *args, "--output-format=json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out[out.index("{"):])


def spread(v):
    return f"{min(v):.3f}..{max(v):.3f}"


def row(name, d, f, ratios, target):
    med = statistics.median(ratios)
    ok = "met" if med >= target else "MISSED"
    print(f"| {name} | {statistics.median(d):,.0f} | {statistics.median(f):,.0f} | "
          f"{med:.3f} | {spread(ratios)} | ≥ {target} | {ok} |")


def header(title):
    print(f"\n### {title}\n")
    print("| case | diskmark | fio | ratio (median) | ratio spread | target | |")
    print("|---|---:|---:|---:|---|---|---|")


def overhead(a):
    header(f"1. Overhead: null engine, Q1T1, IOPS ({a.pairs} pairs, 2 s windows)")
    d, f, r = [], [], []
    for _ in range(a.pairs):
        j = diskmark_json([a.dir, "--engine", "null", "--test", "RND4K Q1T1", "--mode", "read",
                           "--size", "16M", "--loops", "1", "--measure", "2", "--warmup", "0.5",
                           "--interval", "0"])
        di = j["tests"][0]["result"]["total"]["iops"]
        fj = fio_json(["--name=null", "--ioengine=null", "--bs=4k", "--rw=randread", "--size=16M",
                       "--time_based", "--runtime=2s", "--ramp_time=500ms"])
        fi = fj["jobs"][0]["read"]["iops"]
        d.append(di); f.append(fi); r.append(di / fi)
    row("null RND4K Q1T1 (latency recorded)", d, f, r, 1.5)


def pagecache(a):
    header(f"2. Page cache: buffered reads of a cached 256 MiB file, IOPS ({a.pairs} pairs, 2 s)")
    work = tempfile.mkdtemp(prefix="diskmark-bench-", dir=a.dir)
    fio_file = os.path.join(work, "fio.dat")
    subprocess.run(["fio", "--name=layout", f"--filename={fio_file}", "--size=256M", "--rw=write",
                    "--bs=1M", "--output-format=terse"], check=True, capture_output=True)
    subprocess.run(["cat", fio_file], check=True, stdout=subprocess.DEVNULL)  # into the cache
    try:
        for test, engine, fio_engine, depth, jobs in [
            ("RND4K Q1T1", "psync", "psync", 1, 1),
            ("RND4K Q1T2", "psync", "psync", 1, 2),
            ("RND4K Q32T1", "io_uring", "io_uring", 32, 1),
        ]:
            d, f, r = [], [], []
            for _ in range(a.pairs):
                j = diskmark_json([work, "--engine", engine, "--test", test, "--mode", "read",
                                   "--size", "256M", "--buffered", "--keep-cache", "--loops", "1",
                                   "--measure", "2", "--warmup", "0.5", "--interval", "0"])
                di = j["tests"][0]["result"]["total"]["iops"]
                fj = fio_json(["--name=pc", f"--filename={fio_file}", "--size=256M",
                               f"--ioengine={fio_engine}", "--direct=0", "--invalidate=0",
                               "--rw=randread", "--bs=4k", f"--iodepth={depth}", f"--numjobs={jobs}",
                               "--thread", "--group_reporting", "--time_based", "--runtime=2s",
                               "--ramp_time=500ms", "--norandommap", "--randrepeat=0"])
                fi = fj["jobs"][0]["read"]["iops"]
                d.append(di); f.append(fi); r.append(di / fi)
            row(f"{engine} {test} buffered, cached", d, f, r, 1.0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def peak_rss_kib(cmd):
    """Peak resident memory of a command (KiB), through GNU time's %M.

    Not os.wait4 from here: Linux carries the high-water mark of the
    address space a process exec()s from into its ru_maxrss, and Python's
    subprocess spawns with vfork, so every child would report at least
    this interpreter's ~15 MiB. GNU time forks from a process of ~2 MiB.
    """
    if not os.path.exists("/usr/bin/time"):
        raise SystemExit("memory needs GNU time (apt-get install time)")
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-o", f.name, "-f", "%M", *cmd], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return int(f.read().split()[-1])


def memory(a):
    print(f"\n### 4. Memory: peak resident set (ru_maxrss), 1 GiB file\n")
    print("| run | peak RSS | target | |")
    print("|---|---:|---|---|")
    base = ["--size", "1G", "--loops", "1", "--measure", "1", "--warmup", "0.2", "--interval", "0",
            "--quiet", "--format", "json"]
    for name, extra, limit in [
        ("Default profile, default engine", ["--profile", "default"], 16 * 1024),
        ("NVMe profile, default engine", ["--profile", "nvme"], 16 * 1024),
    ]:
        kib = peak_rss_kib([DISKMARK, a.dir, *base, *extra])
        print(f"| {name} | {kib / 1024:.1f} MiB | ≤ 16 MiB | {'met' if kib <= limit else 'MISSED'} |")
    # psync: Q32T16 runs as 256 threads; per thread beyond a one-thread run.
    one = peak_rss_kib([DISKMARK, a.dir, *base, "--engine", "psync", "--test", "RND4K Q1T1", "--mode", "read"])
    many = peak_rss_kib([DISKMARK, a.dir, *base, "--engine", "psync", "--test", "RND4K Q32T16", "--mode", "read"])
    per = (many - one) / 255
    print(f"| psync RND4K Q32T16 (256 threads) | {many / 1024:.1f} MiB, {per:.1f} KiB per thread "
          f"beyond Q1T1's {one / 1024:.1f} MiB | ≤ 64 KiB per thread | {'met' if per <= 64 else 'MISSED'} |")
    f = peak_rss_kib(["fio", "--name=m", f"--directory={a.dir}", "--size=1G", "--rw=randread",
                      "--bs=4k", "--ioengine=io_uring", "--iodepth=32", "--direct=1", "--time_based",
                      "--runtime=1s", "--output-format=terse"])
    # fio leaves its file (m.0.0) behind; it is not diskmark's to keep.
    try:
        os.remove(os.path.join(a.dir, "m.0.0"))
    except FileNotFoundError:
        pass
    print(f"| fio, one test (io_uring RND4K Q32T1), for comparison | {f / 1024:.1f} MiB | | |")


def prefill(a):
    header(f"5. Pre-fill of a 1 GiB file against dd (O_DIRECT, 4 MiB blocks), MB/s ({a.pairs} pairs)")
    work = tempfile.mkdtemp(prefix="diskmark-bench-", dir=a.dir)
    try:
        for data, src in [("zeros", "/dev/zero")]:
            d, f, r = [], [], []
            for _ in range(a.pairs):
                j = diskmark_json([work, "--engine", "psync", "--test", "RND4K Q1T1", "--mode", "read",
                                   "--size", "1G", "--data", data, "--loops", "1", "--measure", "0.1",
                                   "--warmup", "0", "--interval", "0"])
                dm = (1 << 30) / (j["test_file"]["prefill_ns"] / 1e9) / 1e6
                out = os.path.join(work, "dd.dat")
                t = time.monotonic()
                subprocess.run(["dd", f"if={src}", f"of={out}", "bs=4M", "count=256", "oflag=direct",
                                "conv=fsync", "status=none"], check=True)
                dd = (1 << 30) / (time.monotonic() - t) / 1e6
                os.remove(out)
                d.append(dm); f.append(dd); r.append(dm / dd)
            row(f"pre-fill 1 GiB, {data} (fio column: dd)", d, f, r, 0.95)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def startup(a):
    print(f"\n### 6. Start-up, wall time (median of 21 runs)\n")
    print("| command | median | max | target | |")
    print("|---|---:|---:|---|---|")
    for args in (["engines"], ["--help"]):
        times = []
        for _ in range(21):
            t = time.perf_counter()
            subprocess.run([DISKMARK, *args], check=True, stdout=subprocess.DEVNULL)
            times.append((time.perf_counter() - t) * 1e3)
        med = statistics.median(times)
        print(f"| diskmark {' '.join(args)} | {med:.1f} ms | {max(times):.1f} ms | < 20 ms | "
              f"{'met' if med < 20 else 'MISSED'} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("which", nargs="*", default=["overhead", "pagecache", "memory", "prefill", "startup"])
    ap.add_argument("--dir", default="/var/tmp")
    ap.add_argument("--pairs", type=int, default=5)
    a = ap.parse_args()
    if not shutil.which("fio"):
        sys.exit("fio is needed (apt-get install fio)")
    for w in a.which:
        {"overhead": overhead, "pagecache": pagecache, "memory": memory, "prefill": prefill,
         "startup": startup}[w](a)


if __name__ == "__main__":
    main()
