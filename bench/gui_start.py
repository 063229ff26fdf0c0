#!/usr/bin/env python3
"""Cold start of diskmark-gui to its first frame, under Xvfb.

The window is started on its history page (an empty history) with
`--page history --start --quit-when-done --screenshot s.png`: nothing
runs, so it quits as soon as it has drawn its first frame and saved the
screenshot. The time from spawn to exit is therefore an upper bound of
the cold start to the first frame (it adds the screenshot's frame and the
PNG). Interleaved with it, the
same binary's `--version` (a process start without a window) is the
baseline. Prints the median, min and max of each over --rounds rounds.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUI = os.path.join(ROOT, "target", "release", "diskmark-gui")


def timed(cmd, env):
    t0 = time.monotonic()
    p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    return time.monotonic() - t0, p.returncode


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=15)
    a = p.parse_args()
    if not shutil.which("Xvfb"):
        sys.exit("Xvfb is needed (apt-get install xvfb)")
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24",
                             "-nolisten", "tcp"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    display = ":" + xvfb.stdout.readline().decode().strip()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    tmp = tempfile.mkdtemp(prefix="dm-gui-start-", dir="/var/tmp")
    window, bare = [], []
    try:
        shot = os.path.join(tmp, "s.png")
        env["XDG_DATA_HOME"] = tmp  # an empty history
        for _ in range(a.rounds):
            cmd = [GUI, tmp, "--page", "history", "--start", "--quit-when-done", "--screenshot", shot]
            t, rc = timed(cmd, env)
            if rc != 0 or not os.path.exists(shot):
                sys.exit(f"the window ended with {rc} and no screenshot: not a measurement")
            os.remove(shot)
            window.append(t)
            t, _ = timed([GUI, "--version"], env)
            bare.append(t)
        ms = lambda v: f"median {statistics.median(v) * 1000:.0f} ms (min {min(v) * 1000:.0f}, max {max(v) * 1000:.0f})"
        print(f"to the first frame and out (upper bound): {ms(window)}")
        print(f"process start, --version (baseline):     {ms(bare)}")
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(tmp, ignore_errors=True)


main()
