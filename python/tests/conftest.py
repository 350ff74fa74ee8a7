"""Fixtures: the ewn program (to compare with) and a set of tables made with it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PIECES = 4
# The random positions the Python and the browser tests share (tests/support/random_positions.py).
sys.path.insert(0, str(REPO / "tests" / "support"))


@pytest.fixture(scope="session")
def ewn_program():
    """The ewn program of the build: $EWN_PROGRAM, or build/cli/ewn in the repository."""
    path = Path(os.environ.get("EWN_PROGRAM", REPO / "build" / "cli" / "ewn"))
    assert path.is_file(), f"{path}: no ewn program (build it, or set EWN_PROGRAM)"
    return path


@pytest.fixture(scope="session")
def tables(ewn_program, tmp_path_factory):
    """Every table with up to PIECES pieces, made once for the test run."""
    out = tmp_path_factory.mktemp("tables")
    subprocess.run([str(ewn_program), "gen", "--pieces", str(PIECES), "--tables", str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    return out
