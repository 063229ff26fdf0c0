#!/usr/bin/env python3
"""A constant write cap has no knee: `diskmark sustained` N times (20 by
default) under one blkio cap, counting the knees it reports (issue 31 §2;
tests/knees.rs runs 5).

  sudo python3 bench/knee_constant.py [--runs 20] [--mbps 100] [--size 192M]

The device is ext4 on a loop device over a file on a fresh tmpfs (RAM),
the diskmark process in a cgroup v1 blkio group that caps its writes to
it, as in the tests. A run in which the machine did not hold the cap (4
samples in a row below 0.8 × the cap: a loaded machine starves the loop
device's worker, and that sag is a real knee) is counted apart and not
judged. Prints one line per run and a summary.
"""
import argparse, contextlib, json, os, subprocess, sys, tempfile, time


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout.strip()


def slowest_4(rates):
    if len(rates) < 4:
        return 0.0
    return min(sum(rates[i:i + 4]) / 4 for i in range(len(rates) - 3))


@contextlib.contextmanager
def capped_device():
    """ext4 on a loop device over a file on a fresh tmpfs, mounted, and an
    empty blkio group: yields (scratch dir, mount point, device, its
    major:minor, the group), all removed afterwards."""
    if os.geteuid() != 0:
        sys.exit("needs root: a loop device, a mount and a blkio cgroup")
    blkio = "/sys/fs/cgroup/blkio"
    if not os.path.exists(f"{blkio}/blkio.throttle.write_bps_device"):
        sys.exit("no cgroup v1 blkio hierarchy here")
    tmp = tempfile.mkdtemp(prefix="diskmark-knee-")
    mnt = tempfile.mkdtemp(prefix="diskmark-knee-mnt-")
    group = f"{blkio}/diskmark-knee-{os.getpid()}"
    dev = None
    try:
        sh("mount", "-t", "tmpfs", "-o", "size=3600m", "tmpfs", tmp)
        sh("truncate", "-s", "3584M", f"{tmp}/disk.img")
        dev = sh("losetup", "--direct-io=on", "-f", "--show", f"{tmp}/disk.img")
        sh("mkfs.ext4", "-q", "-F", dev)
        sh("mount", dev, mnt)
        rdev = os.stat(dev).st_rdev
        os.mkdir(group)
        yield tmp, mnt, dev, f"{os.major(rdev)}:{os.minor(rdev)}", group
    finally:
        for _ in range(50):
            try:
                os.rmdir(group)
                break
            except OSError:
                time.sleep(0.1)
        subprocess.run(["umount", mnt], capture_output=True)
        if dev:
            subprocess.run(["losetup", "-d", dev], capture_output=True)
        subprocess.run(["umount", tmp], capture_output=True)
        os.rmdir(mnt)
        os.rmdir(tmp)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--mbps", type=int, default=100)
    ap.add_argument("--size", default="192M")
    ap.add_argument("--sample-interval", default="0.1")
    ap.add_argument("--binary", default="target/release/diskmark")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    with capped_device() as (tmp, mnt, dev, mm, group):
        with open(f"{group}/blkio.throttle.write_bps_device", "w") as f:
            f.write(f"{mm} {args.mbps * 1_000_000}")
        judged = knees = unheld = 0
        for run in range(args.runs):
            report = f"{tmp}/r.json"
            subprocess.run(
                ["sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, binary,
                 "sustained", mnt, "--size", args.size, "--sample-interval",
                 args.sample_interval, "-q", "-o", report],
                check=True, capture_output=True, text=True, timeout=120)
            s = json.load(open(report))["sustained"]
            rates = [p["mbps"] for p in s["series"]]
            held = len(rates) >= 8 and slowest_4(rates) >= 0.8 * args.mbps
            found = len(s.get("knees", []))
            print(f"run {run + 1}: {len(rates)} samples, slowest 4 at {slowest_4(rates):.0f} MB/s, "
                  f"median {s['cached_mbps']:.1f} MB/s, knees {found}"
                  + ("" if held else " (the machine did not hold the cap: not judged)"))
            if held:
                judged += 1
                knees += found > 0
            else:
                unheld += 1
        print(f"\n{judged} runs judged, {judged - knees} of them without a knee; "
              f"{unheld} not judged (the cap not held)")
        sys.exit(1 if knees else 0)


if __name__ == "__main__":
    main()
