"""Errors: the exception of each failure, with the program's message."""

import builtins
import json
import re
import shutil
import subprocess

import pytest

import ewn
from conftest import REPO


def cli_error(ewn_program, tables, position):
    run = subprocess.run([str(ewn_program), "probe", "--json", "--tables", str(tables), position],
                         capture_output=True, text=True)
    assert run.returncode != 0
    return json.loads(run.stdout)["error"]


@pytest.mark.parametrize("position", ["r1r2/5/5 r", "r1r23/5/2b3b41/5/5 x", "r74/5/5/5/4b1 r",
                                      "r1r13/5/5/5/4b1 r", "r14/5/5/5/4b1 r 9"])
def test_a_malformed_position_raises_value_error_with_the_cli_message(ewn_program, tables,
                                                                     position):
    tb = ewn.Tablebase(tables)
    message = cli_error(ewn_program, tables, position)
    for call in (tb.probe, tb.value, lambda p: tb.moves(p, 1), ewn.Position):
        with pytest.raises(ValueError) as e:
            call(position)
        assert str(e.value) == message


def test_a_position_the_tables_do_not_cover(ewn_program, tables):
    tb = ewn.Tablebase(tables)
    five = "r1r23/5/2b3b41/5/4b5 r"
    with pytest.raises(ewn.NotCoveredError) as e:
        tb.probe(five)
    # As python-chess's MissingTableError: a KeyError, its str() the message (not quoted).
    assert isinstance(e.value, KeyError) and isinstance(e.value, ewn.Error)
    assert str(e.value) == cli_error(ewn_program, tables, five)
    # The getters that do not raise: the default instead.
    assert tb.get_probe(five) is None and tb.get_value(five, -1.0) == -1.0
    assert tb.get_value("r14/5/5/5/4b1 r") == tb.value("r14/5/5/5/4b1 r")
    assert tb.get_probe("r14/5/5/5/4b1 r") == tb.probe("r14/5/5/5/4b1 r")
    with pytest.raises(ValueError):
        tb.get_probe("r1r2/5/5 r")  # a malformed position is still an error


def test_a_missing_table_directory_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such directory"):
        ewn.Tablebase(tmp_path / "nowhere")
    with pytest.raises(FileNotFoundError):
        ewn.Engine(tables=tmp_path / "nowhere", movetime_ms=100)
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError):
        ewn.Tablebase(tmp_path / "file")
    with pytest.raises(NotADirectoryError):
        ewn.Engine(tables=tmp_path / "file")


def test_a_damaged_table_raises_os_error_naming_the_file(ewn_program, tables, tmp_path):
    copy = tmp_path / "tables"
    shutil.copytree(tables, copy)
    position = "r14/5/5/5/4b1 r"
    material = ewn.Tablebase(copy).probe(position).material
    damaged = copy / f"{material}.ewt"
    if not damaged.exists():  # format 3: the class is answered by its colour twin's file
        mover, opponent = str(material).split("v")
        damaged = copy / f"{opponent}v{mover}.ewt"
    with open(damaged, "r+b") as f:
        f.truncate(100)
    tb = ewn.Tablebase(copy)
    with pytest.raises(ewn.TableError) as e:
        tb.probe(position)
    assert isinstance(e.value, OSError) and isinstance(e.value, ewn.Error)
    assert str(damaged) in str(e.value)
    assert str(e.value) == cli_error(ewn_program, copy, position)
    with pytest.raises(ewn.TableError):
        tb.value(position)
    # The getters give their default where the tables cannot answer, as python-chess's get_wdl
    # where a table is missing.
    assert tb.get_value(position, -1.0) == -1.0
    assert tb.get_probe(position) is None
    damaged.unlink()
    assert tb.get_value(position, -1.0) == -1.0


# Each failure's class (answers/failure.h's Python column): an ewn.Error, and the built-in class
# code written before ewn.Error caught.
ERROR_CLASSES = {
    "ArgumentError": ValueError, "PositionError": ValueError, "GameTextError": ValueError,
    "GameOverError": ValueError, "NotCoveredError": KeyError,
    "DirectoryNotFoundError": FileNotFoundError, "NotATableDirectoryError": NotADirectoryError,
    "UnreadableError": OSError, "TableError": OSError, "OutOfMemoryError": MemoryError,
    "UnavailableError": OSError, "InternalError": RuntimeError,
}


@pytest.mark.parametrize("name", sorted(ERROR_CLASSES))
def test_every_error_is_an_ewn_error_and_its_builtin_class(name):
    cls = getattr(ewn, name)
    assert issubclass(cls, ewn.Error) and issubclass(cls, ERROR_CLASSES[name])
    assert cls.__module__ == "ewn" and cls.__name__ == name
    assert name in ewn.__all__
    assert str(cls("the message")) == "the message"


def test_each_failure_raises_its_own_class(tables, tmp_path):
    tb = ewn.Tablebase(tables)
    with pytest.raises(ewn.PositionError):
        tb.probe("r1r2/5/5 r")
    with pytest.raises(ewn.ArgumentError):
        tb.moves("r14/5/5/5/3b11 r", 7)
    with pytest.raises(ewn.GameOverError):
        tb.best_move("1b13/5/5/5/3r2r1 b 1")
    with pytest.raises(ewn.GameTextError):
        ewn.analyse_game("5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2b1\n", tables="none")
    with pytest.raises(ewn.ArgumentError):
        ewn.analyse_game("r14/5/5/5/4b1 r\n", tables="none", nodes=0)
    with pytest.raises(ewn.DirectoryNotFoundError):
        ewn.Tablebase(tmp_path / "nowhere")
    (tmp_path / "file").write_text("")
    with pytest.raises(ewn.NotATableDirectoryError):
        ewn.Engine(tmp_path / "file")


def test_the_tables_default_to_ewn_tables_as_the_program(ewn_program, tables, tmp_path,
                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EWN_TABLES", str(tables))
    assert ewn.Tablebase().tables == str(tables)
    position = "r1r23/5/2b3b41/5/5 r 1"
    # The engine and the analysis use them as `ewn play` and `ewn analyse` do.
    with ewn.Engine(movetime_ms=50) as engine:
        assert engine.search(position).exact
    assert ewn.analyse_game("r14/5/5/5/4b1 r\nr 1 a5b4\n").turns[0].source == "tables"
    # Without $EWN_TABLES, data; there is none here: the Tablebase fails as `ewn probe`, the
    # engine plays without tables as `ewn play`.
    monkeypatch.delenv("EWN_TABLES")
    with pytest.raises(ewn.DirectoryNotFoundError, match="data"):
        ewn.Tablebase()
    with ewn.Engine(None, 50) as engine:  # positional, as the C++ class
        assert engine.best_move(position)
    assert ewn.analyse_game("r14/5/5/5/4b1 r\nr 1 a5b4\n").turns[0].source == "estimate"


def test_bad_arguments(tables):
    tb = ewn.Tablebase(tables)
    with pytest.raises(TypeError):
        tb.probe(42)
    with pytest.raises(ValueError, match="die 7"):
        tb.moves("r14/5/5/5/3b11 r", 7)
    with pytest.raises(ValueError, match="names no die"):
        tb.best_move("r14/5/5/5/3b11 r")
    with pytest.raises(ValueError):
        ewn.Engine(movetime_ms=0)
    # A wrong keyword is named, with the right ones, not pybind11's list of signatures.
    with pytest.raises(TypeError) as e:
        ewn.Engine(movetime=100)
    assert "unexpected keyword argument 'movetime'" in str(e.value)
    assert "movetime_ms" in str(e.value) and "incompatible" not in str(e.value)
    with pytest.raises(TypeError, match="at most 2"):
        ewn.Engine(None, 100, 3)


def test_closed_handles_raise_value_error_and_context_managers_close(tables):
    with ewn.Tablebase(tables) as tb:
        assert tb.value("r14/5/5/5/4b1 r") >= 0
    with pytest.raises(ValueError, match="closed") as e:
        tb.value("r14/5/5/5/4b1 r")
    # An ewn.Error as every failure of the module: bad use, as a closed file's ValueError.
    assert isinstance(e.value, ewn.ArgumentError) and isinstance(e.value, ewn.Error)
    with pytest.raises(ewn.Error, match="closed"):
        tb.get_value("r14/5/5/5/4b1 r", 0.5)
    tb.close()  # twice is fine
    with ewn.Engine(movetime_ms=10) as engine:
        engine.best_move("r14/5/5/5/4b1 r 1")
    with pytest.raises(ewn.ArgumentError, match="closed"):
        engine.search("r14/5/5/5/4b1 r 1")


def the_map():
    """docs/API.md's failure table, which tests/answers/test_failure_surfaces.cpp checks is
    answers/failure.h's map row for row: error_kind -> (Python class, its built-in class)."""
    text = (REPO / "docs" / "API.md").read_text()
    rows = re.findall(r"^\| `([a-z_]+)` \| [^|]+ \| \d+ \| `EWN_E_\w+` \| `ewn\.(\w+)`"
                      r"(?: \(`(\w+)`[^|]*\))? \| \d+ \|$", text, re.M)
    assert len(rows) >= 13, "docs/API.md's failure table not found"
    return {kind: (name, builtin) for kind, name, builtin in rows}


def test_the_classes_are_the_map_s():
    classes = {name for name, _ in the_map().values()}
    for name, builtin in the_map().values():
        cls = getattr(ewn, name)
        assert issubclass(cls, ewn.Error)
        if builtin:
            assert issubclass(cls, getattr(builtins, builtin)), name
    # No class of the module's beside the map's.
    module_errors = {n for n in ewn.__all__ if n != "Error" and isinstance(getattr(ewn, n), type)
                     and issubclass(getattr(ewn, n), ewn.Error)}
    assert module_errors == classes


def test_each_failure_raises_the_map_s_class_for_the_cli_s_kind(ewn_program, tables, tmp_path):
    """Each failure made to happen in Python and in the CLI (--json): the CLI's error_kind names
    the class Python raises, by the map."""
    damaged = tmp_path / "damaged"
    shutil.copytree(tables, damaged)
    three = "r1r23/5/5/5/4b1 r"
    material = ewn.Tablebase(tables).probe(three).material
    table = damaged / f"{material}.ewt"
    if not table.exists():  # format 3: the class is answered by its colour twin's file
        mover, opponent = material.split("v")
        table = damaged / f"{opponent}v{mover}.ewt"
    with open(table, "r+b") as f:
        f.truncate(100)
    bad_game = tmp_path / "bad.txt"
    bad_game.write_text("5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2b1\n")
    (tmp_path / "file").write_text("")
    cases = [
        (["probe", "r1r2/5/5 r", "--tables", str(tables)], lambda: ewn.Tablebase(tables).probe(
            "r1r2/5/5 r")),
        (["probe", "r1r23/5/2b3b41/5/4b5 r", "--tables", str(tables)],
         lambda: ewn.Tablebase(tables).probe("r1r23/5/2b3b41/5/4b5 r")),
        (["probe", three, "--tables", str(damaged)], lambda: ewn.Tablebase(damaged).probe(three)),
        (["probe", three, "--tables", str(tmp_path / "nowhere")],
         lambda: ewn.Tablebase(tmp_path / "nowhere")),
        (["probe", three, "--tables", str(tmp_path / "file")],
         lambda: ewn.Tablebase(tmp_path / "file")),
        (["analyse", str(bad_game), "--tables", "none"],
         lambda: ewn.analyse_game(bad_game.read_text(), tables="none")),
        (["analyse", str(bad_game), "--nodes", "0"],
         lambda: ewn.analyse_game(bad_game.read_text(), tables="none", nodes=0)),
    ]
    seen = set()
    for args, call in cases:
        run = subprocess.run([str(ewn_program), *args, "--json"], capture_output=True, text=True)
        kind = json.loads(run.stdout)["error_kind"]
        seen.add(kind)
        with pytest.raises(ewn.Error) as e:
            call()
        assert type(e.value).__name__ == the_map()[kind][0], (args, kind)
    assert seen == {"bad_position", "not_covered", "damaged_table", "no_directory",
                    "not_a_directory", "bad_game_text", "bad_use"}
    # A decided position: no command asks for a move; C, HTTP and Python say game over.
    with pytest.raises(getattr(ewn, the_map()["game_over"][0])):
        ewn.Tablebase(tables).best_move("1b13/5/5/5/3r2r1 b 1")
