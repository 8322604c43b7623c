"""The Gradescope bundle: what the zip holds, and its run_autograder in a folder laid out like /autograder.

The kernel test runs the bundle's own ``run_autograder`` script (bash) on the
fixture lab, with ``AUTOGRADER_ROOT`` pointing at a temporary folder and
``AUTOGRADER_PYTHON`` at this test's Python (``setup.sh``'s virtual
environment is what the course's venv already is), for a full solution, a
blank lab, an empty submission and a folder of two notebooks, and validates
each ``results.json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import crafted  # registered by conftest.py
import nbformat
import pytest
from build_fixture import SOLUTIONS

from asynclab.__main__ import main
from asynclab.grading.gradescope import build, validate_results


def test_bundle_holds_the_scripts_the_package_and_the_solution(tmp_path):
    out = build("99", tmp_path / "autograder.zip", solutions=SOLUTIONS)
    with zipfile.ZipFile(out) as zf:
        names = set(zf.namelist())
        modes = {i.filename: (i.external_attr >> 16) & 0o777 for i in zf.infolist()}
        run = zf.read("run_autograder").decode()
        setup = zf.read("setup.sh").decode()
    assert {
        "setup.sh",
        "run_autograder",
        "pyproject.toml",
        "asynclab/__init__.py",
        "asynclab/grading/gradescope.py",
        "asynclab/data/gpu_reference.json",
        "solutions/99_fixture_lab.ipynb",
    } <= names
    assert not any("__pycache__" in n for n in names)
    assert modes["setup.sh"] == modes["run_autograder"] == 0o755
    assert "--lab 99" in run and "results/results.json" in run
    # the size it needs, stated in both scripts and checked at run time
    assert "at least 2 CPUs" in setup and "at least 2 CPUs" in run and "--cpus-needed 2" in run


@pytest.mark.parametrize(
    "lab, name, words",
    [
        ("42", "autograder.zip", "no solution for lab 42"),
        ("99", "bundle.tar", "must be a .zip"),
    ],
)
def test_bad_bundle_requests_get_one_sentence(tmp_path, capsys, lab, name, words):
    out = tmp_path / name
    status = main(["gradescope", "--lab", lab, "--out", str(out), "--solutions", str(SOLUTIONS)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and err.startswith("error: ") and words in err and "\n" not in err
    assert not out.exists()


@pytest.mark.parametrize(
    "data, words",
    [
        ({"score": 1, "tests": [{"name": "a", "score": 1, "max_score": 2}]}, None),
        ({"score": "1"}, "'score' must be a number"),
        ({"score": 2, "tests": [{"name": "a", "score": 1, "max_score": 2}]}, "not the sum"),
        ({"score": 0, "tests": [{"name": "a", "score": 0}]}, "'max_score'"),
        ([], "JSON object"),
    ],
)
def test_results_are_validated(data, words):
    problems = validate_results(data)
    assert (problems == []) if words is None else any(words in p for p in problems)


def _run_autograder(root, bundle) -> dict:
    (root / "source").mkdir(parents=True)
    with zipfile.ZipFile(bundle) as zf:
        zf.extractall(root / "source")
    script = root / "run_autograder"
    script.write_bytes((root / "source" / "run_autograder").read_bytes())
    env = dict(os.environ, AUTOGRADER_ROOT=str(root), AUTOGRADER_PYTHON=sys.executable)
    done = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


@pytest.mark.kernel
def test_run_autograder_writes_valid_results(tmp_path):
    bundle = build("99", tmp_path / "autograder.zip", solutions=SOLUTIONS)
    cases = {
        "full": [crafted.solution()],
        "blank": [crafted.lab()],
        "nothing": [],
        "two": [crafted.lab(), crafted.solution()],
    }
    found = {}
    for name, notebooks in cases.items():
        root = tmp_path / name / "autograder"
        (root / "submission").mkdir(parents=True)
        for i, nb in enumerate(notebooks):
            nbformat.write(nb, root / "submission" / f"mine{i}.ipynb")
        found[name] = _run_autograder(root, bundle)
        assert validate_results(found[name]) == [], (name, found[name])
    assert found["full"]["score"] == crafted.MAX
    assert len(found["full"]["tests"]) == 3
    assert found["blank"]["score"] == 0 and len(found["blank"]["tests"]) == 3
    assert found["nothing"]["score"] == 0 and "no notebook" in found["nothing"]["output"]
    assert found["two"]["score"] == 0 and "several notebooks" in found["two"]["output"]
