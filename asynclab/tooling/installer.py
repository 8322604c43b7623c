"""Install Python packages with uv where it can, with pip where it cannot: what ``make setup`` runs.

uv (pinned in ``pyproject.toml``'s ``installer`` extra) installs the same pins
as pip, resolved the same way, in a fraction of pip's time. uv does not read
pip's configuration, so :func:`uv_arguments` hands it what pip would use
(``pip config list``: the pip.conf files and ``PIP_*`` variables): the index,
the extra indexes, find-links and constraints, and asks it to pick the best
match across all indexes, as pip does. A setting of pip's that it cannot
pass on, a uv that cannot be installed or an install of uv's that fails
means pip installs instead, after one line saying why. This module imports
only the standard library: it runs before the course is installed::

    python -m asynclab.tooling.installer --tool                  # put uv beside this Python (pip)
    python -m asynclab.tooling.installer -e '.[test]'            # install into this Python's environment
    python -m asynclab.tooling.installer --python P --no-compile nbgrader==0.9.6
    python -m asynclab.tooling.installer --no-compile --warm -e '.[test]'   # compile only what is imported first
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = [
    "InstallError",
    "installer_requirement",
    "pip_settings",
    "uv_arguments",
    "ensure_uv",
    "install",
    "writing_bytecode",
    "warm",
    "main",
]

#: pip settings that uv is given as options: pip's key -> uv's option (lists: one option per item)
PASSED_ON = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
}
#: pip settings that change nothing uv resolves or installs (output, pip's own checks, timeouts, its cache)
IGNORED = frozenset(
    {
        "cert",  # passed on as SSL_CERT_FILE (uv_environment)
        "default-timeout",
        "timeout",
        "retries",
        "disable-pip-version-check",
        "quiet",
        "verbose",
        "progress-bar",
        "no-color",
        "no-input",
        "no-cache-dir",
        "cache-dir",
        "root-user-action",
        "no-warn-script-location",
        "no-python-version-warning",
    }
)
#: what the course's tests, kernels and notebooks import first, in two groups of about equal import time,
#: imported by :func:`warm` in two processes at once (2 cores: 6.7 s for about 1900 modules)
WARM_GROUPS = (
    ("torch", "pandas", "hypothesis", "pytest", "nbval"),
    (
        "mxnet",
        "d2l.mxnet",
        "matplotlib.pyplot",
        "matplotlib_inline.backend_inline",
        "ipykernel.kernelapp",
        "nbclient",
        "jupyter_client.manager",
        "nbformat",
        "psutil",
        "threadpoolctl",
        "tqdm",
    ),
)
_LINE = re.compile(r"^(?P<section>[^.]*)\.(?P<key>[^=]+)=(?P<quote>['\"])(?P<value>.*)(?P=quote)$")


class InstallError(RuntimeError):
    """Neither uv nor pip could install what was asked. ``detail``: the installer's last line."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail or message


def _root() -> Path:
    return Path(__file__).resolve().parents[2]


def installer_requirement(pyproject: Path | None = None) -> str:
    """The pinned uv requirement, from ``pyproject.toml``'s ``installer`` extra."""
    data = tomllib.loads((pyproject or _root() / "pyproject.toml").read_text(encoding="utf-8"))
    return next(r for r in data["project"]["optional-dependencies"]["installer"] if r.startswith("uv"))


def parse_pip_config(listing: str) -> dict[str, str]:
    """pip's settings for ``pip install`` from the output of ``pip config list``: key -> value.

    Environment variables (section ``:env:``) override the ``install`` section, which overrides
    ``global``; within a section, a later file (user over global, site over user) overrides an earlier one.
    """
    rank = {"global": 0, "install": 1, ":env:": 2}
    found: dict[str, tuple[int, str]] = {}
    for line in listing.splitlines():
        match = _LINE.match(line.strip())
        if not match or match["section"] not in rank:
            continue
        level = rank[match["section"]]
        if match["key"] not in found or found[match["key"]][0] <= level:
            found[match["key"]] = (level, match["value"])
    return {key: value for key, (_, value) in found.items()}


def pip_settings(python: str = sys.executable) -> dict[str, str]:
    """What ``pip install`` run by ``python`` would take from pip's configuration (files and ``PIP_*``)."""
    done = subprocess.run([python, "-m", "pip", "config", "list"], capture_output=True, text=True)
    if done.returncode != 0:
        raise InstallError(f"pip could not list its configuration: {_last_line(done)}")
    return parse_pip_config(done.stdout)


def uv_arguments(settings: Mapping[str, str]) -> list[str] | None:
    """uv's options that select what pip's ``settings`` would, or None when a setting cannot be passed on."""
    args: list[str] = []
    for key, value in settings.items():
        if key in PASSED_ON:
            args += [part for item in value.split() for part in (PASSED_ON[key], item)]
        elif key == "no-index":
            if value.lower() in ("1", "true", "yes", "on"):
                args.append("--no-index")
        elif key not in IGNORED:
            return None
    return [*args, "--index-strategy", "unsafe-best-match"]


def uv_environment(settings: Mapping[str, str]) -> dict[str, str]:
    """The environment for uv: pip's certificate bundle, where it has one, as ``SSL_CERT_FILE``."""
    env = dict(os.environ)
    if settings.get("cert"):
        env["SSL_CERT_FILE"] = settings["cert"]
    return env


def _uv_path() -> Path:
    return Path(sys.executable).parent / "uv"


def _uv_version(uv: Path) -> str:
    """``uv --version``'s version number, or "" when it does not run."""
    try:
        done = subprocess.run([str(uv), "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    words = done.stdout.split()
    return words[1] if done.returncode == 0 and len(words) > 1 else ""


def ensure_uv() -> Path | None:
    """uv of the pinned version beside this Python, installed with pip when missing or of another version;
    None when it cannot be installed."""
    uv = _uv_path()
    requirement = installer_requirement()
    if uv.is_file() and _uv_version(uv) == requirement.split("==", 1)[-1]:
        return uv
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", requirement], capture_output=True, text=True
    )
    return uv if done.returncode == 0 and uv.is_file() else None


def _last_line(done: subprocess.CompletedProcess) -> str:
    lines = [line for line in (done.stderr or done.stdout or "").strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else f"exit status {done.returncode}"


def install(requirements: Sequence[str], python: str = sys.executable, compile_bytecode: bool = True) -> str:
    """Install ``requirements`` (pip's syntax: ``-e .[test]``, ``name==1.0``) into ``python``'s environment.

    With uv when it is beside this Python (see :func:`ensure_uv`) and pip's
    settings can be passed on, else with pip. ``compile_bytecode``: write
    the ``.pyc`` files of what is installed (pip's default). Returns
    ``"uv"`` or ``"pip"``: what installed them. Raises :class:`InstallError`.
    """
    try:
        settings: Mapping[str, str] | None = pip_settings()
    except InstallError:
        settings = None
    args = None if settings is None else uv_arguments(settings)
    uv = _uv_path()
    why = ""
    if settings is None:
        why = "pip's configuration could not be read"
    elif args is None:
        why = "pip's configuration has settings uv cannot be given"
    elif not uv.is_file():
        why = "uv is not installed beside this Python"
    else:
        command = [str(uv), "pip", "install", "--quiet", "--python", python, *args]
        command += ["--compile-bytecode"] if compile_bytecode else []
        done = subprocess.run([*command, *requirements], capture_output=True, text=True, env=uv_environment(settings))
        if done.returncode == 0:
            return "uv"
        why = f"uv failed ({_last_line(done)})"
    print(f"installing {' '.join(requirements)} with pip: {why}", file=sys.stderr, flush=True)
    command = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]
    command += [] if compile_bytecode else ["--no-compile"]
    done = subprocess.run([*command, *requirements], capture_output=True, text=True)
    if done.returncode != 0:
        last = _last_line(done)
        raise InstallError(f"pip could not install {' '.join(requirements)}: {last}", detail=last)
    return "pip"


def writing_bytecode(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's environment) without ``PYTHONDONTWRITEBYTECODE``: a process started
    with it writes the ``.pyc`` files of what it imports, for every later process to read."""
    return {k: v for k, v in (os.environ if env is None else env).items() if k != "PYTHONDONTWRITEBYTECODE"}


def warm(python: str = sys.executable, groups: Sequence[Sequence[str]] = WARM_GROUPS) -> list[str]:
    """Import each group of modules once in ``python``, the groups at once, writing their ``.pyc`` files.

    For an environment installed without byte-compiling: what is imported
    first is compiled once here, not in every process (``PYTHONDONTWRITEBYTECODE``
    is lifted for these imports). Returns the groups that failed to import,
    as text; a failure costs only the compiling later.
    """
    env = writing_bytecode()
    started = [
        (
            group,
            subprocess.Popen(
                [python, "-c", f"import {', '.join(group)}"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            ),
        )
        for group in groups
    ]
    return [", ".join(group) for group, process in started if process.wait() != 0]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; one sentence on standard error and exit status 1 when an install fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", action="store_true", help="install uv beside this Python (with pip) and stop")
    parser.add_argument("--python", default=sys.executable, help="the Python whose environment gets the packages")
    parser.add_argument("--no-compile", action="store_true", help="write no .pyc files")
    parser.add_argument(
        "--warm", action="store_true", help="then import what the course imports first, writing its .pyc files"
    )
    args, requirements = parser.parse_known_args(argv)
    if args.tool:
        if ensure_uv() is None:
            print(f"could not install {installer_requirement()}: pip will install the packages", file=sys.stderr)
        return 0
    if not requirements:
        parser.error("name what to install (for example: -e '.[test]')")
    try:
        install(requirements, python=args.python, compile_bytecode=not args.no_compile)
    except InstallError as error:
        print(error, file=sys.stderr)
        return 1
    for failed in warm(args.python) if args.warm else []:
        print(f"could not import {failed} to compile it: it will be compiled when first imported", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
