#!/usr/bin/env bash
# The reproducible benchmark of pgnls at database scale (issue: speed).
#
#   bench/run.sh             inputs of ~34 MB and the language server; prints the tables
#   bench/run.sh --big       also checks and formats a ~2 GB file for streaming memory
#   bench/run.sh --base REV  also builds pgnls at git revision REV (a git worktree
#                            in bench/out) and prints this tree's check and fmt
#                            speed as ratios to REV's, measured in the same run
#   bench/run.sh --quick     only the command tables (no Go benchmarks, no server)
#
# It builds its inputs (the shared corpus concatenated 40 times, and 40 MB of
# dense generated games), runs pgnls, pgn-extract and, when cargo is there,
# the yardstick pgn-reader (../shared/anchors/pgn-reader, built offline into
# bench/out: its validate_var replays every move and variation) on them in
# the same run, and the Go benchmarks, and prints throughput with the ratios
# between them: the machines are shared and noisy, so only ratios measured
# together mean anything. The commands compared run alternately, A B A B ...
# (five rounds), and each one's fastest run counts, so that a burst of load
# from another process falls on both. "One core" runs under taskset -c 0
# (the Go runtime then sets GOMAXPROCS to 1).
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
#   - Against pgn-reader (2026-12-02, callgrind without the collector,
#     GOGC=off, on corpus4.pgn and dense4.pgn, a tenth of the inputs): on
#     the corpus, the parse into the lossless tree is 34% of the
#     instructions (parseTag alone 9%, the tag-heavy lichess studies),
#     the checker 24% (play 7%, checkTags 4%, replay 3%), board's
#     resolution, play and attack sets 16% (checkers 2.6%, attackers 3.2%),
#     SAN parsing 8%, FEN tags 3.5%, Latin-1 decoding 2%, printing the
#     diagnostics 2%, the runtime 13%. On dense games: parse 30%
#     (parseMovetext 14%, Scan 7%), checker 30% (play 16%, checkStyle 4%),
#     board 26% (resolveMove 10%, checkers 5%), SAN parsing 11%. So the
#     gap (0.4x on the corpus, 0.75x on dense games, one core) is spread:
#     the levers left are a check path over the token stream without the
#     tree (the parse's third), SAN parsed and resolved in one pass from
#     the token's bytes (parse + resolveMove, a fifth of dense games), and
#     the attack set of the checkers computed once per ply (the check sign
#     and the next move's legality test each compute it). Against
#     d3771c9, the commit before the variants, this tree runs 4-5% more
#     instructions on the same input (the 135 commits since, variants
#     and notation among them).
#   - Against d3771c9 again (2026-12-02, later session; bench/NOTES.md,
#     "pgnls check against d3771c9"): per-file differences of the two
#     callgrind profiles showed where the 2.5% more instructions went:
#     the checker's checkNodes, grown past the inliner's budget, called
#     twice a ply for empty lists (2.7% of dense games), a copy of the
#     position at every ply in replayLines, the struct copies of each
#     printed diagnostic, strconv in the FEN counters. With those gone,
#     check runs as many instructions as d3771c9 or fewer on both inputs.
#   - A check path without the movetext's tree (issue 21; pgn/skim.go,
#     analysis/fastcheck.go): pgnls check's Reader hands each game's
#     movetext to a skimmer that reads the scanner's tokens and keeps only
#     the numbers, moves and parentheses of movetext with nothing else in
#     it (plain comments and NAGs, variations); the checking goroutines
#     replay those and vouch for games whose moves are canonical SAN with
#     agreeing numbers. Any other game gets the tree (parsed by the reader,
#     or again by pgn.ParseGameAt on the checking goroutine), and the
#     diagnostics are the tree's (differential tests, a fuzz target). With
#     the replay in the reader's stage (one pass) dense4 ran 611 M
#     instructions, but that stage does not run in parallel, and dense40
#     on two cores took 0.69 s against main's 0.47 s; split, 659 M and
#     0.41 s against 0.45 s. Callgrind, dense4 / corpus4, against main
#     80a79fa: 679 M / 314 M -> 659 M / 314 M; with analysis/board's
#     one-pass canonical SAN player (PlayCanonicalSAN, another branch)
#     swapped in, 477 M / 279 M, against pgn-reader's 528 M / 158 M. On
#     dense games what is left beside the board is Scan (about 70
#     instructions a token), the skim and the replay's walk (51 M and
#     58 M); on the corpus, tags, FEN tags and the diagnostics. A profile
#     remade for the new path moved dense4 and corpus4 by about 1%.
#   - fmt and fix stream through one pipeline (cmd/pgnls/stream.go): the
#     pieces are formatted on every core while the reader parses the next.
#     The batch memory floor (cmd/pgnls/main.go) is 48 MB: with 160, fmt
#     grew to 80 MB resident, as GOGC=400 let the heap reach five times
#     the pieces in flight.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games" # where Debian puts pgn-extract
out=bench/out
mkdir -p "$out"
big=false quick=false base=""
while [ $# -gt 0 ]; do
  case $1 in
  --big) big=true ;;
  --quick) quick=true ;;
  --base)
    [ $# -ge 2 ] || { echo "--base needs a git revision" >&2; exit 2; }
    base=$2
    shift
    ;;
  *) echo "usage: bench/run.sh [--big] [--quick] [--base REV]" >&2; exit 2 ;;
  esac
  shift
done

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
# A tenth of each, for counting instructions (callgrind runs 50 times slower).
[ -s "$out/corpus4.pgn" ] || for _ in 1 2 3 4; do cat ../shared/corpus/*/*.pgn; done > "$out/corpus4.pgn"
[ -s "$out/dense4.pgn" ] || go run ./bench/gen -size 4 > "$out/dense4.pgn"

# The yardstick: pgn-reader with shakmaty, built without a registry. Its
# sources are read-only, so the build goes to bench/out.
anchor=""
anchor_src=../shared/anchors/pgn-reader
if command -v cargo >/dev/null && [ -d "$anchor_src" ]; then
  if (cd "$anchor_src" && CARGO_TARGET_DIR="$OLDPWD/$out/pgn-reader" \
    cargo build --quiet --release --offline -p pgnbench 2>/dev/null); then
    anchor="$out/pgn-reader/release/validate_var"
  else
    echo "(pgn-reader did not build: its column is left out)" >&2
  fi
fi

# alternate ROUNDS CMD1 -- CMD2 -- ...: runs the commands in turn, ROUNDS
# times, and prints for each, one a line, its fastest wall-clock seconds
# and its least CPU seconds (user + system), to the millisecond. The CPU
# time is what the one-core columns compare: a command pinned to one core
# that another process shares waits for it, and that wait is in the wall
# clock but not in the CPU time, which stays the command's own work.
alternate() {
  local rounds=$1 i r w c n a
  shift
  local -a cmds=() wall=() cpu=()
  local cmd=""
  for a in "$@" --; do
    if [ "$a" = -- ]; then cmds+=("$cmd"); cmd=""; else cmd+="$(printf '%q ' "$a")"; fi
  done
  for ((r = 0; r < rounds; r++)); do
    for i in "${!cmds[@]}"; do
      read -r w c < <(TIMEFORMAT='%3R %3U %3S'
        { time eval "${cmds[$i]}" >/dev/null 2>&1 || true; } 2>&1 | awk '{printf "%.3f %.3f\n", $1, $2 + $3}')
      if [ -z "${wall[$i]:-}" ] || awk "BEGIN{exit !($w < ${wall[$i]})}"; then wall[$i]=$w; fi
      if [ -z "${cpu[$i]:-}" ] || awk "BEGIN{exit !($c < ${cpu[$i]})}"; then cpu[$i]=$c; fi
    done
  done
  n=${#cmds[@]}
  for ((i = 0; i < n; i++)); do echo "${wall[$i]} ${cpu[$i]}"; done
}

# instructions CMD...: the fewest instructions CMD executes in two runs,
# counted by callgrind, on one core, without the collector (GOGC=off): the
# code's own work, which does not depend on the machine's load (with the
# collector on, the count varied by 8% from run to run with when it ran;
# without, by 0.1%). Go's preemption signals stop callgrind: off.
instructions() {
  local i n b=""
  for i in 1 2; do
    n=$(GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/Collected/ {print $4}')
    if [ -z "$b" ] || [ "$n" -lt "$b" ]; then b=$n; fi
  done
  echo "$b"
}

one="taskset -c 0"
row() { # name file
  local name=$1 file=$2 mb games plies counts p e f x
  mb=$(awk "BEGIN{printf \"%.1f\", $(stat -c %s "$file")/1048576}")
  counts=$(go run ./bench/gen -count "$file")
  games=${counts% *}; plies=${counts#* }
  { read -r p _; read -r e _; read -r f _; read -r x _; } < <(alternate 3 \
    "$out/pgnls" check "$file" -- pgn-extract -s -o /dev/null "$file" -- \
    "$out/pgnls" fmt "$file" -- pgn-extract -s -w80 -o /dev/null "$file")
  awk -v n="$name" -v mb="$mb" -v g="$games" -v pl="$plies" -v p="$p" -v e="$e" -v f="$f" -v x="$x" 'BEGIN{
    printf "| %s | %s | %d | %d | %.3f s, %.0f MB/s, %.0f games/s, %.3f µs/ply | %.2f s, %.1f MB/s | **%.1f×** | %.3f s vs %.2f s: **%.1f×** |\n",
      n, mb, g, pl, p, mb/p, g/p, p*1e6/pl, e, mb/e, e/p, f, x, x/f }'
}

# anchor_row name file: pgn-reader's validate_var on one core against pgnls
# check on one core and on two, and pgnls fmt on one core and two (one
# core: CPU seconds; two: wall-clock seconds).
anchor_row() {
  local name=$1 file=$2 mb a c1 c2 f1 f2
  mb=$(awk "BEGIN{printf \"%.1f\", $(stat -c %s "$file")/1048576}")
  { read -r _ a; read -r _ c1; read -r c2 _; read -r _ f1; read -r f2 _; } < <(alternate 5 \
    $one "$anchor" "$file" -- $one "$out/pgnls" check "$file" -- "$out/pgnls" check "$file" -- \
    $one "$out/pgnls" fmt "$file" -- "$out/pgnls" fmt "$file")
  awk -v n="$name" -v mb="$mb" -v a="$a" -v c1="$c1" -v c2="$c2" -v f1="$f1" -v f2="$f2" 'BEGIN{
    printf "| %s | %s | %.3f s, %.0f MiB/s | %.3f s: **%.2f×** | %.3f s: **%.2f×** | %.3f s | %.3f s: **%.2f×** |\n",
      n, mb, a, mb/a, c1, a/c1, c2, a/c2, f1, f2, f1/f2 }'
}

# base_row name file: this tree's check and fmt against REV's, one core
# (CPU seconds) and two (wall-clock seconds).
base_row() {
  local name=$1 file=$2 b1 t1 b2 t2 fb1 ft1 fb2 ft2
  { read -r _ b1; read -r _ t1; read -r b2 _; read -r t2 _
    read -r _ fb1; read -r _ ft1; read -r fb2 _; read -r ft2 _; } < <(alternate 5 \
    $one "$out/pgnls-base" check "$file" -- $one "$out/pgnls" check "$file" -- \
    "$out/pgnls-base" check "$file" -- "$out/pgnls" check "$file" -- \
    $one "$out/pgnls-base" fmt "$file" -- $one "$out/pgnls" fmt "$file" -- \
    "$out/pgnls-base" fmt "$file" -- "$out/pgnls" fmt "$file")
  awk -v n="$name" -v b1="$b1" -v t1="$t1" -v b2="$b2" -v t2="$t2" \
    -v fb1="$fb1" -v ft1="$ft1" -v fb2="$fb2" -v ft2="$ft2" 'BEGIN{
    printf "| %s | %.3f s vs %.3f s: **%.2f×** | %.3f s vs %.3f s: **%.2f×** | %.3f s vs %.3f s: **%.2f×** | %.3f s vs %.3f s: **%.2f×** |\n",
      n, t1, b1, b1/t1, t2, b2, b2/t2, ft1, fb1, fb1/ft1, ft2, fb2, fb2/ft2 }'
}

echo "## pgnls check and fmt against pgn-extract ($(nproc) cores, $(date -u +%Y-%m-%d))"
echo
echo "| input | MB | games | plies | pgnls check | pgn-extract -s | check ratio | pgnls fmt vs pgn-extract -s -w80 |"
echo "|---|---|---|---|---|---|---|---|"
row "shared corpus ×40" "$out/corpus40.pgn"
row "dense generated games" "$out/dense40.pgn"
echo

if [ -n "$anchor" ]; then
  echo "## pgnls against pgn-reader (validate_var, one core), and fmt on one core and two ($(date -u +%Y-%m-%d))"
  echo
  echo "| input | MB | pgn-reader, one core (CPU) | pgnls check, one core (CPU) | pgnls check, two cores | pgnls fmt, one core (CPU) | pgnls fmt, two cores |"
  echo "|---|---|---|---|---|---|---|"
  anchor_row "shared corpus ×40" "$out/corpus40.pgn"
  anchor_row "dense generated games" "$out/dense40.pgn"
  echo
fi

if [ -n "$base" ]; then
  rev=$(git rev-parse --short "$base^{commit}")
  tree="$out/base-$rev"
  [ -d "$tree" ] || git worktree add --quiet --detach "$tree" "$rev"
  (cd "$tree" && go build -o "$OLDPWD/$out/pgnls-base" ./cmd/pgnls)
  echo "## This tree against $rev ($(git log -1 --format=%s "$rev" | cut -c1-60)...): its time over ours"
  echo
  echo "| input | check, one core (CPU) | check, two cores | fmt, one core (CPU) | fmt, two cores |"
  echo "|---|---|---|---|---|"
  base_row "shared corpus ×40" "$out/corpus40.pgn"
  base_row "dense generated games" "$out/dense40.pgn"
  echo
  if command -v valgrind >/dev/null; then
    echo "Instructions of pgnls check without the collector (callgrind), REV's over ours:"
    echo
    for f in corpus4 dense4; do
      b=$(instructions "$out/pgnls-base" check "$out/$f.pgn")
      t=$(instructions "$out/pgnls" check "$out/$f.pgn")
      awk -v f="$f" -v b="$b" -v t="$t" 'BEGIN{printf "- %s.pgn: %.0f M vs %.0f M: **%.3f×**\n", f, t/1e6, b/1e6, b/t}'
    done
    echo
  fi
fi

if ! $quick; then
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
fi

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
  /usr/bin/time -f "%e %M" -o "$out/time" "$out/pgnls" fmt "$bigfile" >/dev/null 2>&1 || true
  read -r secs rss < <(tail -1 "$out/time")
  echo "- pgnls fmt on $size MB: $secs s, resident memory $((rss / 1024)) MB"
  rm -f "$bigfile"
fi
