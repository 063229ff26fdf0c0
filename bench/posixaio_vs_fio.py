#!/usr/bin/env python3
"""diskmark's native posixaio against fio's posixaio, interleaved (A B A B ...).

For each directory and test it runs `diskmark --engine posixaio` and
`diskmark --engine fio:posixaio` alternately PAIRS times (one loop each, the
same settings, O_DIRECT, a fresh test file per run) and prints a Markdown
table: median IOPS of each, the median of the per-pair ratios native/fio
with their min..max, the median mean latency, the device's mean queue
depth (from the block layer's counters), and the descriptors the native
engine used (its JSON's engine_setup).

  python3 bench/posixaio_vs_fio.py [--pairs 5] [--measure 1] DIR [DIR ...]

The descriptor sweep in BENCHMARKS.md used this script with a temporary
build that took the descriptor count from the environment
(`--variant x=N` sets DISKMARK_POSIXAIO_FDS=N); the shipped engine has no
such knob, and without it the variants are the shipped design again.
"""
import argparse, json, os, statistics, subprocess

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "diskmark")


def run(directory, test, engine, a, env=None):
    e = dict(os.environ)
    e.update(env or {})
    out = subprocess.run(
        [BIN, directory, "--engine", engine, "--test", test, "--mode", a.mode,
         "--size", a.size, "--loops", "1", "--interval", "0", "--measure", str(a.measure),
         "--warmup", str(a.warmup), "--format", "json"],
        check=True, capture_output=True, text=True, env=e, timeout=120).stdout
    t = json.loads(out)["tests"][0]
    r = t["result"]
    dev = r.get("device") or {}
    return {
        "iops": r["total"]["iops"],
        "lat": r["total"]["lat_us"]["mean"],
        "depth": dev.get("avg_queue_depth", float("nan")),
        "fds": (t.get("engine_setup") or {}).get("descriptors"),
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dirs", nargs="+")
    p.add_argument("--pairs", type=int, default=5)
    p.add_argument("--measure", type=float, default=1.0)
    p.add_argument("--warmup", type=float, default=0.3)
    p.add_argument("--size", default="128M")
    p.add_argument("--mode", default="read")
    p.add_argument("--test", action="append")
    p.add_argument("--variant", action="append", default=[])
    a = p.parse_args()
    tests = a.test or ["RND4K Q32T1"]
    variants = [("native", {})] + [
        (f"D={v.split('=')[1]}", {"DISKMARK_POSIXAIO_FDS": v.split("=")[1]}) for v in a.variant]
    print("| target | test | native | descriptors | native IOPS | fio IOPS | ratio (median) | ratio min..max | native lat µs | fio lat µs | native depth | fio depth |")
    print("|---|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    for d in a.dirs:
        for test in tests:
            res = {name: [] for name, _ in variants}
            fio = []
            for _ in range(a.pairs):
                fio.append(run(d, test, "fio:posixaio", a))
                for name, env in variants:
                    res[name].append(run(d, test, "posixaio", a, env))
            med = lambda xs, k: statistics.median(x[k] for x in xs)
            for name, _ in variants:
                ratios = [n["iops"] / f["iops"] for n, f in zip(res[name], fio)]
                print(f"| {d} | {test} | {name} | {res[name][0]['fds']} | {med(res[name], 'iops'):.0f} | "
                      f"{med(fio, 'iops'):.0f} | {statistics.median(ratios):.2f} | "
                      f"{min(ratios):.2f}..{max(ratios):.2f} | {med(res[name], 'lat'):.0f} | "
                      f"{med(fio, 'lat'):.0f} | {med(res[name], 'depth'):.2f} | {med(fio, 'depth'):.2f} |",
                      flush=True)


if __name__ == "__main__":
    main()
