"""Lab 04's pure verdict helpers (logic only), and what its peak check allocates (measured).

The answers to lab 04, right and wrong, live in ``answers/lab04/`` and are
graded by ``tests/test_catalogue.py``, each in a fresh process.
"""

import pytest

from asynclab.checks import lab04


# The verdict of sync-every-k on three peaks (MB): waiting every batch, k=5, k=50.
@pytest.mark.parametrize("each, small, large", [
    (25.4, 29.6, 71.8),          # the solution's stored run: share 0.09
    (25.0, 34.4, 69.4),          # the worst quiet run measured: +9.4 MB, 35 MB spread
    (25.0, 43.6, 96.0),          # the loaded run that broke the old +15 MB bound: share 0.26
    (25.0, 24.0, 60.0),          # k=5 a little under waiting every batch
])
def test_every_k_verdict_passes_a_bounded_k5(each, small, large):
    assert lab04.every_k_passes(each, small, large)


@pytest.mark.parametrize("each, small, large, why", [
    (25.0, 25.0, 25.0, "always waits: no spread"),
    (25.0, 72.0, 73.0, "never waits: k=5 as high as k=50"),
    (25.0, 60.0, 72.0, "k=5 in the upper half"),
    (25.0, 53.0, 80.0, "share 0.51, just over a half"),
    (25.0, 30.0, 20.0, "k=50 below waiting every batch"),
    (25.0, 26.0, 35.5, "spread just under 10 MB"),
])
def test_every_k_verdict_fails_a_loop_that_does_not_bound_k5(each, small, large, why):
    assert not lab04.every_k_passes(each, small, large), why


def test_every_k_share_is_undefined_without_a_rise_at_k50():
    assert lab04.every_k_share(25.0, 25.0, 25.0) == float("inf")
    assert lab04.every_k_share(25.0, 30.0, 35.0) == pytest.approx(0.5)


# -- peak-increase: what it allocates ------------------------------------------------
@pytest.mark.measured
def test_the_peak_check_allocates_mxnet_memory_that_tracemalloc_cannot_see():
    import tracemalloc

    kept: list = []
    tracemalloc.start()
    try:
        lab04._allocate_and_keep(60, kept)()
        lab04._allocate_for_a_moment(240)()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(kept) == 1 and kept[0].size * 4 == 60_000_000
    kept.clear()
    assert peak < 5_000_000  # bytes: far below the 60 MB and 240 MB allocated
