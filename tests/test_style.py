"""One style for the code and the notebooks: ruff's linter and formatter, configured in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUFF = Path(sys.executable).with_name("ruff")


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(RUFF), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [("check",), ("format", "--check")], ids=["lint", "format"])
def test_the_code_and_notebooks_pass_ruff(args):
    proc = ruff(*args)
    assert proc.returncode == 0, (
        f"`ruff {' '.join(args)}` found problems (`ruff check --fix` and `ruff format` "
        f"mend most):\n{proc.stdout[-3000:]}{proc.stderr[-1000:]}"
    )


def test_ruff_refuses_what_the_style_forbids(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "bad.py").write_text("import os, sys\nx = {'a':1}\n", encoding="utf-8")
    assert ruff("check", "bad.py", cwd=tmp_path).returncode != 0
    assert ruff("format", "--check", "bad.py", cwd=tmp_path).returncode != 0
