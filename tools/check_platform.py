"""Stop early, in one sentence, on a platform MXNet 1.9.1 has no wheel for.

Runs with the interpreter ``make`` found, before anything is installed, so
it uses the standard library only. Exit status 0 on a supported platform,
1 otherwise. ``ASYNCLAB_ANY_PLATFORM=1`` skips the check (at your own risk).
"""

from __future__ import annotations

import os
import platform
import sys

# (system, machine) pairs PyPI has an mxnet==1.9.1 wheel for.
SUPPORTED = {("Linux", "x86_64"), ("Linux", "aarch64"), ("Darwin", "x86_64")}

ADVICE = {
    "Windows": "MXNet 1.9.1 has no Windows wheel: run the course inside WSL 2 (Ubuntu), where it is a Linux machine",
    ("Darwin", "arm64"): (
        "MXNet 1.9.1 has no wheel for Apple silicon: install an x86-64 Python 3.11 and run "
        "make under Rosetta 2 (arch -x86_64 make lab PYTHON=/path/to/that/python3.11), "
        "or use a Linux container"
    ),
}


def problem(system: str, machine: str) -> str | None:
    """The sentence to stop with on ``system``/``machine``, or None when MXNet 1.9.1 installs there."""
    machine = {"AMD64": "x86_64", "amd64": "x86_64", "arm64": "arm64" if system == "Darwin" else "aarch64"}.get(
        machine, machine
    )
    if (system, machine) in SUPPORTED:
        return None
    advice = ADVICE.get((system, machine)) or ADVICE.get(system)
    if advice is None:
        advice = (
            f"MXNet 1.9.1 has wheels for Linux (x86-64, aarch64) and macOS (x86-64) only, not for {system} on {machine}"
        )
    return advice + " (set ASYNCLAB_ANY_PLATFORM=1 to try anyway)."


def main() -> int:
    if os.environ.get("ASYNCLAB_ANY_PLATFORM") == "1":
        return 0
    message = problem(platform.system(), platform.machine())
    if message:
        print(message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
