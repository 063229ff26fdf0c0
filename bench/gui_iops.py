#!/usr/bin/env python3
"""The window against the CLI (issue 15): the same tiny test run from
diskmark-gui (under Xvfb: --start --quit-when-done -o r.json) and from the
diskmark CLI (-o r.json), interleaved, on a RAM-backed loop device (a file
in /dev/shm, losetup, mkfs.ext4, mounted), O_DIRECT on. Prints each pair's
IOPS, the medians and their ratio (window / CLI) per direction. With --aa
each round runs the CLI a second time too, and its ratio to the first is
the machine's own noise, against which the window's ratio is read.

  sudo python3 bench/gui_iops.py [--pairs N] [--measure S] [--loops N] [--aa]
                                 [--engine psync|io_uring] [--nice N] [--pin CPU] [--markdown]

Needs root (losetup, mount), Xvfb, mkfs.ext4 and release builds of both
binaries (cargo build --release --workspace). The loop device, its file,
the mount and the X server are removed on every exit (an error, Ctrl-C,
SIGTERM too).
"""
import argparse, json, os, shutil, signal, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
GUI = os.path.join(HERE, "..", "target", "release", "diskmark-gui")
CLI = os.path.join(HERE, "..", "target", "release", "diskmark")
# Every run, of either, ends well within this (a few seconds each).
RUN_DEADLINE_S = 120


def run(cmd, **kw):
    """`cmd` to its end. Interrupted (Ctrl-C, SIGTERM, the deadline), the
    child is sent SIGTERM, which diskmark answers by removing its test file
    and exiting, and waited for; SIGKILL (what subprocess.run sends) only
    if it does not end within 30 s."""
    p = subprocess.Popen(cmd, **kw)
    try:
        p.wait(timeout=RUN_DEADLINE_S)
    except BaseException:
        p.terminate()
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        raise
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, cmd)


def capture(cmd):
    return subprocess.run(cmd, check=True, timeout=60, capture_output=True, text=True).stdout


def iops(path):
    """(test, direction) -> IOPS of the report's selected figures, and the
    settings the run reported."""
    with open(path) as f:
        d = json.load(f)
    out = {"settings": d["settings"]}
    for t in d["tests"]:
        figures = t["result"][t["direction"]] if t["direction"] in ("read", "write") \
            else t["result"]["total"]
        out[(t["name"], t["direction"])] = figures["iops"]
    return out


class Rig:
    """The loop device, its mount, the X server: built, then torn down
    whatever happens."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="dm-gui-iops-", dir="/var/tmp")
        self.img = f"/dev/shm/dm-gui-iops-{os.getpid()}.img"
        self.loop = None
        self.mnt = os.path.join(self.tmp, "mnt")
        self.mounted = False
        self.xvfb = None
        self.display = None

    def up(self, size_mib):
        with open(self.img, "wb") as f:
            f.truncate(size_mib << 20)
        self.loop = capture(["losetup", "-f", "--show", self.img]).strip()
        capture(["mkfs.ext4", "-q", "-F", self.loop])
        os.mkdir(self.mnt)
        capture(["mount", self.loop, self.mnt])
        self.mounted = True
        self.target = os.path.join(self.mnt, "t")
        os.mkdir(self.target)
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.display = ":" + self.xvfb.stdout.readline().decode().strip()
        if self.display == ":":
            raise RuntimeError("Xvfb did not start")

    def down(self):
        if self.xvfb is not None:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
                self.xvfb.wait()
        if self.mounted:
            # A child just ended may hold the mount a moment longer.
            end = time.monotonic() + 10
            while subprocess.run(["umount", self.mnt], timeout=60,
                                 stderr=subprocess.DEVNULL).returncode != 0:
                if time.monotonic() > end:
                    # Detached now, freed when its last user goes.
                    subprocess.run(["umount", "-l", self.mnt], timeout=60)
                    break
                time.sleep(0.2)
        if self.loop:
            subprocess.run(["losetup", "-d", self.loop], timeout=60)
        if os.path.exists(self.img):
            os.remove(self.img)
        # Only our own files: the mount point is empty once unmounted.
        shutil.rmtree(self.tmp, ignore_errors=True)


def stray(target):
    return os.listdir(target)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pairs", type=int, default=7)
    p.add_argument("--measure", type=float, default=1.0)
    p.add_argument("--loops", type=int, default=3)
    p.add_argument("--size", default="64M")
    p.add_argument("--engine", default="psync")
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--aa", action="store_true",
                   help="also run the CLI a second time each round: the machine's own noise")
    p.add_argument("--pin", type=int, default=None, metavar="CPU",
                   help="run both on this CPU only (taskset): the window's threads then share "
                        "the benchmark's CPU, and the loop device's scheduling noise goes")
    p.add_argument("--nice", type=int, default=0,
                   help="run both at this niceness (-10: ahead of a build sharing the machine)")
    a = p.parse_args()
    if a.pairs < 5:
        sys.exit("--pairs: at least 5 pairs (rounds)")
    for tool in ("Xvfb", "losetup", "mkfs.ext4", "mount"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is needed")
    for b in (GUI, CLI):
        if not os.access(b, os.X_OK):
            sys.exit(f"{b} is missing: cargo build --release --workspace")
    if os.geteuid() != 0:
        sys.exit("root is needed for losetup and mount")
    # SIGTERM and SIGHUP end through the finally below, as Ctrl-C does.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, _f: sys.exit(128 + s))
    rig = Rig()
    try:
        rig.up(256)
        test = ["--test", "RND4K Q1T1", "--size", a.size, "--loops", str(a.loops),
                "--measure", str(a.measure), "--warmup", "0.5", "--interval", "0",
                "--engine", a.engine, "--seed", "1"]
        nice = ["nice", "-n", str(a.nice)] if a.nice else []
        if a.pin is not None:
            nice += ["taskset", "-c", str(a.pin)]
        env = dict(os.environ, DISPLAY=rig.display)
        env.pop("WAYLAND_DISPLAY", None)
        out = os.path.join(rig.tmp, "r.json")

        def window():
            run([*nice, GUI, rig.target, *test, "--start", "--quit-when-done", "-o", out],
                env=env, stderr=subprocess.DEVNULL)
            return iops(out)

        def cli():
            run([*nice, CLI, rig.target, *test, "-q", "-o", out])
            return iops(out)
        sides = [("window", window), ("CLI", cli)]
        if a.aa:
            # The CLI against itself: how far two runs of the same binary
            # differ on this machine, the floor any other ratio is read on.
            sides.append(("CLI again", cli))
        rounds = []
        for i in range(a.pairs):
            # Rotate who goes first, so that a drift of the machine falls
            # on every side alike.
            order = sides[i % len(sides):] + sides[:i % len(sides)]
            got = {name: f() for name, f in order}
            settings = [got[n].pop("settings") for n, _ in sides]
            if any(x != settings[0] for x in settings):
                sys.exit("the window and the CLI ran with different settings")
            left = stray(rig.target)
            if left:
                sys.exit(f"a test file was left: {left}")
            rounds.append(got)
            print(f"round {i + 1}: " + "; ".join(
                f"{k[0]} {k[1]} " + ", ".join(f"{n} {got[n][k]:.0f}" for n, _ in sides)
                for k in sorted(got["CLI"])) + " IOPS", flush=True)
        load = os.getloadavg()
        keys = sorted(rounds[0]["CLI"])
        print(f"\n{a.pairs} rounds, {a.loops} loops of {a.measure} s, {a.size}, {a.engine}, "
              f"O_DIRECT, nice {a.nice}, pinned to {a.pin}; load average at the end "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        if a.markdown:
            print("| test | against the CLI | its median IOPS | CLI's median IOPS "
                  "| ratio of the medians | the rounds' ratios: median (min..max) |")
            print("|---|---|---:|---:|---:|---:|")
        for k in keys:
            cm = statistics.median(r["CLI"][k] for r in rounds)
            for n, _ in sides[:1] + sides[2:]:
                m = statistics.median(r[n][k] for r in rounds)
                # The rounds' own ratios: their median and spread say how
                # much of a difference the machine's noise could hide.
                rs = [r[n][k] / r["CLI"][k] for r in rounds]
                rm, lo, hi = statistics.median(rs), min(rs), max(rs)
                if a.markdown:
                    print(f"| {k[0]} {k[1]} | {n} | {m:.0f} | {cm:.0f} | {m / cm:.3f} "
                          f"| {rm:.3f} ({lo:.2f}..{hi:.2f}) |")
                else:
                    print(f"{k[0]} {k[1]}: {n} {m:.0f}, CLI {cm:.0f} IOPS (medians): "
                          f"{m / cm:.3f} ({(m / cm - 1) * 100:+.1f} %); the rounds' ratios "
                          f"{rm:.3f} ({lo:.2f}..{hi:.2f})")
    finally:
        rig.down()


main()
