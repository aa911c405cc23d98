#!/usr/bin/env bash
# Remakes cmd/pgnls/default.pgo, the CPU profile that go build uses for
# profile-guided optimization of the pgnls binary (inlining and devirtualizing
# the hot calls it records: 5-10% less CPU for pgnls check, measured with
# bench/run.sh). Run it after large changes to the hot paths, and commit the
# result.
#
# The profile merges the work pgnls does: check of the corpus x40 and of dense
# games (as bench/run.sh builds them), fmt of the corpus, and the language
# server under BenchmarkBinary (open of 30 MB, keystrokes). Each run is
# profiled through PGNLS_CPUPROFILE (cmd/pgnls/main.go).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
if [ ! -s "$out/corpus40.pgn" ] || [ ! -s "$out/dense40.pgn" ]; then
  echo "run bench/run.sh first: it builds the inputs in $out" >&2
  exit 2
fi
# Built without the current profile, so that the new one does not depend on it.
go build -pgo=off -o "$out/pgnls-nopgo" ./cmd/pgnls
profiles=()
run() { # name command...
  local p="$out/pgo-$1.out"
  shift
  PGNLS_CPUPROFILE="$p" "$@" >/dev/null 2>&1 || true
  profiles+=("$p")
}
for i in 1 2 3; do
  run "check-corpus-$i" "$out/pgnls-nopgo" check "$out/corpus40.pgn"
  run "check-dense-$i" "$out/pgnls-nopgo" check "$out/dense40.pgn"
done
run fmt-corpus "$out/pgnls-nopgo" fmt "$out/corpus40.pgn"
PGNLS_BIN="$PWD/$out/pgnls-nopgo" PGNLS_CPUPROFILE="$PWD/$out/pgo-serve.out" \
  go test -run '^$' -bench 'BenchmarkBinary$' -benchtime 400x ./lsp/ >/dev/null
profiles+=("$out/pgo-serve.out")
go tool pprof -proto "${profiles[@]}" > cmd/pgnls/default.pgo
echo "wrote cmd/pgnls/default.pgo from ${#profiles[@]} profiles"
