"""ewn.analyse and ewn.analyse_game: the records of `ewn analyse --json` for the same game text,
tables and nodes, and the errors of a game text that cannot be read."""

import json
import subprocess

import pytest

import ewn

# Four pieces, then three after the capture of the second turn: with the tables of the tests
# (four pieces), every value exact; without, every value an estimate. The last die not known.
GAME = """r1r23/5/2b3b41/5/5 r
r 2 b5c4
b 3 c3c4
r 5 a5b4
b ? d3c3
"""
NODES = 2000  # small: the tests are fast, and the answer the same on every run


def cli_analysis(ewn_program, tmp_path, text, tables):
    game = tmp_path / "game.txt"
    game.write_text(text)
    run = subprocess.run([str(ewn_program), "analyse", str(game), "--tables", str(tables),
                          "--nodes", str(NODES), "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def turns(document):
    return [ewn.Turn.from_dict(turn) for turn in document["turns"]]


def test_the_records_are_those_of_the_cli(ewn_program, tables, tmp_path):
    document = cli_analysis(ewn_program, tmp_path, GAME, tables)
    with ewn.Tablebase(tables) as tb:
        records = ewn.analyse(GAME, tables=tb, nodes=NODES)
        assert records == turns(document)
        assert ewn.analyse_game(GAME, tables=tb, nodes=NODES, threads=2).to_dict() == document
    assert ewn.analyse(GAME, tables=tables, nodes=NODES) == records  # a directory: the same
    assert ewn.analyse(GAME, tables=str(tables), nodes=NODES, game=1) == records
    assert len(records) == 4
    assert [r.turn for r in records] == [1, 2, 3, 4]
    assert all(r.source == "tables" for r in records)


def test_without_tables_every_value_is_an_estimate(ewn_program, tmp_path):
    document = cli_analysis(ewn_program, tmp_path, GAME, "none")
    assert ewn.analyse_game(GAME, nodes=NODES) == ewn.Analysis.from_dict(document)
    records = ewn.analyse(GAME, nodes=NODES)
    assert records == turns(document)
    assert {r.source for r in records} == {"estimate"}


def test_the_field_names_are_those_of_the_cli(ewn_program, tmp_path):
    document = cli_analysis(ewn_program, tmp_path, GAME, "none")
    record = ewn.analyse(GAME, nodes=NODES)[0]
    assert list(record.to_dict()) == list(document["turns"][0])
    for name in ("turn", "line", "side", "position", "die", "move", "move_value", "best_move",
                 "die_value", "value", "red_value", "luck", "value_lost", "mark", "luck_mark",
                 "choices", "source", "exact", "depth", "nodes"):
        assert hasattr(record, name)
    # `error` is a failure's message on every surface, never the value a move lost.
    assert not hasattr(record, "error") and "error" not in document["turns"][0]
    assert not {"error", "error_mean", "error_mean_se"} & set(document["sides"]["r"])
    whole = ewn.analyse_game(GAME, nodes=NODES)
    assert list(whole.to_dict()) == list(document)
    assert type(whole.sides.r) is type(whole.sides.b) is ewn.SideVerdict


def test_a_game_text_that_cannot_be_read_names_its_line(ewn_program, tmp_path):
    bad = GAME.replace("r 5 a5b4", "r 7 a5b4")
    with pytest.raises(ValueError, match=r"^line 4: expected a die 1-6"):
        ewn.analyse(bad, nodes=NODES)
    with pytest.raises(ValueError, match=r"^line 4: "):
        ewn.analyse_game(GAME.replace("a5b4", "a5c3"), nodes=NODES)  # not a legal move
    with pytest.raises(ValueError, match="no game 2"):
        ewn.analyse(GAME, nodes=NODES, game=2)
    with pytest.raises(ValueError):
        ewn.analyse("", nodes=NODES)
    with pytest.raises(ValueError, match="NUL"):
        ewn.analyse(GAME + "\0r 1 a5b5\n", nodes=NODES)
    game = tmp_path / "bad.txt"
    game.write_text(bad)
    run = subprocess.run([str(ewn_program), "analyse", str(game), "--tables", "none"],
                         capture_output=True, text=True)
    assert run.returncode == 13 and "line 4: expected a die 1-6" in run.stderr  # bad_game_text


def test_bad_arguments_and_tables(tables, tmp_path):
    for kwargs in ({"nodes": 0}, {"nodes": 999}, {"nodes": 20_000_001}, {"game": 0},
                   {"threads": 0}, {"threads": 1000}):
        with pytest.raises(ValueError):
            ewn.analyse(GAME, **{"nodes": NODES, **kwargs})
    with pytest.raises(FileNotFoundError):
        ewn.analyse(GAME, tables=tmp_path / "missing", nodes=NODES)
    tb = ewn.Tablebase(tables)
    tb.close()
    with pytest.raises(ValueError, match="closed"):
        ewn.analyse(GAME, tables=tb, nodes=NODES)
