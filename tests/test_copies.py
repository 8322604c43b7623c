"""The copy detector (asynclab.grading.copies) on sources: no kernel, no measurement.

Each verdict is asserted on a lab's solution with one exercise cell replaced,
as a student would submit it: the check cell is the solution's own, so the
declared check, its ``allows`` and its exemption are the course's.
"""

from __future__ import annotations

import ast
import functools
import textwrap

import pytest

from asynclab import course
from asynclab.checks.core import Check, CheckResult, check
from asynclab.grading import answers as catalogue
from asynclab.grading import copies
from asynclab.grading.layout import find_solution
from asynclab.tooling import nbtools
from tests.test_catalogue import SOLUTIONS

LABS = course.numbers()


@functools.cache
def _solution(lab: str):
    return nbtools.read(find_solution(SOLUTIONS, lab))


def _verdicts(lab: str, cells: dict[str, str] | None = None) -> dict[str, copies.Verdict | None]:
    """The verdict on every check of ``lab``'s solution with ``cells`` (grade_id -> source) in place."""
    solution = _solution(lab)
    nb = catalogue.Answer(lab, "t", "t", cells or {}, {}).apply(solution)
    judge = copies.judge_for(solution)
    found, sources = {}, []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if nbtools.is_check(cell):
            name = nbtools.grade_id(cell)[len("check-") :]
            found[name] = judge.verdict(sources, cell.source, name)
        sources.append(cell.source)
    return found


def _cell(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


# ------------------------------------------------------------------ the three verdicts, lab 03's predict_lagged_seconds
FIT_LINE_PASTED = _cell(
    """
    from collections.abc import Sequence
    import math


    def _floats(values, what):
        out = [float(v) for v in values]
        if any(not math.isfinite(v) for v in out):
            raise ValueError(f"{what} must be finite numbers.")
        return out
    """
)


ALIAS = "from asynclab.lessons.l03_async_speed import models\n\npredict_lagged_seconds = models.pipeline_bound"
#: A caller of a fit_line defined in the answer: the step's function, so that what it uses is judged.
CALLER = (
    "\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
    "    intercept, slope = fit_line([0, k], [t3, k * max(t1, t2)])\n"
    "    return n * slope + intercept\n"
)


def test_an_alias_of_the_course_function_is_a_copy():
    verdict = _verdicts("03", {"ex2-predict-lagged": ALIAS})
    found = verdict["predict-lagged-k"]
    assert found is not None and found.kind == copies.COURSE_FUNCTION
    assert found.sentence.startswith(
        "scored 0: `predict_lagged_seconds` uses the course's own asynclab.lessons.l03_async_speed"
    )
    assert verdict["async-beats-sync"] is None and verdict["costs-from-trace"] is None


def test_a_call_inside_the_answer_is_a_copy():
    source = _cell(
        """
        from asynclab.foundation import timing as t


        def predict_lagged_seconds(t1, t2, t3, n, k):
            line = t.fit_line([0, k], [t3, k * max(t1, t2)])
            return n * line.slope + line.intercept
        """
    )
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.COURSE_FUNCTION
    assert "asynclab.foundation.timing.fit_line" in found.sentence


def _course_source(dotted: str) -> str:
    module, _, name = dotted.rpartition(".")
    index = copies.course_corpus().index
    tree = index.modules[module].tree
    node = next(n for n in tree.body if getattr(n, "name", None) == name)
    return ast.unparse(node)


def test_pasted_renamed_reordered_and_wrapped_copies_are_caught():
    # the course's own fit_line, returning a plain pair (a LineFit would be caught as a course class)
    pasted = _course_source("asynclab.foundation.timing.fit_line").replace(
        "LineFit(intercept, slope, n, rms)", "(intercept, slope)"
    )
    helper = _course_source("asynclab.foundation.timing._floats")
    imports = "import math\n\n"
    renamed = (
        pasted.replace("def fit_line", "def fit_line")
        .replace("xs", "ns_values")
        .replace("ys", "secs")
        .replace("_floats", "as_floats")
    )
    tree = ast.parse(renamed)
    body = tree.body[0].body
    body[1:4] = [body[3], body[2], body[1]]  # n = len(x) first, then the two checks swapped
    reordered = ast.unparse(tree)
    wrapped = (
        imports
        + helper.replace("_floats", "as_floats")
        + "\n\n\ndef fit_line(ns, seconds):\n"
        + textwrap.indent(renamed.replace("def fit_line", "def _mine"), "    ")
        + "\n    return tuple(_mine(ns, seconds))[:2]\n"
    )
    for label, source in {
        "pasted": imports + helper + "\n\n\n" + pasted,
        "renamed": imports + helper.replace("_floats", "as_floats") + "\n\n\n" + renamed,
        "reordered": imports + helper.replace("_floats", "as_floats") + "\n\n\n" + reordered,
        "wrapped": wrapped,
    }.items():
        found = _verdicts("03", {"ex2-predict-lagged": source + CALLER})["predict-lagged-k"]
        assert found is not None and found.kind == copies.RETYPED, f"the {label} copy was not caught"
        assert found.sentence.startswith(
            "scored 0: `predict_lagged_seconds` re-types the course's own code (asynclab.foundation.timing."
        )
        assert found.sentence.endswith(") instead of doing the step's work")


def test_reaching_into_the_checks_is_caught_however_it_is_named():
    ways = {
        "the lab's own name": "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return lab03.some_reference(n, k)",
        "an import inside": (
            "def predict_lagged_seconds(t1, t2, t3, n, k):\n    from asynclab.lessons.l03_async_speed import checks\n"
            "    return checks.SleepDevice(t1, t2, t3).lagged(n, k)"
        ),
        "a string": (
            "import importlib\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
            '    return importlib.import_module("asynclab.grading.answers").x(n, k)'
        ),
    }
    for label, source in ways.items():
        found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
        assert found is not None and found.kind == copies.REACHES_IN, label
        assert "reaches into asynclab." in found.sentence and "no answer may use" in found.sentence


@pytest.mark.parametrize(
    "source",
    [
        # a star import binds the module's names
        "from asynclab.lessons.l06_automatic_parallelism.parallelism import *\n\nnorms_both = interleaved",
        "from asynclab.lessons.l06_automatic_parallelism.parallelism import *\n\n\n"
        "def norms_both(xa, xb, reps):\n    return interleaved(xa, xb, reps)",
        # the lesson's module loaded by a string
        "import importlib\n\n\ndef norms_both(xa, xb, reps):\n"
        "    m = importlib.import_module('asynclab.lessons.l06_automatic_parallelism.parallelism')\n"
        "    return m.interleaved(xa, xb, reps)",
        "def norms_both(xa, xb, reps):\n"
        "    m = __import__('asynclab.lessons.l06_automatic_parallelism.parallelism', fromlist=['x'])\n"
        "    return getattr(m, 'inter' + 'leaved')(xa, xb, reps)",
        # a name searched for with a computed string
        "from asynclab.lessons.l06_automatic_parallelism import parallelism as p\n\n\n"
        "def norms_both(xa, xb, reps):\n    return getattr(p, ''.join(['inter', 'leaved']))(xa, xb, reps)",
    ],
    ids=["star-alias", "star-call", "import-module", "dunder-import", "getattr-computed"],
)
def test_course_code_reached_around_the_names_is_a_copy(source):
    found = _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"]
    assert found is not None and found.kind == copies.COURSE_FUNCTION, found
    assert "asynclab.lessons.l06_automatic_parallelism.parallelism" in found.course


def test_a_star_import_of_the_foundation_gives_no_lesson_function():
    source = (
        "from asynclab.foundation.timing import *\n\n\n"
        "def norms_both(xa, xb, reps):\n    out = []\n    for _ in range(reps):\n"
        "        out += [nd.dot(xa, xa), nd.dot(xb, xb)]\n    return out\n\n\nfrom mxnet import nd"
    )
    assert _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"] is None


def test_keyword_order_does_not_change_a_fingerprint():
    def prints(code: str) -> frozenset:
        return copies.fingerprints([ast.parse(code)], {}, lambda dotted: dotted)

    one = prints("y = f(x + 1, size=(n, n), dtype=t * 2, ctx=c)")
    other = prints("y = f(x + 1, ctx=c, dtype=t * 2, size=(n, n))")
    assert one and one == other
    assert one != prints("y = f(x + 1, ctx=c, dtype=t * 3, size=(n, n))")


def test_the_sentence_names_no_right_answer():
    found = _verdicts("03", {"ex2-predict-lagged": ALIAS})
    text = found["predict-lagged-k"].sentence
    assert "max(" not in text and "min(" not in text and text.count(".") >= 2


# ------------------------------------------------------------------ allowed helpers
def test_what_the_lab_imports_by_name_is_allowed():
    # lab 04's setup cell imports PeakMemory by its name: the step's tool
    assert _verdicts("04")["peak-increase"] is None


def test_a_module_the_lab_imports_does_not_give_its_functions():
    # lab 10's setup cell imports psgd as a module; psgd.worker_loop is the step itself
    source = (
        "def worker_loop(kv, key, w, gradient_at, steps, every):\n    psgd.worker_loop(kv, key, w, gradient_at, steps)"
    )
    found = _verdicts("10", {"ex1-worker-loop": source})["sync-equals-one-process"]
    assert found is not None and found.kind == copies.COURSE_FUNCTION
    assert "asynclab.foundation.workloads.psgd.worker_loop" in found.sentence


def test_allows_names_the_steps_helpers():
    declared = course.lab_checks("09")["result-exact"]
    assert "asynclab.foundation.workloads.chunked.read_chunks" in declared.allows
    assert _verdicts("09")["result-exact"] is None


def test_data_arguments_are_not_judged():
    # a prediction is data: a right one equals the course's figures by construction
    assert all(v is None for v in _verdicts("05").values())


@pytest.mark.parametrize(
    "source",
    [
        "from asynclab.lessons.l05_inside_the_engine import checks as lab05\n\nPREDICTED_ROUNDS = lab05.measure_schedule()",
        "from asynclab.lessons.l05_inside_the_engine.checks import measure_schedule as guess\n\n"
        "PREDICTED_ROUNDS = dict(guess())",
        "import importlib\n\nPREDICTED_ROUNDS = importlib.import_module("
        "'asynclab.lessons.l05_inside_the_engine.checks').measure_schedule()",
    ],
)
def test_a_prediction_computed_by_the_checks_is_an_oracle(source):
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind == copies.REACHES_IN
    assert found.name == "PREDICTED_ROUNDS" and "reaches into" in found.sentence


def test_a_constant_the_step_names_may_feed_a_prediction():
    # lab05.SCHEDULE is the table the step prints: reading it is no oracle
    source = (
        "from asynclab.lessons.l05_inside_the_engine.checks import SCHEDULE\n\n"
        "PREDICTED_ROUNDS = {name: i for i, (name, _, _) in enumerate(SCHEDULE)}"
    )
    assert _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"] is None


@pytest.mark.parametrize(
    "source",
    [
        # the student's own engine of step 2 (built on the course's base) runs the program: a measurement
        "with StudentEngine(num_workers=2) as trial:\n"
        "    v = trial.new_var('x')\n    trial.push(lambda: None, mutates=[v], name='load x')\n"
        "    trial.wait_all(timeout=10)\nPREDICTED_ROUNDS = {r.name: 0 for r in trial.records}",
        "from asynclab.foundation.engine import EngineBase\n\n\ndef rounds():\n"
        "    with EngineBase(num_workers=2) as e:\n        e.wait_all()\n    return {}\n\n\n"
        "PREDICTED_ROUNDS = rounds()",
        # the engine class kept in a table filled by a method call, or rebound from itself: the closure keeps
        # the name's earlier bindings
        "from asynclab.foundation.engine import EngineBase\n\nE = {}\nE.update(engine=EngineBase)\n\n\n"
        "def rounds():\n    with E['engine'](num_workers=2) as e:\n        e.wait_all()\n    return {}\n\n\n"
        "PREDICTED_ROUNDS = rounds()",
        "from asynclab.foundation.engine import EngineBase\n\nBase = EngineBase\nBase = [Base][0]\n\n\n"
        "def rounds():\n    with Base(num_workers=2) as e:\n        e.wait_all()\n    return {}\n\n\n"
        "PREDICTED_ROUNDS = rounds()",
        "from asynclab.foundation.engine import EngineBase\n\nkept = {}\nkept['e'] = EngineBase\n"
        "kept = dict(kept)\n\n\ndef rounds():\n    with kept['e'](num_workers=2) as e:\n        e.wait_all()\n"
        "    return {}\n\n\nPREDICTED_ROUNDS = rounds()",
        # filled through a second name bound to the same table: stored into one, stored into both
        "from asynclab.foundation.engine import EngineBase\n\nPREDICTED_ROUNDS = seen = {}\n"
        "with EngineBase(num_workers=2) as e:\n    e.wait_all()\nseen['x'] = e",
        "from asynclab.foundation.engine import EngineBase\n\nPREDICTED_ROUNDS = {}\nseen = PREDICTED_ROUNDS\n"
        "with EngineBase(num_workers=2) as e:\n    e.wait_all()\nseen.update(x=e)",
        # the student's engine reached through the instance a locked "try it" cell of step 2 bound
        "trial = type(engine)(num_workers=2)\ntrial.wait_all(timeout=10)\n"
        "PREDICTED_ROUNDS = {r.name: 0 for r in trial.records}",
        # no engine at all: a thread per operation, two at a time, the rounds read off the clock
        "import threading\nimport time\n\nslots = threading.Semaphore(2)\nstarts = {}\n\n\ndef op(name):\n"
        "    with slots:\n        starts[name] = time.perf_counter()\n\n\nPREDICTED_ROUNDS = {}\n"
        "for name in ('load x', 'load y'):\n    threading.Thread(target=op, args=(name,)).start()\n"
        "    PREDICTED_ROUNDS[name] = 0",
    ],
    ids=[
        "own-engine",
        "engine-base",
        "update",
        "rebound-from-itself",
        "subscript-then-copy",
        "second-name",
        "name-of-a-name",
        "own-engine-from-a-locked-cell",
        "plain-threads",
    ],
)
def test_a_prediction_computed_by_running_an_engine_measured(source):
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind == copies.MEASURES, found
    assert found.name == "PREDICTED_ROUNDS" and "which runs what it predicts" in found.sentence


def test_the_engine_modules_constants_may_feed_a_prediction():
    # measured_by names the engines that run, not their module: READ and WRITE tag a hand-made simulation
    source = (
        "from asynclab.foundation.engine import READ, WRITE\n\n"
        "PREDICTED_ROUNDS = {name: int(bool(reads) and WRITE is not READ) for name, reads, _ in lab05.SCHEDULE}"
    )
    assert _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"] is None


# ------------------------------------------------------------------ the declarations
def test_allows_and_transcribes_are_checked_when_declared():
    def code(self, f) -> CheckResult: ...

    with pytest.raises(ValueError, match="allows must be a tuple of dotted course names"):
        check("x", 1, functions=("f",), allows=("numpy.polyfit",))(code)
    with pytest.raises(ValueError, match="measured_by must be a tuple of dotted module names"):
        check("x", 1, functions=("f",), measured_by="asynclab.foundation.engine")(code)
    with pytest.raises(ValueError, match="measured_by must be a tuple of dotted module names"):
        check("x", 1, functions=("f",), measured_by=("mxnet nd",))(code)
    with pytest.raises(ValueError, match="allows must be a tuple"):
        check("x", 1, functions=("f",), allows="asynclab.foundation")(code)
    with pytest.raises(TypeError, match="transcribes must be a sentence"):
        check("x", 1, functions=("f",), transcribes=True)(code)
    made = check("x", 1, functions=("f",), allows=("asynclab.foundation.plots",), transcribes="why")(code)
    assert isinstance(made, Check) and made.allows == ("asynclab.foundation.plots",) and made.transcribes == "why"


def test_idioms_are_checked_when_declared():
    def code(self, f) -> CheckResult: ...

    with pytest.raises(ValueError, match="idioms must be a tuple of dotted course names"):
        check("x", 1, functions=("f",), idioms=("heapq.merge",))(code)
    made = check("x", 1, functions=("f",), idioms=("asynclab.foundation.profiling._union",))(code)
    assert made.idioms == ("asynclab.foundation.profiling._union",) and made.allows == ()


@pytest.mark.parametrize(
    "lab, name, idiom",
    [(lab, name, i) for lab in LABS for name, c in course.lab_checks(lab).items() for i in c.idioms],
)
def test_an_idiom_is_a_course_function_that_may_be_written_but_not_called(lab, name, idiom):
    found = copies.course_corpus().index.resolve(idiom)
    assert found is not None and found.kind == "function", (idiom, found)
    module, _, function = idiom.rpartition(".")
    step = course.lab_checks(lab)[name].functions[0]
    calls = f"from {module} import {function}\n\n\ndef {step}(*args):\n    return {function}(args)"
    exercise = next(
        nbtools.grade_id(c)
        for c in _solution(lab).cells
        if c.cell_type == "code" and nbtools.is_solution(c) and f"def {step}(" in c.source
    )
    found = _verdicts(lab, {exercise: calls})[name]
    assert found is not None and found.kind in (copies.COURSE_FUNCTION, copies.REACHES_IN), found


def _exempt() -> list[tuple[str, str]]:
    return [(lab, name) for lab in LABS for name, c in course.lab_checks(lab).items() if c.transcribes]


@pytest.mark.parametrize("lab, name", _exempt())
def test_an_exemption_holds_only_while_the_solution_is_flagged(lab, name):
    """An exempt check's solution still re-types the course: when it no longer does, remove ``transcribes``."""
    solution = _solution(lab)
    judge = copies.judge_for(solution)
    sources, scores = [], {}
    for cell in solution.cells:
        if cell.cell_type != "code":
            continue
        if nbtools.grade_id(cell) == f"check-{name}":
            scores = judge.scores(sources, cell.source, name)
            break
        sources.append(cell.source)
    assert scores and max(score for score, _ in scores.values()) >= copies.THRESHOLD, (
        f"lab {lab} {name}: its solution no longer re-types the course ({scores}); remove its transcribes="
    )


@pytest.mark.corpus
@pytest.mark.parametrize("lab", LABS)
def test_no_right_answer_is_taken_for_a_copy(lab):
    """The solution and every right catalogue answer (full points in EXPECT) earn their points here."""
    solution = _solution(lab)
    points = catalogue.check_points(solution)
    for answer in catalogue.lab_answers(lab, SOLUTIONS):
        changed = set(points) if answer.name == catalogue.SOLUTION_NAME else set(catalogue.plan(solution, answer).run)
        verdicts = _verdicts(lab, answer.cells)
        taken = {
            name: v.detail
            for name, v in verdicts.items()
            if v is not None and name in changed and answer.expect.get(name) == points[name]
        }
        assert not taken, f"lab {lab} {answer.name}: a right answer is taken for a copy: {taken}"


def test_the_course_is_read_once():
    assert copies.course_corpus() is copies.course_corpus()
    assert len(copies.course_corpus().units) > 100


# ------------------------------------------------------------------ through the grader
@pytest.mark.kernel
def test_the_grader_scores_a_copy_zero_with_its_sentence(tmp_path):
    """The lab as handed out with lab 03's step 2 answered by a course function: 0 and the sentence."""
    from build_fixture import copy_package  # registered by conftest.py

    from asynclab.grading.cli import grade_class

    solution = _solution("03")
    lab = nbtools.make_lab(solution)
    for cell in lab.cells:
        if nbtools.grade_id(cell) == "ex2-predict-lagged":
            cell.source = ALIAS
    subs = tmp_path / "subs"
    subs.mkdir()
    nbtools.write(lab, subs / "copier.ipynb")
    outcome = grade_class(
        subs, tmp_path / "out", lab="03", solutions=SOLUTIONS, progress=False, package_dir=copy_package(tmp_path)
    )
    (result,) = outcome.results
    check = next(c for c in result.checks if c.name == "predict-lagged-k")
    assert (check.status, check.score, check.figures) == ("fail", 0.0, {}), check
    assert check.message.startswith(
        "scored 0: `predict_lagged_seconds` uses the course's own asynclab.lessons.l03_async_speed"
    )
    assert "predict-lagged-k: copied course code" in result.notes()
    feedback = (tmp_path / "out" / "copier" / "feedback.md").read_text(encoding="utf-8")
    assert "uses the course's own" in feedback


@pytest.mark.parametrize(
    "source",
    [
        # the workload's arrays and counts, read from the closure of what the check hands diagnose
        "def diagnose(fn):\n    return {c.cell_contents for c in fn.__closure__}",
        "def diagnose(fn):\n    return getattr(fn, '__defaults__')",
        "import inspect\n\n\ndef diagnose(fn):\n    return inspect.getclosurevars(fn).nonlocals",
        "import sys\n\n\ndef diagnose(fn):\n    return sys._getframe(1).f_locals",
        "import operator\n\n\ndef diagnose(fn):\n    return operator.attrgetter('__code__.co_freevars')(fn)",
        "def diagnose(fn):\n    return getattr(fn, '__clo' + 'sure__')",
        "def diagnose(fn):\n    return fn.pull.__self__",
        # a profile hook sees every call fn makes and when (lab 07 step 2's rounds, without the profiler)
        "import sys\n\n\ndef diagnose(fn):\n    sys.setprofile(lambda frame, event, arg: None)\n    return fn()",
        "import threading\n\n\ndef diagnose(fn):\n    threading.settrace(print)\n    return fn()",
        # the check's locals, read off the stack (lab 10's measured time, before the prediction is asked)
        "import traceback\n\n\ndef diagnose(fn):\n    return list(traceback.walk_stack(None))",
        "from traceback import StackSummary\n\n\ndef diagnose(fn):\n    return StackSummary.extract([], capture_locals=True)",
        # the names in another case, or made at run time (a review read lab 01's works this way)
        "def diagnose(fn):\n    return getattr(fn, '__CLOSURE__'.lower())",
        "def diagnose(fn):\n    name = '_'.join(['', '', 'defaults', '', ''])\n    return getattr(fn, name)",
        # the line another thread runs, sampled (a review read lab 01's works this way)
        "import sys\n\n\ndef diagnose(fn):\n    return [f.f_lineno for f in sys._current_frames().values()]",
        "import faulthandler\n\n\ndef diagnose(fn):\n    faulthandler.dump_traceback()\n    return fn()",
        "import inspect\n\n\ndef diagnose(fn):\n    return inspect.getmodule(fn)._truth(fn)",
        "from inspect import getsource\n\n\ndef diagnose(fn):\n    return 'wait' in getsource(fn)",
        # a class pattern's keywords read the subject's attributes as a dotted name does
        "def diagnose(fn):\n    match fn:\n        case object(__closure__=cells):\n            return cells",
        "def diagnose(fn):\n    match fn:\n        case object(__self__=object(f_back=frame)):\n            return frame",
    ],
    ids=[
        "closure",
        "getattr-defaults",
        "getclosurevars",
        "caller-frame",
        "attrgetter",
        "split-name",
        "self",
        "profile-hook",
        "trace-hook",
        "walk-stack",
        "stack-summary",
        "name-in-upper-case",
        "name-made-at-run-time",
        "other-threads-frames",
        "faulthandler",
        "getmodule",
        "getsource",
        "class-pattern",
        "nested-class-pattern",
    ],
)
def test_reading_the_inside_of_what_the_check_hands_is_caught(source):
    found = _verdicts("07", {"ex1-diagnose": source})["diagnoses-the-program"]
    assert found is not None and found.kind == copies.INTROSPECTS, found
    assert "the inside of what the check runs" in found.sentence and "no answer may use" in found.sentence


@pytest.mark.parametrize(
    "source",
    [
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return globals()['lab03'].some_reference(n, k)",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return eval('lab03.some_reference')(n, k)",
        "import importlib\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    m = importlib.import_module('asynclab.lessons.l03_' + 'async_speed.checks')\n    return m.x(n, k)",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    m = __import__('.'.join(['asynclab', 'grading']))\n    return m.x(n, k)",
        "import sys\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    return sys.modules['asynclab.lessons.l03_' + 'async_speed.checks'].x(n, k)",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    vars(n)['x'] = 1\n    return 0.0",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    object.__setattr__(n, 'x', 1)\n    return 0.0",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    exec('y = 1')\n    return 0.0",
        "import pkgutil\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    return pkgutil.resolve_name('asynclab.lessons.l03_' + 'async_speed.checks:x')(n, k)",
        "from pydoc import locate\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    return locate('asynclab.lessons.l03_' + 'async_speed.checks.x')(n, k)",
        "import runpy\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    return runpy.run_module('asynclab.lessons.l03_' + 'async_speed.checks')['x'](n, k)",
        "import importlib.util\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    spec = importlib.util.find_spec('asynclab.lessons.l03_' + 'async_speed.checks')\n    return spec\n",
    ],
    ids=[
        "globals",
        "eval",
        "import-split-string",
        "dunder-import-joined",
        "sys-modules",
        "vars",
        "setattr",
        "exec",
        "pkgutil-resolve-name",
        "pydoc-locate",
        "runpy",
        "importlib-util",
    ],
)
def test_names_looked_up_while_the_answer_runs_are_caught(source):
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.HIDES, found
    assert "hides from the grader what the answer uses" in found.sentence


@pytest.mark.parametrize(
    "source",
    [
        "PREDICTED_ROUNDS = Out[12]",
        "PREDICTED_ROUNDS = dict(_7)",
        "def rounds():\n    return get_ipython().user_ns['measured']\n\n\nPREDICTED_ROUNDS = rounds()",
    ],
    ids=["Out", "underscore-number", "get-ipython"],
)
def test_a_prediction_read_from_ipythons_history_hides_its_names(source):
    # an earlier cell may have run the engine: what it left in IPython's history the judge cannot read
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind == copies.HIDES, found
    assert "IPython's history" in found.course or "IPython's shell" in found.course


def _solution_cell(lab: str, grade_id: str) -> str:
    return next(c.source for c in _solution(lab).cells if nbtools.grade_id(c) == grade_id)


@pytest.mark.parametrize(
    "magic",
    [
        "%time PREDICTED_ROUNDS = lab05.measure_schedule()",
        "%%capture\nPREDICTED_ROUNDS = lab05.measure_schedule()",
        "%run -i measure.py",
        "%store -r PREDICTED_ROUNDS",
    ],
    ids=["line-magic", "cell-magic", "run-in-the-namespace", "store"],
)
def test_a_magic_that_runs_code_hides_the_names_after_it(magic):
    # IPython runs the magic's code (or a file, or a stored value) in the namespace: it may bind any name, as
    # exec may; the judge reads the cell as IPython turns it into Python (get_ipython().run_line_magic(...))
    source = _solution_cell("05", "ex5-predict-schedule") + "\n\n" + magic if "%%" not in magic else magic
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind == copies.HIDES, found
    assert "IPython's shell" in found.course


def test_quiet_magics_and_shell_lines_hide_nothing():
    source = "%matplotlib inline\n%load_ext autoreload\n!echo checking\n" + _solution_cell("05", "ex5-predict-schedule")
    assert _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"] is None


def test_a_line_that_starts_with_a_percent_sign_inside_brackets_is_python():
    # IPython reads a magic only at the start of a logical line: a line that continues an expression, or a
    # string, with "%" or "!" is Python, and a copy behind it is judged as one
    source = (
        "from asynclab.lessons.l05_inside_the_engine.checks import measure_schedule\n\n"
        'NOTE = ("rounds: %d"\n        % 3)\nFLAG = (1\n!= 2)\n\nPREDICTED_ROUNDS = measure_schedule()\n'
    )
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind != copies.HIDES, found


def test_a_throwaway_underscore_of_ones_own_hides_nothing():
    source = (
        "from asynclab.foundation.engine import READ\n\n_, last = 0, 1\n\n\ndef rounds():\n"
        "    return {name: sum(1 for _ in reads) for name, reads, _ in lab05.SCHEDULE}\n\n\n"
        "PREDICTED_ROUNDS = rounds()"
    )
    assert _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"] is None


def test_a_prediction_that_hides_its_names_is_caught():
    source = "PREDICTED_ROUNDS = globals()['lab05'].measure_schedule()"
    found = _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"]
    assert found is not None and found.kind == copies.HIDES and found.name == "PREDICTED_ROUNDS"


@pytest.mark.parametrize(
    "source",
    [
        # the clock every check and harness reads, rewound
        "import time\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    time.perf_counter = lambda: 0.0\n    return 0.0",
        # a module the lab imports, through a name of one's own
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    clock = numpy.random\n    clock.seed = None\n    return 0.0",
        "import math\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n    setattr(math, 'floor', round)\n"
        "    return 0.0",
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    import time\n    del time.sleep\n    return 0.0",
    ],
    ids=["module-clock", "alias", "setattr", "delete"],
)
def test_rewriting_what_the_answer_imports_is_caught(source):
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.TAMPERS, found
    assert "not rewrite them" in found.sentence


def test_the_device_of_lab_09_switched_off_through_an_alias_is_caught():
    source = _cell(
        """
        def chain_energy(data, chunk):
            clock = chunked.time
            pause, clock.sleep = clock.sleep, (lambda seconds: None)
            try:
                return sum(float(v.sum()) for v in chunked.read_chunks(data, chunk))
            finally:
                clock.sleep = pause
        """
    )
    found = _verdicts("09", {"ex1-chain-energy": source})["pipelined-beats-serial"]
    assert found is not None and found.kind == copies.TAMPERS, found
    assert found.course == "asynclab.foundation.workloads.chunked.time.sleep"


def test_resetting_what_lab_07_measures_host_memory_with_is_caught():
    source = _cell(
        """
        import tracemalloc


        def momentum_step(w, v, g, lr, mu, tmp):
            v[:] = mu * v.asnumpy() - lr * g.asnumpy()
            w += v
            tracemalloc.reset_peak()
            return w
        """
    )
    found = _verdicts("07", {"ex3-momentum-step": source})["momentum-allocates-nothing"]
    assert found is not None and found.kind == copies.TAMPERS and found.course == "tracemalloc.reset_peak", found


def test_reading_memory_with_tracemalloc_is_refused_for_using_the_checks_tool_not_for_changing_it():
    source = _cell(
        """
        import tracemalloc


        def memory_of(make):
            tracemalloc.start()
            result = make()
            nd.waitall()
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            return peak / 1e6
        """
    )
    found = _verdicts("01", {"ex4-memory-of": source})["memory-of-result"]
    assert found is not None and found.kind == copies.TAMPERS, found
    assert "the course's checks measure with tracemalloc" in found.sentence
    assert "changes" not in found.sentence


def test_a_table_measured_in_another_process_when_the_cell_runs_is_caught():
    source = _cell(
        """
        import json
        import os
        import subprocess
        import sys

        TABLE = {}
        for setting in (2, 3, 5, 6):
            env = dict(os.environ, MXNET_CPU_TEMP_COPY=str(setting))
            run = subprocess.run([sys.executable, "-c", "print(1)"], env=env, capture_output=True, text=True)
            TABLE[setting] = json.loads(run.stdout)


        def head_start(reps, copies):
            return TABLE[copies] + reps
        """
    )
    found = _verdicts("06", {"ex2-head-start": source})["predict-head-start"]
    assert found is not None and found.kind == copies.STARTS_PROCESSES and found.course == "subprocess.run", found
    assert "starts another process (subprocess.run)" in found.sentence


def test_a_course_module_loaded_by_another_modules_loader_is_caught():
    # the loader of a module the lab imports loads any file by its path, under a name of the answer's choosing
    for loader in ("type(distributed.__loader__)", "type(distributed.__spec__.loader)"):
        source = _cell(
            f"""
            _file = distributed.__file__[: -len("distributed.py")] + "simulation.py"
            _course = {loader}("lesson_model", _file).load_module()


            def predict_staleness(step_seconds):
                return float(len(_course.__name__) + len(step_seconds))
            """
        )
        found = _verdicts("10", {"ex2-predict-staleness": source})["predict-staleness"]
        assert found is not None and found.kind == copies.HIDES, (loader, found)
        assert found.course in ("__loader__", "__spec__"), found


def test_threads_of_the_private_thread_module_are_caught():
    # lab 09's count of the answer's threads beside its serial reference knows only threads with a threading object
    ways = {
        "import _thread": "_thread.start_new_thread(spin, ())",
        "from _thread import start_new_thread as go": "go(spin, ())",
        "import threading": "threading._start_new_thread(spin, ())",
    }
    for imported, call in ways.items():
        source = _cell(
            f"""
            {imported}


            def chain_energy(data, chunk):
                def spin():
                    sum(range(10**6))

                {call}
                return sum(float(v.sum()) for v in chunked.read_chunks(data, chunk))
            """
        )
        found = _verdicts("09", {"ex1-chain-energy": source})["pipelined-beats-serial"]
        assert found is not None and found.kind == copies.STARTS_PROCESSES, (call, found)
        assert "private thread module" in found.sentence and "threading" in found.sentence, found.sentence


@pytest.mark.parametrize(
    ("imported", "call"),
    [
        ("import signal", "signal.setitimer(signal.ITIMER_REAL, 0.05, 0.05)"),
        ("from signal import signal as on, SIGALRM", "on(SIGALRM, lambda *a: None)"),
        ("import _signal", "_signal.alarm(1)"),
    ],
)
def test_a_signal_handler_or_timer_is_caught(imported, call):
    # a handler runs on the check's own thread, inside the reference it times, where no count of threads sees it
    source = _cell(
        f"""
        {imported}


        def chain_energy(data, chunk):
            {call}
            return sum(float(v.sum()) for v in chunked.read_chunks(data, chunk))
        """
    )
    found = _verdicts("09", {"ex1-chain-energy": source})["pipelined-beats-serial"]
    assert found is not None and found.kind == copies.STARTS_PROCESSES, (call, found)
    assert "signal's handler runs code" in found.sentence, found.sentence


def test_the_private_thread_module_passed_on_as_a_value_is_caught():
    source = _cell(
        """
        import _thread


        def chain_energy(data, chunk, lib=_thread):
            return sum(float(v.sum()) for v in chunked.read_chunks(data, chunk)) + lib.get_ident() * 0
        """
    )
    found = _verdicts("09", {"ex1-chain-energy": source})["pipelined-beats-serial"]
    assert found is not None and found.kind == copies.STARTS_PROCESSES, found


def test_threads_started_with_threading_and_the_thread_modules_other_calls_are_not_refused():
    source = _cell(
        """
        import _thread
        import threading


        def chain_energy(data, chunk):
            worker = threading.Thread(target=sum, args=(range(10),))
            worker.start()
            worker.join()
            return sum(float(v.sum()) for v in chunked.read_chunks(data, chunk)) + _thread.get_ident() * 0
        """
    )
    found = _verdicts("09", {"ex1-chain-energy": source})["pipelined-beats-serial"]
    assert found is None or found.kind != copies.STARTS_PROCESSES, found


def test_every_way_to_start_a_process_is_caught():
    for call in ("os.system('true')", "multiprocessing.Process(target=print).start()", "os.spawnl(0, 'x')"):
        module = call.split(".")[0]
        source = _cell(f"import {module}\n\n\ndef head_start(reps, copies):\n    {call}\n    return reps\n")
        found = _verdicts("06", {"ex2-head-start": source})["predict-head-start"]
        assert found is not None and found.kind == copies.STARTS_PROCESSES, (call, found)


def test_attributes_of_ones_own_objects_may_be_set():
    source = (
        "class Box:\n    pass\n\n\nBOX = Box()\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    BOX.last = n\n    setattr(BOX, 'k', k)\n    x = numpy.zeros(2)\n    x.flags.writeable = False\n"
        "    return max(t1, t2) * n + t3"
    )
    assert _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"] is None


def test_names_of_ones_own_and_constant_imports_hide_nothing():
    source = (
        "import importlib\n\nnp = importlib.import_module('numpy')\n\n\ndef vars(x):\n    return x\n\n\n"
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return float(np.float64(vars(n))) * max(t1, t2) + t3"
    )
    assert _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"] is None


@pytest.mark.parametrize(
    "lab, cell, check, source",
    [
        (
            "02",
            "ex-predict-error-line",
            "predict-error-line",
            "from asynclab.lessons.l02_sync_points import syncpoints\n\n"
            "PREDICTED = {p: {k: syncpoints.locate_error_under(lines, e).line for k, e in lab02.ENGINES.items()}\n"
            "             for p, lines in lab02.PROGRAMS.items()}",
        ),
        (
            "05",
            "ex5-predict-schedule",
            "predict-schedule",
            "from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine\n\n\n"
            "def rounds(schedule):\n    engine = Engine(num_workers=2)  # runs the schedule, reads the rounds\n"
            "    return {name: 0 for name, _, _ in schedule}\n\n\nPREDICTED_ROUNDS = rounds(lab05.SCHEDULE)",
        ),
    ],
    ids=["lab02-locate-error", "lab05-reference-engine"],
)
def test_a_prediction_computed_with_a_lessons_code_is_a_copy(lab, cell, check, source):
    found = _verdicts(lab, {cell: source})[check]
    assert found is not None and found.kind == copies.COURSE_FUNCTION, found
    assert found.name.startswith("PREDICTED") and "instead of doing the step's work itself" in found.sentence


def test_a_helper_the_lab_hands_out_may_be_pasted_as_well_as_used():
    """Lab 04's setup imports PeakMemory by name: its source pasted into the answer is no copy of course code,
    while a course class the lab does not hand out (lesson 04's training loop) pasted in still is."""
    import inspect

    from asynclab.foundation import memory
    from asynclab.foundation.workloads import mlp

    pasted = inspect.getsource(memory.PeakMemory).replace("class PeakMemory", "class MyPeak")
    pasted = pasted.replace("MemoryTrace(", "Trace(")  # its record, the student's own
    source = (
        "import collections\nimport threading\nimport time\n\nimport psutil\n\nMB = 2**20\n"
        "Trace = collections.namedtuple('Trace', 'baseline peak end times values')\n\n\n"
        + pasted
        + "\n\ndef peak_increase(fn):\n    with MyPeak() as pm:\n        fn()\n        nd.waitall()\n"
        "    return pm.trace.peak - pm.trace.baseline\n"
    )
    assert _verdicts("04", {"ex1-peak-increase": source})["peak-increase"] is None
    loop = inspect.getsource(mlp.waiting_loop)
    found = _verdicts("04", {"ex1-peak-increase": loop + "\n\ndef peak_increase(fn):\n    return waiting_loop(fn)"})
    assert found["peak-increase"] is not None


# ------------------------------------------------------------------ modules handed around, C libraries, getters
@pytest.mark.parametrize(
    "source, course",
    [
        # a module of the course or of the standard library's tools, under a name of the answer's own
        (
            "from asynclab.foundation import timing\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
            "    m = timing\n    return m.fit_line([0, k], [t3, k * max(t1, t2)])[1] * n",
            "the module asynclab.foundation.timing as a value",
        ),
        (
            "import sys\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k, s=sys):\n    return len(s.modules) * 0.0",
            "the module sys as a value",
        ),
        (
            "import gc\n\nTOOLS = [gc]\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
            "    return len(TOOLS[0].get_referents(n)) * 0.0",
            "the module gc as a value",
        ),
        (
            "import importlib\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
            "    m = importlib.import_module('asynclab.foundation.timing')\n"
            "    return m.fit_line([0, k], [t3, k * max(t1, t2)])[1] * n",
            "the module asynclab.foundation.timing as a value",
        ),
        (
            "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return __import__('gc').get_referents(n)[0]",
            "the module gc as a value",
        ),
    ],
    ids=["local-name", "default", "in-a-list", "import-module-constant", "dunder-import-constant"],
)
def test_a_module_handed_around_as_a_value_hides_its_names(source, course):
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.HIDES and found.course == course, found
    assert "hides from the grader what the answer uses" in found.sentence


def test_mxnets_c_library_is_a_way_around_the_judge():
    for line in ("mx.base._LIB.MXNDArrayWaitAll()", "lib = mx.base\n    lib.check_call(0)"):
        source = f"def norms_both(xa, xb, reps):\n    {line}\n    return [nd.norm(nd.dot(xa, xa))]"
        found = _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"]
        assert found is not None and found.kind == copies.HIDES, (line, found)


def test_an_instrument_reached_through_a_module_handed_in_is_caught():
    source = (
        "def norms_both(xa, xb, reps, lib=mx):\n    lib.profiler.set_state('stop')\n"
        "    return [nd.norm(nd.dot(x, x)) for x in (xa, xb) for _ in range(reps)]"
    )
    found = _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"]
    assert found is not None and found.kind == copies.INSTRUMENTS and found.course == "mxnet.profiler", found


def test_rewriting_an_import_in_a_tuple_assignment_is_caught():
    source = (
        "import time\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    clock, _ = time, None\n    clock.perf_counter, keep = (lambda: 0.0), 1\n    return 0.0"
    )
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.TAMPERS and found.course == "time.perf_counter", found


def test_a_getter_by_a_constant_name_is_a_sort_key_and_one_by_a_made_name_is_not():
    sort_key = (
        "import operator\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
        "    first = sorted([complex(t1, 1), complex(t2, 2)], key=operator.attrgetter('real'))[-1]\n"
        "    return first.real * n + t3"
    )
    assert _verdicts("03", {"ex2-predict-lagged": sort_key})["predict-lagged-k"] is None
    for getter in ("operator.attrgetter('_'.join(['', '', 'code', '', '']))", "operator.attrgetter"):
        source = f"import operator\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n    g = {getter}\n    return 0.0"
        found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
        assert found is not None and found.kind == copies.INTROSPECTS, (getter, found)


def test_a_table_of_predictions_computed_with_a_clock_measured():
    source = (
        "import time\n\n\ndef waits():\n    start = time.perf_counter()\n    return time.perf_counter() - start > 1\n\n\n"
        "PREDICTED = {'NumPy': {'y.dtype': waits()}}"
    )
    found = _verdicts("08", {"ex-predict-frameworks": source})["predict-frameworks"]
    assert found is not None and found.kind == copies.MEASURES and found.course.startswith("time."), found


def test_a_name_bound_by_a_string_is_judged_with_that_names_answer_only():
    clean = "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return n * max(t1, t2) + t3\n\n\n"
    rebound = clean + (
        "from asynclab.lessons.l03_async_speed import models\n\n"
        "globals()['predict_lagged_seconds'] = models.pipeline_bound"
    )
    found = _verdicts("03", {"ex2-predict-lagged": rebound})["predict-lagged-k"]
    assert found is not None, found
    elsewhere = clean + "globals()['unrelated'] = 1"
    assert _verdicts("03", {"ex2-predict-lagged": elsewhere})["predict-lagged-k"] is None
    anything = clean + "name = 'predict_' + 'lagged_seconds'\nglobals()[name] = print"
    found = _verdicts("03", {"ex2-predict-lagged": anything})["predict-lagged-k"]
    assert found is not None and found.kind == copies.HIDES, found


@pytest.mark.parametrize(
    "source, course",
    [
        (
            "import typing\n\n\ndef _f(x: \"__import__('asynclab.foundation.timing').fit_line\"):\n    return x\n\n\n"
            "def predict_lagged_seconds(t1, t2, t3, n, k):\n"
            "    fit = typing.get_type_hints(_f)['x']\n    return fit([0, k], [t3, k * max(t1, t2)])[1] * n",
            "typing.get_type_hints",
        ),
        (
            "def _f(x: \"__import__('asynclab.foundation.timing').fit_line\"):\n    return x\n\n\n"
            "def predict_lagged_seconds(t1, t2, t3, n, k):\n    return _f(n) * 0.0 + t3 + n * max(t1, t2)",
            "an annotation written as a string of code",
        ),
        (
            "from importlib.metadata import EntryPoint\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n"
            "    where = '.'.join(['asynclab', 'foundation', 'timing'])\n"
            "    fit = EntryPoint(name='f', value=where + ':fit_line', group='g').load()\n"
            "    return fit([0, k], [t3, k * max(t1, t2)])[1] * n",
            "importlib.metadata",
        ),
    ],
    ids=["get-type-hints", "string-annotation", "entry-point"],
)
def test_code_in_annotations_and_entry_points_hides_its_names(source, course):
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.HIDES and found.course == course, found


def test_a_string_annotation_that_names_a_type_hides_nothing():
    source = (
        'def predict_lagged_seconds(t1: "float", t2: "float", t3: float, n: "int", k: int) -> "float":\n'
        "    return t3 + (n - k) * max(t1, t2) + k * max(t1, t2)"
    )
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is None or found.kind != copies.HIDES, found


@pytest.mark.parametrize(
    "hint",
    ['"nd.NDArray | torch.Tensor | np.ndarray"', '"Callable[[mx.nd.NDArray, int], mx.nd.NDArray]"', '"list[float]"'],
)
def test_a_string_annotation_that_writes_a_type_out_hides_nothing(hint):
    source = (
        f'def predict_lagged_seconds(t1: {hint}, t2, t3, n, k) -> "float | None":\n'
        "    return t3 + (n - k) * max(t1, t2) + k * max(t1, t2)"
    )
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is None or found.kind != copies.HIDES, found


@pytest.mark.parametrize("hint", ["\"sys.modules['asynclab.foundation.timing']\"", '"getattr(x, y)"', '"(lambda: 1)"'])
def test_a_string_annotation_that_looks_a_name_up_or_calls_hides(hint):
    source = f"def predict_lagged_seconds(t1: {hint}, t2, t3, n, k):\n    return t3 + n * max(t1, t2)"
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.HIDES, found


@pytest.mark.parametrize("load", ['importlib.import_module("time")', '__import__("time")'])
def test_a_module_loaded_by_a_constant_name_is_used(load):
    source = (
        f"import importlib\n\n_clock = {load}\n\n\ndef waits():\n"
        "    start = _clock.perf_counter()\n    return _clock.perf_counter() - start > 1\n\n\n"
        "PREDICTED = {'NumPy': {'y.dtype': waits()}}"
    )
    found = _verdicts("08", {"ex-predict-frameworks": source})["predict-frameworks"]
    assert found is not None and found.kind == copies.MEASURES and found.course == "time", found


def test_a_format_string_made_at_run_time_reads_what_the_judge_cannot_see():
    made = (
        '_FIELD = "{0.__trace" + "back__}"\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n'
        "    return float(len(_FIELD.format(ValueError()))) * 0 + t3 + n * max(t1, t2)"
    )
    found = _verdicts("03", {"ex2-predict-lagged": made})["predict-lagged-k"]
    assert found is not None and found.kind == copies.INTROSPECTS, found
    written = (
        '_LINE = "{:.3f} s"\n\n\ndef predict_lagged_seconds(t1, t2, t3, n, k):\n'
        "    return float(_LINE.format(t3)[:-2]) + n * max(t1, t2)"
    )
    assert _verdicts("03", {"ex2-predict-lagged": written})["predict-lagged-k"] is None


@pytest.mark.parametrize(
    ("made", "reads"),
    [
        ('unit = "{:.1f} s" if t3 > 1 else "{:.3f} s"\n    line = ("took " + unit).format(t3)', False),
        ('line = ("took " + ("{:.1f}" if t3 > 1 else "{:.3f}") + " s").format(t3)', False),
        ('line = ("{:" + ">8}").format(t3)', True),  # a field cut across parts
        ('line = ("{0.__cla" + "ss__}").format(t3)', True),
        ('line = ("{:{0.real}}" + " s").format(t3)', True),  # a field inside a field's spec
        ('line = ("{0[0]}" + " s").format([t3])', True),
    ],
)
def test_a_format_string_written_out_in_whole_fields_is_plain(made, reads):
    source = f"def predict_lagged_seconds(t1, t2, t3, n, k):\n    {made}\n    return t3 + n * max(t1, t2)"
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    if reads:
        assert found is not None and found.kind == copies.INTROSPECTS, found
    else:
        assert found is None, found


def test_an_exceptions_traceback_is_the_inside_of_a_frame():
    source = (
        "def predict_lagged_seconds(t1, t2, t3, n, k):\n    try:\n        raise ValueError\n"
        "    except ValueError as error:\n        frame = error.__traceback__\n    return t3 + n * max(t1, t2)"
    )
    found = _verdicts("03", {"ex2-predict-lagged": source})["predict-lagged-k"]
    assert found is not None and found.kind == copies.INTROSPECTS and found.course == "__traceback__", found


def test_an_attribute_of_an_imported_module_set_at_a_cells_top_level_is_tampering():
    source = (
        "from mxnet import nd\n\n_read = nd.NDArray.asscalar\n\n\ndef _slow(self):\n    return _read(self)\n\n\n"
        "nd.NDArray.asscalar = _slow\n\n\ndef train_until(batches, step, target):\n"
        "    for i, x in enumerate(batches):\n        if step(x).asscalar() < target:\n            return i"
    )
    found = _verdicts("03", {"ex1-train-until": source})["async-beats-sync"]
    assert found is not None and found.kind == copies.TAMPERS and found.course == "mxnet.nd.NDArray.asscalar", found


def _solution_cell(lab: str, grade_id: str) -> str:
    return next(c.source for c in _solution(lab).cells if nbtools.grade_id(c) == grade_id)


@pytest.mark.parametrize(
    ("statement", "changed"),
    [
        ("import builtins\nbuiltins.sum = lambda xs, start=0: 0", "builtins.sum"),
        ("import pandas as pd\npd.DataFrame.sort_values = lambda self, *a, **k: self", "pandas.DataFrame.sort_values"),
        ("import math\nmath.isclose = lambda *a, **k: True", "math.isclose"),
    ],
)
def test_any_imported_module_changed_at_a_cells_top_level_is_tampering(statement, changed):
    """Not only the modules the checks are known to measure with: lab 07's checks sort pandas tables, and every
    check calls Python's builtins."""
    verdicts = _verdicts("07", {"ex1-diagnose": statement + "\n\n\n" + _solution_cell("07", "ex1-diagnose")})
    found = verdicts["diagnoses-the-program"]
    assert found is not None and found.kind == copies.TAMPERS and found.course == changed, found


def test_how_the_notebook_shows_things_may_be_set_at_a_cells_top_level():
    display = (
        "import pandas as pd\nimport matplotlib\npd.options.display.max_rows = 20\n"
        "matplotlib.rcParams.update({})\nmatplotlib.interactive = True\n\n\n"
    )
    assert (
        _verdicts("07", {"ex1-diagnose": display + _solution_cell("07", "ex1-diagnose")})["diagnoses-the-program"]
        is None
    )


def test_a_change_at_a_cells_top_level_costs_every_check_after_it_data_too():
    """The checks of predictions read their truth with what the cell rewrote: they score 0 as well, with a
    sentence that blames the cell, not the prediction."""
    source = (
        "from mxnet import nd\n\n_read = nd.NDArray.asscalar\n\n\ndef _slow(self):\n    return _read(self)\n\n\n"
        "nd.NDArray.asscalar = _slow\n\n\ndef train_until(batches, step, target):\n"
        "    for i, x in enumerate(batches):\n        if _read(step(x)) < target:\n            return i"
    )
    verdicts = _verdicts("03", {"ex1-train-until": source})
    assert verdicts["async-beats-sync"].kind == copies.TAMPERS  # train_until's closure holds the statement
    for name in ("predict-lagged-k", "costs-from-trace"):
        found = verdicts[name]
        assert found is not None and found.kind == copies.TAMPERS and found.name == "", (name, found)
        assert found.sentence.startswith("scored 0: a cell of this notebook changes mxnet.nd.NDArray.asscalar")
        assert "a cell's top level" in found.detail
    assert all(v is None for v in _verdicts("03", {}).values())


def test_a_thread_pool_starts_no_process():
    source = (
        "from multiprocessing.pool import ThreadPool\n\n\ndef norms_both(xa, xb, reps):\n"
        "    def issue(x):\n        return [nd.norm(nd.dot(x, x)) for _ in range(reps)]\n\n"
        "    with ThreadPool(2) as workers:\n        on_a, on_b = workers.map(issue, (xa, xb))\n    return on_a + on_b"
    )
    assert _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"] is None


def test_a_name_bound_anew_no_longer_shares_the_prediction():
    # seen is rebound before the engine's result is stored into it: the prediction holds none of it
    source = (
        "from asynclab.foundation.engine import EngineBase\n\nPREDICTED_ROUNDS = seen = {'a': 1}\nseen = {}\n"
        "with EngineBase(num_workers=2) as e:\n    e.wait_all()\nseen['x'] = e"
    )
    assert _verdicts("05", {"ex5-predict-schedule": source})["predict-schedule"] is None


# ------------------------------------------------------------------ what a call of one's own function changes
@pytest.mark.parametrize(
    "source",
    [
        # the prediction handed to a function that measures and stores into what it is handed
        "PREDICTED = {}\n\n\ndef fill(table):\n    table['y.shape'] = nd.ones((2, 2)).shape == ()\n\n\nfill(PREDICTED)",
        # a module-level name stored into by the function's body, without `global`
        "PREDICTED = {}\n\n\ndef fill():\n    PREDICTED['y.shape'] = nd.ones((2, 2)).shape == ()\n\n\nfill()",
        "PREDICTED = {}\n\n\ndef fill():\n    PREDICTED.update({'y.shape': nd.ones((2, 2)).shape == ()})\n\n\nfill()",
        # through another function of the answer's that the one called calls
        "PREDICTED = {}\n\n\ndef fill(table):\n    table['y.shape'] = nd.ones((2, 2)).shape == ()\n\n\n"
        "def run():\n    fill(PREDICTED)\n\n\nrun()",
    ],
    ids=["argument", "store", "method", "transitive"],
)
def test_a_call_of_ones_own_function_changes_what_it_stores_into(source):
    found = _verdicts("01", {"ex-predict-blocking": source})["predict-blocking"]
    assert found is not None and found.kind == copies.MEASURES and found.name == "PREDICTED", found


def test_a_course_function_a_helper_stores_into_a_table_is_judged_with_the_table():
    source = _cell(
        """
        import statistics

        TOOLS = {}


        def install(into):
            from asynclab.lessons.l03_async_speed import checks

            into["read"] = checks._trace_costs


        install(TOOLS)


        def costs_from_trace(trace):
            return TOOLS["read"](trace, statistics.median)
        """
    )
    found = _verdicts("03", {"ex3-costs-from-trace": source})["costs-from-trace"]
    assert found is not None and found.kind == copies.REACHES_IN, found


def test_a_helper_that_only_reads_the_prediction_changes_nothing_judged():
    source = _cell(
        """
        PREDICTED = {"y.shape": False, "y.asnumpy()": True}


        def show(table):
            print(len(table), sorted(table))


        show(PREDICTED)
        """
    )
    assert _verdicts("01", {"ex-predict-blocking": source})["predict-blocking"] is None


@pytest.mark.parametrize(
    "helper",
    [
        "import numpy as np\n\n\ndef look(table):\n    print(np.mean(list(table.values())))",
        "import os\n\n\ndef look(table):\n    print(os.path.join('out', str(len(table.items()))))",
        "import numpy as np\n\n\ndef look(table):\n    return np.arange(len(table)), sorted(table.keys())",
    ],
    ids=["mean", "path", "arange"],
)
def test_a_helper_that_reads_the_prediction_with_a_measuring_module_changes_nothing_judged(helper):
    source = f'PREDICTED = {{"y.shape": False, "y.asnumpy()": True}}\n\n\n{helper}\n\n\nlook(PREDICTED)'
    assert _verdicts("01", {"ex-predict-blocking": source})["predict-blocking"] is None


def test_a_function_handed_to_a_helper_is_not_changed_by_it():
    source = _cell(
        """
        import inspect


        def waits_for_back_end(work):
            return False


        def show(fn):
            print(inspect.getsource(fn))


        show(waits_for_back_end)
        """
    )
    assert _verdicts("01", {"ex2-waits-for-back-end": source})["finds-hidden-waits"] is None


# ------------------------------------------------------------------ stores through a container or an attribute
@pytest.mark.parametrize(
    "beside",
    [
        'both = {"predicted": PREDICTED, "measured": MEASURED}\nMEASURED["y.shape"] = nd.ones((2, 2)).shape == ()',
        "rows = []\nrows.append(PREDICTED)\nrows.append(MEASURED)\nMEASURED['y.shape'] = nd.ones((2, 2)).shape == ()",
        "results = [PREDICTED]\nresults.append({'y.shape': nd.ones((2, 2)).shape == ()})",
        "pair = (PREDICTED, MEASURED)\nfor k in PREDICTED:\n    MEASURED[k] = nd.ones((2, 2)).shape == ()",
        'both = {"predicted": PREDICTED, "measured": MEASURED}\nboth["measured"]["y.shape"] = nd.ones((2, 2)).size > 0',
    ],
    ids=["dict", "appended", "list-appended", "tuple-loop", "dict-other-key"],
)
def test_a_prediction_held_beside_a_measurement_is_not_measured(beside):
    source = 'PREDICTED = {"y.shape": False, "y.asnumpy()": True}\nMEASURED = {}\n' + beside
    assert _verdicts("01", {"ex-predict-blocking": source})["predict-blocking"] is None


@pytest.mark.parametrize(
    "shelve",
    [
        "_shelf = [SCHEDULES]\n_shelf[0]['turns'] = parallelism.interleaved",
        "_shelf = {'s': (SCHEDULES,)}\n_shelf['s'][0]['turns'] = parallelism.interleaved",
        "_shelf = []\n_shelf.append(SCHEDULES)\n_shelf[0]['turns'] = parallelism.interleaved",
        "class _Box:\n    pass\n\n\nbox = _Box()\nbox.seen = SCHEDULES\nbox.seen['turns'] = parallelism.interleaved",
    ],
    ids=["list", "dict-of-tuple", "append", "attribute"],
)
def test_a_store_through_what_holds_a_name_is_a_store_into_it(shelve):
    source = (
        "from asynclab.lessons.l06_automatic_parallelism import parallelism\n\nSCHEDULES = {}\n"
        + shelve
        + "\n\n\ndef norms_both(xa, xb, reps):\n    return SCHEDULES['turns'](xa, xb, reps)"
    )
    found = _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"]
    assert found is not None and found.kind == copies.COURSE_FUNCTION, found
    assert found.course.endswith("parallelism.interleaved")


def test_a_prediction_measured_into_a_registry_that_holds_it_is_caught():
    source = "PREDICTED = {}\n_shelf = [PREDICTED]\n_shelf[0]['y.shape'] = nd.ones((2, 2)).shape == ()"
    found = _verdicts("01", {"ex-predict-blocking": source})["predict-blocking"]
    assert found is not None and found.kind == copies.MEASURES and found.name == "PREDICTED", found


# ------------------------------------------------------------------ the standard library through a course module
@pytest.mark.parametrize(
    ("lab", "cell", "check", "source", "kind", "course"),
    [
        (
            "01",
            "ex2-waits-for-back-end",
            "finds-hidden-waits",
            "from asynclab.foundation.workloads import native\n\n\ndef waits_for_back_end(work):\n"
            "    return bool(native.gc.get_referents(work))",
            copies.INTROSPECTS,
            "gc.get_referents",
        ),
        (
            "02",
            "ex-predict-error-line",
            "predict-error-line",
            "from asynclab.tooling import busy\n\nDONE = busy.subprocess.run([busy.sys.executable, '-c', 'print(1)'])\n"
            "PREDICTED = {name: {'threaded': DONE.returncode, 'naive': 1} for name in lab02.PROGRAMS}",
            copies.STARTS_PROCESSES,
            "subprocess.run",
        ),
        (
            "02",
            "ex3-time-steps",
            "blame-right-line",
            "from asynclab.foundation import backends\n\n\ndef time_steps(x):\n"
            "    lesson = backends.importlib.import_module('.'.join(['asynclab', 'lessons']))\n"
            "    return lesson.timings(x)",
            copies.HIDES,
            "importlib.import_module() of a computed name",
        ),
    ],
    ids=["gc", "subprocess", "importlib"],
)
def test_a_standard_module_reached_through_a_course_module_is_judged_by_its_own_name(
    lab, cell, check, source, kind, course
):
    found = _verdicts(lab, {cell: source})[check]
    assert found is not None and found.kind == kind and found.course == course, found


# ------------------------------------------------------------------ measured_by, through the names a course module gives
@pytest.mark.parametrize(
    ("lab", "cell", "check", "source", "course"),
    [
        (
            "01",
            "ex-predict-blocking",
            "predict-blocking",
            "from asynclab.lessons.l03_async_speed import graphs\n\n"
            "PREDICTED = {'y.shape': graphs.nd.ones((2, 2)).shape == ()}",
            "mxnet.nd.ones",
        ),
        (
            "05",
            "ex5-predict-schedule",
            "predict-schedule",
            "from asynclab.lessons.l05_inside_the_engine import engine_demos\n\n\n"
            "class Replay(engine_demos.EngineBase):\n    pass\n\n\nwith Replay(num_workers=2) as trial:\n"
            "    trial.wait_all()\nPREDICTED_ROUNDS = {'a': len(trial.records)}",
            "asynclab.foundation.engine.EngineBase",
        ),
    ],
    ids=["mxnet-through-a-lesson", "engine-base-through-a-lesson"],
)
def test_what_a_prediction_measures_with_is_compared_where_it_is_defined(lab, cell, check, source, course):
    found = _verdicts(lab, {cell: source})[check]
    assert found is not None and found.kind == copies.MEASURES and found.course == course, found


# ------------------------------------------------------------------ tampering inside a block at a cell's top level
@pytest.mark.parametrize(
    ("statement", "changed"),
    [
        (
            "try:\n    nd.NDArray.T = property(lambda self: self)\nexcept AttributeError:\n    pass",
            "mxnet.nd.NDArray.T",
        ),
        ("if True:\n    profiler.dumps = lambda *a, **k: ''", "mxnet.profiler.dumps"),
        (
            "for _ in range(1):\n    type.__setattr__(nd.NDArray, 'T', property(lambda self: self))",
            "mxnet.nd.NDArray.?",
        ),
        ("with open(__file__) as _f:\n    object.__setattr__(nd, 'ones', nd.zeros)", "mxnet.nd.?"),
        (
            "import sys\n\ntry:\n    sys.stdout, sys.stderr = sys.stderr, sys.stdout\nexcept Exception:\n    pass",
            "sys.stdout",
        ),
        ("import sys\n\nwhile False:\n    sys.stderr = None", "sys.stderr"),
    ],
    ids=["try", "if", "type-setattr", "object-setattr", "streams", "while"],
)
def test_a_change_in_a_block_at_a_cells_top_level_is_tampering(statement, changed):
    verdicts = _verdicts("07", {"ex1-diagnose": statement + "\n\n\n" + _solution_cell("07", "ex1-diagnose")})
    for name in ("diagnoses-the-program", "predict-allocations"):  # the cell's own check, and one after it
        found = verdicts[name]
        assert found is not None and found.kind == copies.TAMPERS and found.course == changed, (name, found)


def test_how_the_notebook_shows_things_may_be_set_in_a_block_at_a_cells_top_level():
    display = (
        "import pandas as pd\n\ntry:\n    pd.options.display.max_rows = 20\nexcept AttributeError:\n    pass\n\n\n"
    )
    assert (
        _verdicts("07", {"ex1-diagnose": display + _solution_cell("07", "ex1-diagnose")})["diagnoses-the-program"]
        is None
    )


# ------------------------------------------------------------------ what multiprocessing holds that starts no process
@pytest.mark.parametrize(
    "pool",
    [
        "import multiprocessing.pool\n\n\ndef _pool():\n    return multiprocessing.pool.ThreadPool(2)",
        "from multiprocessing import pool\n\n\ndef _pool():\n    return pool.ThreadPool(2)",
        "import multiprocessing\nfrom concurrent.futures import ThreadPoolExecutor\n\n\n"
        "def _pool():\n    return ThreadPoolExecutor(max_workers=min(2, multiprocessing.cpu_count()))",
    ],
    ids=["module-path", "from-import", "cpu-count"],
)
def test_multiprocessings_thread_pools_and_cpu_count_start_no_process(pool):
    source = (
        pool + "\n\n\ndef norms_both(xa, xb, reps):\n    def issue(x):\n        return [nd.norm(nd.dot(x, x)) for _ in "
        "range(reps)]\n\n    workers = _pool()\n    on_a, on_b = workers.map(issue, (xa, xb))\n    return list(on_a) + "
        "list(on_b)"
    )
    assert _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"] is None


def test_a_process_pool_reached_by_its_module_path_starts_processes():
    source = (
        "import multiprocessing.pool\n\n\ndef norms_both(xa, xb, reps):\n    with multiprocessing.pool.Pool(2) as w:\n"
        "        return w.map(print, (xa, xb))"
    )
    found = _verdicts("06", {"ex1-norms-both": source})["two-devices-at-once"]
    assert found is not None and found.kind == copies.STARTS_PROCESSES and found.course == "multiprocessing.pool.Pool"


def test_a_class_pattern_on_what_an_answer_owns_is_not_introspection():
    source = (
        "def diagnose(fn):\n    result = fn()\n    match result:\n        case complex(real=0.0):\n"
        "            return 'back end'\n        case _:\n            return 'front end'"
    )
    assert _verdicts("07", {"ex1-diagnose": source})["diagnoses-the-program"] is None


def test_a_module_the_answer_wrote_itself_hides_what_it_runs(tmp_path, monkeypatch):
    # its code is in a file the judge never reads (written by the cell, or beside the notebook)
    (tmp_path / "peeks_at_frames.py").write_text("def peak(k):\n    return k\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    copies._written_by_hand.cache_clear()
    for imported, name in [
        ("import peeks_at_frames", "peeks_at_frames"),
        ("import not_on_this_machine", "not_on_this_machine"),
    ]:
        source = _cell(
            f"""
            {imported}


            def predict_peak(k, peak_5, peak_50):
                return {name}.peak(k) if k < 0 else peak_5 + (peak_50 - peak_5) * (k - 5) / 45
            """
        )
        found = _verdicts("04", {"ex4-predict-peak": source})["predict-peak"]
        assert found is not None and found.kind == copies.HIDES, (imported, found)
        assert "a module installed nowhere" in found.sentence, found.sentence
    copies._written_by_hand.cache_clear()


def test_installed_modules_are_not_written_by_hand():
    assert not any(copies._written_by_hand(m) for m in ("numpy", "mxnet.nd", "os.path", "asynclab.checks", "json"))


@pytest.mark.parametrize(
    ("imported", "call"),
    [
        ("from distutils.spawn import spawn", "spawn(['true'])"),
        ("from setuptools._distutils import spawn", "spawn.spawn(['true'])"),
        ("import _posixsubprocess", "_posixsubprocess.fork_exec"),
    ],
)
def test_other_libraries_ways_to_start_a_process_are_caught(imported, call):
    source = _cell(
        f"""
        {imported}


        def predict_peak(k, peak_5, peak_50):
            {call}
            return peak_5 + (peak_50 - peak_5) * (k - 5) / 45
        """
    )
    found = _verdicts("04", {"ex4-predict-peak": source})["predict-peak"]
    assert found is not None and found.kind == copies.STARTS_PROCESSES, (call, found)


def test_pickling_a_result_to_wait_for_it_is_not_hiding_but_unpickling_is():
    dumps = "import pickle\n\n\ndef result_seconds(step):\n    start = time.perf_counter()\n"
    dumps += "    pickle.dumps(step())\n    return time.perf_counter() - start"
    assert _verdicts("02", {"ex1-result-seconds": dumps})["waits-for-results"] is None
    for way in (
        "pickle.loads(b'.')",
        "pickle.Unpickler",
        "(lambda lib: lib)(pickle)",
        "pickle._getattribute(step, 'x')",
    ):
        source = dumps.replace("pickle.dumps(step())", f"step()\n    {way}")
        found = _verdicts("02", {"ex1-result-seconds": source})["waits-for-results"]
        assert found is not None and found.kind == copies.HIDES, (way, found)
