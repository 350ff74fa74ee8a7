"""Every answer document validates against its schema (docs/schemas/), and one input gives one
document on every surface: the program's --json (via $EWN_PROGRAM) and the Python module."""

import json
import subprocess
from pathlib import Path

import jsonschema  # Debian: python3-jsonschema (.ci/install-deps)
import pytest

import ewn

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
POSITIONS = ["r1r23/5/5/5/3b11 r", "r1r23/5/5/5/3b11 r 2", "1b13/5/5/5/3r2r1 b",
             "r1r23/5/2b3b41/5/5 b 4", "r14/5/5/5/4b1 r 1"]
GAME = "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 6 d2c2\n"


def load_schemas():
    return {p.name[: -len(".schema.json")]: json.loads(p.read_text())
            for p in SCHEMAS.glob("*.schema.json")}


@pytest.fixture(scope="session")
def schemas():
    return load_schemas()


def validate(schemas, name, document):
    store = {s["$id"]: s for s in schemas.values()}
    resolver = jsonschema.RefResolver(schemas[name]["$id"], schemas[name], store=store)
    jsonschema.Draft202012Validator(schemas[name], resolver=resolver).validate(document)


def cli(ewn_program, *args, ok=True):
    run = subprocess.run([str(ewn_program), *map(str, args)], capture_output=True, text=True)
    assert (run.returncode == 0) == ok, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def test_every_schema_is_a_valid_schema(schemas):
    assert {"common", "error", "probe", "show", "info", "verify", "gen", "analysis", "analysis_summary",
            "setup_reply", "setup_best", "setup_equilibrium", "setup_make", "match",
            "engine_choice"} <= set(schemas)
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == "ewn:" + name


def test_a_schema_refuses_what_it_does_not_define(schemas, ewn_program, tables):
    document = cli(ewn_program, "probe", "--json", "--tables", tables, POSITIONS[0])[0]
    validate(schemas, "probe", document)
    for broken in ({**document, "nodes": 5}, {**document, "value": 1.5},
                   {k: v for k, v in document.items() if k != "die"}):
        with pytest.raises(jsonschema.ValidationError):
            validate(schemas, "probe", broken)


@pytest.mark.parametrize("position", POSITIONS)
def test_probe_documents_are_one_on_every_surface(schemas, ewn_program, tables, position):
    from_cli = cli(ewn_program, "probe", "--json", "--tables", tables, position)[0]
    validate(schemas, "probe", from_cli)
    with ewn.Tablebase(tables) as tb:
        assert tb.probe(position) == from_cli
    validate(schemas, "show", cli(ewn_program, "show", "--json", position)[0])


@pytest.mark.parametrize("position", ["r1r2/5/5 r", "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"])
def test_error_documents(schemas, ewn_program, tables, position):
    document = cli(ewn_program, "probe", "--json", "--tables", tables, position, ok=False)[0]
    validate(schemas, "error", document)
    with ewn.Tablebase(tables) as tb, pytest.raises(ewn.Error) as e:
        tb.probe(position)
    assert str(e.value) == document["error"]
    for args in (["probe", "--json", "--tables", tables.parent / "nowhere", position],
                 ["setup", "best", "--json", "--matrix", tables.parent / "nowhere"]):
        validate(schemas, "error", cli(ewn_program, *args, ok=False)[0])


def test_the_inventory_verify_and_gen_documents(schemas, ewn_program, tables, tmp_path):
    validate(schemas, "info", cli(ewn_program, "info", "--json", "--tables", tables)[0])
    validate(schemas, "info", cli(ewn_program, "info", "--json", "--quick", "--tables", tables)[0])
    validate(schemas, "verify", cli(ewn_program, "verify", "--json", "-q", "--pieces", "3",
                                    "--tables", tables)[0])
    validate(schemas, "gen", cli(ewn_program, "gen", "--json", "-q", "--pieces", "2",
                                 "--tables", tmp_path / "two")[0])


def test_the_analysis_is_one_on_every_surface(schemas, ewn_program, tables, tmp_path):
    game = tmp_path / "game.txt"
    game.write_text(GAME)
    for dir_ in (tables, "none"):
        from_cli = cli(ewn_program, "analyse", "--json", "--nodes", "1000", "--threads", "1",
                       "--tables", dir_, game)[0]
        validate(schemas, "analysis", from_cli)
        assert ewn.analyse_game(GAME, tables=str(dir_), nodes=1000, threads=1) == from_cli


def test_a_log_analysed_whole_ends_with_its_summary(schemas, ewn_program, tables, tmp_path):
    """--all: one analysis a game, then the totals; a game lost on time is analysed too."""
    log = tmp_path / "match.log"
    log.write_text("game 1 round 1 red=A blue=B first=red\nA greedy\nB random\n"
                   "setup 5/1r13/2r22/3b11/5 r\ndice 2 4 5\nmoves c3d3 d2c2 d3e2\n"
                   "times 0.1 0.0 9.9\nresult blue B time\n\n"
                   "game 2 round 2 red=A blue=B first=red\nA greedy\nB random\n"
                   "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\n"
                   "result red A goal\n")
    documents = cli(ewn_program, "analyse", "--all", "--json", "--nodes", "1000", "--tables",
                    tables, log)
    assert len(documents) == 3
    for game in documents[:2]:
        validate(schemas, "analysis", game)
    assert [game["game_end"] for game in documents[:2]] == ["time", "board"]
    validate(schemas, "analysis_summary", documents[2])
    assert documents[2]["summary"]["game_ends"]["time"] == 1


def test_the_setup_documents_are_one_on_every_surface(schemas, ewn_program, tmp_path):
    matrix = tmp_path / "m.ewns"
    made = cli(ewn_program, "setup", "make", "--json", "--matrix", matrix, "--depth", "1",
               "--classes", "4")[0]
    validate(schemas, "setup_make", made)
    with ewn.Setups(matrix) as setups:
        for name, args, from_python in (
                ("setup_reply", ["reply", "654321", "--count", "2"], setups.reply("654321", 2)),
                ("setup_best", ["best", "--count", "2"], setups.best(2)),
                ("setup_equilibrium", ["equilibrium"], setups.equilibrium())):
            from_cli = cli(ewn_program, "setup", *args, "--json", "--matrix", matrix)[0]
            validate(schemas, name, from_cli)
            assert from_python == from_cli


def test_the_match_and_engine_documents(schemas, ewn_program, tables):
    for fmt in ("pairs", "bo7"):
        validate(schemas, "match", cli(ewn_program, "match", "--a", "random", "--b", "greedy",
                                       "--games", "2", "--format", fmt, "--json", "-q")[0])
    with ewn.Engine(tables, movetime_ms=20) as engine:
        validate(schemas, "engine_choice", engine.search("r1r23/5/2b3b41/5/5 b 4"))


def test_docs_api_names_every_key_the_schemas_define(schemas):
    """docs/API.md's vocabulary table covers every key of every document."""
    import re
    api = (SCHEMAS.parent / "API.md").read_text()
    named = set()
    for line in api.splitlines():
        if line.startswith("| `"):
            named.update(re.findall(r"`([a-z_0-9]+)`", line.split("|")[1]))
    keys = set()

    def walk(node):
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(list(schemas.values()))
    assert keys - named == set()
