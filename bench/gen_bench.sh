#!/usr/bin/env bash
# Wall time, CPU time, positions/s and peak memory of `ewn gen` for a piece count and thread
# count, as the median of several runs into a fresh directory each time, and one checksum over
# all the tables (equal checksums: byte-identical sets). Further arguments go to `ewn gen`.
#   bench/gen_bench.sh PIECES THREADS [RUNS] [EWN] [GEN ARGUMENTS...]
#   bench/gen_bench.sh 5 2 3 build/cli/ewn --max-memory 96M
set -euo pipefail
pieces=${1:?pieces}; threads=${2:?threads}; runs=${3:-3}; ewn=${4:-build/cli/ewn}
shift $(( $# < 4 ? $# : 4 ))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq "$runs"); do
  rm -rf "$out/t"
  /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$ewn" gen --pieces "$pieces" --threads "$threads" \
    --tables "$out/t" --quiet --json "$@" > "$out/json"
  read -r wall user sys rss < "$out/time"
  positions=$(sed -n 's/.*"positions":\([0-9]*\).*/\1/p' "$out/json")
  bytes=$(sed -n 's/.*"bytes":\([0-9]*\).*/\1/p' "$out/json")
  sum=$(cd "$out/t" && sha256sum -- *.ewt | sha256sum | cut -c1-16)
  echo "$wall $user $sys $rss $positions $bytes $sum"
done | sort -n | awk -v p="$pieces" -v t="$threads" '
  { w[NR]=$1; c[NR]=$2+$3; m[NR]=$4; pos=$5; b=$6; sums[$7]=1 }
  END {
    i = int((NR + 1) / 2)
    s = ""; for (k in sums) s = s (s == "" ? "" : ",") k
    printf "pieces=%d threads=%d runs=%d  median wall %.1f s  cpu %.1f s  %.2f M pos/s  peak %.0f MB  positions %.0f  table bytes %.0f  tables sha256 %s\n",
           p, t, NR, w[i], c[i], pos / w[i] / 1e6, m[i] / 1024, pos, b, s
  }'
