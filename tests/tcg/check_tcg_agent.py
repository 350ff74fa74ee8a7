#!/usr/bin/env python3
"""Drives `ewn tcg` as a course judge would: the greeting, `ini` for both colours, whole games
against a random opponent (every answer checked legal, each game played to its end), then
lines that are not the protocol's (each refused with `error ...` on stdout and a line on stderr,
the agent going on), and `exit`. Deterministic: the dice and the opponent's moves come from
--seed, the engine searches to a fixed depth.

    check_tcg_agent.py --ewn build/cli/ewn --seed 3 --games 2 -- --player expectimax:depth=2"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ewn_rules as rules  # noqa: E402


class Agent:
    def __init__(self, argv, env):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1, env=env)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline()
        if not reply:
            sys.exit(f"FAIL: no reply to {line!r}; stderr: {self.p.stderr.read()}")
        return reply.rstrip("\n")


def check(condition, what):
    if not condition:
        sys.exit("FAIL: " + what)


def play_game(agent, rng, number):
    """One game: the engine plays `engine_side`, a random opponent the other; all checked."""
    engine_side = "R" if number % 2 else "B"
    red, blue = rng.sample(range(1, 7), 6), rng.sample(range(1, 7), 6)
    pieces, side, turns = rules.start(red, blue), rng.choice("RB"), 0
    while rules.winner(pieces) is None:
        die = rng.randint(1, 6)
        moves = rules.legal_moves(pieces, side, die)
        if side == engine_side:
            line = "get " + " ".join(rules.get_args(pieces, side, die))
            reply = agent.ask(line)
            words = reply.split()
            check(len(words) == 2, f"{line!r} answered {reply!r}, not two squares")
            move = (rules.square(words[0]), rules.square(words[1]))
            check(move in moves, f"{line!r} answered {reply!r}, not a legal move")
        else:
            move = rng.choice(moves)
        pieces = rules.play(pieces, move)
        side = "B" if side == "R" else "R"
        turns += 1
    print(f"game {number}: engine {engine_side}, {turns} turns, won by {rules.winner(pieces)}")


# Lines the agent must refuse, each with a word its refusal names.
BAD_LINES = [
    ("hello", "unknown command"),
    ("get R 7 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 A3", "die"),
    ("get R 1 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2", "14 words"),
    ("get X 1 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 A3", "colour"),
    ("get R 1 E5 E4 E3 D5 D4 C5 A1 A1 C1 A2 B2 A3", "another piece"),
    ("get R 1 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 F9", "not a square"),
    ("get R 1 0 0 0 0 0 0 A1 B1 C1 A2 B2 A3", "no pieces"),
    ("get R 1 E5 E4 E3 D5 D4 A1 0 B1 C1 A2 B2 A3", "goal corner"),
    ("ini G", "ini takes"),
    ("time_setting soon", "time_setting"),
    ("board_setting 7 9", "board_setting"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ewn", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("rest", nargs="*")
    args = ap.parse_args()
    # No default tables nor setup matrix: ini by a short search.
    env = dict(os.environ, EWN_TABLES=os.path.join(tempfile.mkdtemp(), "absent"))
    agent = Agent([args.ewn, "tcg", *args.rest], env)
    check(agent.ask("name") == "ewn", "name")
    check(agent.ask("version") != "", "version")
    check(agent.ask("time_setting 5") == "ok", "time_setting")
    check(agent.ask("board_setting 5 6") == "ok", "board_setting")
    for side, start in (("R", rules.RED_START), ("B", rules.BLUE_START)):
        squares = agent.ask("ini " + side).split()
        check(sorted(squares) == sorted(start), f"ini {side} gave {squares}, not {start}")
    rng = random.Random(args.seed)
    for number in range(1, args.games + 1):
        play_game(agent, rng, number)
    for line, word in BAD_LINES:
        reply = agent.ask(line)
        check(reply.startswith("error ") and word in reply, f"{line!r} answered {reply!r}")
    agent.p.stdin.write("\n")  # a blank line: no reply
    play_game(agent, rng, args.games + 1)  # still playing after all that
    agent.p.stdin.write("exit\n")
    agent.p.stdin.flush()
    check(agent.p.wait(timeout=30) == 0, "exit code after exit")
    err = agent.p.stderr.read()
    refusals = [line for line in err.splitlines() if ": line " in line]
    check(len(refusals) == len(BAD_LINES), f"{len(refusals)} refusals on stderr, not "
          f"{len(BAD_LINES)}:\n{err}")
    print(f"ok: {args.games + 1} games, {len(BAD_LINES)} lines refused and told on stderr")


if __name__ == "__main__":
    main()
