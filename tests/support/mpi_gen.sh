#!/usr/bin/env bash
# `mpirun -np N ewn gen` against one process, with 2 and 3 ranks on this machine:
#   mpi_gen.sh EWN_PROGRAM MPIEXEC identical   <= 4 tables byte-identical to one process's
#   mpi_gen.sh EWN_PROGRAM MPIEXEC parts       the same with groups in parts solved by all ranks
#   mpi_gen.sh EWN_PROGRAM MPIEXEC kill        a rank killed mid-run: a clear, non-zero exit
#                                              within seconds; the rerun keeps what was done and
#                                              ends with the same bytes
# A 4th argument adds options to every mpirun, e.g. "--mca btl tcp,self": TCP as between machines.
set -euo pipefail
ewn=$1
mode=$3
read -ra mpirun_options <<<"${4:-}"
mpiexec=("$2" --oversubscribe "${mpirun_options[@]}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Open MPI refuses to run as root (CI's machines) unless told that it is meant.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail() {
  echo "FAIL: $*"
  exit 1
}
ranks() { # ranks() NP ARGS...: ewn ARGS under mpirun with NP ranks
  local np=$1
  shift
  timeout 300 "${mpiexec[@]}" -np "$np" "$ewn" "$@"
}
same() { # same() REFERENCE DIR: the same files, byte for byte (the lock file aside)
  diff -r --exclude=.ewn-gen.lock "$1" "$2" >/dev/null ||
    fail "$2 differs from $1: $(diff -rq --exclude=.ewn-gen.lock "$1" "$2" | head -5)"
}
json_number() { # json_number() FILE KEY: the first value of KEY
  grep -o "\"$2\":[0-9]*" "$1" | head -1 | cut -d: -f2
}
every_rank() { # every_rank() FILE KEY NP: KEY is positive for each of the NP ranks
  local positive
  positive=$(grep -o "\"$2\":[0-9.e+]*" "$1" | grep -vc "\"$2\":0$" || true)
  [ "$positive" -ge "$3" ] || fail "$2 is not positive for each of the $3 ranks: $(cat "$1")"
}

case $mode in
identical)
  "$ewn" gen --pieces 4 --tables "$work/one" --quiet >/dev/null
  for np in 2 3; do
    ranks $np gen --pieces 4 --tables "$work/r$np" --json --quiet >"$work/r$np.json"
    same "$work/one" "$work/r$np"
    [ "$(grep -o '"rank":' "$work/r$np.json" | wc -l)" -eq $np ] ||
      fail "not $np ranks in the summary: $(cat "$work/r$np.json")"
    # Dynamic load balancing: every rank solved groups, rank 0 too.
    every_rank "$work/r$np.json" groups $np
    echo "$np ranks: the same 120 tables as one process"
  done
  ;;
parts)
  "$ewn" gen --pieces 4 --tables "$work/one" --quiet >/dev/null
  for np in 2 3; do
    # Just above the smallest budget that works, as the run itself measures it: the largest
    # groups do not fit whole, nor in one part, and are solved in parts by all ranks together.
    # The process's own resident memory (part of the need) differs a little from run to run, so
    # a run that finds the budget too small is tried again a quarter MiB higher.
    if ranks $np gen --pieces 4 --tables "$work/probe" --max-memory 1M 2>"$work/err" >/dev/null; then
      fail "a budget of 1M was accepted"
    fi
    grep -q 'use --max-memory [0-9]*M or more' "$work/err" || fail "no budget named: $(cat "$work/err")"
    needed=$(grep -o 'needs at least [0-9.]* MiB' "$work/err" | head -1 | cut -d' ' -f4)
    done_ok=""
    for quarters in 1 2 3 4; do
      budget=$(awk -v m="$needed" -v q=$quarters 'BEGIN { printf "%dK", m * 1024 + q * 256 }')
      code=0
      ranks $np gen --pieces 4 --tables "$work/p$np" --max-memory "$budget" --json --quiet \
        >"$work/p$np.json" 2>"$work/err" || code=$?
      if [ $code -eq 0 ]; then
        done_ok=1
        break
      fi
      grep -q "is too small" "$work/err" || fail "exit $code with --max-memory $budget: $(cat "$work/err")"
    done
    [ -n "$done_ok" ] || fail "no budget up to a MiB above $needed MiB worked: $(cat "$work/err")"
    same "$work/one" "$work/p$np"
    [ "$(json_number "$work/p$np.json" most_parts)" -ge 2 ] ||
      fail "no group in more than one part with --max-memory $budget: $(cat "$work/p$np.json")"
    every_rank "$work/p$np.json" team_groups $np
    every_rank "$work/p$np.json" exchanged_bytes $np
    echo "$np ranks, --max-memory $budget: the same tables, groups in parts across the ranks"
  done
  ;;
kill)
  # zstd level 19 makes the <= 4 run last long enough (seconds) to kill a rank in the middle.
  args=(gen --pieces 4 --zstd-level 19 --tables "$work/k")
  "$ewn" gen --pieces 4 --zstd-level 19 --tables "$work/one" --quiet >/dev/null
  "${mpiexec[@]}" -np 3 "$ewn" "${args[@]}" >"$work/out" 2>"$work/err" &
  launcher=$!
  for _ in $(seq 600); do
    [ "$(find "$work/k" -name '*.ewt' 2>/dev/null | wc -l)" -ge 30 ] && break
    kill -0 $launcher 2>/dev/null || fail "the run ended before a rank could be killed"
    sleep 0.1
  done
  victim=""
  for pid in $(pgrep -P $launcher); do
    rank=$(tr '\0' '\n' </proc/"$pid"/environ | grep '^OMPI_COMM_WORLD_RANK=' | cut -d= -f2)
    [ "$rank" = 1 ] && victim=$pid
  done
  [ -n "$victim" ] || fail "rank 1 not found among the processes of mpirun"
  kill -9 "$victim"
  start=$SECONDS
  while kill -0 $launcher 2>/dev/null; do
    if [ $((SECONDS - start)) -gt 20 ]; then
      kill -9 $launcher
      fail "the job still runs 20 s after rank 1 was killed"
    fi
    sleep 0.1
  done
  code=0
  wait $launcher || code=$?
  [ $code -ne 0 ] || fail "exit code 0 after a rank was killed"
  # Rank 0 says what every rank was doing, the killed one included, as soon as it sees rank 1 end
  # (mpirun's SIGTERM, the other way it learns it, may be followed by SIGKILL at once).
  grep -q "the ranks were assigned:" "$work/err" || fail "no account of the ranks: $(cat "$work/err")"
  grep -q "rank 0 stops, as rank 1 has ended" "$work/err" ||
    fail "rank 0 did not see rank 1 end: $(cat "$work/err")"
  grep -Eq "rank 1 \(.*\): group [0-9]+v[0-9]+" "$work/err" ||
    fail "the message does not say what rank 1 was doing: $(cat "$work/err")"
  grep -q "run the same command again to resume" "$work/err" || fail "no resume hint"
  # A table is a class: a format-3 file holds its own and, when its derives_twin byte (offset
  # 112, docs/FORMAT.md) is 1, answers for its colour twin's too.
  kept=0
  for f in "$work"/k/*.ewt; do
    [ -e "$f" ] || continue
    kept=$((kept + 1 + $(od -An -tu1 -j112 -N1 "$f")))
  done
  echo "killed rank 1: exit $code after $((SECONDS - start)) s with $kept tables written"
  ranks 3 "${args[@]}" --json --quiet >"$work/rerun.json"
  # Nothing done is done again: every table written before the kill is kept (and checked).
  [ "$(json_number "$work/rerun.json" skipped)" -eq "$kept" ] ||
    fail "the rerun did not keep the $kept complete tables: $(cat "$work/rerun.json")"
  same "$work/one" "$work/k"
  echo "the rerun kept $kept tables and completed the same bytes"
  ;;
*) fail "unknown mode $mode" ;;
esac
