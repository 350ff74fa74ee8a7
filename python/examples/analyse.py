"""The value of a position, each die's best move, and the engine's choice:
    python3 analyse.py TABLES [POSITION]"""

import sys

import ewn

position = ewn.Position(sys.argv[2] if len(sys.argv) > 2 else "r1r23/5/5/5/4b1 r")
with ewn.Tablebase(sys.argv[1]) as tables:
    answer = tables.probe(position)  # an ewn.Probe: what `ewn probe --json` prints, typed
    print(f"{position}: {answer.side} wins with probability {answer.value:.6f}")
    for die in answer.dice:
        best = die.moves[0]  # an ewn.ValuedMove
        print(f"  die {die.die}: {best.move} {best.move_value:.6f}")
    try:
        tables.probe("r1r2/5/5 r")
    except ValueError as error:
        print(error)  # bad position: ... (the message of ewn probe)

with ewn.Engine(tables=sys.argv[1], movetime_ms=100) as engine:
    move = engine.best_move(position, 3)
    print(f"the engine plays {move} for a 3; then {position.play(move)}")
