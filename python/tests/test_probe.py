"""ewn.Tablebase answers as `ewn probe --json` does."""

import json
import random
import subprocess

import pytest

import ewn
from conftest import PIECES
from random_positions import random_position


def cli_documents(ewn_program, tables, positions):
    """The documents `ewn probe --json` prints, the positions read from stdin in one run."""
    run = subprocess.run([str(ewn_program), "probe", "--json", "--tables", str(tables)],
                         input="\n".join(positions) + "\n", capture_output=True, text=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(positions), run.stderr
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def sample(ewn_program, tables):
    rng = random.Random(28)
    positions = [random_position(rng, PIECES) for _ in range(1000)]
    return positions, cli_documents(ewn_program, tables, positions)


def test_probe_equals_the_cli_json_on_1000_random_positions(tables, sample):
    tb = ewn.Tablebase(tables)
    assert tb.complete_up_to == PIECES
    positions, documents = sample
    assert sum(d["winner"] is not None for d in documents) > 0  # decided ones are in the sample too
    assert sum(d["die"] is not None for d in documents) > 100
    for position, document in zip(positions, documents):
        assert tb.probe(position) == document, position


def test_value_moves_and_best_move_agree_with_the_document(tables, sample):
    tb = ewn.Tablebase(str(tables))
    for position, document in zip(*sample):
        assert tb.value(position) == document["value"]
        for die in document["dice"]:
            moves = tb.moves(position, die["die"])
            assert moves == die["moves"], position
            assert tb.best_move(position, die["die"]) == moves[0]["move"]
        if document["winner"] is not None:
            assert tb.moves(position, document["die"] or 1) == []


def test_positions_round_trip_and_are_accepted_as_objects(tables, sample):
    tb = ewn.Tablebase(tables)
    for position, document in list(zip(*sample))[:200]:
        p = ewn.Position(position)
        assert str(p) == position == document["position"]
        assert tb.probe(p) == document
