"""Lab 04's pure verdict helpers (logic only), and what its peak check allocates (measured).

The answers to lab 04, right and wrong, live in ``asynclab/lessons/l04_async_memory/answers/`` and are
graded by ``tests/test_catalogue.py``, each in a fresh process.
"""

import math

import pytest

from asynclab.checks.core import checking
from asynclab.lessons.l04_async_memory import checks as lab04


# The verdict of sync-every-k on three peaks (MB): waiting every batch, k=5, k=50.
@pytest.mark.parametrize(
    "each, small, large",
    [
        (25.4, 29.6, 71.8),  # the solution's stored run: share 0.09
        (25.0, 34.4, 69.4),  # the worst quiet run measured: +9.4 MB, 35 MB spread
        (25.0, 43.6, 96.0),  # the loaded run that broke the old +15 MB bound: share 0.26
        (25.0, 24.0, 60.0),  # k=5 a little under waiting every batch
    ],
)
def test_every_k_verdict_passes_a_bounded_k5(each, small, large):
    assert lab04.every_k_passes(each, small, large)


@pytest.mark.parametrize(
    "each, small, large, why",
    [
        (25.0, 25.0, 25.0, "always waits: no spread"),
        (25.0, 72.0, 73.0, "never waits: k=5 as high as k=50"),
        (25.0, 60.0, 72.0, "k=5 in the upper half"),
        (25.0, 53.0, 80.0, "share 0.51, just over a half"),
        (25.0, 30.0, 20.0, "k=50 below waiting every batch"),
        (25.0, 26.0, 35.5, "spread just under 10 MB"),
    ],
)
def test_every_k_verdict_fails_a_loop_that_does_not_bound_k5(each, small, large, why):
    assert not lab04.every_k_passes(each, small, large), why


def test_every_k_share_is_undefined_without_a_rise_at_k50():
    assert lab04.every_k_share(25.0, 25.0, 25.0) == float("inf")
    assert lab04.every_k_share(25.0, 30.0, 35.0) == pytest.approx(0.5)


# -- sync-every-k: where the loop waits --------------------------------------------
def _judged(why, words, *more):
    """A verdict's sentence: None where ``words`` is None, else one holding ``words`` and ``more``."""
    if words is None:
        assert why is None, why
    else:
        assert why is not None and all(w in why for w in (words, *more)), why


@pytest.mark.parametrize(
    "at, k, batches, words",
    [
        ([4, 8, 12], 4, 12, None),
        ([3, 6, 9, 12], 3, 14, None),
        ([1, 4, 7, 10, 13], 3, 14, None),  # another offset is one wait every k batches too
        ([3, 6, 9, 12, 14], 3, 14, None),  # and so is reading the mean loss after the last batch
        ([2, 4, 6, 8, 10, 12], 4, 12, "after batches 2, 4, 6, 8, 10, 12 of 12"),  # every ceil(k/2)
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, 10, "after batches 1, 2, 3, 4, 5, 6, 7, 8, ... of 10"),
        ([3, 6, 9], 3, 14, "it must wait once every 3 batches and at no other point"),  # stops waiting
        ([3, 6, 7, 9, 12], 3, 14, "at no other point"),  # one wait too many
        ([4, 8], 4, 12, "of 12"),
        ([], 3, 14, "never waited for the back end while it ran over 14 batches"),
        ([14], 3, 14, "(only after batch 14, the last)"),
    ],
)
def test_waits_count_only_once_every_k_batches(at, k, batches, words):
    _judged(lab04.waits_every(at, k, batches), words)


def _loop(waits_after, sleep_s: float = 0.0, behind=lambda k: 0):
    """The solution's train_every, waiting where ``waits_after(i, k)`` says (i counted from 0), for the running
    total as it stood ``behind(k)`` batches before the one just queued."""
    import time

    from mxnet import autograd, gluon, nd

    def train_every(net, trainer, loss, batches, k):
        params = [p for p in net.collect_params().values() if p.grad_req != "null"]
        total, seen, totals = nd.zeros(1), 0, []
        for i, (X, y) in enumerate(batches):
            with autograd.record():
                l = loss(net(X), y)
            l.backward()
            gluon.utils.clip_global_norm([p.grad() for p in params], lab04.MAX_NORM, check_isfinite=False)
            trainer.step(X.shape[0])
            total = total + l.sum()
            seen += X.shape[0]
            totals.append(total)
            if waits_after(i, k):
                totals[-1 - behind(k)].wait_to_read()
            if sleep_s and (i + 1) % k == 0:
                time.sleep(sleep_s)
        return total / seen

    return train_every


@pytest.mark.measured
@pytest.mark.sleeps
@pytest.mark.parametrize(
    "loop, k, batches, words",
    [
        (_loop(lambda i, k: (i + 1) % k == 0), 3, 13, None),
        (_loop(lambda i, k: i % k == 0), 3, 13, None),
        (_loop(lambda i, k: (i + 1) % k == 0 and bool(__import__("mxnet").nd.waitall() or True)), 3, 13, None),
        (_loop(lambda i, k: (i + 1) % math.ceil(k / 2) == 0), 3, 13, "after batches 2, 4, 6, 8, 10, 12 of 13"),
        (_loop(lambda i, k: True), 3, 13, "after batches 1, 2, 3"),
        (_loop(lambda i, k: False, sleep_s=0.05), 3, 13, "never waited"),
        (_loop(lambda i, k: i == 12), 3, 13, "(only after batch 13, the last)"),
        # the k drawn between 23 and 32: a loop right for small k only, or for the two k the peaks use, fails
        (_loop(lambda i, k: (i + 1) % k == 0), 27, 60, None),
        (_loop(lambda i, k: (i + 1) % k == 0 if k < 20 else False), 27, 60, "never waited"),
        (_loop(lambda i, k: (i + 1) % (k if k in (5, 50) else 5) == 0), 27, 60, "after batches 5, 10, 15, 20, 25"),
        # waits in the right places, but for the oldest batch of the window: the rest of it is left queued
        (
            _loop(lambda i, k: (i + 1) % k == 0, behind=lambda k: k - 1),
            3,
            13,
            "after its wait at batch 3 when the back end had run only",
        ),
        (
            _loop(lambda i, k: (i + 1) % k == 0, behind=lambda k: k - 1),
            27,
            60,
            "after its wait at batch 27 when the back end had run only",
        ),
        (_loop(lambda i, k: (i + 1) % k == 0, behind=lambda k: 2), 6, 13, "batches it had queued"),
        # counts samples, not batches: right at odd k (5 among them), wrong at the even k the watch draws
        (_loop(lambda i, k: (i + 1) * lab04.check_config().batch_size % k == 0), 5, 13, None),
        (_loop(lambda i, k: (i + 1) * lab04.check_config().batch_size % k == 0), 4, 13, "after batches 1, 2, 3"),
        (_loop(lambda i, k: (i + 1) * lab04.check_config().batch_size % k == 0), 6, 13, "after batches 3, 6, 9"),
    ],
)
def test_the_watch_sees_where_a_loop_waits(loop, k, batches, words):
    # nothing is timed: each batch is held in the back end until the loop waits, so every wait is seen
    _judged(lab04._where_it_waits(loop, k, batches), words)


def test_every_small_k_the_watch_draws_tells_batches_from_samples():
    # a loop that waits when the samples seen are a multiple of k waits every k / gcd(k, batch size) batches
    size = lab04.check_config().batch_size
    assert all(math.gcd(k, size) > 1 for k in lab04.WATCH_EVERY)


@pytest.mark.measured
@pytest.mark.sleeps
def test_a_loop_that_waits_through_another_thread_is_told_to_wait_on_its_own(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from mxnet import autograd, gluon, nd

    monkeypatch.setattr(lab04, "MARK_STALL_S", 1.0)  # the held batch lets go after 1 s, not 30

    def train_every(net, trainer, loss, batches, k):
        params = [p for p in net.collect_params().values() if p.grad_req != "null"]
        total, seen = nd.zeros(1), 0
        with ThreadPoolExecutor(1) as pool:
            for i, (X, y) in enumerate(batches):
                with autograd.record():
                    l = loss(net(X), y)
                l.backward()
                gluon.utils.clip_global_norm([p.grad() for p in params], lab04.MAX_NORM, check_isfinite=False)
                trainer.step(X.shape[0])
                total = total + l.sum()
                seen += X.shape[0]
                if (i + 1) % k == 0:
                    pool.submit(total.wait_to_read).result()  # the loop's thread waits for the pool's
        return total / seen

    _judged(lab04._where_it_waits(train_every, 3, 7), "waiting for the back end on its own thread")


@pytest.mark.measured
@pytest.mark.sleeps
@pytest.mark.parametrize(
    "waits_after, words",
    [
        (lambda i, k: False, None),
        (lambda i, k: i == 0, "train_async waited for the back end after batch 1 of 13"),
        (lambda i, k: i == 12, "after batch 13 of 13"),  # a wait for the mean loss before it returns
        (lambda i, k: (i + 1) % 5 == 0, "after batches 5, 10 of 13"),
    ],
)
def test_train_async_may_not_wait_anywhere(waits_after, words):
    loop = _loop(waits_after)
    at, why = lab04._waits_of(
        lambda net, trainer, loss, batches: loop(net, trainer, loss, batches, 3), "train_async", 13
    )
    if why is None:  # what front-returns-early says of the waits its watch saw
        watch = lab04._Watch()
        watch.running, watch.at = False, at
        why = lab04._waited(watch, 13)
    _judged(why, words, "without a single wait")


# -- peak-increase: what it allocates ------------------------------------------------
@pytest.mark.measured
def test_the_peak_check_allocates_mxnet_memory_that_tracemalloc_cannot_see():
    import tracemalloc

    import mxnet  # noqa: F401  (imported before tracing: a first import's own Python objects are not the point)

    kept: list = []
    tracemalloc.start()
    try:
        ended: list = []
        lab04._allocate_and_keep(60, kept, ended)()
        lab04._allocate_for_a_moment(240, ended)()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(kept) == 1 and kept[0].size * 4 == 60_000_000
    kept.clear()
    assert peak < 5_000_000  # bytes: far below the 60 MB and 240 MB allocated


# -- predict-peak: the verdict on peaks given to it (logic only) ----------------------
def _line(k):
    return 22.7 + 0.705 * (k - 5)  # the peaks a quiet run measured, MB


@pytest.fixture
def peaks_of(monkeypatch):
    """The check's measurement replaced by fixed peaks: k=5, 15, 90 and 50."""

    def use(peaks):
        def measure():
            assert checking(lab04.check_predict_peak), "only the check may measure"
            return dict(peaks)

        monkeypatch.setattr(lab04, "_measure_peaks", measure)

    return use


def _verdict(predict):
    from asynclab.checks import CheckFailed

    try:
        return lab04.check_predict_peak(predict)
    except CheckFailed as failed:
        return failed.result


def test_predict_peak_passes_the_line_through_both_peaks(peaks_of):
    peaks_of({k: _line(k) for k in (5, 15, 90, 50)})
    result = _verdict(lambda k, p5, p50: p5 + (p50 - p5) * (k - 5) / 45)
    assert result.passed and "your predictions for two other values of k" in result.message and result.margin > 1


@pytest.mark.parametrize(
    "predict, words",
    [
        (lambda k, p5, p50: (p5 + p50) / 2, "gives each back at its own k"),
        (lambda k, p5, p50: p5 + (p50 - p5) * (k - 5) / 50, "gives each back at its own k"),
        (lambda k, p5, p50: p5 if k < 27.5 else p50, "must follow both peaks"),
        (lambda k, p5, p50: p5 + 2.0 * (k - 5), "must follow both peaks"),
        (lambda k, p5, p50: p5 + (p50 - p5) * math.log(k / 5) / math.log(10), "of the gap between them"),
        (lambda k, p5, p50: 30.0, "must be made from the two peaks it is given"),
        (lambda k, p5, p50: "30 MB", "not a number of MB"),
        (lambda k, p5, p50: __import__("time").sleep(0.2) or p5, "not a measurement"),
        (lambda k, p5, p50: 1 / 0, "raised ZeroDivisionError"),
        ("30 MB", "must be a function"),
    ],
)
def test_predict_peak_fails_wrong_models_with_a_plain_sentence(peaks_of, predict, words):
    peaks_of({k: _line(k) for k in (5, 15, 90, 50)})
    result = _verdict(predict)
    assert not result.passed and words in result.message


def test_predict_peak_judges_a_k_beyond_the_measured_range(peaks_of):
    # within k=5..50 a line on log k is off by about 0.25 of the gap; beyond it by far more
    peaks_of({k: _line(k) for k in (5, 15, 90, 50)})
    result = _verdict(lambda k, p5, p50: p5 + (p50 - p5) * math.log(k / 5) / math.log(10))
    assert not result.passed and "prediction for k=90" in result.message and "too low" in result.message


def test_a_failing_prediction_is_not_told_the_peak_it_missed(peaks_of):
    # the sentence and the stored figures name the student's figure and its side, never the peak measured at a
    # drawn k, nor how far off the prediction was (either gives the answer away on the next run)
    peaks = {5: 22.7, 15: 29.8, 97: 90.4, 50: 54.4}
    peaks_of(peaks)
    result = _verdict(lambda k, p5, p50: p5 + (p50 - p5) * (k - 5) / 45 + 30.0 * (k > 50))
    assert not result.passed and "prediction for k=97" in result.message and "was too high" in result.message
    assert "90.4" not in result.message and "k=15" not in result.message
    assert "peak_k97_mb" not in result.figures and "peak_k15_mb" not in result.figures
    assert "off by" not in result.message
    # the worst error and the margin give the peak away too, with the prediction the figures carry
    assert "worst_error" not in result.figures and result.margin is None


def test_the_drawn_values_of_k_cover_both_ranges():
    drawn = [lab04._drawn_ks() for _ in range(400)]
    within, beyond = {a for a, _ in drawn}, {b for _, b in drawn}
    assert min(within) == lab04.PREDICT_WITHIN[0] and max(within) == lab04.PREDICT_WITHIN[1]
    assert min(beyond) == lab04.PREDICT_BEYOND[0] and max(beyond) == lab04.PREDICT_BEYOND[1]
    assert lab04.K_SMALL < lab04.PREDICT_WITHIN[0] and lab04.PREDICT_WITHIN[1] < lab04.K_LARGE < lab04.PREDICT_BEYOND[0]


def test_the_peaks_are_measured_on_one_cpu(monkeypatch):
    from asynclab.foundation import budget, workloads
    from asynclab.foundation.backends import fresh

    applied = []
    monkeypatch.setattr(fresh, "in_child", lambda: True)  # as in the fresh process the check starts
    monkeypatch.setattr(budget, "apply", lambda chosen=budget.BUDGET, **kw: applied.append(chosen.cores))
    monkeypatch.setattr(workloads, "map_large_allocations", lambda: applied.append("mapped"))
    monkeypatch.setattr(workloads, "make_mlp", lambda config: None)
    monkeypatch.setattr(workloads, "peak_probe", lambda loop, config, model: lambda: float(config.num_batches))
    peaks = lab04._peaks_child([[5, 15, 90, 50], 2])
    assert applied == [1, "mapped"]  # pinned before anything is allocated or measured
    assert peaks == {"5": 5.0, "15": 15.0, "90": 90.0, "50": 50.0}


def test_predict_peak_refuses_to_measure_outside_the_check():
    with pytest.raises(RuntimeError, match="not an answer key"):
        lab04._measure_peaks()


def test_predict_peak_fails_when_k50_peaked_no_higher(peaks_of):
    peaks_of({5: 30.0, 15: 30.0, 90: 30.0, 50: 30.0})
    result = _verdict(lambda k, p5, p50: p5 + (p50 - p5) * (k - 5) / 45)
    assert not result.passed and "run the check again" in result.message


def test_predict_peak_fails_a_table_of_measured_offsets(peaks_of):
    peaks_of({k: _line(k) for k in (5, 15, 90, 50)})
    offsets = {k: _line(k) - _line(5) for k in range(5, 101)}
    result = _verdict(lambda k, p5, p50: p5 + offsets[k])
    assert not result.passed and "must follow both peaks" in result.message


def test_the_lab_shows_the_script_its_checks_run():
    # one text for both: the script in step 2's markdown is the one the checks compare answers with
    import re

    from asynclab import course
    from asynclab.tooling import nbtools

    for folder in ("solutions", "labs"):
        notebook = nbtools.read(course.ROOT / folder / "04_async_memory_lab.ipynb")
        step = next(c for c in notebook.cells if c.get("id") == "step2")
        shown = re.search(r"```python\n(.*?)```", step.source, re.S)
        assert shown is not None and shown.group(1) == lab04.SCRIPT, folder


def test_the_script_waits_where_step_2_says():
    # the two waits the student has to find: a read of the loss, and clip_global_norm's default check
    assert "total += l.sum().asscalar()" in lab04.SCRIPT
    assert "clip_global_norm([p.grad() for p in params], MAX_NORM)" in lab04.SCRIPT
    import inspect

    from mxnet.gluon import utils

    assert inspect.signature(utils.clip_global_norm).parameters["check_isfinite"].default is True
    assert ".asscalar()" in inspect.getsource(utils.clip_global_norm)


def test_step_4_states_the_numbers_its_check_uses():
    # step 4's text describes predict-peak's protocol in words: it must follow the check's constants
    import re

    from asynclab import course
    from asynclab.tooling import nbtools

    words = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}
    (within_low, within_high), (low, high) = lab04.PREDICT_WITHIN, lab04.PREDICT_BEYOND
    said = [
        f"`k={lab04.K_SMALL}` and `k={lab04.K_LARGE}` again",
        f"those of a `k` between {within_low} and {within_high} and of a `k` beyond",
        f"(between {low} and {high})",
        f"{words[lab04.PREDICT_ROUNDS]} each",
        f"within {lab04.PREDICT_TOLERANCE:g} of",
        f"(within {lab04.PREDICT_CALL_S:g} s)",
        f"raise both by {lab04.PREDICT_SHIFT_MB:g} MB",
    ]
    for folder in ("solutions", "labs"):
        notebook = nbtools.read(course.ROOT / folder / "04_async_memory_lab.ipynb")
        text = next(c for c in notebook.cells if c.get("id") == "step4-predict").source
        flat = re.sub(r"\s+", " ", text)
        missing = [phrase for phrase in said if re.sub(r"\s+", " ", phrase) not in flat]
        assert not missing, (folder, missing)


def test_a_loop_cannot_tell_the_watched_runs_from_the_measured_ones():
    """Watched or not, a loop is handed the network itself: the same object, of the same type, with the same
    layers (the watch replaces its forward on the instance for the length of the call, and puts it back)."""
    from mxnet import gluon

    seen = []

    def loop(net, trainer, loss, batches):
        seen.append((net, type(net), len(net), "forward" in vars(net)))

    net = gluon.nn.Sequential()
    net.add(gluon.nn.Dense(2), gluon.nn.Dense(1))
    lab04._dressed(loop, 3)(net, None, None, [])
    watch = lab04._Watch()
    with lab04._watched(net, watch) as same:
        loop(same, None, None, [])
    assert seen == [(net, gluon.nn.Sequential, 2, True)] * 2
    assert "forward" not in vars(net)  # put back


@pytest.mark.measured
@pytest.mark.parametrize("every, refused, threaded", [(3, False, False), (1, True, False), (1, True, True)])
def test_a_measured_run_refuses_waits_at_more_than_one_remainder_of_k(every, refused, threaded):
    """The measured runs see where the loop's thread waits, whichever thread runs it: every 3 batches is one
    remainder modulo k=3, every batch three (each wait blocks on a product of tens of milliseconds, seen at many
    looks)."""
    import threading

    from mxnet import gluon, nd

    from asynclab.checks import Rejected

    net = gluon.nn.Dense(2)
    net.initialize()
    big = nd.ones((1500, 1500))
    nd.waitall()

    def loop(net, trainer, loss, batches):
        for i, x in enumerate(batches):
            net(x)
            product = nd.dot(big, big)
            if (i + 1) % every == 0:
                product.wait_to_read()
        nd.waitall()

    def on_a_thread(net, trainer, loss, batches):
        worker = threading.Thread(target=loop, args=(net, trainer, loss, batches))
        worker.start()
        worker.join()

    batches = [nd.ones((4, 3)) for _ in range(9)]
    dressed = lab04._dressed(on_a_thread if threaded else loop, 3)
    if refused:
        with pytest.raises(Rejected, match="with k=3, train_every waited for the back end after batches 1, 2, 3"):
            dressed(net, None, None, batches)
    else:
        dressed(net, None, None, batches)
