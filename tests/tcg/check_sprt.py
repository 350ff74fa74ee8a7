#!/usr/bin/env python3
"""`ewn match --sprt`: a decided case stops early with H1 (expectimax against random), an equal
one plays every game it may (one deterministic player against itself: every pair split 1-1, so
the LLR stays 0 and no luck can end the test); the progress line shows the LLR. Fixed seeds
and depths: the same games every run."""
import argparse
import json
import subprocess
import sys


def check(condition, what):
    if not condition:
        sys.exit("FAIL: " + what)


def match(ewn, *args):
    run = subprocess.run([ewn, "match", "--json", *args], capture_output=True, text=True,
                         timeout=120)
    check(run.returncode == 0, f"ewn match {args}: exit {run.returncode}: {run.stderr}")
    return json.loads(run.stdout), run.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ewn", required=True)
    ewn = ap.parse_args().ewn
    doc, err = match(ewn, "--a", "expectimax:depth=2,tables=none", "--b", "random", "--sprt",
                     "0,200", "--games", "400", "--seed", "7")
    sprt = doc["sprt"]
    check(sprt["result"] == "H1" and sprt["llr"] >= sprt["upper"], f"decided: {sprt}")
    check(doc["games"] < 100 and doc["games"] % 2 == 0, f"decided after {doc['games']} games")
    check(sum(sprt["pairs"]) == doc["games"] // 2, f"pairs {sprt['pairs']}")
    check("LLR " in err and "H1" in err, "the progress line shows the LLR: " + err)
    decided = doc["games"]
    doc, err = match(ewn, "--a", "expectimax:depth=1,tables=none", "--b",
                     "expectimax:depth=1,tables=none", "--sprt", "-10,10", "--games", "60",
                     "--seed", "7", "-q")
    sprt = doc["sprt"]
    check(doc["games"] == 60 and sprt["result"] == "continue", f"equal: {doc['games']}, {sprt}")
    check(sprt["pairs"] == [0, 0, 30, 0, 0] and abs(sprt["llr"]) < 1e-9, f"equal: {sprt}")
    print(f"ok: decided with H1 after {decided} games; the equal case played all 60")


if __name__ == "__main__":
    main()
