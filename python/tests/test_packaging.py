"""Installing the package as a user might try it: a copy of python/ alone cannot build (the
module compiles against the rest of the repository), and pip says so in one clear message."""

import shutil
import subprocess
import sys

from conftest import REPO


def test_a_copied_python_folder_says_what_is_missing_without_a_traceback(tmp_path):
    copy = tmp_path / "python"
    shutil.copytree(REPO / "python", copy,
                    ignore=shutil.ignore_patterns("build", "tests", "__pycache__", "*.egg-info"))
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index",
                          "--no-build-isolation", "--target", str(tmp_path / "target"), str(copy)],
                         capture_output=True, text=True, timeout=120)
    output = run.stdout + run.stderr
    assert run.returncode != 0, output
    assert "VERSION is missing" in output, output
    assert "pip install ./python" in output, output
    assert "Traceback" not in output, output
