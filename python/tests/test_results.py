"""The typed answers (ewn.Probe, ewn.Analysis, ...): each class is its document of docs/schemas
(the same keys in the same order, nested objects typed too), immutable, and gives the document
back exactly."""

import copy
import dataclasses
import json
import pickle
import subprocess
import typing

import pytest

import ewn
from ewn import _results
from test_schemas import load_schemas

GAME = "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 6 d2c2\n"
# A log that names its players: Analysis.players is then typed.
LOG = ("game 1 round 1 red=A blue=B first=red\nA greedy\nB random\n"
       "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\nresult red A goal\n")


def resolve(schemas, node):
    """The schema node `node` stands for, its $ref (to ewn:common's $defs) followed."""
    while "$ref" in node:
        document, _, pointer = node["$ref"].partition("#")
        node = schemas[document[len("ewn:"):]]
        for part in pointer.strip("/").split("/"):
            node = node[part]
    return node


def nested_class(hint):
    """The answer class a field holds (itself, in a tuple, or optional), else None."""
    if isinstance(hint, type) and issubclass(hint, ewn.Document):
        return hint
    return next(filter(None, map(nested_class, typing.get_args(hint))), None)


def object_schema(schemas, node):
    """The object schema of a field: the node, or its (nested) array's items."""
    node = resolve(schemas, node)
    while "items" in node:
        node = resolve(schemas, node["items"])
    return node


def check_class_against_schema(schemas, cls, node, path):
    # The same keys (their order is the program's: to_json() is its line, tested below).
    fields = [f.name for f in dataclasses.fields(cls)]
    assert set(fields) == set(node["properties"]), f"{path}: {cls.__name__} is not its schema"
    optional = set(node["properties"]) - set(node.get("required", []))
    assert optional == set(cls._omitted_when_none), path
    assert node.get("additionalProperties") is False, f"{path}: the schema is open"
    hints = typing.get_type_hints(cls)
    for name in fields:
        inner = nested_class(hints[name])
        if inner:
            check_class_against_schema(schemas, inner, object_schema(
                schemas, node["properties"][name]), f"{path}.{name}")
        else:  # a value, or an array of them: no object left untyped
            assert "properties" not in object_schema(schemas, node["properties"][name]), path


@pytest.mark.parametrize("name", sorted(_results.BY_SCHEMA))
def test_each_class_has_the_keys_of_its_schema_in_order(name):
    schemas = load_schemas()
    check_class_against_schema(schemas, _results.BY_SCHEMA[name], schemas[name], name)


def cli_line(ewn_program, *args):
    run = subprocess.run([str(ewn_program), *map(str, args)], capture_output=True, text=True,
                         check=True)
    return run.stdout.splitlines()[0]


@pytest.fixture(scope="module")
def matrix(ewn_program, tmp_path_factory):
    path = tmp_path_factory.mktemp("results") / "m.ewns"
    subprocess.run([str(ewn_program), "setup", "make", "--matrix", str(path), "--depth", "1",
                    "--classes", "4"], check=True, stdout=subprocess.DEVNULL)
    return path


@pytest.fixture(scope="module")
def answers(ewn_program, tables, matrix, tmp_path_factory):
    """(the answer of each call that returns a document, the line the program prints for it)."""
    game = tmp_path_factory.mktemp("game") / "game.txt"
    game.write_text(GAME)
    log = game.with_name("match.log")
    log.write_text(LOG)
    position = "r1r23/5/2b3b41/5/5 b 4"
    with ewn.Tablebase(tables) as tb, ewn.Setups(matrix) as setups:
        return {
            "probe": (tb.probe(position), cli_line(ewn_program, "probe", "--json", "--tables",
                                                   tables, position)),
            "get_probe": (tb.get_probe(position), cli_line(ewn_program, "probe", "--json",
                                                           "--tables", tables, position)),
            "analysis": (ewn.analyse_game(GAME, tables=tb, nodes=1000, threads=1),
                         cli_line(ewn_program, "analyse", "--json", "--nodes", "1000",
                                  "--threads", "1", "--tables", tables, game)),
            "log": (ewn.analyse_game(LOG, tables=tb, nodes=1000, threads=1),
                    cli_line(ewn_program, "analyse", "--json", "--nodes", "1000", "--threads",
                             "1", "--tables", tables, log)),
            "reply": (setups.reply("654321", 2), cli_line(
                ewn_program, "setup", "reply", "654321", "--count", "2", "--json", "--matrix",
                matrix)),
            "best": (setups.best(2), cli_line(ewn_program, "setup", "best", "--count", "2",
                                              "--json", "--matrix", matrix)),
            "equilibrium": (setups.equilibrium(), cli_line(
                ewn_program, "setup", "equilibrium", "--json", "--matrix", matrix)),
        }


EXPECTED_CLASS = {"probe": ewn.Probe, "get_probe": ewn.Probe, "analysis": ewn.Analysis,
                  "log": ewn.Analysis, "reply": ewn.SetupReply, "best": ewn.SetupBest,
                  "equilibrium": ewn.SetupEquilibrium}


@pytest.mark.parametrize("call", sorted(EXPECTED_CLASS))
def test_each_answer_is_typed_and_gives_back_the_program_s_line(answers, call):
    answer, line = answers[call]
    assert type(answer) is EXPECTED_CLASS[call]
    assert answer.to_json() == line  # byte for byte: keys, order, numbers
    assert answer.to_dict() == json.loads(line)
    assert type(answer).from_json(line) == answer


def test_nested_objects_are_typed_and_arrays_are_tuples(answers):
    probe = answers["probe"][0]
    assert type(probe.dice) is tuple and type(probe.dice[0]) is ewn.DiceMoves
    assert type(probe.dice[0].moves[0]) is ewn.ValuedMove
    analysis = answers["analysis"][0]
    assert type(analysis.turns[0]) is ewn.Turn and type(analysis.notes) is tuple
    assert type(analysis.sides) is ewn.Sides and type(analysis.sides.b) is ewn.SideVerdict
    assert analysis.players is None
    assert answers["log"][0].players == ewn.Players(r="greedy", b="random")
    reply = answers["reply"][0]
    assert type(reply.matrix) is ewn.SetupMatrix
    assert type(reply.first[0]) is ewn.RankedArrangement


def test_the_engine_s_choice(tables):
    with ewn.Engine(tables, movetime_ms=20) as engine:
        choice = engine.search("r1r23/5/2b3b41/5/5 b 4")
    assert type(choice) is ewn.EngineChoice
    assert choice.to_dict() == {"move": choice.move, "move_value": choice.move_value,
                                "exact": True, "depth": choice.depth, "nodes": choice.nodes}
    assert ewn.EngineChoice.from_dict(choice.to_dict()) == choice


@pytest.mark.parametrize("call", sorted(EXPECTED_CLASS))
def test_answers_are_immutable_hashable_and_pickled_by_value(answers, call):
    answer = answers[call][0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.value = 0.5
    with pytest.raises((AttributeError, TypeError)):
        answer.not_a_key = 1  # __slots__: no attribute beyond the keys
    assert not hasattr(answer, "__dict__")
    assert hash(answer) == hash(copy.deepcopy(answer))
    assert pickle.loads(pickle.dumps(answer)) == answer
    document = answer.to_dict()
    document[next(iter(document))] = "changed"  # a copy: the answer is unchanged
    assert answer.to_dict() != document


def test_a_document_that_is_not_the_class_s_is_refused(answers):
    document = answers["probe"][0].to_dict()
    with pytest.raises(ValueError, match=r"Probe: keys \['extra'\] unknown"):
        ewn.Probe.from_dict({**document, "extra": 1})
    del document["material"]
    with pytest.raises(ValueError, match=r"\['material'\] missing"):
        ewn.Probe.from_dict(document)
    with pytest.raises(ValueError, match="a JSON object"):
        ewn.Probe.from_dict([1, 2])
    # An optional key (an equilibrium's probability) may be absent; a required one may not.
    ranked = {"arrangement": "123456", "twin": "654321", "value": 0.5}
    assert ewn.RankedArrangement.from_dict(ranked).probability is None
    assert ewn.RankedArrangement.from_dict(ranked).to_dict() == ranked
    with pytest.raises(ValueError, match="twin"):
        ewn.RankedArrangement.from_dict({"arrangement": "123456", "value": 0.5})


def test_the_moves_and_turns_lists_hold_the_typed_answers(tables):
    with ewn.Tablebase(tables) as tb:
        moves = tb.moves("r1r23/5/2b3b41/5/5 b", 4)
        assert moves and all(type(m) is ewn.ValuedMove for m in moves)
        assert tuple(moves) == tb.probe("r1r23/5/2b3b41/5/5 b 4").dice[0].moves
        turns = ewn.analyse(GAME, tables=tb, nodes=1000, threads=1)
        assert turns == list(ewn.analyse_game(GAME, tables=tb, nodes=1000, threads=1).turns)
