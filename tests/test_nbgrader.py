"""The nbgrader round trip: nbgrader 0.9 itself generates the fixture lab and autogrades submissions.

``nbgrader generate_assignment`` builds the student version from the
solution, ``nbgrader autograde`` grades a full solution, the lab as handed
out, two wrong answers and one that patches the checks, in the course's kernel, and its scores must
equal our grader's, check by check. nbgrader lives in ``.venv-nbgrader``
(made by `make test` while it installs the course, else on first use; see :mod:`asynclab.grading.nbgrader_env`).
``bench/nbgrader_roundtrip.py`` does the same for the course's own labs.
"""

from __future__ import annotations

import crafted  # registered by conftest.py
import pytest
from build_fixture import SOLUTIONS, copy_package

from asynclab.grading.nbgrader_roundtrip import Roundtrip, nbgrader_requirement, roundtrip
from asynclab.grading.runner import GradingConfig


def test_nbgrader_is_pinned_once():
    assert nbgrader_requirement().startswith("nbgrader==0.9.")


def test_an_environment_that_cannot_be_made_is_one_sentence(tmp_path, monkeypatch, capsys):
    """``python -m asynclab.grading.nbgrader_env`` (what make test runs beside the course's install): exit
    status 1 and one sentence that names the requirement and the installer's last line; nothing is stamped
    as installed."""
    from asynclab.grading import nbgrader_env
    from asynclab.tooling import installer

    def failing(requirements, **kwargs):
        raise installer.InstallError("pip could not install it", detail="ERROR: No matching distribution")

    (tmp_path / ".venv-nbgrader" / "bin").mkdir(parents=True)
    (tmp_path / ".venv-nbgrader" / "bin" / "python").touch()  # made already: only the install fails
    monkeypatch.setattr(installer, "install", failing)
    monkeypatch.setattr(nbgrader_env, "_root", lambda: tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[project.optional-dependencies]\nnbgrader = ["nbgrader==0.9.6"]\n', encoding="utf-8"
    )
    assert nbgrader_env.main() == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("could not install nbgrader==0.9.6 into "), err
    assert err.endswith(": ERROR: No matching distribution"), err
    assert not (tmp_path / ".venv-nbgrader" / ".nbgrader-installed").exists()


def test_differences_name_each_check_that_disagrees():
    trip = Roundtrip(
        nbgrader={"a": {"x": 1.0, "y": 0.0}, "b": {"x": 2.0}},
        ours={"a": {"x": 1.0, "y": 1.0}, "b": {"x": 2.0}, "c": {"x": 0.0}},
    )
    assert trip.differences() == {"a": {"y": (0.0, 1.0)}, "c": {"x": (None, 0.0)}}


@pytest.mark.kernel
def test_nbgrader_scores_equal_ours(tmp_path):
    subs = {
        "full": crafted.solution(),
        "blank": crafted.lab(),
        "wrong-square": crafted.replace(crafted.solution(), "ex-square", "def square(x):\n    return x + x"),
        "no-pause": crafted.replace(crafted.solution(), "ex-pause", "def pause():\n    pass"),
        # the lab as handed out, with the checks patched to always pass (README: what nbgrader does not do)
        "patches-checks": crafted.insert_after(crafted.lab(), "setup", crafted.PATCH_CHECKS),
    }
    config = GradingConfig(timeout=20, budget=120, memory_mb=2000)
    trip = roundtrip(
        "99", subs, tmp_path / "course", solutions=SOLUTIONS, config=config, package_dir=copy_package(tmp_path)
    )
    # nbgrader scores a check cell by whether it raised, so a notebook that patches the checks gets every
    # point there; our grader restores the checks in a guarded kernel and gives it nothing
    assert trip.differences() == {
        "patches-checks": {c: (p, 0.0) for c, p in (("pause", 1.0), ("square", 2.0), ("total", 1.0))}
    }, trip
    assert sum(trip.ours["full"].values()) == crafted.MAX
    assert sum(trip.ours["blank"].values()) == 0
    for wrong, check in (("wrong-square", "square"), ("no-pause", "pause")):
        assert trip.nbgrader[wrong][check] == 0 and sum(trip.nbgrader[wrong].values()) > 0
