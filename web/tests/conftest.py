"""What the web tests share: the ewn program, the tables, a server on a free port, random
positions (the Python tests' generator), the rules needed to follow a move, and the CLI's
answers to compare with.

Environment (set by ctest, web/tests/CMakeLists.txt): EWN, the ewn program; EWN_WEB_TABLES, a
directory of tables for <= 4 pieces; EWN_WEB_LOAD, the load client (test_load.py only).
"""
import ctypes
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

# The random positions of every Python test: tests/support/random_positions.py.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "support"))
from random_positions import random_position, write  # noqa: E402

EWN = os.environ.get("EWN", "ewn")
TABLES = os.environ.get("EWN_WEB_TABLES", "data")


def end_with_parent():
    """Asks Linux to stop the child should the test process die (a timeout, a kill) before it
    stops the server itself (PR_SET_PDEATHSIG)."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


class Server:
    """`ewn serve --port 0` on loopback; the address is the one it prints once bound, and its
    shares of the open files (`connections`, `per_address`, `refusals`, `table_files`) those of
    its third line. `nofile`: the limit on open files it runs under (soft and hard, as
    `ulimit -n` sets them)."""

    def __init__(self, *args, nofile=None):
        def prepare():
            end_with_parent()
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen(
            [EWN, "serve", "--tables", TABLES, "--port", "0", *args],
            stdout=subprocess.PIPE, text=True, preexec_fn=prepare)
        lines = []
        reader = threading.Thread(
            target=lambda: lines.extend(self.proc.stdout.readline() for _ in range(3)),
            daemon=True)
        reader.start()
        reader.join(30)
        if len(lines) < 3 or "listening on http://" not in lines[0]:
            self.stop()
            raise RuntimeError("ewn serve did not start: " + ("".join(lines) or "no output"))
        self.url = lines[0].split("listening on ")[1].split()[0]
        host_port = self.url[len("http://"):].rstrip("/")
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self.files_line = lines[2]
        shares = re.search(r"(\d+) for the tables, \d+ for the process, (\d+) connections "
                           r"\((\d+) from one address\) and (\d+) refusals", lines[2])
        if not shares:
            self.stop()
            raise RuntimeError("ewn serve did not say its open files: " + lines[2])
        self.table_files, self.connections, self.per_address, self.refusals = map(
            int, shares.groups())

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def server():
    s = Server()
    try:
        yield s
    finally:
        s.stop()


def parse_board(text):
    board = []
    for rank in text.split()[0].split("/"):
        i = 0
        while i < len(rank):
            if rank[i] in "rb":
                board.append((rank[i], int(rank[i + 1])))
                i += 2
            else:
                board += [None] * int(rank[i])
                i += 1
    return board


def square(name):
    return (5 - int(name[1])) * 5 + "abcde".index(name[0])


def play(position, move):
    """The position after `move` (no die): the target's piece is removed, the other side moves."""
    board = parse_board(position)
    board[square(move[2:])] = board[square(move[:2])]
    board[square(move[:2])] = None
    return write(board, "b" if position.split()[1] == "r" else "r")


def cli_probe(positions):
    """`ewn probe --json` for each position: its output lines, in order. It runs beside the
    table directory and names it by its last part, as the server's answers do (they show no
    absolute path of the machine)."""
    out = subprocess.run([EWN, "probe", "--json", "--tables", os.path.basename(TABLES)],
                         cwd=os.path.dirname(os.path.abspath(TABLES)), input="\n".join(positions) + "\n",
                         capture_output=True, text=True, timeout=120).stdout
    lines = out.splitlines()
    assert len(lines) == len(positions)
    return lines


def cli_probe_one(position):
    return json.loads(cli_probe([position])[0])


def cli_legal_moves(position):
    """`ewn show --json`: the legal moves of a position with a die (their names)."""
    out = subprocess.run([EWN, "show", position, "--json"], capture_output=True, text=True,
                         timeout=30).stdout
    dice = json.loads(out)["dice"]
    return [m["move"] for m in dice[0]["moves"]] if dice else []


# The seed of the tests' random choices (and of the page's dice in test_browser.py).
SEED = int(os.environ.get("EWN_WEB_SEED", "29"))


@pytest.fixture
def rng():
    return random.Random(SEED)


def wait_until(check, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)
