"""Stop early, in one sentence, on a platform MXNet 1.9.1 has no wheel for; name what is untested elsewhere.

Runs with the interpreter ``make`` found, before anything is installed, so
it uses the standard library only. Exit status 0 on a platform with a wheel,
1 otherwise. On a platform that has a wheel but where the course was never
run (Linux on aarch64, macOS on Intel) it also prints one sentence saying
what is untested there and what is known to differ. ``ASYNCLAB_ANY_PLATFORM=1``
skips the check (at your own risk).
"""

from __future__ import annotations

import os
import platform
import sys

# (system, machine) pairs PyPI has an mxnet==1.9.1 wheel for; the Linux ones need glibc.
SUPPORTED = {("Linux", "x86_64"), ("Linux", "aarch64"), ("Darwin", "x86_64")}
# where the course is developed and its tests run (CI); the others were never run
TESTED = {("Linux", "x86_64")}

ADVICE = {
    "Windows": "MXNet 1.9.1 has no Windows wheel: run the course inside WSL 2 (Ubuntu), where it is a Linux machine",
    ("Darwin", "arm64"): (
        "MXNet 1.9.1 has no wheel for Apple silicon: install an x86-64 Python 3.11 and run "
        "make under Rosetta 2 (arch -x86_64 make lab PYTHON=/path/to/that/python3.11), "
        "or use a Linux container"
    ),
}

_KVSTORE = (
    "whether this wheel has MXNet's distributed KVStore was not checked (lesson and lab 10 stop with "
    "one sentence where it is off)"
)
# the sentence printed (and make goes on) where there is a wheel but the course was never run
UNTESTED = {
    ("Linux", "aarch64"): (
        "mxnet==1.9.1 has a wheel for Linux on aarch64, but the course has only been run on Linux x86-64: "
        f"MindSpore has no wheel here, so lesson 08 shows stored figures, and {_KVSTORE}."
    ),
    ("Darwin", "x86_64"): (
        "mxnet==1.9.1 has a wheel for macOS on Intel, but the course has only been run on Linux x86-64: "
        "the C library is not glibc, so where a cell of lessons 04 and 09 relies on glibc's allocator it "
        "prints one sentence instead (lesson 04 skips that cell's assertion); the compute budget cannot pin "
        f"the course to two CPUs, so timings may differ more from the stored ones; and {_KVSTORE}."
    ),
}


def _canonical(system: str, machine: str) -> str:
    return {"AMD64": "x86_64", "amd64": "x86_64", "arm64": "arm64" if system == "Darwin" else "aarch64"}.get(
        machine, machine
    )


def problem(system: str, machine: str, glibc: bool = True) -> str | None:
    """The sentence to stop with on ``system``/``machine``, or None when MXNet 1.9.1 installs there.

    ``glibc`` (read on Linux only): whether the C library is glibc, which
    MXNet's Linux wheels (manylinux) need; :func:`has_glibc` reads it.
    """
    machine = _canonical(system, machine)
    if (system, machine) in SUPPORTED:
        if system == "Linux" and not glibc:
            return (
                "MXNet 1.9.1's Linux wheels need glibc, and this Linux has another C library (musl, as on "
                "Alpine): run the course on a glibc distribution such as Debian or Ubuntu, or in a container "
                "of one (set ASYNCLAB_ANY_PLATFORM=1 to try anyway)."
            )
        return None
    advice = ADVICE.get((system, machine)) or ADVICE.get(system)
    if advice is None:
        advice = (
            f"MXNet 1.9.1 has wheels for Linux (x86-64, aarch64) and macOS (x86-64) only, not for {system} on {machine}"
        )
    return advice + " (set ASYNCLAB_ANY_PLATFORM=1 to try anyway)."


def note(system: str, machine: str) -> str | None:
    """The sentence to print (and go on) where MXNet 1.9.1 has a wheel but the course was never run, else None."""
    return UNTESTED.get((system, _canonical(system, machine)))


def has_glibc() -> bool:
    """Whether this process runs on glibc, read as pip reads it to choose manylinux wheels (False off Linux)."""
    if platform.system() != "Linux":
        return False
    try:
        version = os.confstr("CS_GNU_LIBC_VERSION")  # "glibc 2.36"; glibc alone defines the name
    except (AttributeError, OSError, ValueError):
        version = None
    if version and version.split()[0] == "glibc":
        return True
    try:
        import ctypes

        ctypes.CDLL(None).gnu_get_libc_version  # noqa: B018 - only glibc has it
    except (OSError, AttributeError):
        return False
    return True


def main() -> int:
    if os.environ.get("ASYNCLAB_ANY_PLATFORM") == "1":
        return 0
    system, machine = platform.system(), platform.machine()
    message = problem(system, machine, glibc=has_glibc())
    if message:
        print(message, file=sys.stderr)
        return 1
    untested = note(system, machine)
    if untested:
        print(untested, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
