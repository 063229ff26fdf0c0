#!/usr/bin/env python3
"""Simulated write caches of several sizes at several speeds: where
`diskmark sustained` puts the knee, against where the cap fell (issue 31
§2's table).

  sudo python3 bench/knee_table.py [--runs 3] [--sizes 64,128,256] [--speeds 100,400]

The device and the cap are bench/knee_constant.py's: ext4 on a RAM-backed
loop device, the diskmark process in a blkio group. A watcher lowers the
cap to a quarter once /proc/diskstats shows the cache's size written.
Each cell: how many runs found exactly one knee, the knee's median error
against where the cap fell, and the speeds' median errors against the caps.

A limit of this harness: blkio throttling dispatches in 100 ms slices, so
under a cap of B MB/s the device writes in bursts of B/10 MB at the RAM
device's own speed with pauses between; a cache of fewer than a few such
slices is not a cache of a defined size or speed here.
"""
import argparse, json, os, statistics, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(__file__))
from knee_constant import capped_device  # noqa: E402

MIB = 1 << 20


def written(dev):
    name = dev.rsplit("/", 1)[1]
    for line in open("/proc/diskstats"):
        f = line.split()
        if f[2] == name:
            return int(f[9]) * 512
    return 0


def run_one(binary, mnt, group, mm, dev, tmp, size_mib, mbps, interval):
    fast, slow = mbps * 1_000_000, mbps * 1_000_000 // 4
    cap = f"{group}/blkio.throttle.write_bps_device"
    open(cap, "w").write(f"{mm} {fast}")
    base = written(dev)
    fell = []
    done = threading.Event()

    def watch():
        while not done.is_set():
            w = written(dev) - base
            if w >= size_mib * MIB:
                open(cap, "w").write(f"{mm} {slow}")
                fell.append(w)
                return
            time.sleep(0.0005)

    t = threading.Thread(target=watch)
    t.start()
    # After the cache, 4 s at most of the slow speed, at most 128 MiB.
    total = size_mib + min(128, slow * 4 // MIB)
    report = f"{tmp}/r.json"
    try:
        subprocess.run(
            ["sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, binary, "sustained",
             mnt, "--test", "SEQ256K Q8T1", "--size", f"{total}M", "--sample-interval",
             interval, "-q", "-o", report],
            check=True, capture_output=True, text=True, timeout=180)
    finally:
        done.set()
        t.join()
    return json.load(open(report))["sustained"], (fell[0] if fell else None), fast / 1e6, slow / 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="64,128,256")
    ap.add_argument("--speeds", default="100,400")
    ap.add_argument("--sample-interval", default="0.1")
    ap.add_argument("--binary", default="target/release/diskmark")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    with capped_device() as (tmp, mnt, dev, mm, group):
        print(f"{args.runs} runs per cell, SEQ256K Q8T1, samples every {args.sample_interval} s; "
              "the cap falls to a quarter at the cache's size\n")
        print("| cache | cap | found (one knee) | knee error (median) | cached speed error | post-cache error |")
        print("|---|---|---|---|---|---|")
        for mbps in [int(v) for v in args.speeds.split(",")]:
            for size in [int(v) for v in args.sizes.split(",")]:
                found, errs, cached, post = 0, [], [], []
                for _ in range(args.runs):
                    s, fell, fast, slow = run_one(binary, mnt, group, mm, dev, tmp, size, mbps,
                                                  args.sample_interval)
                    knees = s.get("knees", [])
                    if len(knees) == 1 and fell:
                        found += 1
                        errs.append(knees[0]["bytes"] / fell - 1)
                        cached.append(s["cached_mbps"] / fast - 1)
                        post.append(s["post_cache_mbps"] / slow - 1)
                pct = lambda v: f"{statistics.median(v) * 100:+.1f} %" if v else "-"
                print(f"| {size} MiB | {mbps} → {mbps // 4} MB/s | {found} of {args.runs} | "
                      f"{pct(errs)} | {pct(cached)} | {pct(post)} |", flush=True)


if __name__ == "__main__":
    main()
