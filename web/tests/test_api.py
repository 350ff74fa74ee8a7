"""The JSON API of `ewn serve` against the CLI, and against malformed requests."""
import concurrent.futures
import http.client
import json
import os
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest

from conftest import EWN, TABLES, Server, cli_probe, random_position


def get(server, path, method="GET", headers=None):
    """(status, parsed JSON body) of one request on a fresh connection."""
    c = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        c.request(method, path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        return r.status, body
    finally:
        c.close()


def query(**params):
    return urllib.parse.urlencode(params, quote_via=urllib.parse.quote)


def test_probe_equals_cli_on_500_random_positions(server, rng):
    positions = [random_position(rng) for _ in range(500)]
    expected = cli_probe(positions)
    statuses = set()
    for position, line in zip(positions, expected):
        status, body = get(server, "/api/probe?" + query(position=position))
        assert body.decode().rstrip("\n") == line, position
        cli = json.loads(line)
        want = 200 if "error" not in cli else 404 if "pieces, but" in cli["error"] else 400
        assert status == want, (position, status, line)
        statuses.add(status)
    # The sample covers answered, decided and uncovered (5-piece) positions (malformed ones are
    # below).
    assert {200, 404} <= statuses


def test_move_is_legal_and_valued(server):
    position = "r1r23/5/2b3b41/5/5 r 2"
    status, body = get(server, "/api/move?" + query(position=position, movetime_ms=200))
    assert status == 200
    j = json.loads(body)
    # Covered by the tables: the engine plays a best move, and says so exactly.
    best = json.loads(cli_probe([position])[0])["dice"][0]["moves"]
    assert j["move"] in [m["move"] for m in best if m["move_value"] == best[0]["move_value"]]
    assert j["exact"] is True and j["move_value"] == pytest.approx(best[0]["move_value"], abs=1e-6)
    assert j["after"] == "r14/1r23/2b3b41/5/5 b"


def test_movetime_is_capped(server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3"
    start = time.monotonic()
    status, body = get(server, "/api/move?" + query(position=position, movetime_ms=3_000_000))
    assert status == 200
    j = json.loads(body)
    assert j["movetime_ms"] == 5000 and time.monotonic() - start < 15
    assert j["exact"] is False and 0 < j["move_value"] < 1


def test_estimate_has_the_probe_shape(server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b"
    status, body = get(server, "/api/estimate?" + query(position=position, nodes=200000))
    assert status == 200
    j = json.loads(body)
    assert j["source"] == "estimate" and j["depth"] >= 1 and j["side"] == "b"
    assert j["ended_by"] == "nodes" and 0 < j["nodes"] <= 200000
    assert [d["die"] for d in j["dice"]] == [1, 2, 3, 4, 5, 6]
    for d in j["dice"]:
        values = [m["move_value"] for m in d["moves"]]
        assert values == sorted(values, reverse=True)
    assert j["value"] == pytest.approx(sum(d["moves"][0]["move_value"] for d in j["dice"]) / 6)


def without_time(body):
    j = json.loads(body)
    j.pop("took_ms")
    return j


def test_estimate_is_the_same_on_every_run(server):
    """A node budget, not a time, and an empty transposition table: searches in between (which
    leave entries behind) change nothing."""
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"
    path = "/api/estimate?" + query(position=position, nodes=400000)
    first = without_time(get(server, path)[1])
    get(server, "/api/estimate?" + query(position="r1r2r32/r4r53/r63b3/3b5b2/2b6b41 b"))
    get(server, "/api/move?" + query(position=position + " 3", movetime_ms=300))
    assert without_time(get(server, path)[1]) == first
    fallback = "/api/probe?" + query(position=position, fallback="estimate", nodes=400000)
    answer = without_time(get(server, fallback)[1])
    assert answer.pop("not_covered") and answer == first


def test_estimate_keeps_to_the_servers_time_cap():
    """The node budget decides; the server's cap on time is a safety that ends a search whose
    budget it cannot afford (the depth cut short is dropped, as by the budget)."""
    s = Server("--max-movetime", "300")
    try:
        position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"
        start = time.monotonic()
        status, body = get(s, "/api/estimate?" + query(position=position, nodes=20000000))
        j = json.loads(body)
        # Slack for a loaded machine and sanitizer builds; unbounded, it would take a minute.
        assert status == 200 and j["ended_by"] == "time" and j["took_ms"] <= 2000
        assert time.monotonic() - start < 10
    finally:
        s.stop()


def test_probe_falls_back_to_the_estimate_when_asked(server):
    """fallback=estimate: the probe where the tables cover the position (the CLI's line), else
    the estimate, answered 200 with the tables' message (what the page asks: no failed load)."""
    covered = "r1r23/5/2b3b41/5/5 r"
    status, body = get(server, "/api/probe?" + query(position=covered, fallback="estimate"))
    assert status == 200 and body.decode().rstrip("\n") == cli_probe([covered])[0]
    uncovered = "r1r2r32/5/2b3b41/5/5 r"
    status, body = get(server, "/api/probe?" + query(position=uncovered, fallback="estimate",
                                                     nodes=50000))
    j = json.loads(body)
    assert status == 200 and j["source"] == "estimate" and j["nodes"] <= 50000
    assert j["not_covered"] == json.loads(cli_probe([uncovered])[0])["error"]


def test_info_lists_the_tables(server):
    """The inventory of `ewn info --json --quick` (one document for both), with the engine's."""
    status, body = get(server, "/api/info")
    j = json.loads(body)
    info = subprocess.run([EWN, "info", "--json", "--quick", "--tables", os.path.basename(TABLES)],
                          cwd=os.path.dirname(os.path.abspath(TABLES)), capture_output=True,
                          text=True, timeout=60).stdout
    assert {k: v for k, v in j.items() if k != "engine"} == json.loads(info)
    assert status == 200 and j["complete_up_to"] == 4
    assert [p["pieces"] for p in j["piece_counts"]] == [2, 3, 4]
    # Format 3: a class has a file of its own or is derived from its colour twin's.
    assert all(p["present_count"] + p["derived_count"] == p["classes"] for p in j["piece_counts"])
    assert j["engine"]["max_movetime_ms"] == 5000


def test_page_and_its_files(server):
    status, body = get(server, "/")
    assert status == 200 and b'<script type="module" src="app.js">' in body
    for name in ["app.js", "analysis.js", "style.css", "rules.js", "favicon.svg"]:
        assert get(server, "/" + name)[0] == 200


LONG = "r1" + "1" * 5000
MALFORMED = [
    # (method, path, expected status)
    ("GET", "/api/probe", 400),
    ("GET", "/api/probe?position=", 400),
    ("GET", "/api/probe?position=xx", 400),
    ("GET", "/api/probe?" + query(position="r1r2/5/5/5/5 r"), 400),
    ("GET", "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r 7"), 400),
    ("GET", "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 x"), 400),
    ("GET", "/api/probe?" + query(position="r1r13/5/2b3b41/5/5 r"), 400),
    ("GET", "/api/probe?" + query(position="5/5/5/5/5/5 r"), 400),
    ("GET", "/api/probe?" + query(position="5/5/5/5/5 r"), 400),
    ("GET", "/api/probe?" + query(position=LONG), 400),
    ("GET", "/api/probe?position=" + "a" * 20000, 414),
    ("GET", "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r", foo=1), 400),
    ("GET", "/api/probe?position=r14/5/5/5/4b1%20r&position=r14/5/5/5/4b1%20b", 400),
    ("GET", "/api/probe?position=r1r23/5/2b3b41/5/5%00%20r", 400),
    ("GET", "/api/probe?position=r1r23/5/2b3b41/5/5%FF%FE%20r", 400),
    ("GET", "/api/probe?position=%G1%Z", 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r"), 400),
    ("GET", "/api/move?" + query(position="1b13/5/5/5/3r2r1 b 3"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="abc"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="-5"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="0"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="1e3"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="1.5"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms=""), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime_ms="9" * 30), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", depth=3), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5"), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5 r", nodes="soon"), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5 r", nodes=999), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5 r", movetime_ms=500), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime=500), 400),
    ("GET", "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r", fallback="engine"), 400),
    ("GET", "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r", nodes=5000), 400),
    ("GET", "/api/probe?position=r14/5/5/5/4b1%20r&position=r14/5/5/5/4b1%20r", 400),
    ("GET", "/api/analyse", 400),
    ("GET", "/api/analyse?" + query(nodes=20000), 400),
    ("GET", "/api/analyse?" + query(text="r1r23/5/2b3b41/5/5 r\nr 2 b5b4", nodes=999), 400),
    ("GET", "/api/analyse?" + query(text="r1r23/5/2b3b41/5/5 r\nr 2 b5b4", game=0), 400),
    ("GET", "/api/analyse?" + query(text="r1r23/5/2b3b41/5/5 r\nr 2 b5b4", movetime_ms=5), 400),
    ("GET", "/api/analyse?text=r14/5/5/5/4b1%20r&text=r14/5/5/5/4b1%20r", 400),
    ("GET", "/api/analyse?text=%FF%FE%00", 400),
    ("GET", "/api/analyse?text=" + "r" * 9000, 414),
    ("GET", "/api/info?a=1&a=1", 400),
    ("GET", "/api/info?verbose=1", 400),
    ("GET", "/nope", 404),
    ("GET", "/api/nope", 404),
    ("GET", "/api/probe/extra", 404),
    ("GET", "/../../etc/passwd", 404),
    ("POST", "/api/probe", 405),
    ("PUT", "/api/move", 405),
    ("DELETE", "/", 405),
    ("PATCH", "/api/info", 405),
    ("OPTIONS", "/api/probe", 405),
    ("TRACE", "/", 405),
    ("PROPFIND", "/api/info", 405),
    ("get", "/api/info", 405),
    ("CONNECT", "/", 405),
]


@pytest.mark.parametrize("method,path,expected", MALFORMED)
def test_malformed_request_gets_a_json_error(server, method, path, expected):
    status, body = get(server, path, method)
    assert status == expected
    assert "error" in json.loads(body)
    assert get(server, "/api/info")[0] == 200


def raw_exchange(server, raw):
    """Sends raw bytes; returns (the whole reply, seconds until the server closed)."""
    with socket.create_connection((server.host, server.port), timeout=30) as s:
        start = time.monotonic()
        s.sendall(raw)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
        return reply, time.monotonic() - start


@pytest.mark.parametrize("method", ["TRACE", "PROPFIND", "get", "POST", "BREW"])
def test_other_methods_get_405_with_allow_and_the_connection_closed(server, method):
    reply, seconds = raw_exchange(
        server, f"{method} /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    head, body = reply.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 405 ") and b"\r\nAllow: GET, HEAD\r\n" in head
    assert "only GET" in json.loads(body)["error"]
    # Closed at once, not after a read timeout (it was 5 s).
    assert seconds < 2


@pytest.mark.parametrize("host", ["localhost", "localhost:{port}", "LocalHost:{port}",
                                  "127.0.0.1:{port}", "127.1.2.3", "[::1]:{port}",
                                  "game.localhost:{port}", "localhost."])
def test_loopback_hosts_are_answered(server, host):
    status, _ = get(server, "/api/info", headers={"Host": host.format(port=server.port)})
    assert status == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example",
                                  "localhost.evil.example", "[::2]:{port}", "10.0.0.1",
                                  "localhost:port", "[::1"])
def test_other_hosts_are_refused_on_loopback(server, host):
    """Against DNS rebinding: a page elsewhere that resolves its own name to 127.0.0.1 sends
    that name as the Host."""
    status, body = get(server, "/api/probe?position=r14/5/5/5/4b1%20r",
                       headers={"Host": host.format(port=server.port)})
    assert status == 403 and "refused" in json.loads(body)["error"]


def test_no_answer_shows_where_the_tables_are(server):
    """The table directory by its last part, never its absolute path (TABLES is absolute)."""
    parent = os.path.dirname(os.path.abspath(TABLES))
    bodies = [get(server, path)[1].decode() for path in [
        "/api/info", "/api/probe?" + query(position="r1r2r32/5/2b3b41/5/5 r"),
        "/api/probe?" + query(position="r1r2r32/5/2b3b41/5/5 r", fallback="estimate",
                              nodes=5000),
        "/nope"]]
    assert json.loads(bodies[0])["directory"] == os.path.basename(TABLES)
    assert os.path.basename(TABLES) in bodies[1]
    for body in bodies:
        assert parent not in body


def test_a_non_loopback_address_is_served_with_a_warning():
    proc = subprocess.Popen([EWN, "serve", "--tables", TABLES, "--host", "0.0.0.0", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        warning = proc.stderr.readline()
        assert "warning" in warning and "no authentication" in warning
        assert "reverse proxy" in warning and "docs/WEB.md" in warning
        assert "listening on http://0.0.0.0:" in proc.stdout.readline()
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("raw", [
    b"HELLO\r\n\r\n",
    b"FOO /api/probe HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/info HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n",
    b"POST /api/probe HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nshort",
    b"\x00\xff\xfe garbage \r\n\r\n",
])
def test_broken_http_gets_an_error_or_a_closed_connection(server, raw):
    with socket.create_connection((server.host, server.port), timeout=10) as s:
        s.sendall(raw)
        s.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    if reply:
        status = int(reply.split(b" ", 2)[1])
        assert 400 <= status < 500, reply[:200]
        assert "error" in json.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert server.alive() and get(server, "/api/info")[0] == 200


def test_probes_stay_fast_while_the_engine_is_busy(server):
    """Searches are bounded (2 at once by default); probes and the page never wait for them.
    A probe takes a millisecond or so; one that waited for a search of 5 s would take seconds
    more than the bound, which leaves room for a loaded machine."""
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3"
    path = "/api/move?" + query(position=position, movetime_ms=5000)
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        searches = [pool.submit(get, server, path) for _ in range(6)]
        time.sleep(0.3)  # for the searches to start (were they late, the check would be weaker)
        start = time.monotonic()
        assert get(server, "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r"))[0] == 200
        assert time.monotonic() - start < 2.0
        results = [f.result() for f in searches]
    statuses = sorted(s for s, _ in results)
    # Two run at once for 5 s; the four others wait 2 s for a search and are told the engine is
    # busy.
    assert statuses == [200, 200, 503, 503, 503, 503]
    for status, body in results:
        assert ("move" in json.loads(body)) == (status == 200)


def test_requests_for_the_engine_never_take_every_worker(server):
    """At most half the 16 workers answer requests for the engine at once (2 searching, 6
    waiting for a search); the 12 beyond are told at once that the engine is busy, so a probe
    always finds a free worker."""
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3"
    path = "/api/move?" + query(position=position, movetime_ms=5000)
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        searches = [pool.submit(get, server, path) for _ in range(20)]
        time.sleep(0.5)
        start = time.monotonic()
        assert get(server, "/api/probe?" + query(position="r1r23/5/2b3b41/5/5 r"))[0] == 200
        assert time.monotonic() - start < 1.0
        results = [f.result() for f in searches]
    assert sorted(s for s, _ in results) == [200] * 2 + [503] * 18
    refused = [b for s, b in results if b"requests for it already" in b]
    assert len(refused) == 12


def test_a_second_server_cannot_take_the_port(server):
    """No SO_REUSEPORT: two servers on one port would share its connections unnoticed."""
    r = subprocess.run([EWN, "serve", "--tables", TABLES, "--port", str(server.port)],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 1 and f"cannot bind to 127.0.0.1:{server.port}" in r.stderr
    assert get(server, "/api/info")[0] == 200


# Two games of `ewn match --a expectimax:depth=2,tables=none --b random --games 2 --seed 3
# --log`: 12 pieces and more than 4 throughout, so every value is an estimate.
MATCH_LOG = """game 1 round 1 red=A blue=B first=red
A expectimax:depth=2,tables=none
B random
setup r4r3r62/r5r23/r13b6/3b2b3/2b1b5b4 r
dice 4 4 2 5 1 6 1 5 1 5 1
moves a5b5 e1d1 b4c3 e3d4 a3b3 d4c4 b3c2 c4c5 c2d2 d1c2 d2e1
times 0.1 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
result red A goal

game 2 round 1 red=B blue=A first=red
A expectimax:depth=2,tables=none
B random
setup r4r3r62/r5r23/r13b6/3b2b3/2b1b5b4 r
dice 4 4 2 5 1 6 1 5 1 5 1 5 1
moves a5b4 e1e2 b5c4 d1c1 a3a2 e3d4 a2b2 c1c2 b2c2 e2d2 c2d2 d4c5 d2e1
times 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
result red B goal
"""
# Game 1 as the page copies it; a plain list of 5 pieces (estimated), then 4 (from the tables),
# with a die not known.
PAGE_GAME = (Path(__file__).parent / "page_game.txt").read_text()
LIST_GAME = "r1r2r32/5/2b3b41/5/5 r\nr 2 b5c4\nb ? d3c4\nr 3 c5d4\nb 3 c3b3\n"


def cli_analyse(text, *args):
    """`ewn analyse --json` of `text` with the tables of the server: (exit code, stdout,
    stderr)."""
    r = subprocess.run([EWN, "analyse", "--json", "--tables", TABLES, *args], input=text,
                       capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


@pytest.mark.parametrize("text,params,args", [
    (PAGE_GAME, {"nodes": 20000}, ["--nodes", "20000"]),
    (MATCH_LOG, {"nodes": 20000, "game": 1}, ["--nodes", "20000", "--game", "1"]),
    (MATCH_LOG, {}, []),  # the last game, at the default budget (300 000 nodes)
    (LIST_GAME, {"nodes": 5000}, ["--nodes", "5000"]),
], ids=["page", "log-game-1", "log-default", "list"])
def test_analyse_equals_the_cli(server, text, params, args):
    """The same document, byte for byte, as `ewn analyse --json` with the same tables: the
    server's search of its pool, one turn after another, gives what the CLI's threads give."""
    status, body = get(server, "/api/analyse?" + query(text=text, **params))
    code, out, err = cli_analyse(text, *args)
    assert code == 0, err
    assert status == 200 and body.decode() == out
    turns = json.loads(body)["turns"]
    if text == LIST_GAME:
        assert [t["source"] for t in turns] == ["estimate"] * 2 + ["tables"] * 2
        assert turns[1]["die"] is None and turns[1]["luck"] is None
    else:
        assert {t["source"] for t in turns} == {"estimate"}
        assert all(t["nodes"] <= params.get("nodes", 300000) for t in turns)


def test_analyse_text_as_the_page_sends_it(server):
    """The page's form encoding (spaces as +, as URLSearchParams writes them) reads the same."""
    plain = urllib.parse.urlencode({"text": PAGE_GAME, "nodes": 20000})
    assert "+" in plain
    quoted = "/api/analyse?" + query(text=PAGE_GAME, nodes=20000)
    assert get(server, "/api/analyse?" + plain) == get(server, quoted)


@pytest.mark.parametrize("text,line,what", [
    ("r1r23/5/2b3b41/5/5 r\nr 2 b5b4\nb 3 zz\n", 3, "bad move 'zz'"),
    ("r1r23/5/2b3b41/5/5 r\nr 2 b5b4\nb 3 c3b2\nr 2 a5a4\n", 3, "not a legal move"),
    ("r1r23/5/2b3b41/5/5 r\nb 2 c3b3\n", 2, "it is Red's turn"),
    (PAGE_GAME.replace("Result: Red wins", "Result: Blue wins"), 16, "says Blue won"),
    ("r1r23/5/2b3b41/5/5 x\n", 1, "bad position"),
], ids=["malformed-move", "illegal-move", "wrong-side", "wrong-result", "bad-setup"])
def test_analyse_names_the_line_of_a_bad_text(server, text, line, what):
    """400 with the reader's message, the CLI's own (which names the line)."""
    status, body = get(server, "/api/analyse?" + query(text=text))
    error, kind = json.loads(body)["error"], json.loads(body)["error_kind"]
    code, _, err = cli_analyse(text)
    assert code == 13 and err.startswith("ewn analyse: stdin: line %d: " % line), err  # bad_game_text
    cli_message = err.strip()[len("ewn analyse: stdin: "):]
    assert status == 400 and error == cli_message and kind == "bad_game_text"
    assert what in error


def test_analyse_refuses_a_game_beyond_its_nodes(server):
    """Turns times nodes at most 60 000 000: the answer says the budget that fits."""
    status, body = get(server, "/api/analyse?" + query(text=PAGE_GAME, nodes=20_000_000))
    error = json.loads(body)["error"]
    assert status == 400 and "11 turns" in error and "at most 5454545 nodes" in error
    status, body = get(server, "/api/analyse?" + query(text=MATCH_LOG, game=3))
    assert status == 400 and "holds no game 3 (it holds games 1, 2)" in json.loads(body)["error"]


def test_analyse_keeps_to_the_servers_time_cap():
    """Each turn's estimate is capped by --max-movetime, as /api/estimate's search; a turn cut
    short would not give the CLI's values, so the analysis is refused and says which turn."""
    s = Server("--max-movetime", "100")
    try:
        start = time.monotonic()
        status, body = get(s, "/api/analyse?" + query(text=PAGE_GAME, nodes=5_000_000))
        error = json.loads(body)["error"]
        assert status == 503 and "turn 1: the estimate at 5000000 nodes took longer than" in error
        assert time.monotonic() - start < 10
        status, _ = get(s, "/api/analyse?" + query(text=LIST_GAME, nodes=5000))
        assert status == 200
    finally:
        s.stop()


def test_analyse_waits_for_the_engine_like_every_search(server):
    """An analysis takes a search of the pool: with both busy it waits 2 s, then 503."""
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3"
    moves = "/api/move?" + query(position=position, movetime_ms=4000)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        searches = [pool.submit(get, server, moves) for _ in range(2)]
        time.sleep(0.3)
        status, body = get(server, "/api/analyse?" + query(text=LIST_GAME, nodes=5000))
        assert status == 503 and "the engine is busy" in json.loads(body)["error"]
        assert [f.result()[0] for f in searches] == [200, 200]
    assert get(server, "/api/analyse?" + query(text=LIST_GAME, nodes=5000))[0] == 200


def test_setup_answers_without_a_matrix_say_how_to_make_one(server):
    for path in ["/api/setup/best", "/api/setup/equilibrium", "/api/setup/reply?arrangement=162534"]:
        status, body = get(server, path)
        j = json.loads(body)
        assert status == 503, path
        assert "no setup matrix" in j["error"] and "ewn setup make --matrix" in j["error"]


def test_the_equilibrium_without_a_matrix_is_200_when_asked(server):
    """missing=ok (what the page asks): the same message, answered 200, so that a server
    without a matrix is no failed load in the browser's console."""
    status, body = get(server, "/api/setup/equilibrium?missing=ok")
    assert status == 200
    assert body == get(server, "/api/setup/equilibrium")[1]
    status, body = get(server, "/api/setup/equilibrium?missing=yes")
    assert status == 400 and "'missing' takes one value: ok" in json.loads(body)["error"]


@pytest.mark.parametrize("head,why", [
    (b"GET /api/info HTTP/1.1\r\n\r\n", "without a Host"),
    (b"GET /api/info HTTP/1.1\r\nHost: \r\n\r\n", "empty Host"),
    (b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n", "more than one"),
    (b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", "more than one"),
    (b"GET /api/info HTTP/1.1\r\nHost: local\x00host\r\n\r\n", ""),
    (b"GET /api/info HTTP/1.0\r\nHost: localhost\r\nHost: localhost\r\n\r\n", "more than one"),
], ids=["missing", "empty", "repeated-other", "repeated-same", "nul", "repeated-1.0"])
def test_host_headers_against_rfc_9112_get_400(server, head, why):
    """RFC 9112, section 3.2: an HTTP/1.1 request names its host in exactly one Host header, a
    valid one; anything else is a 400 (it was answered 200, the first Host alone looked at)."""
    reply, _ = raw_exchange(server, head)
    status_line, rest = reply.split(b"\r\n", 1)
    assert status_line.startswith(b"HTTP/1.1 400 "), reply[:200]
    error = json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]
    assert why in error and "localhost" not in error


def test_http_1_0_needs_no_host(server):
    reply, _ = raw_exchange(server, b"GET /api/info HTTP/1.0\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 200 ") and b"\r\nConnection: close\r\n" in reply


def test_a_semicolon_separates_no_parameters(server):
    """Only '&' separates parameters: a ';' is part of the value (it split them before)."""
    status, body = get(server, "/api/probe?position=xx;position=r14/5/5/5/4b1%20r")
    assert status == 400
    assert json.loads(body)["error"].startswith("bad position")
    status, body = get(server, "/api/info?verbose=1;x=2")
    assert status == 400 and "'verbose'" in json.loads(body)["error"]


def test_every_answer_carries_the_safety_headers(server):
    """Answers of the routes and the server's own refusals alike."""
    for raw in [b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                b"GET /nope HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                b"HELLO\r\n\r\n", b"POST / HTTP/1.1\r\nHost: localhost\r\n\r\n",
                b"GET / HTTP/1.1\r\n\r\n"]:
        reply, _ = raw_exchange(server, raw)
        head = reply.split(b"\r\n\r\n", 1)[0] + b"\r\n"
        assert b"\r\nX-Content-Type-Options: nosniff\r\n" in head, raw
        assert b"\r\nContent-Security-Policy: default-src 'self'" in head, raw
        assert b"\r\nContent-Type: application/json\r\n" in head, raw
