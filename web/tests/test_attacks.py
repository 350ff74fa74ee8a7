"""Hostile clients that the load client does not play: 3 000 probes pipelined on one connection
(every one answered, in order, none spliced), and searches whose clients went away (the engine
is free again at once). The attacks with many connections are in test_load.py."""
import json
import socket
import threading
import time
import urllib.parse

from conftest import cli_probe, random_position
from test_api import PAGE_GAME, get, query

import random


def read_answers(sock, count):
    """Reads `count` answers (with Content-Length) from the socket: [(status, body)]."""
    data = b""
    answers = []
    while len(answers) < count:
        end = data.find(b"\r\n\r\n")
        if end >= 0:
            head = data[:end].decode("latin-1")
            length = int(next(line.split(":", 1)[1] for line in head.split("\r\n")
                              if line.lower().startswith("content-length:")))
            if len(data) >= end + 4 + length:
                answers.append((int(head.split(" ", 2)[1]), data[end + 4:end + 4 + length]))
                data = data[end + 4 + length:]
                continue
        chunk = sock.recv(1 << 16)
        if not chunk:
            break
        data += chunk
    return answers


def test_3000_pipelined_probes_on_one_connection_are_answered_in_order(server):
    """All sent at once (about 200 KB) while the answers are read: every request is answered,
    in the order sent, each answer the CLI's (it was 799 answers, then a request spliced from
    two that no client sent)."""
    rng = random.Random(52)
    positions = [random_position(rng, 4) for _ in range(300)]
    lines = dict(zip(positions, cli_probe(positions)))
    sequence = [positions[i % len(positions)] for i in range(3000)]
    requests = b"".join(
        f"GET /api/probe?position={urllib.parse.quote(p)} HTTP/1.1\r\nHost: localhost\r\n\r\n"
        .encode() for p in sequence)
    with socket.create_connection((server.host, server.port), timeout=30) as s:
        sender = threading.Thread(target=s.sendall, args=(requests,), daemon=True)
        sender.start()
        answers = read_answers(s, len(sequence))
        sender.join(30)
    assert len(answers) == len(sequence)
    for position, (status, body) in zip(sequence, answers):
        assert body.decode().rstrip("\n") == lines[position], position
        assert status in (200, 404)


def test_an_abandoned_analysis_frees_the_engine(server):
    """Two analyses of about ten seconds each take both searches; their clients go away, and a
    move asked for then is answered (it was refused 503 for the 28 s the analyses ran on)."""
    analysis = "/api/analyse?" + query(text=PAGE_GAME, nodes=2_000_000)
    move = "/api/move?" + query(position="r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3",
                                movetime_ms=100)
    clients = []
    for _ in range(2):
        s = socket.create_connection((server.host, server.port), timeout=30)
        s.sendall(f"GET {analysis} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        clients.append(s)
    # Until a move is refused, the analyses may not both have their search yet (a move that
    # took one first ends within its 100 ms, and the analysis behind it then starts).
    for _ in range(5):
        status, body = get(server, move)
        if status == 503:
            break
    assert status == 503 and "the engine is busy" in json.loads(body)["error"]
    for s in clients:
        s.close()
    start = time.monotonic()
    status, body = get(server, move)
    assert status == 200, body
    # The searches stopped as their clients went: no 2 s wait for a search (the request's
    # limit), which leaves room for a loaded machine.
    assert time.monotonic() - start < 1.5


def read_all(s):
    s.setblocking(True)
    s.settimeout(10)
    reply = b""
    while chunk := s.recv(65536):
        reply += chunk
    return reply


def test_connections_over_an_address_cap_are_answered_503(server):
    """76 connections more from 127.0.0.5 than one address may hold (its cap, which the
    server's start-up line says: 256 with a limit on open files of 4 096 or more): each beyond
    the cap is answered 503 with a JSON error and closed, none is reset; the others stay open
    and are served."""
    import resource
    cap = server.per_address
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    sockets = []
    try:
        for _ in range(cap + 76):
            s = socket.socket()
            s.bind(("127.0.0.5", 0))
            s.connect((server.host, server.port))
            sockets.append(s)
        # The last is beyond the cap. Refusals are written as the connections are accepted, in
        # order: once its answer is here, every earlier one's is too.
        answers = {len(sockets) - 1: read_all(sockets[-1])}
        for i, s in enumerate(sockets[:-1]):
            s.setblocking(False)
            try:
                answers[i] = s.recv(65536)
            except BlockingIOError:
                continue  # held open, unanswered: within the cap
            answers[i] += read_all(s)
        for reply in answers.values():
            assert reply.startswith(b"HTTP/1.1 503 "), reply[:100]
            error = json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]
            assert f"too many connections from 127.0.0.5 ({cap} open)" in error
        assert len(answers) >= 76
        held = sockets[min(i for i in range(len(sockets)) if i not in answers)]
        held.setblocking(True)
        held.settimeout(10)
        held.sendall(b"GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert held.recv(12) == b"HTTP/1.1 200"
    finally:
        for s in sockets:
            s.close()
    assert get(server, "/api/info")[0] == 200
