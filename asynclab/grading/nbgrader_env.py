"""nbgrader's own virtual environment (``.venv-nbgrader``): its pin, and the command that makes it.

nbgrader 0.9 brings JupyterLab, Notebook 7 and about a hundred packages, so it
is not installed into the course's environment. :func:`ensure_nbgrader` makes
an environment of its own, with the pin of ``pyproject.toml``'s ``nbgrader``
extra, the first time :mod:`asynclab.grading.nbgrader_roundtrip` needs it.
This module imports only the standard library, so that ``make test`` can run
it while the course's own packages are still being installed::

    python -m asynclab.grading.nbgrader_env     # make .venv-nbgrader unless it is there
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from asynclab.tooling import installer

__all__ = ["NbgraderError", "nbgrader_requirement", "ensure_nbgrader", "main"]


#: the modules an nbgrader round trip imports first (its apps, converters, gradebook and Jupyter's tools)
WARM_IMPORTS = ("nbgrader.apps", "nbgrader.converters", "nbgrader.api", "nbgrader.preprocessors", "nbconvert")


class NbgraderError(RuntimeError):
    """nbgrader could not be installed or failed on the course."""


def _root() -> Path:
    return Path(__file__).resolve().parents[2]


def nbgrader_requirement(pyproject: Path | None = None) -> str:
    """The pinned nbgrader requirement, from ``pyproject.toml``'s ``nbgrader`` extra."""
    data = tomllib.loads((pyproject or _root() / "pyproject.toml").read_text(encoding="utf-8"))
    extra = data["project"]["optional-dependencies"]["nbgrader"]
    return next(r for r in extra if r.startswith("nbgrader"))


def ensure_nbgrader(venv: Path | None = None) -> Path:
    """The Python of a virtual environment with the pinned nbgrader, made when missing."""
    venv = venv or _root() / ".venv-nbgrader"
    python = venv / "bin" / "python"
    stamp = venv / ".nbgrader-installed"
    requirement = nbgrader_requirement()
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == requirement:
        return python
    # no pip inside it and no byte-compiling: this process's installer (uv, else pip) installs there
    if not python.exists():
        done = subprocess.run(
            [sys.executable, "-m", "venv", "--without-pip", str(venv)], capture_output=True, text=True
        )
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise NbgraderError(f"could not make a virtual environment at {venv}: {last}")
    try:
        installer.install([requirement], python=str(python), compile_bytecode=False)
    except installer.InstallError as error:
        raise NbgraderError(f"could not install {requirement} into {venv}: {error.detail}") from None
    # byte-compile what nbgrader's commands import (about 900 modules, 4 s) now, not in the first round trip;
    # the install itself skips compiling the rest. A failure here costs only that time later.
    installer.warm(str(python), [WARM_IMPORTS])
    stamp.write_text(requirement, encoding="utf-8")
    return python


def main() -> int:
    """Make the environment; one sentence on standard error and exit status 1 when that fails."""
    try:
        print(f"nbgrader's environment: {ensure_nbgrader().parents[1]}")
    except NbgraderError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
