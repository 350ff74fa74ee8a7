"""ewn.Setups against `ewn setup --json`: the same answers from the same small matrix."""

import json
import subprocess

import pytest

import ewn


@pytest.fixture(scope="module")
def matrix(ewn_program, tmp_path_factory):
    """A matrix of the first 5 classes at depth 1: milliseconds."""
    path = tmp_path_factory.mktemp("setups") / "m.ewns"
    subprocess.run([str(ewn_program), "setup", "make", "--matrix", str(path), "--depth", "1",
                    "--classes", "5"], check=True, stdout=subprocess.DEVNULL)
    return path


def cli(ewn_program, *args):
    out = subprocess.run([str(ewn_program), "setup", *args, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def test_the_three_answers_are_the_cli_s(ewn_program, matrix):
    with ewn.Setups(matrix) as setups:
        reply = setups.reply("654321", 3)
        assert reply.to_dict() == cli(ewn_program, "reply", "654321", "--count", "3",
                                      "--matrix", str(matrix))
        best = setups.best(2)
        assert best.to_dict() == cli(ewn_program, "best", "--count", "2", "--matrix", str(matrix))
        eq = setups.equilibrium()
        assert eq.to_dict() == cli(ewn_program, "equilibrium", "--matrix", str(matrix))
    assert (type(reply), type(best), type(eq)) == (ewn.SetupReply, ewn.SetupBest,
                                                    ewn.SetupEquilibrium)
    assert eq.matrix == ewn.SetupMatrix(rows=5, columns=5, depth=1)
    assert 0 <= eq.value <= 1 and eq.gap < 1e-9
    assert abs(sum(a.probability for a in eq.first) - 1) < 1e-9
    # Only an equilibrium's arrangements have a probability; the others' documents lack the key.
    assert all(a.probability is None and "probability" not in a.to_dict() for a in best.first)
    assert reply.against == "654321" and len(reply.first) == 3
    assert eq.precision.entry_error >= 0 and eq.precision.tie_margin >= 0
    assert set(eq.alternatives.to_dict()) == {"first", "second"}


def test_errors(tmp_path, matrix):
    with pytest.raises(OSError, match="missing .*ewn setup make --matrix"):
        ewn.Setups(tmp_path / "none.ewns")
    bad = tmp_path / "bad.ewns"
    bad.write_bytes(matrix.read_bytes()[:-1])
    with pytest.raises(OSError, match="not a usable setup matrix"):
        ewn.Setups(bad)
    setups = ewn.Setups(matrix)
    with pytest.raises(ValueError, match="'16253' is not an arrangement"):
        setups.reply("16253")
    # A long one is quoted as a short excerpt with its length, never whole.
    with pytest.raises(ValueError, match=r"'7+\.\.\.' \(10000 bytes\) is not an arrangement") as e:
        setups.reply("7" * 10000)
    assert len(str(e.value)) < 200
    with pytest.raises(ValueError, match="not in this matrix of the first 5 classes"):
        setups.reply("365421")
    setups.close()
    with pytest.raises(ValueError, match="closed"):
        setups.best()
