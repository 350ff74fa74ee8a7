#!/usr/bin/env bash
# The honest client's latency and errors under each attack of issue 52, for one or more builds
# of `ewn serve` taking turns (docs/BENCHMARKS.md, "Under attack"). Each server is started on a
# free port with the same tables, attacked, and stopped; one JSON line a run:
#   bench/web_attacks.sh LOAD TABLES POSITIONS ROUNDS EWN...
# LOAD: the load client (build/web/tests/ewn_web_load); POSITIONS: covered positions, one a
# line (the honest client probes them).
set -euo pipefail
load=$1 tables=$2 positions=$3 rounds=$4
shift 4
attack() {  # name, then the load client's options
  local name=$1
  shift
  local out
  out=$("$load" --host 127.0.0.1 --port "$port" --positions "$positions" --max-seconds 60 "$@" \
    2>/dev/null || true)
  echo "{\"server\":\"$ewn\",\"attack\":\"$name\",\"figures\":${out:-null}}"
}
for ((round = 1; round <= rounds; round++)); do
  for ewn in "$@"; do
    log=$(mktemp)
    "$ewn" serve --tables "$tables" --port 0 >"$log" 2>&1 &
    pid=$!
    until grep -q "listening on" "$log"; do sleep 0.1; done
    port=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\)\/.*/\1/p' "$log")
    attack none --clients 4 --requests 4000
    attack idle512x4 --clients 1 --requests 320 --interval-ms 25 --fresh --idle 512 \
      --addresses 4 --reopen
    attack pipeliners16 --clients 4 --requests 4000 --pipeliners 16 --pipeline 1000
    attack idle200slow16 --clients 4 --requests 4000 --idle 200 --slow 16
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    rm -f "$log"
  done
done
