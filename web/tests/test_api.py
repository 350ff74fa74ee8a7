"""The JSON API of `ewn serve` against the CLI, and against malformed requests."""
import concurrent.futures
import http.client
import json
import socket
import subprocess
import time
import urllib.parse

import pytest

from conftest import EWN, TABLES, cli_probe, random_position


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
    # The sample covers answered, decided, uncovered (5-piece) and impossible positions.
    assert statuses == {200, 400, 404}


def test_move_is_legal_and_valued(server):
    position = "r1r23/5/2b3b41/5/5 r 2"
    status, body = get(server, "/api/move?" + query(position=position, movetime=200))
    assert status == 200
    j = json.loads(body)
    # Covered by the tables: the engine plays a best move, and says so exactly.
    best = json.loads(cli_probe([position])[0])["dice"][0]["moves"]
    assert j["move"] in [m["move"] for m in best if m["value"] == best[0]["value"]]
    assert j["exact"] is True and j["value"] == pytest.approx(best[0]["value"], abs=1e-6)
    assert j["after"] == "r14/1r23/2b3b41/5/5 b"


def test_movetime_is_capped(server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3"
    start = time.monotonic()
    status, body = get(server, "/api/move?" + query(position=position, movetime=3_000_000))
    assert status == 200
    j = json.loads(body)
    assert j["movetime_ms"] == 5000 and time.monotonic() - start < 15
    assert j["exact"] is False and 0 < j["value"] < 1


def test_estimate_has_the_probe_shape(server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b"
    status, body = get(server, "/api/estimate?" + query(position=position, movetime=200))
    assert status == 200
    j = json.loads(body)
    assert j["estimate"] is True and j["depth"] >= 1 and j["side"] == "b"
    assert [d["die"] for d in j["dice"]] == [1, 2, 3, 4, 5, 6]
    for d in j["dice"]:
        values = [m["value"] for m in d["moves"]]
        assert values == sorted(values, reverse=True)
    assert j["value"] == pytest.approx(sum(d["moves"][0]["value"] for d in j["dice"]) / 6)


def test_estimate_keeps_to_its_time(server):
    """A depth is cut short at the deadline, also when the transposition table, warm from the
    searches before, makes the depths below it cheap and the next one look affordable."""
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"
    for _ in range(4):
        start = time.monotonic()
        status, body = get(server, "/api/estimate?" + query(position=position, movetime=300))
        # Slack for a loaded machine and sanitizer builds; unbounded, it took minutes.
        assert status == 200 and json.loads(body)["took_ms"] <= 2000
        assert time.monotonic() - start < 10


def test_info_lists_the_tables(server):
    status, body = get(server, "/api/info")
    j = json.loads(body)
    assert status == 200 and j["complete_up_to"] == 4
    assert [p["pieces"] for p in j["pieces"]] == [2, 3, 4]
    assert all(p["present"] == p["classes"] for p in j["pieces"])
    assert j["engine"]["max_movetime_ms"] == 5000


def test_page_and_its_files(server):
    status, body = get(server, "/")
    assert status == 200 and b'<script type="module" src="app.js">' in body
    for name in ["app.js", "style.css", "rules.js", "favicon.svg"]:
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
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="abc"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="-5"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="0"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="1e3"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="1.5"), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime=""), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", movetime="9" * 30), 400),
    ("GET", "/api/move?" + query(position="r1r23/5/2b3b41/5/5 r 3", depth=3), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5"), 400),
    ("GET", "/api/estimate?" + query(position="r1r23/5/2b3b41/5/5 r", movetime="soon"), 400),
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
]


@pytest.mark.parametrize("method,path,expected", MALFORMED)
def test_malformed_request_gets_a_json_error(server, method, path, expected):
    status, body = get(server, path, method)
    assert status == expected
    assert "error" in json.loads(body)
    assert get(server, "/api/info")[0] == 200


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
    path = "/api/move?" + query(position=position, movetime=5000)
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


def test_a_second_server_cannot_take_the_port(server):
    """No SO_REUSEPORT: two servers on one port would share its connections unnoticed."""
    r = subprocess.run([EWN, "serve", "--tables", TABLES, "--port", str(server.port)],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 1 and f"cannot bind to 127.0.0.1:{server.port}" in r.stderr
    assert get(server, "/api/info")[0] == 200
