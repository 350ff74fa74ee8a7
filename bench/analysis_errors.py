#!/usr/bin/env python3
"""How well each player plays, and where it loses: the mean value lost per move of every player in
analysed games, by the number of pieces on the board (docs/RESULTS.md).

Reads the output of `ewn analyse LOG --all --json` (one document a line, with the players' names
of an `ewn match` log) from the files given or stdin, and prints a Markdown table: for each
player and range of piece counts, the mean value lost per move with a choice (win probability given
away), the number of such moves, and the blunders per 100 of them.

    ewn analyse m.log --all --json > m.jsonl && bench/analysis_errors.py m.jsonl
"""
import json
import sys
from collections import defaultdict

# Ranges of pieces on the board before the move, from the opening to the tables' reach.
RANGES = [(10, 12), (8, 9), (6, 7), (5, 5), (4, 4), (2, 3)]


def range_name(lo, hi):
    return str(lo) if lo == hi else f"{hi}-{lo}"


def main(paths):
    sums = defaultdict(lambda: [0.0, 0, 0])  # (player, range) -> value lost sum, moves, blunders
    exact = defaultdict(lambda: [0, 0])  # range -> exact moves, moves
    games = defaultdict(int)
    streams = [open(p) for p in paths] if paths else [sys.stdin]
    for stream in streams:
        for line in stream:
            if not line.strip():
                continue
            doc = json.loads(line)
            players = doc.get("players") or {"r": "red", "b": "blue"}
            for side in "rb":
                games[players[side]] += 1
            for t in doc["turns"]:
                if t["choices"] < 2:
                    continue
                for lo, hi in RANGES:
                    if lo <= t["pieces"] <= hi:
                        s = sums[(players[t["side"]], (lo, hi))]
                        s[0] += t["value_lost"]
                        s[1] += 1
                        s[2] += t["mark"] == "blunder"
                        e = exact[(lo, hi)]
                        e[0] += t["source"] == "tables"
                        e[1] += 1
    header = "| player | games | " + " | ".join(f"{range_name(lo, hi)} pieces" for lo, hi in RANGES)
    print(header + " | all |")
    print("|---" * (len(RANGES) + 3) + "|")
    for player in sorted(games):
        cells, total = [], [0.0, 0, 0]
        for r in RANGES:
            err, n, blunders = sums[(player, r)]
            total = [total[0] + err, total[1] + n, total[2] + blunders]
            cells.append(f"{err / n:.4f} ({n}; {100 * blunders / n:.1f})" if n else "-")
        err, n, blunders = total
        cells.append(f"{err / n:.4f} ({n}; {100 * blunders / n:.1f})" if n else "-")
        print(f"| {player} | {games[player]} | " + " | ".join(cells) + " |")
    shares = [f"{100 * exact[r][0] / exact[r][1]:.0f}%" if exact[r][1] else "-" for r in RANGES]
    print("| (exact from the tables) | | " + " | ".join(shares) + " | |")


if __name__ == "__main__":
    main(sys.argv[1:])
