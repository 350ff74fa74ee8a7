"""Every answer document validates against its schema (docs/schemas/), and one input gives one
document on every surface: the program's --json (via $EWN_PROGRAM), the C API (libewn.so beside
it, or $EWN_LIBRARY), C++ (ewn.hpp), HTTP (`ewn serve`) and the Python module."""

import ctypes
import json
import os
import signal
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
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
            "setup_reply", "setup_best", "setup_equilibrium", "setup_make", "match", "convert",
            "engine_choice", "connect", "move_quality"} <= set(schemas)
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
        assert tb.probe(position).to_dict() == from_cli
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
    subprocess.run([str(ewn_program), "gen", "-q", "--pieces", "3", "--format", "2", "--tables",
                    str(tmp_path / "three")], check=True)
    converted = cli(ewn_program, "convert", "--json", "-q", "--tables", tmp_path / "three",
                    "--out", tmp_path / "three-v3")[0]
    validate(schemas, "convert", converted)
    assert converted["derived_count"] == converted["removed_count"] > 0
    assert converted["bytes"] < converted["bytes_before"]


def test_the_analysis_is_one_on_every_surface(schemas, ewn_program, tables, tmp_path):
    game = tmp_path / "game.txt"
    game.write_text(GAME)
    for dir_ in (tables, "none"):
        from_cli = cli(ewn_program, "analyse", "--json", "--nodes", "1000", "--threads", "1",
                       "--tables", dir_, game)[0]
        validate(schemas, "analysis", from_cli)
        from_python = ewn.analyse_game(GAME, tables=str(dir_), nodes=1000, threads=1)
        assert from_python.to_dict() == from_cli


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
            assert from_python.to_dict() == from_cli


def test_the_match_and_engine_documents(schemas, ewn_program, tables, tmp_path):
    for fmt in ("pairs", "bo7"):
        validate(schemas, "match", cli(ewn_program, "match", "--a", "random", "--b", "greedy",
                                       "--games", "2", "--format", fmt, "--json", "-q")[0])
    # An outside program through the course protocol, with the SPRT and a fault (an illegal
    # answer on its third move).
    agent = Path(__file__).resolve().parents[2] / "tests" / "tcg" / "agent.py"
    document = cli(ewn_program, "match", "--a",
                   f"tcg:python3 {agent} --counter {tmp_path / 'gets'} --illegal-at 3",
                   "--b", "greedy", "--games", "4", "--sprt", "-20,20", "--json", "-q",
                   "--tcg-stderr", tmp_path / "agent")[0]
    validate(schemas, "match", document)
    assert document["sprt"]["result"] == "continue" and len(document["faults"]) == 1
    with ewn.Engine(tables, movetime_ms=20) as engine:
        validate(schemas, "engine_choice", engine.search("r1r23/5/2b3b41/5/5 b 4").to_dict())


def test_the_move_quality_document(schemas, ewn_program, tables):
    document = cli(ewn_program, "move-quality", "--player", "random", "--tables", tables,
                   "--positions", "20", "--json")[0]
    validate(schemas, "move_quality", document)
    assert document["position_source"] == "uniform" and document["position_classes"] is None


# The first board of a game, as the contest server sends it (the engine is Red, die 1).
BOARD = ("[[4, 6, 2, 0, 0], [5, 3, 0, 0, 0], [1, 0, 0, 0, 8], [0, 0, 0, 9, 12], "
         "[0, 0, 7, 11, 10]]|1")


def test_the_connect_document(schemas, ewn_program, tmp_path):
    """One game on a stand-in server (a board, the engine's answer, close), then no server."""
    import socket
    import threading
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def serve():
            connection, _ = server.accept()
            with connection, connection.makefile("rw", newline="\n") as stream:
                stream.readline()  # the name
                stream.write(BOARD + "\n")
                stream.flush()
                stream.readline()  # the engine's answer
                stream.write("close\n")
                stream.flush()

        thread = threading.Thread(target=serve)
        thread.start()
        document = cli(ewn_program, "connect", "--port", port, "--engine", "random", "--log",
                       "none", "--json")[0]
        thread.join()
    validate(schemas, "connect", document)
    assert document["games"] == 1 and "error" not in document
    assert document["results"][0]["engine_side"] == "r"
    assert document["results"][0]["engine_moves"] == 1
    # No server any more: the connection refused is the error document, as every failure's.
    refused = cli(ewn_program, "connect", "--port", port, "--engine", "random", "--log", "none",
                  "--json", ok=False)
    assert len(refused) == 1
    validate(schemas, "error", refused[0])
    assert refused[0]["error_kind"] == "unavailable" and "cannot connect" in refused[0]["error"]


def test_a_contest_server_that_closes_answers_the_error_document(schemas, ewn_program):
    """A server that closes the connection without 'close': the error document, exit code 1."""
    import socket
    import threading
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def serve():
            connection, _ = server.accept()
            with connection, connection.makefile("rw", newline="\n") as stream:
                stream.readline()  # the name, then gone

        thread = threading.Thread(target=serve)
        thread.start()
        run = subprocess.run([str(ewn_program), "connect", "--port", str(port), "--engine",
                              "random", "--log", "none", "--json"], capture_output=True, text=True)
        thread.join()
    assert run.returncode == 1, run.stderr  # unavailable (docs/API.md, Failures)
    lines = run.stdout.splitlines()
    assert len(lines) == 1, run.stdout
    document = json.loads(lines[0])
    validate(schemas, "error", document)
    assert document["error_kind"] == "unavailable"
    assert "closed the connection without saying 'close'" in document["error"]


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


# ---- Every surface: C (libewn through ctypes), C++ (ewn.hpp, compiled here), HTTP (ewn serve) --
# The same questions on each, every answer checked against its schema and against the CLI's
# line: the same text byte for byte where the surface gives text.

SURFACE_POSITIONS = POSITIONS + ["r1r2/5/5 r", "r1r23/5/2b3b41/5/4b5 r"]  # malformed, uncovered
SURFACE_NODES = 1000
SETUP_QUESTIONS = [("setup_reply", ["reply", "654321", "--count", "2"]),
                   ("setup_best", ["best", "--count", "2"]),
                   ("setup_equilibrium", ["equilibrium"])]


def cli_line(ewn_program, *args, cwd=None):
    """The first line the program prints (an answer, or the error document of a failure)."""
    run = subprocess.run([str(ewn_program), *map(str, args)], capture_output=True, text=True,
                         cwd=cwd)
    assert run.stdout, run.stderr
    return run.stdout.splitlines()[0]


@pytest.fixture(scope="module")
def surface_inputs(ewn_program, tables, tmp_path_factory):
    """A setup matrix, a game file, and the CLI's line for every question the surfaces get."""
    work = tmp_path_factory.mktemp("surfaces")
    matrix, game = work / "m.ewns", work / "game.txt"
    subprocess.run([str(ewn_program), "setup", "make", "--matrix", str(matrix), "--depth", "1",
                    "--classes", "4"], check=True, stdout=subprocess.DEVNULL)
    game.write_text(GAME)
    lines = {"probe": [cli_line(ewn_program, "probe", "--json", "--tables", tables, p)
                       for p in SURFACE_POSITIONS],
             # As the server is asked: run from the tables' parent, naming them relatively.
             "probe_relative": [cli_line(ewn_program, "probe", "--json", "--tables", tables.name,
                                         p, cwd=tables.parent) for p in SURFACE_POSITIONS],
             "analysis": cli_line(ewn_program, "analyse", "--json", "--nodes", SURFACE_NODES,
                                  "--threads", "1", "--tables", tables, game)}
    for name, args in SETUP_QUESTIONS:
        lines[name] = cli_line(ewn_program, "setup", *args, "--json", "--matrix", matrix)
    return matrix, game, lines


def library_path(ewn_program):
    """libewn.so beside the program: $EWN_LIBRARY, the build tree's api/, or a prefix's lib/."""
    if "EWN_LIBRARY" in os.environ:
        return Path(os.environ["EWN_LIBRARY"])
    root = Path(ewn_program).resolve().parents[1]
    found = [p for p in (root / "api" / "libewn.so", root / "lib" / "libewn.so") if p.is_file()]
    assert found, f"no libewn.so in {root}/api or {root}/lib (build it, or set EWN_LIBRARY)"
    return found[0]


class CLibrary:
    """The C API's *_json functions, called as a C program calls them (ctypes)."""

    EWN_E_BUFFER = 6

    def __init__(self, path):
        c = ctypes.CDLL(str(path))
        size_p, int_p = ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_int)
        text, buf, size = ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t
        handle = ctypes.c_void_p
        for name, result, args in (
                ("ewn_tb_open_ex", handle, [text, size, int_p, buf, size]),
                ("ewn_tb_close", None, [handle]),
                ("ewn_tb_probe_json", ctypes.c_int, [handle, text, buf, size, size_p]),
                ("ewn_analyse_json", ctypes.c_int, [handle, text, ctypes.c_int, ctypes.c_uint64,
                                                    ctypes.c_int, buf, size, size_p]),
                ("ewn_setups_open", handle, [text, int_p, buf, size]),
                ("ewn_setups_close", None, [handle]),
                ("ewn_setups_reply_json", ctypes.c_int, [handle, text, ctypes.c_int, buf, size,
                                                         size_p]),
                ("ewn_setups_best_json", ctypes.c_int, [handle, ctypes.c_int, buf, size, size_p]),
                ("ewn_setups_equilibrium_json", ctypes.c_int, [handle, buf, size, size_p])):
            getattr(c, name).restype, getattr(c, name).argtypes = result, args
        self.c = c

    def open(self, kind, path):
        code, err = ctypes.c_int(0), ctypes.create_string_buffer(2048)
        if kind == "tables":
            handle = self.c.ewn_tb_open_ex(str(path).encode(), 0, ctypes.byref(code), err, 2048)
        else:
            handle = self.c.ewn_setups_open(str(path).encode(), ctypes.byref(code), err, 2048)
        assert handle, f"{path}: code {code.value}, {err.value.decode()}"
        return handle

    @classmethod
    def document(cls, call):
        """(code, document): first with a buffer too small, which must say what suffices and
        write nothing, then with that size."""
        needed = ctypes.c_size_t(0)
        small = ctypes.create_string_buffer(b"untouched", 16)
        code = call(small, 16, ctypes.byref(needed))
        if code != cls.EWN_E_BUFFER:  # a failure, or a document of less than 16 bytes
            return code, small.value.decode()
        assert small.value == b"untouched" and needed.value > 16
        buf = ctypes.create_string_buffer(needed.value)
        code = call(buf, needed.value, ctypes.byref(needed))
        assert len(buf.value) + 1 == needed.value
        return code, buf.value.decode()


@pytest.fixture(scope="module")
def c_documents(ewn_program, tables, surface_inputs):
    """The C API's documents for the surface questions: {name: [(code, text), ...]}."""
    matrix, _, _ = surface_inputs
    lib = CLibrary(library_path(ewn_program))
    tb, setups = lib.open("tables", tables), lib.open("setups", matrix)
    c = lib.c
    try:
        probe = [lib.document(lambda b, n, need, p=p: c.ewn_tb_probe_json(tb, p.encode(), b, n,
                                                                          need))
                 for p in SURFACE_POSITIONS]
        analysis = lib.document(lambda b, n, need: c.ewn_analyse_json(
            tb, GAME.encode(), 0, SURFACE_NODES, 1, b, n, need))
        reply = lib.document(lambda b, n, need: c.ewn_setups_reply_json(setups, b"654321", 2, b,
                                                                        n, need))
        best = lib.document(lambda b, n, need: c.ewn_setups_best_json(setups, 2, b, n, need))
        equilibrium = lib.document(lambda b, n, need: c.ewn_setups_equilibrium_json(setups, b, n,
                                                                                    need))
    finally:
        c.ewn_tb_close(tb)
        c.ewn_setups_close(setups)
    return {"probe": probe, "analysis": analysis, "setup_reply": reply, "setup_best": best,
            "setup_equilibrium": equilibrium}


def test_the_c_documents_are_the_cli_s(schemas, surface_inputs, c_documents):
    _, _, lines = surface_inputs
    for position, line, (code, text) in zip(SURFACE_POSITIONS, lines["probe"],
                                            c_documents["probe"]):
        assert text == line, position
        document = json.loads(text)
        validate(schemas, "error" if code else "probe", document)
        assert (code != 0) == ("error" in document)
    assert [code for code, _ in c_documents["probe"][-2:]] == [2, 3]  # EWN_E_POSITION, _NOT_COVERED
    for name in ("analysis", "setup_reply", "setup_best", "setup_equilibrium"):
        code, text = c_documents[name]
        assert code == 0 and text == lines[name], name
        validate(schemas, name, json.loads(text))


def test_the_cpp_documents_are_the_cli_s(schemas, ewn_program, tables, surface_inputs, tmp_path):
    """ewn.hpp's *_json, from a program compiled against the headers and libewn.so."""
    matrix, game, lines = surface_inputs
    library = library_path(ewn_program)
    program = tmp_path / "cpp_documents"
    include = Path(__file__).resolve().parents[2] / "api" / "include"
    subprocess.run([os.environ.get("CXX", "c++"), "-std=c++17", "-Wall", "-Werror", "-I",
                    str(include), "-o", str(program), str(Path(__file__).with_name(
                        "cpp_documents.cpp")), str(library), f"-Wl,-rpath,{library.parent}"],
                   check=True)
    run = subprocess.run([str(program), tables, matrix, game, str(SURFACE_NODES),
                          *SURFACE_POSITIONS], capture_output=True, text=True, check=True)
    out = run.stdout.splitlines()
    assert len(out) == len(SURFACE_POSITIONS) + 4, run.stdout
    for line, got in zip(lines["probe"], out):
        if got.startswith("error "):  # ewn::Error: the C code and the CLI's message
            code, message = got[len("error "):].split(" ", 1)
            assert message == json.loads(line)["error"] and int(code) in (2, 3)
        else:
            assert got == line
            validate(schemas, "probe", json.loads(got))
    for name, got in zip(("analysis", "setup_reply", "setup_best", "setup_equilibrium"),
                         out[len(SURFACE_POSITIONS):]):
        assert got == lines[name], name
        validate(schemas, name, json.loads(got))


def end_with_parent():
    """Asks Linux to stop the server should the test process die before it stops the server
    (PR_SET_PDEATHSIG)."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


@pytest.fixture(scope="module")
def http_server(ewn_program, tables, surface_inputs, tmp_path_factory):
    """`ewn serve --port 0` on the tables and the matrix; its address is the line it prints once
    it listens (waited for, at most 60 s, never guessed); stopped after the module's tests. Run
    from the tables' parent with a relative --tables, so that its documents name the directory
    as the CLI's do."""
    matrix, _, _ = surface_inputs
    errors = tmp_path_factory.mktemp("serve") / "stderr"  # a file: a pipe nobody reads may fill
    with open(errors, "w") as stderr:
        server = subprocess.Popen(
            [str(ewn_program), "serve", "--tables", tables.name, "--port", "0", "--setup-matrix",
             str(matrix), "--searches", "1"], cwd=tables.parent, stdout=subprocess.PIPE,
            stderr=stderr, text=True, preexec_fn=end_with_parent)
    first = []
    reader = threading.Thread(target=lambda: first.append(server.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    try:
        assert first and "listening on http://" in first[0], \
            f"ewn serve did not start (exit {server.poll()}): {first} {errors.read_text()}"
        yield first[0].split("listening on ")[1].split()[0].rstrip("/")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# Straight to the server, whatever proxy the environment names.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_get(url, path, **query):
    """(status, body) of GET url/path?query."""
    target = f"{url}{path}" + (f"?{urllib.parse.urlencode(query)}" if query else "")
    try:
        with DIRECT.open(target, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_http_documents_are_the_cli_s(schemas, surface_inputs, http_server):
    _, _, lines = surface_inputs
    # The server names the tables as given, as the CLI does (an absolute path by its last part).
    for position, line in zip(SURFACE_POSITIONS, lines["probe_relative"]):
        status, body = http_get(http_server, "/api/probe", position=position)
        assert body.strip() == line, position
        validate(schemas, "probe" if status == 200 else "error", json.loads(body))
    statuses = [http_get(http_server, "/api/probe", position=p)[0] for p in SURFACE_POSITIONS]
    assert statuses == [200] * len(POSITIONS) + [400, 404]  # the map of answers/failure.h
    status, body = http_get(http_server, "/api/analyse", text=GAME, nodes=SURFACE_NODES)
    assert status == 200 and body.strip() == lines["analysis"]
    validate(schemas, "analysis", json.loads(body))
    for name, path, query in (("setup_reply", "/api/setup/reply",
                               {"arrangement": "654321", "count": 2}),
                              ("setup_best", "/api/setup/best", {"count": 2}),
                              ("setup_equilibrium", "/api/setup/equilibrium", {})):
        status, body = http_get(http_server, path, **query)
        assert status == 200 and body.strip() == lines[name], name
        validate(schemas, name, json.loads(body))


def test_every_http_failure_is_an_error_document(schemas, http_server):
    # The routes' failures take their status and kind from the map; HTTP's own (a page that is
    # not there) keep their status, with the nearest kind: the client's doing is bad use.
    for path, query, status, kind in (("/no/such/page", {}, 404, "bad_use"),
                                      ("/api/setup/reply", {}, 400, "bad_use"),
                                      ("/api/probe", {"position": "x"}, 400, "bad_position"),
                                      ("/api/move", {"position": "1b13/5/5/5/3r2r1 b 3"}, 400,
                                       "game_over")):
        got, body = http_get(http_server, path, **query)
        document = json.loads(body)
        validate(schemas, "error", document)
        assert (got, document["error_kind"]) == (status, kind), path


def test_the_http_inventory_is_the_cli_s(schemas, ewn_program, tables, http_server):
    """/api/info: `ewn info --json --quick`'s document (the directory named as given), plus the
    server's own `engine`."""
    status, body = http_get(http_server, "/api/info")
    document = json.loads(body)
    assert status == 200 and set(document["engine"]) == {"searches", "max_movetime_ms",
                                                          "uses_tables"}
    del document["engine"]
    validate(schemas, "info", document)
    assert document == json.loads(cli_line(ewn_program, "info", "--json", "--quick", "--tables",
                                           tables.name, cwd=tables.parent))


def test_one_question_one_document_on_every_surface(surface_inputs, c_documents, http_server,
                                                    tables):
    """The probe, the analysis and the setup answers: CLI, C, HTTP and Python give one text."""
    matrix, _, lines = surface_inputs
    with ewn.Tablebase(tables) as tb, ewn.Setups(matrix) as setups:
        for position, line, (_, from_c) in zip(POSITIONS, lines["probe"], c_documents["probe"]):
            from_http = http_get(http_server, "/api/probe", position=position)[1].strip()
            assert line == from_c == from_http == tb.probe(position).to_json()
        from_python = {
            "analysis": ewn.analyse_game(GAME, tables=tb, nodes=SURFACE_NODES, threads=1),
            "setup_reply": setups.reply("654321", 2), "setup_best": setups.best(2),
            "setup_equilibrium": setups.equilibrium()}
    for name, answer in from_python.items():
        assert lines[name] == c_documents[name][1] == answer.to_json(), name


def test_the_show_train_eval_and_manifest_documents(schemas, ewn_program, tables, tmp_path):
    """The documents of `ewn show`, `train-eval` and `verify --manifest`, built in answers/."""
    for position in POSITIONS:
        validate(schemas, "show", cli(ewn_program, "show", "--json", position)[0])
    trained = cli(ewn_program, "train-eval", "--tables", "none", "--games", "20", "--out",
                  tmp_path / "net.ewnn", "--json", "-q")[0]
    validate(schemas, "train_eval", trained)
    assert trained["games"] == 20 and isinstance(trained["took_ms"], int)
    manifest = tmp_path / "tables.manifest"
    subprocess.run([str(ewn_program), "verify", "-q", "--pieces", "2", "--tables", str(tables),
                    "--write-manifest", str(manifest)], check=True, capture_output=True)
    checked = cli(ewn_program, "verify", "--json", "--tables", tables, "--manifest", manifest)[0]
    validate(schemas, "manifest_check", checked)
    assert checked["ok"] is True and checked["table_count"] > 0


def test_the_http_engine_and_info_documents(schemas, http_server):
    """/api/move, /api/estimate, /api/probe's estimate in place of a probe, /api/info."""
    status, body = http_get(http_server, "/api/move", position="r1r23/5/2b3b41/5/5 b 4",
                            movetime_ms=50)
    assert status == 200, body
    validate(schemas, "engine_move", json.loads(body))
    status, body = http_get(http_server, "/api/estimate", position="r1r23/5/2b3b41/5/5 b",
                            nodes=2000)
    assert status == 200, body
    validate(schemas, "estimate", json.loads(body))
    five = "r1r23/5/2b3b41/5/4b5 r"
    status, body = http_get(http_server, "/api/probe", position=five, fallback="estimate",
                            nodes=2000)
    estimate = json.loads(body)
    assert status == 200 and estimate["not_covered"], body
    validate(schemas, "estimate", estimate)
    status, body = http_get(http_server, "/api/info")
    assert status == 200
    validate(schemas, "server_info", json.loads(body))
