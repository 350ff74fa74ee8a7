"""Load: 8 clients send 20 000 probe requests on loopback; none may fail, and the run is
bounded in time. Then the same under attack: idle and slow connections held open beside 4
clients. The figures (requests/s, 99th-percentile latency, when the server closed the attacking
connections) are printed and written to load.json and attack.json in EWN_WEB_OUT for
docs/BENCHMARKS.md."""
import json
import os
import random
import subprocess

from conftest import cli_probe, random_position

LOAD = os.environ.get("EWN_WEB_LOAD", "ewn_web_load")
OUT = os.environ.get("EWN_WEB_OUT", ".")


def test_20000_probes_from_8_clients(server, tmp_path):
    rng = random.Random(30)
    # Positions of up to 5 pieces: most are answered, some not covered (404), none impossible.
    positions = [random_position(rng) for _ in range(2000)]
    positions = [p for p, line in zip(positions, cli_probe(positions))
                 if "bad position" not in line]
    file = tmp_path / "positions.txt"
    file.write_text("\n".join(positions) + "\n")
    run = subprocess.run([LOAD, "--host", server.host, "--port", str(server.port), "--positions",
                          str(file), "--clients", "8", "--requests", "20000", "--max-seconds",
                          "120"], capture_output=True, text=True, timeout=300)
    print(run.stdout, run.stderr)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert figures["errors"] == 0 and figures["requests"] == 20000
    (open(os.path.join(OUT, "load.json"), "w")).write(run.stdout)
    assert server.alive()


def test_idle_and_slow_connections_do_not_stall_probes(server, tmp_path):
    """200 connections that send nothing and 16 that send a request head a byte a second stay
    open while 4 clients send 1 000 probes each: the probes are answered at once (p99 at most
    100 ms; it was 4.5 s with 16 idle connections and a minute with 200), and the server closes
    the idle and slow connections itself after their documented 5 s (docs/WEB.md, Safety)."""
    rng = random.Random(40)
    positions = [random_position(rng, 4) for _ in range(1000)]
    positions = [p for p, line in zip(positions, cli_probe(positions)) if "error" not in line]
    file = tmp_path / "positions.txt"
    file.write_text("\n".join(positions) + "\n")
    run = subprocess.run([LOAD, "--host", server.host, "--port", str(server.port), "--positions",
                          str(file), "--clients", "4", "--requests", "4000", "--idle", "200",
                          "--slow", "16", "--max-seconds", "30"],
                         capture_output=True, text=True, timeout=120)
    print(run.stdout, run.stderr)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    (open(os.path.join(OUT, "attack.json"), "w")).write(run.stdout)
    assert figures["errors"] == 0 and figures["requests"] == 4000
    assert figures["p99_ms"] <= 100
    assert figures["idle_closed"] == 200 and figures["slow_closed"] == 16
    # Closed after 5 s (not before: a kept-alive connection has that long), checked every 0.1 s;
    # the bound above leaves room for a loaded machine.
    assert 4.9 <= figures["idle_close_max_s"] <= 8
    assert 4.9 <= figures["slow_close_max_s"] <= 8
    assert server.alive()


def covered_positions_file(tmp_path, seed, count=1000):
    rng = random.Random(seed)
    positions = [random_position(rng, 4) for _ in range(count)]
    positions = [p for p, line in zip(positions, cli_probe(positions)) if "error" not in line]
    file = tmp_path / "positions.txt"
    file.write_text("\n".join(positions) + "\n")
    return file


def run_load(server, file, *args, timeout=120):
    run = subprocess.run([LOAD, "--host", server.host, "--port", str(server.port), "--positions",
                          str(file), *map(str, args)], capture_output=True, text=True,
                         timeout=timeout)
    print(run.stdout, run.stderr)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_512_idle_sockets_from_4_addresses_lock_nobody_out(server, tmp_path):
    """128 idle connections from each of 127.0.0.1 to 127.0.0.4, each opened again as soon as
    the server closes it (after its 5 s), while a client probes on a fresh connection every
    25 ms for 8 s: every probe is answered (a refusal would be a 503, never a reset). It was
    refused 153 of 155 probes, reset, by the old caps of 512 and 256 an address."""
    figures = run_load(server, covered_positions_file(tmp_path, 41), "--clients", 1, "--requests",
                       320, "--interval-ms", 25, "--fresh", "--idle", 512, "--addresses", 4,
                       "--reopen", "--max-seconds", 40)
    assert figures["errors"] == 0 and figures["requests"] == 320
    # The attack went on through the probes: every idle connection was closed after 5 s and
    # opened again at least once, and all were closed by the server in the end.
    assert figures["idle_reopened"] >= 512
    assert figures["idle_closed"] == 512 + figures["idle_reopened"]
    assert server.alive()


def test_16_clients_that_do_not_read_hold_no_worker(server, tmp_path):
    """16 connections send 1 000 pipelined requests for /api/info each (10 KB answers: 10 MB,
    more than loopback's sockets hold) and never read an answer, while 4 clients send 1 000
    probes each: no probe waits (every worker of the old server was blocked in a write for 5 s,
    and each client's next probe waited 4.9 s), and the server ends the 16 itself."""
    figures = run_load(server, covered_positions_file(tmp_path, 42), "--clients", 4, "--requests",
                       4000, "--pipeliners", 16, "--pipeline", 1000, "--max-seconds", 40)
    assert figures["errors"] == 0 and figures["refused"] == 0 and figures["requests"] == 4000
    # Bounds with room for a loaded machine.
    assert figures["p99_ms"] <= 100 and figures["max_ms"] <= 2000
    assert figures["pipeliners_closed"] == 16
    assert server.alive()
