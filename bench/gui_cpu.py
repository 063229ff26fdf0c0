#!/usr/bin/env python3
"""The desktop window's own CPU (issue 15): the CPU time of diskmark-gui's
threads, read from /proc/PID/task/*/stat, split into the run's threads
(diskmark-run and the workers diskmark-w*) and the window's (every other
thread: the event loop, the renderer, the tick), while a test runs and idle;
also the X server's (Xvfb), which draws nothing but receives the frames.

  python3 bench/gui_cpu.py [--seconds S]

Needs a release build (cargo build --release -p diskmark-gui) and Xvfb.
"""
import argparse, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
GUI = os.path.join(HERE, "..", "target", "release", "diskmark-gui")
HZ = os.sysconf("SC_CLK_TCK")


def ticks(stat_text):
    # comm may hold spaces and parentheses: fields follow the last ')'.
    rest = stat_text[stat_text.rindex(")") + 2:].split()
    return int(rest[11]) + int(rest[12])  # utime + stime


def threads(pid):
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                comm = f.read().strip()
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                out[tid] = (comm, ticks(f.read()))
        except FileNotFoundError:
            pass
    return out


def process_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        return ticks(f.read())


def is_run(comm):
    return comm.startswith("diskmark-run") or comm.startswith("diskmark-w")


def split(before, after):
    gui = run = 0
    for tid, (comm, t) in after.items():
        d = t - before.get(tid, (comm, 0))[1]
        if is_run(comm):
            run += d
        else:
            gui += d
    return gui, run


def measure(pid, xpid, seconds):
    a, xa, t0 = threads(pid), process_ticks(xpid), time.monotonic()
    time.sleep(seconds)
    b, xb, t1 = threads(pid), process_ticks(xpid), time.monotonic()
    gui, run = split(a, b)
    wall = t1 - t0
    pct = lambda t: 100.0 * t / HZ / wall
    return pct(gui), pct(run), pct(xb - xa)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=10.0)
    a = p.parse_args()
    if not shutil.which("Xvfb"):
        sys.exit("Xvfb is needed (apt-get install xvfb)")
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24",
                             "-nolisten", "tcp"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    display = ":" + xvfb.stdout.readline().decode().strip()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    tmp = tempfile.mkdtemp(prefix="dm-gui-cpu-", dir="/var/tmp")
    try:
        # Idle: the window open, nothing running.
        idle = subprocess.Popen([GUI, tmp, "--size", "64M"], env=env)
        time.sleep(2)  # let it map and draw its first frame
        gi, _, xi = measure(idle.pid, xvfb.pid, a.seconds)
        idle.terminate()
        idle.wait()
        # Running: one long loop of RND4K Q1T1 (the window redraws at its
        # most while a test runs).
        run_args = [GUI, tmp, "--size", "64M", "--engine", "psync", "--test", "RND4K Q1T1",
                    "--mode", "read", "--loops", "1", "--warmup", "0", "--interval", "0",
                    "--measure", str(a.seconds + 6), "--start", "--quit-when-done"]
        busy = subprocess.Popen(run_args, env=env)
        time.sleep(3)  # past the pre-fill
        gr, rr, xr = measure(busy.pid, xvfb.pid, a.seconds)
        busy.wait()
        print(f"idle:    window threads {gi:.3f} % of one CPU, X server {xi:.3f} %")
        print(f"running: window threads {gr:.3f} % of one CPU, run threads {rr:.1f} %, "
              f"X server {xr:.3f} %")
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(tmp, ignore_errors=True)


main()
