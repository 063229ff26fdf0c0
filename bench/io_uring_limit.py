#!/usr/bin/env python3
"""diskmark's io_uring and libaio engines against fio's t/io_uring and fio,
per CPU-second, on a RAM device, pinned to one CPU, interleaved (issue 31 §1).

  T_IO_URING=/path/to/t/io_uring python3 bench/io_uring_limit.py \
      [--dir DIR | --zram] [--rounds 5] [--seconds 3] [--cpu 1]

t/io_uring is fio's own reference for what one core drives through
io_uring. Build it from fio's source (it is not in Debian's fio package):

  git clone https://github.com/axboe/fio && cd fio
  ./configure --disable-native && make t/io_uring

(with libaio-dev installed first, `t/io_uring -a1` also drives libaio).

Every case is 4 KiB random O_DIRECT reads of one 1 GiB file (the test
file diskmark just measured, kept for the others), one thread
pinned to one CPU (taskset), at Q1, Q32 and Q128. Each round runs every
program once per depth, in turn, so a slow moment of the machine hits all
of them alike; the ratios are the medians of the per-round ratios.

The figure is thousands of I/Os per CPU-second: I/Os done over the CPU
time the process spent (user + system). diskmark's comes from its JSON
(the measure window's I/Os over the process's CPU time in the window),
fio's from its job's usr_cpu and sys_cpu over its runtime, t/io_uring's
from its per-second IOPS lines over its rusage (set-up is a few
milliseconds of a run of seconds) over the wall time. "calls/IO" is the system calls made to
issue and wait per I/O: diskmark's own count (engine_setup.calls_per_io),
and t/io_uring's from its "IOS/call" line.

--zram (root) makes a zram device with ext4 for the run and removes it
afterwards; --dir uses a directory on a RAM-backed filesystem you made.
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

DEPTHS = [1, 32, 128]


def cpu_s(ru):
    return ru.ru_utime + ru.ru_stime


def run_tio(tio, path, q, seconds, cpu, aio=False):
    """t/io_uring: (kIOPS per CPU-s, calls per I/O)."""
    batch = min(q, 32)
    cmd = ["taskset", "-c", str(cpu), tio, f"-d{q}", f"-s{batch}", f"-c{batch}", "-b4096",
           "-p0", "-R1", "-n1", "-P0", f"-r{seconds}"]
    cmd += ["-a1"] if aio else ["-B1", "-F1", "-X1"]
    start = time.monotonic()
    p = subprocess.Popen(cmd + [path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"t/io_uring failed: {out}")
    scale = {"": 1, "K": 1e3, "M": 1e6}
    iops = [float(m[0]) * scale[m[1]]
            for m in re.findall(r"IOPS=([\d.]+)([KM]?)", out.split("Maximum")[0])]
    if not iops:
        sys.exit(f"t/io_uring printed no IOPS: {out}")
    calls = re.findall(r"IOS/call=(\d+)/(\d+)", out)
    per_call = None
    if calls:
        s, c = (statistics.median(int(x[i]) for x in calls) for i in (0, 1))
        # One enter submits s and reaps c: about one call per max(s, c) I/Os.
        per_call = 1 / max(s, c, 1)
    # Its IOPS lines are per second of its run; the share of a CPU it
    # used over the run turns them into I/Os per CPU-second.
    return statistics.mean(iops) / (cpu_s(ru) / wall) / 1e3, per_call


def run_diskmark(binary, directory, q, seconds, cpu, engine, keep=False):
    """diskmark: (kIOPS per CPU-s, calls per I/O), and with `keep` the path
    of its test file, which it leaves in place."""
    done = subprocess.run(
        [binary, directory, "--engine", engine, "--cpus", str(cpu), "--test", f"RND4K Q{q}T1",
         "--mode", "read", "--size", "1G", "--loops", "1", "--interval", "0",
         "--measure", str(seconds), "--warmup", "0.5", "--format", "json", "--quiet",
         *(["--keep-file"] if keep else [])],
        check=True, capture_output=True, text=True)
    t = json.loads(done.stdout)["tests"][0]
    loop = t["loops"][0]
    cpu_time = loop["cpu"]["process_user_s"] + loop["cpu"]["process_system_s"]
    figure = (loop["total"]["ios"] / cpu_time / 1e3, t["engine_setup"].get("calls_per_io"))
    if not keep:
        return figure
    kept = re.search(r"test file kept: (.+)", done.stderr)
    if not kept:
        sys.exit(f"diskmark kept no test file: {done.stderr}")
    return figure, kept.group(1).strip()


def run_fio(path, q, seconds, cpu, engine):
    extra = []
    if engine == "io_uring":
        extra = ["--fixedbufs=1", "--registerfiles=1"]
    batch = min(q, 32)
    out = subprocess.run(
        ["fio", "--name=bench", f"--filename={path}", "--size=1G", f"--ioengine={engine}",
         "--direct=1", "--rw=randread", "--bs=4k", f"--iodepth={q}", "--numjobs=1", "--thread",
         f"--cpus_allowed={cpu}", f"--iodepth_batch_submit={batch}",
         f"--iodepth_batch_complete_max={batch}", *extra, "--time_based",
         f"--runtime={seconds}", "--ramp_time=0.5", "--randrepeat=0", "--norandommap",
         "--output-format=json"],
        check=True, capture_output=True, text=True).stdout
    j = json.loads(out[out.index("{"):])["jobs"][0]
    r = j["read"]
    cpu_time = (j["usr_cpu"] + j["sys_cpu"]) / 100 * r["runtime"] / 1000
    return r["total_ios"] / cpu_time / 1e3, None


def zram(mib):
    dev_id = open("/sys/class/zram-control/hot_add").read().strip()
    open(f"/sys/block/zram{dev_id}/disksize", "w").write(str(mib << 20))
    subprocess.run(["mkfs.ext4", "-q", "-F", f"/dev/zram{dev_id}"], check=True)
    mnt = tempfile.mkdtemp(prefix="diskmark-bench-")
    subprocess.run(["mount", f"/dev/zram{dev_id}", mnt], check=True)
    return dev_id, mnt


def unzram(dev_id, mnt):
    # The kernel lets an exited process's rings go in the background: the
    # filesystem may be busy for a moment.
    for _ in range(50):
        if subprocess.run(["umount", mnt], stderr=subprocess.DEVNULL).returncode == 0:
            break
        time.sleep(0.1)
    else:
        subprocess.run(["umount", "-l", mnt], check=False)
    os.rmdir(mnt)
    open(f"/sys/block/zram{dev_id}/reset", "w").write("1")
    open("/sys/class/zram-control/hot_remove", "w").write(dev_id)


def table(title, rows, names, ref):
    print(f"\n### {title}\n")
    print("| | " + " | ".join(f"Q{q}" for q in DEPTHS) + " |")
    print("|---|" + "---|" * len(DEPTHS))
    for name in names:
        cells = []
        for q in DEPTHS:
            runs = rows[(name, q)]
            med = statistics.median(r[0] for r in runs)
            calls = [r[1] for r in runs if r[1] is not None]
            c = f", {statistics.median(calls):.3f} calls/IO" if calls else ""
            cells.append(f"{med:.0f}{c}")
        print(f"| {name} | " + " | ".join(cells) + " |")
    for other in names:
        if other == ref:
            continue
        cells = []
        for q in DEPTHS:
            ratios = [a[0] / b[0] for a, b in zip(rows[(ref, q)], rows[(other, q)])]
            cells.append(f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})")
        print(f"| {ref} / {other} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir")
    ap.add_argument("--zram", action="store_true")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--binary", default="target/release/diskmark")
    ap.add_argument("--libaio", action="store_true", help="also the libaio table")
    args = ap.parse_args()
    tio = os.environ.get("T_IO_URING")
    if not tio or not os.access(tio, os.X_OK):
        sys.exit("set T_IO_URING to a t/io_uring binary (see the top of this script for how to build one)")
    if bool(args.dir) == args.zram:
        sys.exit("give --dir DIR (on a RAM-backed filesystem) or --zram (root)")
    made = zram(2560) if args.zram else None
    directory = made[1] if made else args.dir
    kept = []
    try:
        # Every program reads the same file: the test file diskmark has
        # just pre-filled and measured, kept for the others and removed
        # after them (t/io_uring was seen 8-13 % faster on a file dd wrote
        # than on one diskmark wrote, on the same zram).
        rows = {}
        add = lambda name, q, fig: rows.setdefault((name, q), []).append(fig)
        for r in range(args.rounds):
            for q in DEPTHS:
                fig, path = run_diskmark(args.binary, directory, q, args.seconds, args.cpu,
                                         "io_uring", keep=True)
                kept.append(path)
                add("diskmark", q, fig)
                add("t/io_uring", q, run_tio(tio, path, q, args.seconds, args.cpu))
                add("fio", q, run_fio(path, q, args.seconds, args.cpu, "io_uring"))
                if args.libaio:
                    add("diskmark libaio", q, run_diskmark(args.binary, directory, q,
                                                           args.seconds, args.cpu, "libaio"))
                    add("fio libaio", q, run_fio(path, q, args.seconds, args.cpu, "libaio"))
                os.remove(kept.pop())
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
        print(f"\n{args.rounds} rounds of {args.seconds} s, 4 KiB random reads, O_DIRECT, 1 GiB, "
              f"one thread on CPU {args.cpu}; thousands of I/Os per CPU-second (median)")
        table("io_uring", rows, ["diskmark", "t/io_uring", "fio"], "diskmark")
        if args.libaio:
            table("libaio", rows, ["diskmark libaio", "fio libaio"], "diskmark libaio")
    finally:
        for path in kept:
            os.remove(path)
        if made:
            unzram(*made)


if __name__ == "__main__":
    main()
