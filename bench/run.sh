#!/usr/bin/env bash
# The reproducible benchmark of pgnls at database scale (issue: speed).
#
#   bench/run.sh            inputs of ~34 MB and the language server; prints the tables
#   bench/run.sh --big      also checks a ~2 GB file for streaming memory
#
# It builds its inputs (the shared corpus concatenated 40 times, and 40 MB of
# dense generated games), runs pgnls and pgn-extract on them in the same run,
# and the Go benchmarks, and prints throughput with the ratios between them:
# the machines are shared and noisy, so only ratios measured together mean
# anything. Each command runs three times; the fastest run counts.
#
# What profiling pgnls check showed (PGNLS_CPUPROFILE=cpu.out pgnls check
# FILE; go tool pprof -top; go tool trace for idle cores), and what was done:
#   - Both cores are busy: the reader stage (read, decode, parse, cut)
#     overlaps with checking, whose games are checked in parallel, and each
#     piece's check starts without waiting for the previous piece's slowest
#     game (that wait left a core idle a tenth of the run). Only CPU saved
#     shortens a run.
#   - Memory traffic was the largest cost: a check wrote its trees over
#     fresh memory that the allocator cleared, the kernel mapped (a page
#     fault per 4 KiB, 1.4 µs each here) and the collector swept, 412 MB for
#     the corpus x40. Pieces are now released once printed and the next
#     pieces parsed into their memory (pgn.Piece.Release), diagnostics lists
#     are reused, and each diagnostic is copied once: 35 MB allocated, two
#     collections, 30% less CPU.
#   - The parser (pgn/bench_test.go, BenchmarkParse's comment) and SAN
#     resolution (analysis/board, BenchmarkResolvePlay's comment) were
#     made faster; Latin-1 is decoded eight bytes at a time, ASCII columns
#     are counted eight bytes at a time, common messages are made once.
#   - What is left, on the corpus x40 (0.27 s of CPU): replaying moves 29%,
#     parsing 28%, FEN tags of the puzzle games 8%, tags 7%, results 6%,
#     printing the 230,000 diagnostics 7%, page faults and the rest. Each
#     is a few percent; micro-optimizations below 2% no longer show above
#     the machine's noise.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games" # where Debian puts pgn-extract
out=bench/out
mkdir -p "$out"
big=false
[ "${1:-}" = "--big" ] && big=true

if ! command -v pgn-extract >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq pgn-extract >/dev/null
  else
    echo "pgn-extract is not installed (apt-get install pgn-extract)" >&2
    exit 2
  fi
fi

go build -o "$out/pgnls" ./cmd/pgnls
if [ ! -s "$out/corpus40.pgn" ]; then
  if [ ! -d ../shared/corpus ]; then
    echo "../shared/corpus not found: it is needed to build the corpus input" >&2
    exit 2
  fi
  for _ in $(seq 40); do cat ../shared/corpus/*/*.pgn; done > "$out/corpus40.pgn"
fi
[ -s "$out/dense40.pgn" ] || go run ./bench/gen -size 40 > "$out/dense40.pgn"

# best CMD...: the fastest wall-clock seconds of three runs, timed to the
# microsecond (EPOCHREALTIME): /usr/bin/time's hundredths are 7% of a
# 0.14 s check.
best() {
  local t0 t b=""
  for _ in 1 2 3; do
    t0=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    t=$(awk "BEGIN{printf \"%.4f\", $EPOCHREALTIME - $t0}")
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
  done
  echo "$b"
}

row() { # name file
  local name=$1 file=$2 mb games plies counts p e f x
  mb=$(awk "BEGIN{printf \"%.1f\", $(stat -c %s "$file")/1048576}")
  counts=$(go run ./bench/gen -count "$file")
  games=${counts% *}; plies=${counts#* }
  p=$(best "$out/pgnls" check "$file")
  e=$(best pgn-extract -s -o /dev/null "$file")
  f=$(best "$out/pgnls" fmt "$file")
  x=$(best pgn-extract -s -w80 -o /dev/null "$file")
  awk -v n="$name" -v mb="$mb" -v g="$games" -v pl="$plies" -v p="$p" -v e="$e" -v f="$f" -v x="$x" 'BEGIN{
    printf "| %s | %s | %d | %d | %.3f s, %.0f MB/s, %.0f games/s, %.3f µs/ply | %.2f s, %.1f MB/s | **%.1f×** | %.3f s vs %.2f s: **%.1f×** |\n",
      n, mb, g, pl, p, mb/p, g/p, p*1e6/pl, e, mb/e, e/p, f, x, x/f }'
}

echo "## pgnls check and fmt against pgn-extract ($(nproc) cores, $(date -u +%Y-%m-%d))"
echo
echo "| input | MB | games | plies | pgnls check | pgn-extract -s | check ratio | pgnls fmt vs pgn-extract -s -w80 |"
echo "|---|---|---|---|---|---|---|---|"
row "shared corpus ×40" "$out/corpus40.pgn"
row "dense generated games" "$out/dense40.pgn"
echo

echo "## Go benchmarks (one core)"
echo
go test -run '^$' -bench 'BenchmarkResolvePlay$|BenchmarkNotnilDecode$' -benchtime 2s ./analysis/board/ | awk '
  /^BenchmarkResolvePlay/ {for (i=1;i<=NF;i++) if ($(i+1)=="ns/ply") ours=$i}
  /^BenchmarkNotnilDecode/ {for (i=1;i<=NF;i++) if ($(i+1)=="ns/ply") theirs=$i}
  END {printf "- SAN resolution + move: %.0f ns/ply; notnil/chess Decode + Move: %.0f ns/ply (**%.0f×**)\n", ours, theirs, theirs/ours}'
# The throughput benchmarks run three times; the best run counts, as for
# the commands above.
GOMAXPROCS=1 go test -run '^$' -bench 'BenchmarkParse$|BenchmarkScan$|BenchmarkReadStream$' -count 3 ./pgn/ | awk '
  /^Benchmark(Parse|Scan|ReadStream)/ {for (i=1;i<=NF;i++) if ($(i+1)=="MB/s" && $i > best[$1]) best[$1]=$i}
  END {
    printf "- BenchmarkParse (one whole text, the default collector, as the language server parses): %s MB/s\n", best["BenchmarkParse"]
    printf "- BenchmarkReadStream (the parse without validation as pgnls check runs it: 128 KiB blocks, GOGC=400): %s MB/s\n", best["BenchmarkReadStream"]
    printf "- BenchmarkScan (the scanner alone): %s MB/s\n", best["BenchmarkScan"] }'
GOMAXPROCS=1 go test -run '^$' -bench 'BenchmarkCheckCorpus$' -count 3 ./analysis/ | awk '
  /^BenchmarkCheckCorpus/ {for (i=1;i<=NF;i++) { if ($(i+1)=="MB/s" && $i > mb) mb=$i; if ($(i+1)=="ns/ply" && (ns == "" || $i < ns)) ns=$i }}
  END {printf "- validation of the corpus (every line replayed): %s MB/s, %s ns/ply\n", mb, ns}'

echo
echo "## Language server over stdio (BenchmarkBinary: the built binary, a scripted client)"
echo
go test -run '^$' -bench 'BenchmarkBinary$' -benchtime 4000x ./lsp/ | awk '
  /^BenchmarkBinary/ {for (i=1;i<=NF;i++) m[$(i+1)]=$i
    printf "- open 30 MB (the corpus repeated) to complete diagnostics: %.0f ms\n", m["open-large-ms"]
    printf "- keystroke to its diagnostics, 10-game document: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms\n", m["small-p50-ms"], m["small-p90-ms"], m["small-p99-ms"]
    printf "- keystroke to its diagnostics, 30 MB document: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms (large/small: p50 %.1f×, p99 %.1f×)\n", m["large-p50-ms"], m["large-p90-ms"], m["large-p99-ms"], m["large/small-p50"], m["large/small-p99"]
    printf "- resident memory over the 30 MB text: %.1f× when its diagnostics arrive, %.1f× settled, %.1f× after the keystrokes\n", m["rss-open/text"], m["rss/text"], m["rss-end/text"] }'

if $big; then
  echo
  echo "## Streaming a large file"
  echo
  bigfile="$out/big.pgn"
  for _ in $(seq 50); do cat "$out/dense40.pgn"; done > "$bigfile"
  size=$(awk "BEGIN{printf \"%.0f\", $(stat -c %s "$bigfile")/1048576}")
  /usr/bin/time -f "%e %M" -o "$out/time" "$out/pgnls" check "$bigfile" >/dev/null 2>&1 || true
  read -r secs rss < <(tail -1 "$out/time")
  echo "- pgnls check on $size MB: $secs s, resident memory $((rss / 1024)) MB"
  rm -f "$bigfile"
fi
