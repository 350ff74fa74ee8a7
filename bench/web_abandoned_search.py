"""What an abandoned search costs the next client: for each build of `ewn serve` given, two
/api/analyse requests of about ten seconds each are sent and dropped after 50 ms, then a move is
asked for; prints its status and how long it took (docs/BENCHMARKS.md, "Under attack").
    python3 bench/web_abandoned_search.py TABLES EWN...
"""
import http.client
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

# A game as the page copies it (the web tests' too): 11 turns, all estimated.
GAME = (Path(__file__).resolve().parents[1] / "web" / "tests" / "page_game.txt").read_text()


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


def main():
    tables, builds = sys.argv[1], sys.argv[2:]
    q = lambda **p: urllib.parse.urlencode(p, quote_via=urllib.parse.quote)
    analysis = "/api/analyse?" + q(text=GAME, nodes=2_000_000)
    move = "/api/move?" + q(position="r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3", movetime_ms=100)
    for ewn in builds:
        proc, port = serve(ewn, tables)
        try:
            clients = []
            for _ in range(2):
                s = socket.create_connection(("127.0.0.1", port))
                s.sendall(f"GET {analysis} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
                clients.append(s)
            time.sleep(0.05)
            for s in clients:
                s.close()
            status, seconds = get(port, move)
            print(f"{ewn}: move after two abandoned analyses: {status} in {seconds * 1000:.0f} ms")
        finally:
            proc.terminate()
            proc.wait()


main()
