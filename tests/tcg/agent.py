#!/usr/bin/env python3
"""A course agent for the tests and the docs: the course protocol on stdin/stdout, playing a
random legal move (drawn by a generator seeded by the position, so that a match is replayed
move for move), or the greedy move with --greedy (a win at once, else a capture of an enemy
piece, else the step nearest its goal).

For the tests it misbehaves on purpose at a given `get` counted over all its processes (the
count kept in --counter FILE): --crash-at N ends the process, --hang-at N stops answering,
--illegal-at N answers a move that is not legal, --unreadable-at N answers words that are not a
move."""
import argparse
import os
import random
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ewn_rules as rules  # noqa: E402


def greedy(pieces, side, moves):
    goal = (4, 4) if side == "R" else (0, 0)

    def score(m):
        after = rules.play(pieces, m)
        if rules.winner(after) == side:
            return 100
        target = next((p for p, sq in pieces.items() if sq == m[1]), None)
        gain = 10 if target and target[0] != side else (-10 if target else 0)
        return gain - max(abs(goal[0] - m[1][0]), abs(goal[1] - m[1][1]))
    return max(moves, key=score)


def count_get(path):
    """This get's number over all the agent's processes (the count kept in `path`), or 0."""
    if not path:
        return 0
    n = int(open(path).read() or 0) + 1 if os.path.exists(path) else 1
    with open(path, "w") as f:
        f.write(str(n))
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--greedy", action="store_true")
    ap.add_argument("--counter")
    for fault in ("crash", "hang", "illegal", "unreadable"):
        ap.add_argument(f"--{fault}-at", type=int, default=0)
    args = ap.parse_args()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, reply = words[0], "ok"
        if command == "exit":
            return
        if command == "name":
            reply = "greedy-agent" if args.greedy else "random-agent"
        elif command == "version":
            reply = "1.0"
        elif command == "ini":
            order = [1, 2, 3, 4, 5, 6]
            start = rules.RED_START if words[1] == "R" else rules.BLUE_START
            reply = " ".join(start[order.index(n)] for n in range(1, 7))
        elif command == "get":
            side, die, pieces = rules.parse_get(words[1:])
            moves = rules.legal_moves(pieces, side, die)
            rng = random.Random(zlib.crc32(line.encode()))
            move = greedy(pieces, side, moves) if args.greedy else rng.choice(moves)
            reply = rules.name(move[0]) + " " + rules.name(move[1])
            n = count_get(args.counter)
            if n == 0:
                pass
            elif n == args.crash_at:
                print(f"agent: crashing on purpose at get {n}", file=sys.stderr, flush=True)
                sys.exit(3)
            elif n == args.hang_at:
                print(f"agent: hanging on purpose at get {n}", file=sys.stderr, flush=True)
                time.sleep(600)
            elif n == args.illegal_at:
                own = {sq for p, sq in pieces.items() if p[0] == side}
                reply = next(rules.name(sq) + " " + rules.name(sq) for sq in own)  # no move at all
            elif n == args.unreadable_at:
                reply = "I resign"
        print(reply, flush=True)


if __name__ == "__main__":
    main()
