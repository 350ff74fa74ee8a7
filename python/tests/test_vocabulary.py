"""The rows of docs/API.md's vocabulary table that Python shares with the CLI: the same words,
the same units, the same shapes; and what a Python user expects of the package (docstrings
that help() shows, type stubs that name what the module has)."""

import ast
import json
import pydoc
import subprocess
import sys
from pathlib import Path

import ewn

POSITION = "r1r23/5/5/5/4b1 r"


def cli_json(ewn_program, *args):
    run = subprocess.run([str(ewn_program), *args], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_complete_up_to_is_the_word_of_ewn_info(ewn_program, tables):
    with ewn.Tablebase(tables) as tb:
        info = cli_json(ewn_program, "info", "--json", "--quick", "--tables", str(tables))
        assert tb.complete_up_to == info["complete_up_to"]
        assert tb.tables == str(tables)


def test_probe_is_the_document_and_value_the_number(ewn_program, tables):
    with ewn.Tablebase(tables, cache_bytes=1 << 20) as tb:
        document = cli_json(ewn_program, "probe", "--json", "--tables", str(tables), POSITION)
        assert tb.probe(POSITION).to_dict() == document
        assert tb.value(POSITION) == tb.probe(POSITION).value == document["value"]


def test_best_move_has_one_shape_from_the_tables_and_the_engine(tables):
    with ewn.Tablebase(tables) as tb, ewn.Engine(tables=tables, movetime_ms=20) as engine:
        for die in range(1, 7):
            from_tables, from_engine = tb.best_move(POSITION, die), engine.best_move(POSITION, die)
            assert type(from_tables) is type(from_engine) is str
            assert from_tables == tb.moves(POSITION, die)[0].move


def test_help_shows_the_docstrings():
    text = pydoc.render_doc(ewn.Tablebase, renderer=pydoc.plaintext)
    for name in ("probe", "get_probe", "value", "get_value", "best_move", "close",
                 "complete_up_to", "cache_bytes"):
        assert name in text
    assert "movetime_ms" in pydoc.render_doc(ewn.Engine, renderer=pydoc.plaintext)
    assert ewn.Tablebase.__module__ == "ewn"


def test_the_stubs_name_what_the_module_has():
    package = Path(ewn.__file__).parent
    assert (package / "py.typed").is_file()
    stubs = ast.parse((package / "_ewn.pyi").read_text())
    classes = {node.name: node for node in stubs.body if isinstance(node, ast.ClassDef)}
    errors = {"Error", "ArgumentError", "PositionError", "GameTextError", "GameOverError",
              "NotCoveredError", "DirectoryNotFoundError", "NotATableDirectoryError",
              "UnreadableError", "TableError", "OutOfMemoryError", "UnavailableError",
              "InternalError"}
    assert set(classes) == {"Position", "Tablebase", "Engine", "Setups"} | errors
    for name, node in classes.items():
        members = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
        actual = {m for m in vars(getattr(ewn, name)) if not m.startswith("_")}
        assert actual <= members, f"{name}: the stubs lack {actual - members}"
        assert {m for m in members if not m.startswith("_")} <= actual
    functions = {node.name for node in stubs.body if isinstance(node, ast.FunctionDef)}
    assert functions == {"analyse", "analyse_game"}
    assert all(callable(getattr(ewn, name)) for name in functions)
    # The typed answers are Python (ewn/_results.py), typed in their own source.
    answers = {name for name, value in vars(ewn).items()
               if isinstance(value, type) and issubclass(value, ewn.Document)}
    assert {"Probe", "EngineChoice", "Analysis", "SetupReply"} <= answers
    assert set(ewn.__all__) == set(classes) | functions | {"__version__"} | answers


USES = '''"""Every answer as a program uses it, for the type checker."""
from typing import List, Optional, Tuple, Union

import ewn


def use(tb: ewn.Tablebase, engine: ewn.Engine, setups: ewn.Setups) -> None:
    probe: ewn.Probe = tb.probe("r14/5/5/5/4b1 r")
    value: float = probe.value
    die: Optional[int] = probe.die
    moves: Tuple[ewn.ValuedMove, ...] = probe.dice[0].moves
    listed: List[ewn.ValuedMove] = tb.moves("r14/5/5/5/4b1 r", 1)
    found: Optional[ewn.Probe] = tb.get_probe("r14/5/5/5/4b1 r")
    # A default that is not None gives its type, not an Optional (typing.overload).
    sure: float = tb.get_value("r14/5/5/5/4b1 r", 0.5)
    maybe: Optional[float] = tb.get_value("r14/5/5/5/4b1 r")
    either: Union[ewn.Probe, str] = tb.get_probe("r14/5/5/5/4b1 r", "none")
    choice: Optional[float] = engine.search("r14/5/5/5/4b1 r 1").move_value
    analysis = ewn.analyse_game("r14/5/5/5/4b1 r\\nr 1 a5b4\\n", tables=tb)
    luck: Optional[float] = analysis.turns[0].luck
    rating: Optional[str] = analysis.sides.r.rating
    turns: List[ewn.Turn] = ewn.analyse("r14/5/5/5/4b1 r\\nr 1 a5b4\\n")
    share: Optional[float] = setups.equilibrium().first[0].probability
    rows: int = setups.reply("654321").matrix.rows
    text: str = setups.best().to_json()
    again: ewn.ValuedMove = ewn.ValuedMove(move="a5b4", move_value=0.5, wins=False)
    print(value, die, moves, listed, found, sure, maybe, either, choice, luck, rating, turns,
          share, rows, text, again)
'''


def test_the_types_check_with_mypy(tmp_path):
    """The stubs and the typed answers as a checker sees them (Debian's mypy, .ci/install-deps
    tests): the example and a use of every answer pass `mypy --strict`; a misspelt field and a
    missing argument are reported, so the check sees the types (not Any)."""
    def mypy(*files):
        return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                               "--cache-dir", str(tmp_path / "cache"), "--python-executable",
                               sys.executable, *map(str, files)], capture_output=True, text=True)

    uses, wrong = tmp_path / "uses.py", tmp_path / "wrong.py"
    uses.write_text(USES)
    wrong.write_text('import ewn\n\n\ndef f(tb: ewn.Tablebase) -> float:\n'
                     '    ewn.ValuedMove(move="a5b4")\n'
                     '    return tb.probe("r14/5/5/5/4b1 r").valeu\n')
    example = Path(__file__).resolve().parents[1] / "examples" / "analyse.py"
    run = mypy(uses, example)
    assert "No module named mypy" not in run.stderr, "mypy: .ci/install-deps tests installs it"
    assert run.returncode == 0, run.stdout + run.stderr
    run = mypy(wrong)
    assert run.returncode == 1, run.stdout + run.stderr
    assert '"Probe" has no attribute "valeu"' in run.stdout
    assert 'Missing positional arguments "move_value", "wins"' in run.stdout
