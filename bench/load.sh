#!/usr/bin/env bash
# A known, bounded load for checking that the tests hold on a busy machine
# (issue 27): one CPU hog per core (`nproc`) plus a disk writer that writes
# 512 MiB with O_DIRECT into a file in /var/tmp, pauses briefly, and again.
# Everything it starts is stopped, and the writer's file removed, on exit,
# on a signal, and when the time is up.
#
#   bench/load.sh [SECONDS]            load for SECONDS (default 1800), then stop
#   bench/load.sh [SECONDS] -- CMD...  load, run CMD, stop the load, exit with CMD's status
#                                      (the load stops after SECONDS even if CMD runs on)
#
# Environment: LOAD_DIR (default /var/tmp) for the writer's file,
# LOAD_PAUSE (default 2) seconds between the writer's passes.
set -u
seconds=1800
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  seconds=$1
  shift
fi
case $seconds in
  '' | *[!0-9]*) echo "load.sh: SECONDS must be a whole number, not '$seconds'; e.g. bench/load.sh 600" >&2; exit 2 ;;
esac
[ "$seconds" -gt 0 ] || { echo "load.sh: SECONDS must be above 0; e.g. bench/load.sh 600" >&2; exit 2; }
cmd=()
if [ $# -gt 0 ]; then
  [ "$1" = "--" ] || { echo "load.sh: expected '--' before the command; e.g. bench/load.sh -- cargo test" >&2; exit 2; }
  shift
  [ $# -gt 0 ] || { echo "load.sh: no command after '--'; e.g. bench/load.sh -- cargo test" >&2; exit 2; }
  cmd=("$@")
fi
dir=${LOAD_DIR:-/var/tmp}
pause=${LOAD_PAUSE:-2}
file=$(mktemp "$dir/load-sh.XXXXXX") || { echo "load.sh: cannot create a file in $dir; set LOAD_DIR to a writable directory" >&2; exit 1; }
pids=()

stop() {
  local p
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  pids=()
  rm -f -- "$file"
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap 'stop; exit 129' HUP
trap 'stop' EXIT

# Each load process leads its own process group (set -m), so that stop()
# ends it and its children (dd, sleep) together. Each one also ends itself
# after $seconds, so the load is bounded even if this script is killed -9.
set -m
cores=$(nproc)
for _ in $(seq "$cores"); do
  timeout "$seconds" sh -c 'while :; do :; done' &
  pids+=($!)
done
echo "load.sh: $cores CPU hog(s): sh -c 'while :; do :; done', for ${seconds}s" >&2
timeout "$seconds" sh -c 'while :; do dd if=/dev/zero of="$1" bs=1M count=512 oflag=direct conv=notrunc status=none; sleep "$2"; done' \
  writer "$file" "$pause" &
pids+=($!)
echo "load.sh: disk writer: dd if=/dev/zero of=$file bs=1M count=512 oflag=direct, every ${pause}s, for ${seconds}s" >&2
set +m

if [ ${#cmd[@]} -eq 0 ]; then
  wait "${pids[@]}" 2>/dev/null
  exit 0
fi
echo "load.sh: running: ${cmd[*]}" >&2
"${cmd[@]}"
status=$?
stop
echo "load.sh: command exited with status $status" >&2
exit $status
