#!/usr/bin/env bash
# Soak: one long RND4K Q32T1 Mix window with io_uring on a 1 GiB file,
# sampling diskmark's resident memory every 10 s. Prints the samples and
# their min/max; the run must end without error.
#
#   bench/soak.sh [DIR] [MINUTES]     (defaults: /var/tmp, 30)
set -euo pipefail
dir=${1:-/var/tmp}
minutes=${2:-30}
bin=$(dirname "$0")/../target/release/diskmark
[ -x "$bin" ] || cargo build --release
out=$(mktemp)
"$bin" "$dir" --engine io_uring --test 'RND4K Q32T1' --mode mix --size 1G \
  --loops 1 --warmup 1 --measure "$((minutes * 60))" --interval 0 --quiet --format json \
  >"$out" &
pid=$!
samples=()
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] && samples+=("$rss") && echo "$(date +%T) VmRSS ${rss} kB"
  sleep 10
done
wait "$pid"
status=$?
printf '%s\n' "${samples[@]}" | sort -n | awk 'NR==1{min=$1} {max=$1} END {print "VmRSS min " min " kB, max " max " kB over " NR " samples"}'
python3 - "$out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["tests"][0]["result"]
print("Mix %.0f IOPS, %.1f MB/s, mean latency %.1f us over %.0f s; read %d, write %d I/Os" % (
    t["total"]["iops"], t["total"]["mbps"], t["total"]["lat_us"]["mean"], t["window_ns"] / 1e9,
    t["read"]["ios"], t["write"]["ios"]))
PY
rm -f "$out"
exit $status
