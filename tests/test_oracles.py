"""A check's own measurement of what a prediction must say is no answer key: called from a student's cell, it
refuses with one sentence.

The half of a measurement that runs in the kernel refuses unless its check is on the call stack
(:func:`asynclab.checks.core.refuse_unless_checking`); the half that runs in a fresh process refuses unless
the process is a child of :func:`asynclab.foundation.backends.fresh.run_program`
(:func:`asynclab.checks.core.refuse_outside_child`), which only the guarded half starts.
"""

from __future__ import annotations

import importlib

import pytest

from asynclab import course
from asynclab.foundation.backends import fresh

# (lab, function, arguments): every measurement a prediction check of the labs is judged against
ORACLES = [
    ("01", "_measure_calls", (None,)),
    ("02", "error_lines", ("threaded",)),
    ("02", "_locate_child", ([["x = 1"]],)),
    ("04", "_measure_peaks", ()),
    ("04", "_peaks_child", ([[5], 1],)),
    ("05", "measure_schedule", ()),
    ("06", "_measured_head_starts", (2, (5,))),
    ("06", "_head_start_child", ([[5], 1],)),
    ("07", "_allocations", ()),
    ("08", "_measure_table", ()),
    ("09", "_grows", ()),
    ("09", "_growth", ("keeps-everything", [])),
]


def _checks(lab: str):
    return importlib.import_module(course.lesson(lab).checks_module)


@pytest.mark.parametrize(("lab", "name", "args"), ORACLES, ids=[f"lab{lab}-{name}" for lab, name, _ in ORACLES])
def test_a_checks_measurement_refuses_outside_its_check(lab, name, args):
    with pytest.raises(RuntimeError) as refused:
        getattr(_checks(lab), name)(*args)
    assert str(refused.value).startswith("this is the check's own")  # lab 07's names its profiling


@pytest.mark.measured
@pytest.mark.untimed  # runs a program's lines in a fresh process and compares the line that raised
def test_the_checks_own_fresh_process_still_measures():
    assert not fresh.in_child()
    run = fresh.run_program(
        f"{_checks('02').__name__}:_locate_child", payload=[["x = nd.ones((2,))", "y = x.asnumpy()[5]"]], timeout=120
    )
    assert run.result == [2]
