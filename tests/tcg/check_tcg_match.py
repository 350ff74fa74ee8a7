#!/usr/bin/env python3
"""`ewn match` against an outside program (agent.py through the course protocol): a short match
against expectimax in which the agent crashes, hangs, answers an illegal move and answers
words that are not a move, once each. Each of those games is lost by the agent with the reason
in the log and the JSON summary, the match goes on with a fresh process (five processes in
all), the agent's standard error is kept, and `ewn analyse --all` reads the log.
Deterministic: fixed seed, a fixed-depth expectimax, an agent whose moves depend on the
position alone.

    check_tcg_match.py --ewn build/cli/ewn --work DIR"""
import argparse
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def check(condition, what):
    if not condition:
        sys.exit("FAIL: " + what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ewn", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    counter, log = os.path.join(args.work, "gets"), os.path.join(args.work, "faults.log")
    for path in (counter, log, log + ".A.stderr"):
        if os.path.exists(path):
            os.remove(path)
    agent = (f"tcg:{shlex.quote(sys.executable)} {shlex.quote(os.path.join(HERE, 'agent.py'))} "
             f"--counter {shlex.quote(counter)} --crash-at 2 --hang-at 9 --illegal-at 17 "
             "--unreadable-at 25")
    run = subprocess.run([args.ewn, "match", "--a", agent, "--b", "expectimax:depth=1,tables=none",
                          "--games", "12", "--seed", "5", "--tcg-movetime", "400ms", "--log", log,
                          "--json", "-q"], capture_output=True, text=True, timeout=120)
    check(run.returncode == 0, f"ewn match exit {run.returncode}: {run.stderr}")
    doc = json.loads(run.stdout)
    check(doc["games"] == 12, f"{doc['games']} games")
    faults = doc["faults"]
    reasons = [f["reason"] for f in faults if f["loser"] == "A"]
    expected = ["ended before answering", "did not answer", "not a legal move", "not two squares"]
    check(len(reasons) == 4, f"the agent's faults: {faults}")
    for reason, words in zip(reasons, expected):
        check(words in reason, f"fault {reason!r} does not say {words!r}")
    check([f["end"] for f in faults if f["loser"] == "A"] == ["illegal", "time", "illegal", "illegal"],
          f"ends: {faults}")
    text = open(log).read()
    check(text.count("\nfault ") == len(faults), "a fault line for every fault")
    err = open(log + ".A.stderr").read()
    check("crashing on purpose" in err and "hanging on purpose" in err, "the agent's stderr kept")
    check(err.count("# ewn match: A's process") == 5, "one fresh process after each fault:\n" + err)
    analysed = subprocess.run([args.ewn, "analyse", "--all", "--json", "--tables", "none",
                               "--nodes", "1000", "--threads", "1", log],
                              capture_output=True, text=True, timeout=120)
    check(analysed.returncode == 0, f"ewn analyse --all: {analysed.stderr}")
    documents = [json.loads(line) for line in analysed.stdout.splitlines() if line.strip()]
    check(len(documents) == 13, f"{len(documents)} documents, not 12 games and the summary")
    print(f"ok: {len(faults)} faults ({', '.join(f['end'] for f in faults)}), 5 processes, "
          "the log analysed")


if __name__ == "__main__":
    main()
