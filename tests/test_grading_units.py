"""Grader pieces that need no kernel: restoring, scoring, scanning, layout, reports, the answers catalogue."""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path

import build_fixture  # registered by conftest.py
import crafted
import nbformat
import pytest
from build_fixture import SOLUTIONS

from asynclab.checks import MIME_TYPE
from asynclab.grading import answers as catalogue
from asynclab.grading import report
from asynclab.grading.answers import AnswerError, load_answer, load_answers
from asynclab.grading.guard import GUARD_MIME, GuardReport, check_guard_code, read_report, startup_code
from asynclab.grading.integrity import IntegrityError, PackageIntegrity
from asynclab.grading.kernel import CellRun
from asynclab.grading.layout import LayoutError, discover, find_solution, overlapping
from asynclab.grading.model import CheckOutcome, CheckSpec, Event, SubmissionResult
from asynclab.grading.restore import CHECK, WrongLab, restore, solution_checks
from asynclab.grading.scan import scan_cells
from asynclab.grading.scoring import apply_requirements, score_check
from asynclab.tooling import nbtools


# -- fixture ------------------------------------------------------------------
def test_stored_fixture_solution_is_up_to_date():
    stored = build_fixture.SOLUTION.read_text(encoding="utf-8")
    assert stored == nbtools.dumps(build_fixture.build_solution()), "run tests/fixtures/grading/build_fixture.py"


# -- restore ------------------------------------------------------------------
def _order(restored):
    return [nbtools.grade_id(c) or c.source.splitlines()[0] for c in restored.nb.cells]


def test_untouched_lab_keeps_its_order_and_restores_nothing():
    restored = restore(crafted.solution(), crafted.lab())
    assert restored.lines == []
    assert _order(restored) == [nbtools.grade_id(c) for c in crafted.solution().cells]
    assert [p.kind for p in restored.plan].count(CHECK) == 3


def test_edited_check_is_replaced_in_place():
    sub = crafted.replace(crafted.solution(), "check-total", "print('PASS [total]')")
    restored = restore(crafted.solution(), sub)
    cell = restored.nb.cells[_order(restored).index("check-total")]
    assert cell.source == crafted.solution().cells[crafted._index(crafted.solution(), "check-total")].source
    assert restored.lines == ["check-total: edited; replaced by the instructor's version"]


def test_edited_metadata_counts_as_edited():
    sub = crafted.solution()
    sub.cells[crafted._index(sub, "check-total")].metadata["nbgrader"]["points"] = 100
    assert restore(crafted.solution(), sub).lines[0].startswith("check-total: edited")


def test_deleted_check_goes_back_after_its_exercise():
    restored = restore(crafted.solution(), crafted.delete(crafted.solution(), "check-total"))
    order = _order(restored)
    assert order.index("check-total") == order.index("ex-total") + 1
    assert restored.lines == ["check-total: deleted; put back after cell 'ex-total'"]


def test_deleted_check_runs_after_cells_the_student_added():
    sub = crafted.insert_after(crafted.delete(crafted.solution(), "check-total"), "ex-total", "HELPER = 1")
    order = _order(restore(crafted.solution(), sub))
    assert order.index("check-total") == order.index("HELPER = 1") + 1


def test_moved_check_goes_back_to_its_place():
    sub = crafted.move_before(crafted.solution(), "check-pause", "intro")
    restored = restore(crafted.solution(), sub)
    order = _order(restored)
    assert order.index("check-pause") == order.index("ex-pause") + 1
    assert restored.lines[0].startswith("check-pause: moved")


def test_check_above_its_exercise_is_moved_below_it():
    sub = crafted.move_before(crafted.solution(), "check-square", "ex-square")
    order = _order(restore(crafted.solution(), sub))
    assert order.index("check-square") > order.index("ex-square")


def test_student_cells_between_exercise_and_check_stay_before_the_check():
    sub = crafted.insert_after(crafted.solution(), "ex-total", "total = sum")
    order = _order(restore(crafted.solution(), sub))
    assert order.index("ex-total") < order.index("total = sum") < order.index("check-total")


def test_duplicated_check_runs_once():
    sub = crafted.solution()
    sub.cells.append(nbformat.from_dict(dict(sub.cells[crafted._index(sub, "check-square")])))
    restored = restore(crafted.solution(), sub)
    assert _order(restored).count("check-square") == 1


def test_fake_check_cell_of_the_student_is_just_a_student_cell():
    sub = crafted.solution()
    fake = nbformat.v4.new_code_cell("print('PASS [bonus]')")
    fake.metadata["nbgrader"] = {"grade": True, "locked": True, "grade_id": "check-bonus", "points": 10}
    sub.cells.append(fake)
    restored = restore(crafted.solution(), sub)
    assert [p.spec.grade_id for p in restored.plan if p.kind == CHECK] == ["check-square", "check-total", "check-pause"]
    assert not nbtools.is_check(restored.nb.cells[-1])


def test_outputs_are_discarded():
    restored = restore(crafted.solution(), crafted._pasted_pass())
    assert all(not c.get("outputs") for c in restored.nb.cells if c.cell_type == "code")


def test_notebook_without_cell_ids_still_matches():
    sub = crafted.solution()
    for cell in sub.cells:
        cell.pop("id", None)
    sub.nbformat_minor = 4
    sub = crafted.delete(sub, "check-total")
    order = _order(restore(crafted.solution(), sub))
    assert order.index("check-total") == order.index("ex-total") + 1


def test_other_lab_is_refused():
    with pytest.raises(WrongLab, match="check-sync-cost"):
        restore(crafted.solution(), crafted._other_lab(), "Lab 99")


def test_unrelated_notebook_is_refused():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("print('hello')")]
    with pytest.raises(WrongLab, match="none of this notebook"):
        restore(crafted.solution(), nb, "Lab 99")


def test_lab_with_all_checks_deleted_is_still_this_lab():
    sub = crafted.solution()
    for gid in ("check-square", "check-total", "check-pause"):
        sub = crafted.delete(sub, gid)
    restored = restore(crafted.solution(), sub)
    assert len(restored.lines) == 3


def test_solution_needs_unique_check_ids():
    sol = crafted.solution()
    sol.cells.append(nbformat.from_dict(dict(sol.cells[crafted._index(sol, "check-square")])))
    with pytest.raises(nbtools.NotebookError, match="two check cells"):
        solution_checks(sol)


# -- scoring ------------------------------------------------------------------
SPEC = CheckSpec("check-square", 2.0, "")
OK_GUARD = GuardReport(True)


def _run(*payloads, status="ok", error=""):
    outputs = [{"output_type": "display_data", "data": {MIME_TYPE: p}, "metadata": {}} for p in payloads]
    return CellRun(status, outputs, error)


def _payload(**changes):
    base = {
        "name": "square",
        "points": 2,
        "passed": True,
        "score": 2,
        "message": "fine",
        "threshold": "2/2",
        "figures": {"held": 1},
        "token": "T",
    }
    base.update(changes)
    return base


@pytest.mark.parametrize(
    "run, status, score, reason",
    [
        (_run(_payload()), "pass", 2.0, ""),
        (_run(_payload(passed=False, score=0), status="error", error="CheckFailed: no"), "fail", 0.0, ""),
        (_run(_payload(), _payload()), "tampering suspected", 0.0, "2 results"),
        (_run(_payload(token=None)), "tampering suspected", 0.0, "wrong token"),
        (_run(_payload(name="total")), "tampering suspected", 0.0, "'total'"),
        (_run("PASS"), "tampering suspected", 0.0, "malformed"),
        (_run(_payload(passed="yes")), "tampering suspected", 0.0, "malformed"),
        (
            _run(_payload(), status="error", error="KeyboardInterrupt"),
            "tampering suspected",
            0.0,
            "followed by an error",
        ),
        (_run(status="error", error="NameError: name 'square' is not defined"), "no result", 0.0, "NameError"),
        (_run(), "no result", 0.0, "without producing"),
        (_run(_payload(), status="timeout"), "no result", 0.0, "did not finish"),
        (_run(_payload(), status="dead", error="Kernel died"), "no result", 0.0, "kernel died"),
        (_run(status="memory", error="the kernel used 5000 MB"), "no result", 0.0, "memory limit"),
    ],
)
def test_score_check(run, status, score, reason):
    outcome = score_check(SPEC, run, OK_GUARD, "T", 10)
    assert (outcome.status, outcome.score) == (status, score)
    assert reason in outcome.message


def test_score_uses_the_solution_points_not_the_payloads():
    outcome = score_check(SPEC, _run(_payload(points=100, score=100)), OK_GUARD, "T", 10)
    assert outcome.score == 2.0


def test_stored_text_is_never_a_result():
    run = CellRun("ok", [{"output_type": "stream", "name": "stdout", "text": "PASS [square] fine"}])
    assert score_check(SPEC, run, OK_GUARD, "T", 10).score == 0


def test_guard_that_did_not_run_means_tampering():
    outcome = score_check(SPEC, _run(_payload()), GuardReport(False, "the grader's guard did not run as sent"), "T", 10)
    assert outcome.status == "tampering suspected"


def test_guard_report_needs_the_nonce():
    out = [{"output_type": "display_data", "data": {GUARD_MIME: {"nonce": "N", "found": ["time.time"]}}}]
    assert read_report(out, "N").found == ["time.time"]
    assert not read_report(out, "other").ran
    assert not read_report(out + out, "N").ran
    assert "failed" in read_report([], "N", "NameError: x").problem


def test_guard_code_compiles_and_leaves_one_name():
    for code in (startup_code("s", Path("/x"), "n"), check_guard_code("s", "t", "n")):
        compile(code, "<guard>", "exec")
        assert code.rstrip().endswith("del __asynclab_grader_guard")


# -- scan ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "source, flag",
    [
        ("core.holds = lambda *a: None", "replaces part of asynclab.checks"),
        ("time.perf_counter = fake", "replaces a clock function"),
        ("sys.modules['asynclab.checks'] = x", "changes sys.modules"),
        ("get_ipython().events.register('pre_run_cell', f)", "registers IPython callbacks"),
        ("t = asynclab.checks.core._GRADER_TOKEN", "reads the grader's token"),
        ("import ctypes", "can kill or detach the kernel"),
        ("exec(base64.b64decode(s))", "runs hidden code"),
    ],
)
def test_scan_flags(source, flag):
    assert any(flag in f for f in scan_cells([(3, source)]))


def test_scan_leaves_ordinary_code_alone():
    ordinary = "import time\nstart = time.perf_counter()\ny = nd.dot(x, x)\ny.wait_to_read()\nprint(x == y)"
    assert scan_cells([(1, ordinary), (2, crafted.build_fixture.EXERCISES["ex-pause"])]) == []


# -- layout -------------------------------------------------------------------
def test_find_solution(tmp_path):
    assert find_solution(SOLUTIONS, "99").name == "99_fixture_lab.ipynb"
    with pytest.raises(LayoutError, match="no solution for lab 42"):
        find_solution(SOLUTIONS, "42")
    with pytest.raises(LayoutError, match="lab number"):
        find_solution(SOLUTIONS, "../x")


def test_discover_both_layouts(tmp_path):
    (tmp_path / "alice.ipynb").write_text("{}")
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / "99_fixture_lab.ipynb").write_text("{}")
    (tmp_path / "bob" / "scratch.ipynb").write_text("{}")
    (tmp_path / "bob" / ".ipynb_checkpoints").mkdir()
    (tmp_path / "bob" / ".ipynb_checkpoints" / "99_fixture_lab-checkpoint.ipynb").write_text("{}")
    (tmp_path / "carol").mkdir()
    (tmp_path / "carol" / "a.ipynb").write_text("{}")
    (tmp_path / "carol" / "b.ipynb").write_text("{}")
    (tmp_path / "dave").mkdir()
    (tmp_path / "readme.txt").write_text("x")
    (tmp_path / ".DS_Store").write_text("x")
    found = discover(tmp_path, "99_fixture_lab.ipynb")
    by = {s.student: s for s in found.submissions}
    assert sorted(by) == ["alice", "bob", "carol", "dave"]
    assert by["alice"].notebook == tmp_path / "alice.ipynb"
    assert by["bob"].notebook == tmp_path / "bob" / "99_fixture_lab.ipynb"
    assert "ambiguous" in by["carol"].problem and by["carol"].notebook is None
    assert "empty submission" in by["dave"].problem
    assert found.ignored == ["readme.txt"]


def test_duplicate_student_is_reported(tmp_path):
    (tmp_path / "alice.ipynb").write_text("{}")
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "lab.ipynb").write_text("{}")
    subs = discover(tmp_path, "99_fixture_lab.ipynb").submissions
    assert len(subs) == 2 and sum("duplicate" in s.problem for s in subs) == 1


def test_student_names_are_safe():
    from asynclab.grading.layout import student_name

    assert student_name("Zoë O'Neil") == "Zo_O_Neil"
    assert student_name("gradebook.csv") == "gradebook.csv_"
    assert student_name("..") == "unnamed"


def test_overlapping_folders(tmp_path):
    assert overlapping(tmp_path, tmp_path / "out")
    assert overlapping(tmp_path / "out", tmp_path)
    assert not overlapping(tmp_path / "a", tmp_path / "b")


# -- integrity ----------------------------------------------------------------
def test_package_integrity_names_the_changed_file(tmp_path):
    pkg = tmp_path / "asynclab"
    (pkg / "checks").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "checks" / "core.py").write_text("X = 1\n")
    (pkg / "checks" / "__pycache__").mkdir()
    guard = PackageIntegrity(pkg)
    (pkg / "checks" / "__pycache__" / "core.cpython-311.pyc").write_bytes(b"ignored")
    guard.verify("now")
    (pkg / "checks" / "core.py").write_text("X = 2\n")
    with pytest.raises(IntegrityError, match="checks/core.py"):
        guard.verify("now")


# -- reports ------------------------------------------------------------------
def _result() -> SubmissionResult:
    result = SubmissionResult("alice", status="problems")
    result.checks = [
        CheckOutcome("check-square", "square", 2, 2, "pass", "square(3) == 9", "1/1", {"held": 1.0}),
        CheckOutcome("check-total", "total", 1, 0, "no result", "the check | failed"),
    ]
    result.restored = ["check-total: deleted; put back after cell 'ex-total'"]
    result.events = [Event("timeout", 5, "cell 5 (while True:) ran longer than 4 s and was interrupted")]
    return result


def test_atomic_write_replaces_whole_files(tmp_path):
    target = tmp_path / "x" / "file.txt"
    report.atomic_write_text(target, "one")
    report.atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]
    assert oct(target.stat().st_mode & 0o777) != oct(0o600)


def test_gradebook_has_a_row_per_student_and_a_column_per_check():
    specs = [CheckSpec("check-square", 2, ""), CheckSpec("check-total", 1, "")]
    pending = SubmissionResult("bob")
    rows = list(csv.reader(io.StringIO(report.gradebook_csv([_result(), pending], specs))))
    assert rows[0] == ["student", "check-square", "check-total", "total", "max", "status", "notes"]
    assert rows[1][:6] == ["alice", "2", "0", "2", "3", "problems"]
    assert "1 timeout" in rows[1][6] and "restored" in rows[1][6]
    assert rows[2][0] == "bob" and rows[2][5] == "pending"


def test_results_json_is_gradescope_shaped():
    data = report.results_json(_result(), "Lab 99")
    assert data["score"] == 2
    assert {"name", "score", "max_score", "output", "status"} <= set(data["tests"][0])
    assert [t["status"] for t in data["tests"]] == ["passed", "failed"]
    json.dumps(data)


def test_feedback_lists_verdicts_restorations_and_events():
    text = report.feedback_md(_result(), "Lab 99")
    assert "**Score: 2 / 3**" in text
    assert "| square | PASS | 2 / 2 |" in text
    assert "the check \\| failed" in text
    assert "check-total: deleted" in text
    assert "timeout: cell 5" in text
    assert "held = 1" in text


def test_summary_and_histogram():
    specs = [CheckSpec("check-square", 2, ""), CheckSpec("check-total", 1, "")]
    text = report.summary_md([_result()], specs, "Lab 99", final=True, histogram="histogram.png")
    assert "| square | 2 | 1 / 1 |" in text and "histogram.png" in text
    png = report.histogram_png([_result()], 3, "Lab 99")
    assert png.startswith(b"\x89PNG")


# -- the answers catalogue -----------------------------------------------------
GOOD = '''"""total() returns the largest value instead of the sum."""
EXPECT = {"square": 2, "total": 0, "pause": 1}

import math  # the preamble: part of no cell

# %% ex-total
def total(values):
    return max(values)
'''


def _write(tmp_path: Path, text: str, name: str = "wrong-total.py") -> Path:
    folder = tmp_path / "lab99"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def test_answer_file_parses_into_cells_and_expectations(tmp_path):
    answer = load_answer(_write(tmp_path, GOOD), crafted.solution())
    assert (answer.lab, answer.name) == ("99", "wrong-total")
    assert answer.description == "total() returns the largest value instead of the sum."
    assert answer.cells == {"ex-total": "def total(values):\n    return max(values)"}
    assert answer.expect == {"square": 2, "total": 0, "pause": 1} and answer.expected_total == 3
    assert "import math" in answer.preamble
    nb = answer.apply(crafted.solution())
    assert nb.cells[crafted._index(nb, "ex-total")].source == "def total(values):\n    return max(values)"
    assert (
        nb.cells[crafted._index(nb, "ex-square")].source
        == crafted.solution().cells[crafted._index(nb, "ex-square")].source
    )
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def test_sections_keep_their_own_imports_verbatim(tmp_path):
    text = (
        GOOD.replace("# %% ex-total\n", "# %% ex-total\nimport math\n\n\n")
        + "\n\n# %% ex-square\ndef square(x):\n    return x + x\n"
    )
    answer = load_answer(_write(tmp_path, text), crafted.solution())
    assert answer.cells["ex-total"].startswith("import math\n\n\ndef total")
    assert answer.cells["ex-square"] == "def square(x):\n    return x + x"


def test_a_check_left_out_of_expect_must_score_full_points(tmp_path):
    text = GOOD.replace(', "pause": 1', "").replace('"square": 2, ', "")
    answer = load_answer(_write(tmp_path, text), crafted.solution())
    assert answer.expect == {"square": 2, "total": 0, "pause": 1} and answer.expected_total == 3
    assert load_answer(_write(tmp_path, text)).expect == {"total": 0}  # without the notebook: as written


def test_expect_is_read_without_running_the_file(tmp_path):
    text = GOOD.replace("import math", "raise SystemExit('never run')")
    assert load_answer(_write(tmp_path, text)).expect["total"] == 0


@pytest.mark.parametrize(
    "text, message",
    [
        (GOOD.replace("# %% ex-total", "# %% ex-nothing"), r"^wrong-total.py: the lab has no cell 'ex-nothing'\.$"),
        (GOOD.replace("# %% ex-total", "# %% check-total"), r"^wrong-total.py: 'check-total' is not an exercise cell"),
        (GOOD.replace("# %% ex-total", "# %% setup"), r"^wrong-total.py: 'setup' is not an exercise cell"),
        (GOOD.replace('"pause": 1', '"pauses": 1'), r"^wrong-total.py: EXPECT names unknown checks pauses; the lab's"),
        (GOOD.split("\n", 1)[1], r"^wrong-total.py has no docstring"),
        ('""" """\n' + GOOD.split("\n", 1)[1], r"^wrong-total.py has no docstring"),
        (GOOD.replace("def total(values):", "def total(values)"), r"^wrong-total.py is not valid Python \(line \d+"),
        (GOOD.replace("EXPECT = ", "SCORES = "), r"^wrong-total.py must assign EXPECT exactly once"),
        (GOOD + "EXPECT = {}\n", r"^wrong-total.py must assign EXPECT exactly once"),
        (GOOD.replace('"total": 0', '"total": zero'), r"^wrong-total.py: EXPECT must be a literal dict"),
        (GOOD.replace('"total": 0', '"total": -1'), r"^wrong-total.py: EXPECT must be a literal dict"),
        (GOOD.replace('"total": 0', '"total": True'), r"^wrong-total.py: EXPECT must be a literal dict"),
        ('"""Doc."""\nEXPECT = ["square"]\n# %% ex-total\nx = 1\n', r"^wrong-total.py: EXPECT must be a literal dict"),
        (GOOD.split("# %%")[0], r"^wrong-total.py has no \'# %% <grade_id>\' section"),
        (GOOD.replace("# %% ex-total", "# %%"), r"^wrong-total.py: the \'# %%\' line \d+ names no grade_id"),
        (GOOD + "\n# %% ex-total\nx = 1\n", r"^wrong-total.py: the section 'ex-total' appears twice"),
        (GOOD + "\n# %% ex-square\n\n", r"^wrong-total.py: the section 'ex-square' is empty"),
        (
            '"""Doc."""\n# %% ex-total\nx = 1\nEXPECT = {"square": 2, "total": 0, "pause": 1}\n',
            r"^wrong-total.py: EXPECT must be in the preamble",
        ),
    ],
)
def test_a_bad_answer_file_is_refused_in_one_sentence_naming_it(tmp_path, text, message):
    with pytest.raises(AnswerError, match=message) as info:
        load_answer(_write(tmp_path, text), crafted.solution())
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "name, message",
    [
        ("Wrong Total.py", "file name is a slug"),
        ("solution.py", "kept for the solution notebook"),
    ],
)
def test_answer_file_names_are_slugs(tmp_path, name, message):
    with pytest.raises(AnswerError, match=message):
        load_answer(_write(tmp_path, GOOD, name))


def test_answer_folder_must_be_a_lab_folder(tmp_path):
    (tmp_path / "misc").mkdir()
    (tmp_path / "misc" / "x.py").write_text(GOOD)
    with pytest.raises(AnswerError, match=r"^misc/ is not a folder of answers"):
        load_answer(tmp_path / "misc" / "x.py")


def test_unreadable_answer_file_is_refused(tmp_path):
    path = _write(tmp_path, "")
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(AnswerError, match=r"^wrong-total.py cannot be read as UTF-8 text"):
        load_answer(path)


def test_a_lab_folder_loads_every_py_file_by_name(tmp_path):
    _write(tmp_path, GOOD, "b.py")
    _write(tmp_path, GOOD.replace("max(values)", "0"), "a.py")
    (tmp_path / "lab99" / "notes.md").write_text("not an answer")
    assert [a.name for a in load_answers(tmp_path / "lab99", crafted.solution())] == ["a", "b"]


def test_solution_and_untouched_answers_come_from_the_notebook():
    solution = crafted.solution()
    right = catalogue.solution_answer(solution, "99")
    assert right.name == "solution" and right.expect == {"square": 2, "total": 1, "pause": 1}
    assert set(right.cells) == {"ex-square", "ex-total", "ex-pause"} and "return x * x" in right.cells["ex-square"]
    assert nbtools.dumps(right.apply(solution)) == nbtools.dumps(crafted.deep(right.apply(solution)))
    stub = catalogue.untouched_answer(solution, "99")
    assert stub.expected_total == 0 and all(nbtools.STUB in s for s in stub.cells.values())


def test_lab_answers_reads_the_fixture_lab_from_a_catalogue(tmp_path):
    _write(tmp_path, GOOD)
    found = catalogue.lab_answers("99", SOLUTIONS, catalogue=tmp_path)
    assert [a.name for a in found] == ["solution", "wrong-total"]
    assert [a.name for a in catalogue.lab_answers("99", SOLUTIONS, catalogue=tmp_path / "none")] == ["solution"]


# -- which cells an answer can change (what tests/test_catalogue.py runs) -----------
def test_names_bound_and_used_by_a_cell():
    source = (
        "%matplotlib inline\nimport numpy as np\nfrom a.b import c\nX = 1\nfor i in range(3):\n    pass\n"
        "def f(v):\n    w = v + np.pi + GLOBAL\n    return w\nclass K:\n    attr = 2\n"
    )
    assert catalogue.names_bound(source) == {"np", "c", "X", "i", "f", "K"}
    # a magic is a call of IPython's get_ipython(), as IPython runs the cell
    assert catalogue.names_used(source) == {"range", "np", "GLOBAL", "get_ipython"}


def test_names_read_leave_out_what_the_cell_bound_before_reading_it():
    """A check cell that imports its checks module reads no other cell's binding of that name; a name read
    before the cell binds it, or read by a function defined before the binding, is still read."""
    check_cell = "from asynclab.lessons.l01 import checks as lab01\nlab01.check_x(answer)"
    assert catalogue.names_read(check_cell) == {"answer"}
    assert "lab01" in catalogue.names_used(check_cell)
    assert catalogue.names_read("x = x + 1\ny = x") == {"x"}
    assert catalogue.names_read("def f():\n    return lab01.y\nimport lab01") == {"lab01"}
    assert catalogue.names_read("%matplotlib inline\nimport np\nnp.z(q)") == {"q", "get_ipython"}


def test_plan_runs_only_the_checks_a_replaced_cell_feeds():
    solution = crafted.solution()
    answer = catalogue.Answer(
        "99", "t", "d", {"ex-total": "def total(v):\n    return 0"}, {"square": 2, "total": 0, "pause": 1}
    )
    todo = catalogue.plan(solution, answer)
    assert todo.run == ["total"] and todo.unchanged == ["square", "pause"]
    assert [(label, kind) for label, kind, _ in todo.cells] == [("ex-total", "exercise"), ("check-total", "check")]
    assert todo.cells[0][2] == "def total(v):\n    return 0"


def test_plan_follows_names_through_other_cells_and_skips_demo_cells():
    solution = crafted.solution()
    solution = crafted.insert_after(solution, "ex-square", "def helper(x):\n    return square(x)\nprint(helper(2))")
    solution = crafted.insert_after(solution, "setup", "demo = square  # a try-it cell")
    solution = crafted.replace(
        solution, "ex-total", "def total(values):\n    return sum(helper(v) ** 0 * v for v in values)"
    )
    answer = catalogue.Answer(
        "99", "t", "d", {"ex-square": "def square(x):\n    return x + x"}, {"square": 0, "total": 1, "pause": 1}
    )
    todo = catalogue.plan(solution, answer)
    assert todo.run == ["square", "total"] and todo.unchanged == ["pause"]
    labels = [label for label, _, _ in todo.cells]
    assert "setup" not in labels and not any("demo" in s for _, _, s in todo.cells)
    assert labels == ["ex-square", "cell 5", "check-square", "ex-total", "check-total"]  # cell 5: helper


def test_plan_sees_names_the_answer_binds_that_the_solution_does_not():
    solution = crafted.solution()
    # the answer's square cell also (re)defines time, which check-pause's cell chain reads through ex-pause
    answer = catalogue.Answer(
        "99",
        "t",
        "d",
        {"ex-square": "import time\ndef square(x):\n    return x * x"},
        {"square": 2, "total": 1, "pause": 1},
    )
    assert catalogue.plan(solution, answer).run == ["square", "pause"]


def test_only_threads_of_the_students_own_code_are_flagged_for_review():
    """A thread IPython keeps (its history writer, which lab 10's solution runs beside) or the course starts
    (lab 09's memory sampler) raises no review flag: a flag every submission gets tells the instructor nothing."""
    import os
    import threading
    import types

    import IPython.core.history as history

    from asynclab.foundation.memory import PeakMemory
    from asynclab.grading import _kernel_guard

    root = str(Path(_kernel_guard.__file__).resolve().parents[2])
    stash = types.SimpleNamespace(root=root, trusted=(os.path.dirname(history.__file__) + os.sep,))

    class Students(threading.Thread):
        def run(self):
            pass

    ipython = threading.Thread(target=history.HistorySavingThread.run)  # its code is IPython's
    before = set(threading.enumerate())
    with PeakMemory():  # its sampler is a thread of the course's, judged while it runs, as the guard does
        sampler = set(threading.enumerate()) - before
        assert sampler and all(_kernel_guard._course_thread(stash, t) for t in sampler)
    assert _kernel_guard._course_thread(stash, ipython)
    assert not _kernel_guard._course_thread(stash, Students())
    assert not _kernel_guard._course_thread(stash, threading.Thread(target=print))


def _outcome(name, status, score):
    return CheckOutcome(f"check-{name}", name, 2.0, score, status, "its own words")


@pytest.mark.parametrize(
    "required, status, score, words",
    [
        ("pass", "pass", 2.0, "its own words"),
        ("fail", "fail", 0.0, "counts only when check first passes, and it did not"),
        ("no result", "fail", 0.0, "counts only when check first passes"),
        ("inconclusive", "inconclusive", 0.0, "check first could not decide here"),
    ],
)
def test_a_pass_counts_only_when_what_it_requires_passed_in_the_graders_record(required, status, score, words):
    outcomes = [_outcome("first", required, 2.0 if required == "pass" else 0.0), _outcome("second", "pass", 2.0)]
    apply_requirements(outcomes, {"second": ("first",)})
    assert (outcomes[1].status, outcomes[1].score) == (status, score)
    assert words in outcomes[1].message
    assert outcomes[0].status == required  # the required check keeps its own verdict


def test_a_requirement_on_a_check_that_is_not_in_the_notebook_is_not_met():
    outcomes = [_outcome("second", "pass", 2.0)]
    apply_requirements(outcomes, {"second": ("first",)})
    assert (outcomes[0].status, outcomes[0].score) == ("fail", 0.0)


def test_the_grader_reads_what_lab_09s_checks_require_from_their_declarations():
    from asynclab.grading.runner import _requirements

    specs = solution_checks(nbtools.read(find_solution(Path(__file__).resolve().parents[1] / "solutions", "09")))
    assert _requirements(tuple(specs)) == {"peak-bounded": ("pipelined-beats-serial",)}


def test_a_pass_with_cells_added_between_it_and_what_it_requires_fails_naming_them():
    outcomes = [_outcome("first", "pass", 2.0), _outcome("second", "pass", 2.0)]
    apply_requirements(outcomes, {"second": ("first",)}, {("second", "first"): [7, 9]})
    assert (outcomes[1].status, outcomes[1].score) == ("fail", 0.0)
    assert outcomes[1].message == (
        "this check counts only when check first passed on the same answer, and your cells 7, 9 ran between "
        "the two checks: move them above check first's cell"
    )
    assert outcomes[0].status == "pass"


def test_the_grader_finds_the_cells_a_student_added_between_lab_09s_two_checks():
    from asynclab.grading.restore import restore
    from asynclab.grading.runner import _added_between, _requirements

    solution = nbtools.read(find_solution(Path(__file__).resolve().parents[1] / "solutions", "09"))
    requires = _requirements(tuple(solution_checks(solution)))
    untouched = restore(solution, copy.deepcopy(solution))
    assert _added_between(solution, untouched.nb, untouched.plan, requires) == {}
    submission = copy.deepcopy(solution)
    at = next(i for i, c in enumerate(submission.cells) if nbtools.grade_id(c) == "check-pipelined-beats-serial")
    submission.cells.insert(at + 1, nbformat.v4.new_code_cell("# just a note"))
    submission.cells.insert(at + 2, nbformat.v4.new_code_cell("def chain_energy(data, chunk):\n    return 0.0"))
    changed = restore(solution, submission)
    assert _added_between(solution, changed.nb, changed.plan, requires) == {
        ("peak-bounded", "pipelined-beats-serial"): [at + 3]
    }


@pytest.mark.parametrize(
    "lab", sorted(p.name[:2] for p in (Path(__file__).resolve().parents[1] / "solutions").glob("*_lab.ipynb"))
)
def test_a_check_and_the_one_it_requires_have_no_answer_cell_between_them(lab):
    """The grader fails a requiring check when a student cell lies between the two; the labs put none there."""
    from asynclab.grading.runner import _requirements

    solution = nbtools.read(find_solution(Path(__file__).resolve().parents[1] / "solutions", lab))
    at = {nbtools.grade_id(c): i for i, c in enumerate(solution.cells)}
    specs = solution_checks(solution)
    for spec in specs:
        for required in _requirements(tuple(specs)).get(spec.name, ()):
            other = next(s for s in specs if s.name == required)
            between = solution.cells[at[other.grade_id] + 1 : at[spec.grade_id]]
            assert at[other.grade_id] < at[spec.grade_id]
            assert not [c for c in between if c.cell_type == "code" and not nbtools.is_check(c)], spec.name
