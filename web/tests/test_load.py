"""Load: 8 clients send 20 000 probe requests on loopback; none may fail, and the run is
bounded in time. The figures (requests/s, 99th-percentile latency) are printed and written to
load.json in EWN_WEB_OUT for docs/BENCHMARKS.md."""
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
