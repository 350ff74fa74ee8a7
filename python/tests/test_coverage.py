"""One coverage figure: on a directory with one table truncated and one removed, the module's
complete_up_to is `ewn info --json`'s, and a probe that needs the damaged table raises
ewn.TableError naming it while the others still answer."""

import json
import shutil
import subprocess

import pytest

import ewn

TRUNCATED, REMOVED = "12v1", "13v1"


def file_of(directory, material):
    """The file that answers for a class: its own, or in format 3 its colour twin's."""
    own = directory / f"{material}.ewt"
    mover, opponent = material.split("v")
    return own if own.exists() else directory / f"{opponent}v{mover}.ewt"


@pytest.fixture(params=[True, False], ids=["one-removed", "none-removed"])
def damaged(request, tables, tmp_path):
    copy = tmp_path / "damaged"
    shutil.copytree(tables, copy)
    path = file_of(copy, TRUNCATED)
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size - 10)
    if request.param:
        file_of(copy, REMOVED).unlink()
    return copy, request.param


def cli_figure(ewn_program, args):
    run = subprocess.run([str(ewn_program), *args], capture_output=True, text=True)
    return json.loads(run.stdout)["complete_up_to"]


def test_complete_up_to_is_the_cli_figure(ewn_program, damaged):
    copy, _ = damaged
    with ewn.Tablebase(copy) as tb:
        assert tb.complete_up_to == 2
    for args in (["info", "--json"], ["info", "--json", "--quick"], ["verify", "--json", "-q"]):
        assert cli_figure(ewn_program, [*args, "--tables", str(copy)]) == 2, args


def test_a_probe_needs_the_damaged_table_or_not(damaged):
    copy, removed = damaged
    with ewn.Tablebase(copy) as tb:
        assert tb.value("r14/5/5/5/4b1 r") == 1.0  # 2 pieces
        assert tb.probe("r1r43/5/5/5/4b1 r").material == "14v1"  # opens with its twin
        with pytest.raises(ewn.TableError, match=file_of(copy, TRUNCATED).name):
            tb.value("r1r23/5/5/5/4b1 r")
        assert tb.get_value("r1r23/5/5/5/4b1 r", "none") == "none"
        if removed:
            with pytest.raises(ewn.NotCoveredError, match="up to 2 pieces"):
                tb.value("r1r33/5/5/5/4b1 r")
