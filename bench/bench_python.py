"""The Python module's cached probe, to set beside bench_api's figures:
    python3 bench/bench_python.py TABLES POSITIONS_FILE [ROUNDS]
POSITIONS_FILE: the positions `bench_api --save` wrote. Prints the median over rounds of the
thread's CPU time per ewn.Tablebase.value() call (and per probe() call, which also builds the
document, an ewn.Probe)."""

import statistics
import sys
import time

import ewn


def ns_per_call(call, positions, rounds):
    per_round = []
    for _ in range(rounds):
        t0 = time.thread_time_ns()
        for p in positions:
            call(p)
        per_round.append((time.thread_time_ns() - t0) / len(positions))
    return statistics.median(per_round)


def main():
    tables, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    with open(path) as f:
        positions = [line.strip() for line in f if line.strip()]
    tb = ewn.Tablebase(tables)
    ns_per_call(tb.value, positions, 1)  # fill the cache
    print(f"{len(positions)} cached positions, median of {rounds} rounds, CPU ns a call:")
    print(f"  Python Tablebase.value: {ns_per_call(tb.value, positions, rounds):.0f}")
    print(f"  Python Tablebase.probe: {ns_per_call(tb.probe, positions, max(1, rounds // 10)):.0f}")


main()
