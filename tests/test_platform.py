"""tools/check_platform.py: one sentence on a platform MXNet 1.9.1 has no wheel for, one naming what is untested
where it has a wheel but the course was never run, silence on Linux x86-64 (tested)."""

from __future__ import annotations

import importlib.util
import platform
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

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
    assert recipe.index("tools/check_platform.py") < recipe.index("asynclab.tooling.installer")


def test_the_script_runs_without_the_package_and_passes_here():
    done = subprocess.run([sys.executable, "-S", str(SCRIPT)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == ""


def test_every_platform_with_a_wheel_is_either_tested_or_says_what_is_untested():
    assert check_platform.TESTED | set(check_platform.UNTESTED) == check_platform.SUPPORTED
    assert check_platform.TESTED == {("Linux", "x86_64")}
    assert check_platform.note("Linux", "x86_64") is None


@pytest.mark.parametrize(
    "system, machine, words",
    [
        ("Linux", "aarch64", ["Linux on aarch64", "MindSpore has no wheel", "lesson 08", "distributed KVStore"]),
        ("Linux", "arm64", ["Linux on aarch64"]),
        ("Darwin", "x86_64", ["macOS on Intel", "not glibc", "lesson 04 skips", "two CPUs", "distributed KVStore"]),
    ],
)
def test_untested_platforms_get_one_sentence_naming_what_is_untested(system, machine, words):
    message = check_platform.note(system, machine)
    assert "the course has only been run on Linux x86-64" in message
    assert all(w in message for w in words) and message.endswith(".") and "\n" not in message
    assert check_platform.problem(system, machine) is None  # a note, not a refusal


@pytest.mark.parametrize("system, machine", [("Darwin", "arm64"), ("Windows", "AMD64"), ("Linux", "ppc64le")])
def test_refused_platforms_get_no_note(system, machine):
    assert check_platform.note(system, machine) is None


def test_a_linux_without_glibc_is_refused_in_one_sentence():
    message = check_platform.problem("Linux", "x86_64", glibc=False)
    assert "need glibc" in message and "musl" in message and message.endswith("to try anyway).")
    assert "\n" not in message
    assert check_platform.problem("Darwin", "x86_64", glibc=False) is None  # read on Linux only


def test_glibc_is_read_as_pip_reads_it():
    if platform.system() != "Linux":
        assert check_platform.has_glibc() is False
    else:
        assert check_platform.has_glibc() is (platform.libc_ver()[0] == "glibc")


def _main(monkeypatch, capsys, system, machine, glibc=True, **env):
    monkeypatch.setattr(check_platform, "platform", SimpleNamespace(system=lambda: system, machine=lambda: machine))
    monkeypatch.setattr(check_platform, "has_glibc", lambda: glibc)
    monkeypatch.delenv("ASYNCLAB_ANY_PLATFORM", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code = check_platform.main()
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err


def test_main_goes_on_after_the_note_on_an_untested_platform(monkeypatch, capsys):
    code, err = _main(monkeypatch, capsys, "Darwin", "x86_64")
    assert code == 0 and err == check_platform.note("Darwin", "x86_64") + "\n"
    assert _main(monkeypatch, capsys, "Linux", "x86_64") == (0, "")


def test_main_stops_on_a_refused_platform_unless_told_to_try_anyway(monkeypatch, capsys):
    code, err = _main(monkeypatch, capsys, "Windows", "AMD64")
    assert code == 1 and "WSL 2" in err and err.count("\n") == 1
    code, err = _main(monkeypatch, capsys, "Linux", "x86_64", glibc=False)
    assert code == 1 and "need glibc" in err
    assert _main(monkeypatch, capsys, "Windows", "AMD64", ASYNCLAB_ANY_PLATFORM="1") == (0, "")
