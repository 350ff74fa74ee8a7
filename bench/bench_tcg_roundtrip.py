#!/usr/bin/env python3
"""The cost of a move through the course protocol: `ewn tcg --player SPEC` is sent `get` lines
(the start position, every colour and die) and answers them, N times; prints the wall time of a
round trip and the CPU time of both processes (this script's included) per round trip.

    bench/bench_tcg_roundtrip.py build/cli/ewn random 20000 [TABLES]"""
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "tcg"))
import ewn_rules as rules  # noqa: E402


def main():
    ewn, spec, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    tables = sys.argv[4] if len(sys.argv) > 4 else "none"
    p = subprocess.Popen([ewn, "tcg", "--player", spec, "--tables", tables],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    pieces = rules.start([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])
    lines = ["get " + " ".join(rules.get_args(pieces, s, d)) for s in "RB" for d in range(1, 7)]
    for line in lines[:3]:  # started and warm
        p.stdin.write(line + "\n")
        p.stdin.flush()
        p.stdout.readline()
    t0, c0 = time.perf_counter(), os.times()
    for i in range(n):
        p.stdin.write(lines[i % len(lines)] + "\n")
        p.stdin.flush()
        p.stdout.readline()
    wall = time.perf_counter() - t0
    p.stdin.write("exit\n")
    p.stdin.flush()
    p.wait()
    c = os.times()
    cpu = c.children_user + c.children_system + c.user + c.system - c0.user - c0.system
    print(f"{spec}: {n} round trips, {wall / n * 1e6:.1f} us each (wall); "
          f"CPU of both processes {cpu / n * 1e6:.1f} us each")


if __name__ == "__main__":
    main()
