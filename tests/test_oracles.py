"""A check's own measurement of what a prediction must say is no answer key: called from a student's cell, it
refuses with one sentence.

The half of a measurement that runs in the kernel refuses unless its check is on the call stack
(:func:`asynclab.checks.core.refuse_unless_checking`); the half that runs in a fresh process refuses unless
the process is a child of :func:`asynclab.foundation.backends.fresh.run_program`
(:func:`asynclab.checks.core.refuse_outside_child`), which only the guarded half starts. The guarded
functions are found in the lessons' checks modules; the measurements the labs' predictions are judged
against must be among them.
"""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from asynclab import course
from asynclab.foundation.backends import fresh

GUARDS = {"refuse_unless_checking", "refuse_outside_child"}

# the measurements each prediction step of the labs is judged against (lab 07's measures through _profiled)
PREDICTION_ORACLES = {
    "01": {"_measure_calls"},
    "02": {"error_lines", "_locate_child"},
    "04": {"_measure_peaks", "_peaks_child"},
    "05": {"measure_schedule"},
    "06": {"_measured_head_starts", "_head_start_child"},
    "07": {"_profiled"},
    "08": {"_measure_table"},
    "09": {"_grows", "_growth"},
}


def _checks(lab: str):
    return importlib.import_module(course.lesson(lab).checks_module)


def _guarded(lab: str) -> list[str]:
    """The top-level functions of ``lab``'s checks module that call one of :data:`GUARDS`."""
    tree = ast.parse(inspect.getsource(_checks(lab)))
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GUARDS
            for call in ast.walk(node)
        )
    ]


GUARDED = [(lab, name) for lab in course.numbers() for name in _guarded(lab)]


def test_every_prediction_is_judged_against_a_guarded_measurement():
    found = {(lab, name) for lab, name in GUARDED}
    assert {(lab, name) for lab, names in PREDICTION_ORACLES.items() for name in names} <= found


@pytest.mark.parametrize(("lab", "name"), GUARDED, ids=[f"lab{lab}-{name}" for lab, name in GUARDED])
def test_a_checks_measurement_refuses_outside_its_check(lab, name):
    function = getattr(_checks(lab), name)
    required = [p for p in inspect.signature(function).parameters.values() if p.default is inspect.Parameter.empty]
    with pytest.raises(RuntimeError) as refused:
        function(*[None] * len(required))  # the guard comes before anything reads an argument
    assert str(refused.value).startswith("this is the check's own")  # lab 07's names its profiling


@pytest.mark.measured
@pytest.mark.untimed  # runs a program's lines in a fresh process and compares the line that raised
def test_the_checks_own_fresh_process_still_measures():
    assert not fresh.in_child()
    run = fresh.run_program(
        f"{_checks('02').__name__}:_locate_child", payload=[["x = nd.ones((2,))", "y = x.asnumpy()[5]"]], timeout=120
    )
    assert run.result == [2]
