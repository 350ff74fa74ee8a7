"""ewn.Tablebase answers as `ewn probe --json` does: an ewn.Probe whose document is the line."""

import json
import random
import subprocess

import pytest

import ewn
from conftest import PIECES
from random_positions import random_position


def cli_documents(ewn_program, tables, positions):
    """The lines `ewn probe --json` prints, the positions read from stdin in one run."""
    run = subprocess.run([str(ewn_program), "probe", "--json", "--tables", str(tables)],
                         input="\n".join(positions) + "\n", capture_output=True, text=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(positions), run.stderr
    return lines


@pytest.fixture(scope="module")
def sample(ewn_program, tables):
    rng = random.Random(28)
    positions = [random_position(rng, PIECES) for _ in range(1000)]
    lines = cli_documents(ewn_program, tables, positions)
    return positions, [json.loads(line) for line in lines], lines


def test_probe_equals_the_cli_json_on_1000_random_positions(tables, sample):
    tb = ewn.Tablebase(tables)
    assert tb.complete_up_to == PIECES
    positions, documents, lines = sample
    assert sum(d["winner"] is not None for d in documents) > 0  # decided ones are in the sample too
    assert sum(d["die"] is not None for d in documents) > 100
    for position, document, line in zip(positions, documents, lines):
        probe = tb.probe(position)
        assert type(probe) is ewn.Probe
        assert probe.to_dict() == document, position
        assert probe.to_json() == line  # the very text, keys in its order
        assert probe == ewn.Probe.from_dict(document) == ewn.Probe.from_json(line)


def test_value_moves_and_best_move_agree_with_the_document(tables, sample):
    tb = ewn.Tablebase(str(tables))
    for position in sample[0]:
        probe = tb.probe(position)
        assert tb.value(position) == probe.value
        for die in probe.dice:
            moves = tb.moves(position, die.die)
            assert type(moves) is list and all(type(m) is ewn.ValuedMove for m in moves)
            assert tuple(moves) == die.moves, position
            assert tb.best_move(position, die.die) == moves[0].move
        if probe.winner is not None:
            assert tb.moves(position, probe.die or 1) == []


def test_positions_round_trip_and_are_accepted_as_objects(tables, sample):
    tb = ewn.Tablebase(tables)
    for position, document in list(zip(*sample[:2]))[:200]:
        p = ewn.Position(position)
        assert str(p) == position == document["position"]
        assert tb.probe(p) == tb.probe(position)
