#!/usr/bin/env bash
# The honest client's latency and errors under each attack of issues 52 and 59, for one or more
# builds of `ewn serve` taking turns (docs/BENCHMARKS.md, "Under attack" and "The edges of issue
# 59"). Each server is started on a free port with the same tables, attacked, and stopped; one
# JSON line a run:
#   bench/web_attacks.sh LOAD TABLES POSITIONS ROUNDS EWN...
# LOAD: the load client (build/web/tests/ewn_web_load); POSITIONS: covered positions, one a
# line (the honest client probes them). ATTACKS (environment): which to run, a space-separated
# list of the names below (default: all). The attacks of issue 59 open up to 5 000 sockets on
# 127.0.0.2-17 and start one server under `ulimit -n 1024`: the hard limit must allow them.
set -euo pipefail
load=$1 tables=$2 positions=$3 rounds=$4
shift 4
attacks=${ATTACKS:-none idle512x4 pipeliners16 idle200slow16 heads3000cr heads3000a idle1024x4 \
idle256x16 flood5000x16 flood5000x16ulimit1024}
attack() {  # name, then the load client's options
  local name=$1
  shift
  [[ " $attacks " == *" $name "* ]] || return 0
  local out cpu=$(server_cpu)
  out=$("$load" --host 127.0.0.1 --port "$port" --positions "$positions" --max-seconds 60 "$@" \
    2>/dev/null || true)
  cpu=$(($(server_cpu) - cpu))
  echo "{\"server\":\"$ewn\",\"attack\":\"$name\",\"server_cpu_s\":$((cpu / 100)).$(printf %02d \
    $((cpu % 100))),\"figures\":${out:-null}}"
}
server_cpu() {  # the server's CPU time so far (user and system), in clock ticks of 1/100 s
  awk '{print $14 + $15}' "/proc/$pid/stat"
}
start() {  # the server, under the limit on open files given (soft and hard, as ulimit -n)
  log=$(mktemp)
  (ulimit -n "$1" && exec "$ewn" serve --tables "$tables" --port 0) >"$log" 2>&1 &
  pid=$!
  until grep -q "listening on" "$log"; do sleep 0.1; done
  port=$(sed -n 's/.*listening on http:\/\/127.0.0.1:\([0-9]*\)\/.*/\1/p' "$log")
}
stop() {
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -f "$log"
}
# The honest client of issue 59's attacks: a fresh connection every 100 ms.
honest=(--clients 1 --fresh --interval-ms 100)
for ((round = 1; round <= rounds; round++)); do
  for ewn in "$@"; do
    start "$(ulimit -Hn)"
    attack none --clients 4 --requests 4000
    attack idle512x4 --clients 1 --requests 320 --interval-ms 25 --fresh --idle 512 \
      --addresses 4 --reopen
    attack pipeliners16 --clients 4 --requests 4000 --pipeliners 16 --pipeline 1000
    attack idle200slow16 --clients 4 --requests 4000 --idle 200 --slow 16
    # Issue 59: heads of 16 000 carriage returns (or letters) growing a byte every 100 ms;
    # four addresses at 1 024 idle connections each (the old server's cap on an address), and
    # sixteen at 256 (the new one's); a flood of 5 000 from 16 addresses; all re-opened as the
    # server closes them, the honest client from 127.0.0.1.
    attack heads3000cr "${honest[@]}" --requests 120 --heads 3000 --head-fill cr --from 2 \
      --addresses 16
    attack heads3000a "${honest[@]}" --requests 120 --heads 3000 --head-fill a --from 2 \
      --addresses 16
    attack idle1024x4 "${honest[@]}" --requests 120 --idle 4096 --addresses 4 --from 2 --reopen
    attack idle256x16 "${honest[@]}" --requests 120 --idle 4096 --addresses 16 --from 2 --reopen
    attack flood5000x16 "${honest[@]}" --requests 120 --idle 5000 --addresses 16 --from 2 \
      --reopen
    stop
    if [[ " $attacks " == *" flood5000x16ulimit1024 "* ]]; then
      start 1024
      attack flood5000x16ulimit1024 --clients 4 --fresh --interval-ms 25 --requests 1200 \
        --idle 5000 --addresses 16 --from 2 --reopen
      stop
    fi
  done
done
