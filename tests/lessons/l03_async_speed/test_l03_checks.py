"""Lab 03's pure verdict helpers (logic only: no MXNet workload).

The answers to lab 03, right and wrong, live in ``asynclab/lessons/l03_async_speed/answers/`` and are
graded by ``tests/test_catalogue.py``.
"""

from asynclab.lessons.l03_async_speed import checks as lab03


def test_pattern_misses_counts_batches_that_break_the_pattern():
    step_s = 0.002
    returned = [i * 0.01 for i in range(lab03.BATCHES)]
    entered = [r - 0.02 * step_s for r in returned]
    waited = [0.0] + [r + 0.9 * step_s for r in returned]  # the next ask comes after a wait
    at_once = [0.0] + [r + 0.01 * step_s for r in returned]  # the next ask comes at once
    assert lab03._pattern_misses(waited, entered, returned, step_s, waits=True) == 0
    assert lab03._pattern_misses(at_once, entered, returned, step_s, waits=False) == 0
    assert lab03._pattern_misses(at_once, entered, returned, step_s, waits=True) == lab03.BATCHES
    mixed = [0.0] + [r + (0.9 if i % 2 else 0.01) * step_s for i, r in enumerate(returned)]
    assert lab03._pattern_misses(mixed, entered, returned, step_s, waits=True) == lab03.BATCHES // 2
    # step called twice per batch, or the batches taken all at once: the pattern is broken everywhere
    assert lab03._pattern_misses(waited, entered * 2, returned * 2, step_s, waits=True) == lab03.BATCHES
    assert lab03._pattern_misses(waited[:3], entered, returned, step_s, waits=True) == lab03.BATCHES


def test_a_stall_inside_step_is_no_wait_and_hides_none():
    """The product finished while the Python thread was held inside ``step``: the call counts, not the return."""
    step_s = 0.002
    entered = [i * 0.01 for i in range(lab03.BATCHES)]
    returned = [e + 1.2 * step_s for e in entered]  # held off the CPU for the whole product
    asked = [0.0] + [r + 0.01 * step_s for r in returned]  # then the wait found it done
    assert lab03._pattern_misses(asked, entered, returned, step_s, waits=True) == 0
    assert lab03._pattern_misses(asked, entered, returned, step_s, waits=False) == 0
