#!/usr/bin/env bash
# Resident memory of pgnls check and pgnls fmt on ~2 GB files (issue: speed,
# "bounded by a constant independent of file size, <= 64 MB on a 2 GB
# file"), and the two-core speed-up of fmt and check on the 40 MB dense
# file, on their own: bench/run.sh --big runs the whole benchmark first.
#
#   bench/big.sh             both 2 GB files (dense games, the corpus), then the speed-ups
#   bench/big.sh --memory    only the 2 GB files
#   bench/big.sh --speed     only the speed-ups
#
# The 2 GB files are built in $TMPDIR (default /tmp) from the 40 MB dense
# file (bench/gen) repeated 50 times and from the shared corpus repeated
# 2500 times, and removed afterwards; they are never committed. Each
# command's maximum resident set is what /usr/bin/time prints (%M), with
# the output to /dev/null.
#
# The speed-ups are same-run ratios: one core (taskset -c 0, the runtime
# then sets GOMAXPROCS to 1) and two (taskset -c 0,1) alternate, five
# rounds, and each one's fastest wall-clock run counts, so that a burst of
# load from another process falls on both. The load average is printed
# before and after: on the shared machine, only a quiet run's ratio means
# anything.
set -euo pipefail
cd "$(dirname "$0")/.."
memory=true speed=true
case "${1:-}" in
  "") ;;
  --memory) speed=false ;;
  --speed) memory=false ;;
  *) echo "usage: bench/big.sh [--memory | --speed]" >&2; exit 2 ;;
esac
out=bench/out
tmp="${TMPDIR:-/tmp}"
mkdir -p "$out"
go build -o "$out/pgnls" ./cmd/pgnls
if [ ! -s "$out/dense40.pgn" ]; then
  go run ./bench/gen -size 40 > "$out/dense40.pgn"
fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# rss prints a command's wall time and maximum resident set on FILE.
rss() {
  local cmd=$1 file=$2 size
  size=$(awk "BEGIN{printf \"%.0f\", $(stat -c %s "$file")/1048576}")
  /usr/bin/time -f "%e %M" -o "$out/time" "$out/pgnls" "$cmd" "$file" >/dev/null 2>&1 || true
  read -r secs kb < <(tail -1 "$out/time")
  echo "- pgnls $cmd on $size MB of $3: $secs s, resident memory $((kb / 1024)) MB"
}

if $memory; then
  big="$tmp/pgnls-big-$$.pgn"
  trap 'rm -f "$big"' EXIT
  for _ in $(seq 50); do cat "$out/dense40.pgn"; done > "$big"
  rss check "$big" "dense games"
  rss fmt "$big" "dense games"
  if [ -d ../shared/corpus ]; then
    cat ../shared/corpus/*/*.pgn > "$big.one"
    for _ in $(seq 2500); do cat "$big.one"; done > "$big"
    rm -f "$big.one"
    rss check "$big" "the corpus"
    rss fmt "$big" "the corpus"
  fi
  rm -f "$big"
fi

# best prints the fastest of five wall-clock runs of each of two CPU sets,
# alternating, and their ratio.
best() {
  local cmd=$1 file=$2 one=999 two=999 t
  for _ in 1 2 3 4 5; do
    for cpus in 0 0,1; do
      /usr/bin/time -f "%e" -o "$out/time" taskset -c "$cpus" "$out/pgnls" "$cmd" "$file" >/dev/null 2>&1 || true
      t=$(tail -1 "$out/time")
      if [ "$cpus" = 0 ]; then
        one=$(awk "BEGIN{print ($t < $one) ? $t : $one}")
      else
        two=$(awk "BEGIN{print ($t < $two) ? $t : $two}")
      fi
    done
  done
  awk "BEGIN{printf \"- pgnls $cmd on $3: one core %.2f s, two cores %.2f s: %.2fx\n\", $one, $two, $one / $two}"
}

if $speed; then
  best fmt "$out/dense40.pgn" "40 MB of dense games"
  best check "$out/dense40.pgn" "40 MB of dense games"
fi
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
