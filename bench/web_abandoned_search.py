"""What an abandoned search costs the next client, and what a half-closed client gets, for each
build of `ewn serve` given (docs/BENCHMARKS.md, "Under attack" and "The edges of issue 59"):
- dropped: two /api/analyse requests of about ten seconds each are sent and dropped after
  50 ms, then a move is asked for;
- one-byte-more: the same, but each client sends one byte more 20 ms after its request, then
  closes (issue 59's first edge);
- half-close: /api/estimate at 2 000 000 nodes from a client that shuts its sending side after
  the request, against the same from a client that does not (issue 59's fifth edge).
Prints one line for each.
    python3 bench/web_abandoned_search.py TABLES EWN...
"""
import http.client
import json
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

# A game as the page copies it (the web tests' too): 11 turns, all estimated.
GAME = (Path(__file__).resolve().parents[1] / "web" / "tests" / "page_game.txt").read_text()
q = lambda **p: urllib.parse.urlencode(p, quote_via=urllib.parse.quote)  # noqa: E731
ANALYSIS = "/api/analyse?" + q(text=GAME, nodes=2_000_000)
MOVE = "/api/move?" + q(position="r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3", movetime_ms=100)
ESTIMATE = "/api/estimate?" + q(position="r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", nodes=2_000_000)


def serve(ewn, tables):
    proc = subprocess.Popen([ewn, "serve", "--tables", tables, "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    return proc, int(line.split("listening on http://127.0.0.1:")[1].split("/")[0])


def get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.monotonic()
    c.request("GET", path)
    r = c.getresponse()
    r.read()
    return r.status, time.monotonic() - start


def abandon(port, one_byte_more):
    clients = []
    for _ in range(2):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET {ANALYSIS} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        clients.append(s)
    if one_byte_more:
        time.sleep(0.02)
        for s in clients:
            s.sendall(b"G")
    time.sleep(0.05)
    for s in clients:
        s.close()
    status, seconds = get(port, MOVE)
    return f"move after two abandoned analyses: {status} in {seconds * 1000:.0f} ms"


def estimate(port, half_close):
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(f"GET {ESTIMATE} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                  .encode())
        if half_close:
            s.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    while reply.startswith(b"HTTP/1.1 100 "):
        reply = reply.split(b"\r\n\r\n", 1)[1]
    head, body = reply.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ")[1])
    d = json.loads(body)
    if status != 200:
        return f"estimate: {status} {d['error']}"
    return f"estimate: 200, {d['nodes']} nodes, depth {d['depth']}, ended_by {d['ended_by']}"


def main():
    tables, builds = sys.argv[1], sys.argv[2:]
    for ewn in builds:
        for name, run in [("dropped", lambda port: abandon(port, False)),
                          ("one-byte-more", lambda port: abandon(port, True)),
                          ("open", lambda port: estimate(port, False)),
                          ("half-close", lambda port: estimate(port, True))]:
            proc, port = serve(ewn, tables)
            try:
                print(f"{ewn}: {name}: {run(port)}", flush=True)
            finally:
                proc.terminate()
                proc.wait()


main()
