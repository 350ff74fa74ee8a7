#!/usr/bin/env bash
# Wall time, CPU time and peak memory of solving one group again, for one or more `ewn` binaries
# taking turns (so that a change of the machine's speed touches them alike), as the median of
# RUNS runs each, and a checksum of the group's tables (equal checksums: byte-identical).
#   bench/gen_group_bench.sh DIR CLASS RUNS EWN [EWN...]
#   bench/gen_group_bench.sh t5x 123v124 3 old/ewn build/cli/ewn
# DIR holds the smaller classes' tables and exact values, made once with
#   ewn gen --pieces 5 --keep-exact 5 --tables DIR
set -euo pipefail
dir=${1:?directory}; class=${2:?class}; runs=${3:?runs}; shift 3
[ $# -ge 1 ] || { echo "gen_group_bench.sh: name at least one ewn binary" >&2; exit 2; }
twin=${class#*v}v${class%v*}
pieces=$(( ${#class} - 1 ))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq "$runs"); do
  for b in $(seq $#); do
    ewn=${!b}
    rm -f "$dir/$class.ewt" "$dir/$twin.ewt"
    /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$ewn" gen --pieces "$pieces" --class "$class" \
      --tables "$dir" --quiet
    # Format 3 writes one file of the pair, either of the two.
    files=$(cd "$dir" && for f in "$class" "$twin"; do [ -e "$f.ewt" ] && echo "$f.ewt"; done | sort -u)
    sum=$(cd "$dir" && sha256sum -- $files | sha256sum | cut -c1-16)
    echo "$b $(cat "$out/time") $sum" >> "$out/runs"
  done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for b in $(seq $#); do
  mine() { awk -v b="$b" '$1 == b' "$out/runs"; }
  wall=$(mine | awk '{ print $2 }' | median)
  cpu=$(mine | awk '{ print $3 + $4 }' | median)
  peak=$(mine | awk '{ print $5 }' | median)
  sums=$(mine | awk '{ print $6 }' | sort -u | paste -sd, -)
  printf "%s: median of %d runs: wall %s s  cpu %s s  peak %d MB  tables sha256 %s\n" \
    "${!b}" "$runs" "$wall" "$cpu" "$((peak / 1024))" "$sums"
done
