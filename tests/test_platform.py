"""tools/check_platform.py: one sentence on a platform MXNet 1.9.1 has no wheel for, silence elsewhere."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "check_platform.py"
_spec = importlib.util.spec_from_file_location("check_platform", SCRIPT)
check_platform = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_platform)


@pytest.mark.parametrize("system, machine", [("Linux", "x86_64"), ("Linux", "aarch64"), ("Darwin", "x86_64")])
def test_platforms_with_a_wheel_pass(system, machine):
    assert check_platform.problem(system, machine) is None


@pytest.mark.parametrize(
    "system, machine, words",
    [
        ("Darwin", "arm64", "Rosetta 2"),
        ("Windows", "AMD64", "WSL 2"),
        ("Linux", "ppc64le", "not for Linux on ppc64le"),
    ],
)
def test_other_platforms_get_one_sentence_with_a_way_out(system, machine, words):
    message = check_platform.problem(system, machine)
    assert words in message and message.endswith("to try anyway).") and "\n" not in message


def test_the_makefile_checks_the_platform_before_installing():
    recipe = (ROOT / "Makefile").read_text().split("$(STAMP): pyproject.toml", 1)[1]
    assert recipe.index("tools/check_platform.py") < recipe.index("pip install")


def test_the_script_runs_without_the_package_and_passes_here():
    done = subprocess.run([sys.executable, "-S", str(SCRIPT)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == ""
