"""Lab 01's checks: the parts decided from the answer's text or from the check's draws, no measurement."""

from __future__ import annotations

import pytest

from asynclab.lessons.l01_async_dispatch import checks as lab01


def test_a_snippet_that_only_switches_the_engine_reaches_nothing():
    snippet = (
        "import os\nos.environ['MXNET_ENGINE_TYPE'] = 'NaiveEngine'\nfrom mxnet import nd\n"
        "from asynclab.foundation.timing import Benchmark\nx = nd.ones((N, N))\n"
        "with Benchmark('enqueue', quiet=True):\n    z = nd.dot(x, x)\n"
    )
    assert lab01._snippet_reaches(snippet) is None
    assert lab01._snippet_reaches("this is not Python (") is None  # left to fail when it runs


@pytest.mark.parametrize(
    "line, found",
    [
        ("from asynclab.foundation import timing\ntiming._listeners[:] = []", "the attribute _listeners"),
        ("import gc\ngc.collect()", "the module gc"),
        ("from sys import modules", "the module sys"),
        ("import atexit", "the module atexit"),
        ("f = lambda: 0\nf.__code__", "the attribute __code__"),
        ("getattr(print, 'x', None)", "getattr()"),
        ("import os\nos.sys.path", "the attribute sys"),
        ("import mxnet.base\nmxnet.base.modules", "the attribute modules"),
        ("from mxnet._ctypes import ndarray", "the private module or name mxnet._ctypes"),
        ("import mxnet._ctypes.ndarray as invoke", "the private module or name mxnet._ctypes.ndarray"),
        ("from mxnet import _ctypes", "the private module or name _ctypes"),
    ],
)
def test_a_snippet_that_reaches_the_checks_recorders_is_named(line, found):
    assert lab01._snippet_reaches(line) == found


@pytest.mark.parametrize(
    "snippet",
    [
        "import os\nimport sys\nos.environ['MXNET_ENGINE_TYPE'] = 'NaiveEngine'\nprint('naive', file=sys.stderr)",
        "import sys as s\ns.stderr.write('switched')\ns.stdout.flush()",
        "from __future__ import annotations\nimport os\nos.environ['MXNET_ENGINE_TYPE'] = 'NaiveEngine'",
    ],
)
def test_a_snippet_may_import_sys_to_print(snippet):
    assert lab01._snippet_reaches(snippet) is None


@pytest.mark.parametrize(
    "snippet",
    [
        "import sys\nsys.modules['m']",
        "import sys\nsys.stdout.write = print",
        "import sys\nsys.stdout = None",
        "import sys\nstream = sys.stderr",
        "import sys\nprint(1, file=sys.stdout.buffer)",
        "import sys\nlen(sys)",
        "import sys\nsys.settrace(None)\nprint(1, file=sys.stderr)",
    ],
)
def test_sys_beyond_printing_reaches_the_check(snippet):
    assert lab01._snippet_reaches(snippet) == "the module sys"


def test_the_returned_array_says_nothing_of_the_memory_in_all():
    # one pool for the returned array at both sizes, and sizes in all too far apart for one figure
    assert all(r < min(lab01.MEMORY_SIZES["small"]) - 32 for r in lab01.RESULT_SIZES)
    assert min(lab01.MEMORY_SIZES["large"]) / max(lab01.MEMORY_SIZES["small"]) > lab01.MEMORY_TOLERANCE**2
    assert max(lab01.RESULT_SIZES) / min(lab01.MEMORY_SIZES["small"]) < 1 / lab01.MEMORY_TOLERANCE


def test_a_peak_over_the_work_falls_outside_the_window_and_so_does_the_workspace_alone():
    # the last operation's workspace, given back before the work ends, lifts the highest reading above what
    # make() added by a share of it: a peak reads 1 + share, beyond the window with a margin of 1.15 or more,
    # and the peak less what the work left reads the share, below the window with a margin of 1.25 or more
    assert min(1 + share for share in lab01.WORKSPACE_SHARES) > 1.15 * lab01.MEMORY_TOLERANCE
    assert max(lab01.WORKSPACE_SHARES) < 1 / (1.25 * lab01.MEMORY_TOLERANCE)
    assert lab01.WORKSPACE_HELD_S >= 0.1  # twenty samples of PeakMemory (5 ms) or more


def test_a_copy_of_the_returned_array_kept_through_the_reading_falls_outside_the_window():
    # memory_of's own copy of the result (asnumpy) alive at the second reading adds the returned array's size
    small = lab01.MEMORY_SIZES["small"]
    assert min(1 + r / s for r in lab01.RESULT_SIZES for s in small) > 1.09 * lab01.MEMORY_TOLERANCE


def test_no_side_typed_into_the_snippet_fits_both_sides_of_a_round():
    # the snippet's product over the check's is (side / N)**3 at each N; the window is 1/tolerance..tolerance,
    # widened here by 10% for the noise of a measured ratio
    low, high = 1 / (1.1 * lab01.SWITCH_TOLERANCE), 1.1 * lab01.SWITCH_TOLERANCE
    for large in lab01.SWITCH_SIZES:
        for small in lab01.SWITCH_SMALL:
            fits = [s for s in range(100, 4000) if all(low <= (s / n) ** 3 <= high for n in (small, large))]
            assert not fits, (large, small, fits[:3])
