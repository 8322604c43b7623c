"""``python -m asynclab check``: a student's own check scores what the instructor's grader scores.

The kernel tests check the fixture lab's blank notebook, a half-done one and
the solution one by one, grade the same three as a class, and compare every
check's score; they also make sure the student's file is never changed. The
logic tests cover the command line's bad input (one sentence, exit status 2).
"""

from __future__ import annotations

import hashlib

import crafted  # registered by conftest.py
import nbformat
import pytest
from build_fixture import SOLUTIONS, copy_package

from asynclab.__main__ import main
from asynclab.grading.cli import grade_class
from asynclab.grading.layout import LayoutError
from asynclab.grading.runner import GradingConfig
from asynclab.grading.selfcheck import check_notebook, lab_of, score_table


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_lab_number_comes_from_the_file_name_or_the_option(tmp_path):
    assert lab_of(tmp_path / "01_async_dispatch_lab.ipynb") == "01"
    assert lab_of(tmp_path / "mine.ipynb", "08") == "08"
    with pytest.raises(LayoutError, match="--lab 01"):
        lab_of(tmp_path / "my_lab.ipynb")
    with pytest.raises(LayoutError, match="two digits"):
        lab_of(tmp_path / "01_x.ipynb", "1")


@pytest.mark.parametrize(
    "name, content, words",
    [
        ("missing.ipynb", None, "there is no notebook"),
        ("01_notes.txt", "hello", "is not a notebook"),
        ("01_broken_lab.ipynb", "{not json", "01_broken_lab.ipynb"),
        ("notebook.ipynb", "{}", "cannot tell which lab"),
    ],
)
def test_bad_input_gets_one_sentence_and_status_2(tmp_path, capsys, name, content, words):
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    before = path.read_bytes() if content is not None else None
    status = main(["check", str(path), "--solutions", str(SOLUTIONS), "--out", str(tmp_path / "out"), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert err.startswith("error: ") and words in err and "\n" not in err
    if before is not None:
        assert path.read_bytes() == before


@pytest.mark.kernel
def test_check_scores_what_grade_scores_and_changes_nothing(tmp_path, capsys):
    half = crafted.replace(crafted.lab(), "ex-square", "def square(x):\n    return x * x")
    notebooks = {"blank": crafted.lab(), "half": half, "full": crafted.solution()}
    mine = tmp_path / "mine"
    mine.mkdir()
    paths = {}
    for name, nb in notebooks.items():
        paths[name] = mine / f"99_{name}_lab.ipynb"
        nbformat.write(nb, paths[name])
    digests = {name: _digest(p) for name, p in paths.items()}
    config = GradingConfig(timeout=20, budget=120, memory_mb=2000)
    package = copy_package(tmp_path)

    checked = {
        name: check_notebook(
            paths[name], solutions=SOLUTIONS, out=tmp_path / f"out-{name}", config=config, package_dir=package
        )
        for name in ("blank", "half")
    }
    graded = grade_class(
        mine, tmp_path / "class", lab="99", solutions=SOLUTIONS, config=config, progress=False, package_dir=package
    )
    by_file = {r.path.rsplit("/", 1)[-1]: r for r in graded.results}

    for name, p in paths.items():
        assert _digest(p) == digests[name], f"check changed {p.name}"
    for name, mine_checked in checked.items():
        mine_scores = {c.name: c.score for c in mine_checked.result.checks}
        class_scores = {c.name: c.score for c in by_file[paths[name].name].checks}
        assert mine_scores == class_scores, name
        assert mine_checked.feedback.is_file() and mine_checked.graded.is_file()
    totals = {name: sum(c.score for c in checked[name].result.checks) for name in checked}
    assert totals["blank"] == 0 and 0 < totals["half"] < crafted.MAX
    table = score_table(checked["half"])
    assert "square" in table and "total" in table.splitlines()[-1]

    # the full solution through the command line, as a student runs it (the package the grader imports
    # is this one here, so only its scores are compared)
    status = main(
        [
            "check",
            str(paths["full"]),
            "--solutions",
            str(SOLUTIONS),
            "--out",
            str(tmp_path / "cli"),
            "--no-progress",
            "--timeout",
            "20",
            "--budget",
            "120",
            "--memory-mb",
            "2000",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0 and _digest(paths["full"]) == digests["full"]
    class_total = sum(c.score for c in by_file[paths["full"].name].checks)
    assert class_total == crafted.MAX and f"{crafted.MAX:g}/{crafted.MAX:g}" in out.splitlines()[-3]
    assert out.strip().splitlines()[-2].startswith("feedback: ") and out.strip().splitlines()[-2].endswith(
        "feedback.md"
    )
