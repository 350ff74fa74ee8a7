#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs one for a bounded time on its corpus.
#
#   fuzz/run.sh TARGET SECONDS        TARGET: position, table, request_head or game_text
#
# The build goes to build-fuzz/ (or $FUZZ_BUILD_DIR). The committed seeds (fuzz/corpus/TARGET)
# are read, never written; inputs that find new paths go to build-fuzz/corpus/TARGET, and a
# crashing input to build-fuzz/artifacts/TARGET/ (then the script exits non-zero: turn the input
# into a regression test in tests/). Extra arguments go to libFuzzer. FUZZ_NO_BUILD=1 runs the
# target as built (so that several runs can share one build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: fuzz/run.sh position|table|request_head|game_text SECONDS [libFuzzer options]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
case "$target" in
  position) extra=(-dict=fuzz/position.dict) ;;
  table) extra=() ;;
  # Long enough inputs to reach the limits on the request line (8 KB) and head (16 KB).
  request_head) extra=(-max_len=20000) ;;
  # Whole games: a log of a few games is a few kilobytes.
  game_text) extra=(-max_len=8192 -dict=fuzz/game_text.dict) ;;
  *) echo "fuzz/run.sh: unknown target '$target' (position, table, request_head or game_text)" >&2; exit 2 ;;
esac
build=${FUZZ_BUILD_DIR:-build-fuzz}
if [ "${FUZZ_NO_BUILD:-}" != 1 ]; then
  if [ ! -f "$build/CMakeCache.txt" ]; then
    CXX=clang++ cmake -S fuzz -B "$build" -DCMAKE_BUILD_TYPE=None >/dev/null
  fi
  if ! cmake --build "$build" -j2 --target "fuzz_$target" >"$build/build.log" 2>&1; then
    cat "$build/build.log" >&2
    exit 1
  fi
fi
mkdir -p "$build/corpus/$target" "$build/artifacts/$target"
# A fresh scratch directory for the table target, removed afterwards.
export TMPDIR=$(mktemp -d)
trap 'rm -rf "$TMPDIR"' EXIT
"$build/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 \
  -print_final_stats=1 -artifact_prefix="$build/artifacts/$target/" "${extra[@]}" "$@" \
  "$build/corpus/$target" "fuzz/corpus/$target"
