"""The parameter-server workload (asynclab.foundation.workloads.psgd) and lesson 10's helpers, without a cluster.

One test (marked ``measured``) starts the real store, to tie the logic to it:
synchronous SGD over two workers equals the one-process reference.
"""

import numpy as np
import pytest

from asynclab.foundation.workloads import psgd
from asynclab.lessons.l10_distributed_sgd import distributed


def _trace(rank, reads, pushes, kind="dist_async"):
    return psgd.WorkerTrace(
        rank,
        kind,
        tuple(reads),
        tuple(range(len(reads))),
        tuple(1.0 for _ in reads),
        tuple(pushes),
        (0.0,),
        reads[0],
        pushes[-1],
    )


def test_batches_of_a_step_split_the_combined_batch():
    rows = [psgd.batch_rows(3, r, 2) for r in range(2)]
    combined = np.concatenate(rows)
    assert len(set(combined)) == 2 * psgd.BATCH
    assert combined[0] == 3 * 2 * psgd.BATCH


def test_reference_is_sgd_on_the_mean_of_the_workers_gradients():
    X, y = psgd.problem(5)
    w = np.zeros(psgd.DIM, dtype=np.float32)
    for step in range(3):
        rows = np.concatenate([psgd.batch_rows(step, r, 2) for r in range(2)])
        w = w - np.float32(0.05) * psgd.gradient(w, X[rows], y[rows])
    assert np.allclose(psgd.reference(5, 3, 2, lr=0.05), w, rtol=1e-5, atol=1e-6)
    assert psgd.loss(psgd.reference(5, 50, 2), X, y) < 0.05 * psgd.loss(np.zeros(psgd.DIM, np.float32), X, y)


def test_reference_every_k_steps_is_one_update_on_k_combined_batches_at_the_same_weights():
    X, y = psgd.problem(6)
    w = np.zeros(psgd.DIM, dtype=np.float32)
    for first in (0, 3):
        rows = np.concatenate([psgd.batch_rows(step, r, 3) for step in range(first, first + 3) for r in range(3)])
        w = w - np.float32(0.04) * psgd.gradient(w, X[rows], y[rows])
    assert np.allclose(psgd.reference(6, 6, 3, lr=0.04, every=3), w, rtol=1e-5, atol=1e-6)
    assert not np.allclose(psgd.reference(6, 6, 3, lr=0.04, every=3), psgd.reference(6, 6, 3, lr=0.04), atol=1e-4)
    assert np.array_equal(psgd.reference(6, 4, 2, every=1), psgd.reference(6, 4, 2))


@pytest.mark.parametrize("steps, every", [(5, 2), (4, 0)])
def test_reference_refuses_steps_that_are_not_whole_pushes(steps, every):
    with pytest.raises(ValueError, match="multiple of every"):
        psgd.reference(1, steps, 2, every=every)


def test_staleness_counts_the_other_workers_pushes_between_read_and_push():
    fast = _trace(0, reads=[0.0, 1.0, 2.0, 3.0], pushes=[0.5, 1.5, 2.5, 3.5])
    slow = _trace(1, reads=[0.2, 3.2], pushes=[2.9, 3.9])
    run = psgd.DistRun("dist_async", (fast, slow), 5.0, 0)
    counts = psgd.staleness(run)
    assert counts[1] == [3, 1]  # 0.5, 1.5, 2.5 and then 3.5
    assert counts[0] == [0, 0, 0, 0]
    assert [list(a) for _, a in distributed.updates_seen(run)] == [[0, 1, 2, 4], [0, 4]]


def test_synchronous_updates_are_rounds_of_pushes_whatever_the_gradients_per_push():
    # two gradients per push: reads at the same weights see the same count
    one = _trace(0, reads=[0.0, 0.1, 1.0, 1.1], pushes=[0.5, 1.5], kind="dist_sync")
    two = _trace(1, reads=[0.0, 0.2, 1.0, 1.2], pushes=[0.6, 1.6], kind="dist_sync")
    run = psgd.DistRun("dist_sync", (one, two), 2.0, 0)
    assert [list(a) for _, a in distributed.updates_seen(run)] == [[0, 0, 1, 1], [0, 0, 1, 1]]
    each = _trace(0, reads=[0.0, 1.0, 2.0], pushes=[0.5, 1.5, 2.5], kind="dist_sync")
    assert [list(a) for _, a in distributed.updates_seen(psgd.DistRun("dist_sync", (each,), 3.0, 0))] == [[0, 1, 2]]


def test_step_times_are_the_gaps_between_reads_and_to_the_end():
    trace = _trace(0, reads=[0.0, 0.1, 0.3], pushes=[0.05, 0.2, 0.6])
    assert distributed.step_times(trace).median == pytest.approx(0.2)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(kind="dist_sync", steps=(10, 20)), "same number of steps"),
        (dict(kind="dist_async", steps=(10,)), "one count per worker"),
        (dict(kind="dist_async", steps=(0, 3)), "at least one step"),
        (dict(kind="dist_sync", steps=5, setup=lambda kv, lr: None), "not a lambda"),
        (dict(kind="dist_sync", steps=5, loop=print), "defined with def"),
        (dict(kind="dist_sync", steps=3, delays=([0.0, 0.01], 0.0)), "one per step \\(3\\), got 2"),
    ],
)
def test_bad_arguments_get_one_sentence_and_start_nothing(kwargs, words):
    from asynclab.foundation.backends import cluster

    kind = kwargs.pop("kind")
    with pytest.raises((ValueError, TypeError), match=words):
        psgd.run(kind, **kwargs)
    assert not cluster.alive()


def test_plot_loss_refuses_an_unknown_axis():
    run = psgd.DistRun("dist_sync", (_trace(0, [0.0], [0.1], "dist_sync"),), 1.0, 0)
    with pytest.raises(ValueError, match="'time' or 'updates'"):
        distributed.plot_loss({"x": run}, x="steps")


def _pickled(**kwargs):
    import pickle

    import mxnet as mx

    return pickle.dumps(mx.optimizer.SGD(learning_rate=0.03, rescale_grad=1 / 6, **kwargs))


@pytest.mark.parametrize("kwargs", [{}, {"momentum": 0.9}, {"wd": 1e-4}], ids=["plain", "momentum", "weight-decay"])
def test_sgd_at_a_fixed_rate_steps_as_far_late_in_a_training_as_at_first(kwargs):
    assert psgd.late_step(_pickled(**kwargs)) == pytest.approx(1.0, abs=1e-6)


def test_a_learning_rate_schedule_that_starts_late_steps_less_far_late():
    import mxnet as mx

    schedules = {
        "halved every 200 updates": mx.lr_scheduler.FactorScheduler(step=200, factor=0.5, base_lr=0.03),
        "halved once at 100,000": mx.lr_scheduler.MultiFactorScheduler(step=[100_000], factor=0.5, base_lr=0.03),
        # a schedule that keeps its last rate once past max_update: only updates below it show its decay
        "cosine over 5,000": mx.lr_scheduler.CosineScheduler(max_update=5000, base_lr=0.03),
    }
    for name, schedule in schedules.items():
        assert psgd.late_step(_pickled(lr_scheduler=schedule)) < 0.9, name


def test_a_clipped_gradient_steps_less_far_per_unit_of_a_large_gradient():
    assert psgd.late_step(_pickled(clip_gradient=10.0)) < 0.01


@pytest.mark.parametrize(
    "kwargs, phrase",
    [
        ({"momentum": 1e-6}, "weight decay or momentum"),
        ({"wd": 5e-6}, "weight decay or momentum"),
        ({"lr_scheduler": "late"}, "learning-rate schedule"),
    ],
    ids=["tiny-momentum", "tiny-weight-decay", "schedule-after-a-million-updates"],
)
def test_what_late_step_cannot_see_is_named(kwargs, phrase):
    import mxnet as mx

    if kwargs.get("lr_scheduler") == "late":  # later than any update late_step reaches
        kwargs = {"lr_scheduler": mx.lr_scheduler.MultiFactorScheduler(step=[1_500_000], factor=0.1, base_lr=0.03)}
    assert psgd.late_step(_pickled(**kwargs)) == pytest.approx(1.0, abs=1e-6)  # unseen there
    assert phrase in psgd.not_plain(_pickled(**kwargs))


def test_plain_sgd_and_what_is_not_an_optimizer_are_not_named():
    import pickle

    import mxnet as mx

    assert psgd.not_plain(_pickled()) is None
    kept = mx.lr_scheduler.FactorScheduler(step=10, factor=1.0, base_lr=0.03)  # a schedule that keeps the rate
    assert psgd.not_plain(_pickled(lr_scheduler=kept)) is None
    assert psgd.not_plain(pickle.dumps("sgd")) is None


def test_late_step_of_what_is_not_an_optimizer_is_none():
    import pickle

    assert psgd.late_step(pickle.dumps("sgd")) is None


def test_the_trace_gives_the_late_step_of_the_optimizer_a_setup_set():
    import mxnet as mx

    def decaying(kv, lr):
        schedule = mx.lr_scheduler.FactorScheduler(step=200, factor=0.5, base_lr=lr)
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, lr_scheduler=schedule))

    job = {"seed": 3, "steps": 2, "lr": 0.05}
    assert psgd.train_worker(mx.kv.create("local"), job)["late_step"] == pytest.approx(1.0, abs=1e-6)
    assert psgd.train_worker(mx.kv.create("local"), job, setup=decaying)["late_step"] < 0.9
    assert psgd.train_worker(mx.kv.create("local"), job, setup=lambda kv, lr: None)["late_step"] is None


@pytest.mark.measured
@pytest.mark.untimed  # compares weights with the reference, no duration
def test_dist_sync_over_two_workers_equals_the_one_process_reference():
    from asynclab.foundation.backends import cluster

    run = psgd.run("dist_sync", steps=8, delays=(0.0, 0.0), seed=11, timeout=60)
    expected = psgd.reference(11, 8, 2)
    for trace in run.workers:
        assert np.allclose(trace.weights, expected, rtol=1e-5, atol=1e-6)
        assert len(trace.reads) == len(trace.pushes) == 8
    assert not cluster.alive()


def test_the_bounded_loop_pushes_and_pulls_every_step_and_meets_the_others_every_few():
    calls = []

    class Store:
        def push(self, key, grad):
            calls.append(("push", grad))

        def pull(self, key, out):
            calls.append(("pull", key))

        def _barrier(self):
            calls.append(("barrier", None))

    psgd.bounded_loop(Store(), 3, "w", lambda w, step: step, 6, 3)
    names = [name for name, _ in calls]
    assert names == ["push", "pull"] * 3 + ["barrier"] + ["push", "pull"] * 3 + ["barrier"]
    assert [grad for name, grad in calls if name == "push"] == list(range(6))


@pytest.mark.measured
@pytest.mark.untimed  # counts what each worker did, no duration
def test_a_bounded_run_on_dist_async_trains_every_step_of_every_worker():
    from asynclab.foundation.backends import cluster

    run = psgd.run("dist_async", steps=6, delays=(0.0, 0.01), seed=5, loop=psgd.bounded_loop, every=3, timeout=60)
    for trace in run.workers:
        assert trace.steps == tuple(range(6)) and len(trace.pushes) == 6
    assert not cluster.alive()


def _pushes(kv, key, w, gradient_at, steps):
    for step in range(steps):
        kv.push(key, gradient_at(w, step))
        kv.pull(key, out=w)


def test_the_source_sent_to_the_workers_is_the_functions_own():
    assert "def _pushes" in psgd.function_source(_pushes, "loop")


def test_a_wrapper_of_another_function_is_refused_with_one_sentence():
    import functools

    def loop(kv, key, w, gradient_at, steps):
        return None

    functools.update_wrapper(loop, _pushes)  # inspect.getsource would read _pushes's source
    with pytest.raises(TypeError, match="not a wrapper of another one"):
        psgd.function_source(loop, "loop")


def test_a_source_that_is_not_the_functions_code_is_refused_with_one_sentence(tmp_path):
    import importlib.util
    import linecache

    path = tmp_path / "cell.py"
    path.write_text("def loop(kv, key, w, gradient_at, steps):\n    return None\n")
    spec = importlib.util.spec_from_file_location("cell", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = "def loop(kv, key, w, gradient_at, steps):\n    return kv.pull(key, out=w)\n"
    linecache.cache[str(path)] = (len(text), None, text.splitlines(True), str(path))  # no mtime: kept, as IPython's
    try:
        with pytest.raises(TypeError, match="is not the code of loop"):
            psgd.function_source(module.loop, "loop")
    finally:
        linecache.cache.pop(str(path), None)


def test_a_pull_between_two_gradients_of_one_push_is_found():
    def trace(pulls):
        return psgd.WorkerTrace(
            0, "dist_sync", (0.0, 1.0, 2.0, 3.0), (0, 1, 2, 3), (1.0,) * 4, (1.5, 3.5), (), 0.0, 4.0, None, pulls
        )

    assert trace((1.5, 3.5)).pulled_within_a_push(2) is None  # after each push: the step's loop
    assert trace((0.5, 1.5, 2.5, 3.5)).pulled_within_a_push(2) == 0  # after every gradient
    assert trace((1.5, 2.5, 3.5)).pulled_within_a_push(2) == 1
    assert trace((0.5,)).pulled_within_a_push(1) is None  # one gradient per push: nothing lies between


def test_gradients_of_one_push_taken_at_two_sets_of_weights_are_found():
    def trace(held):
        return psgd.WorkerTrace(
            0,
            "dist_async",
            (0.0, 1.0, 2.0, 3.0),
            (0, 1, 2, 3),
            (1.0,) * 4,
            (1.5, 3.5),
            (),
            0.0,
            4.0,
            None,
            (1.5, 3.5),
            held,
        )

    assert trace(("a", "a", "b", "b")).switched_within_a_push(2) is None  # new weights at each push
    assert trace(("a", "a", "a", "a")).switched_within_a_push(2) is None  # the same throughout: not this test's
    assert trace(("a", "b", "b", "b")).switched_within_a_push(2) == 0  # a copy from a buffer after one gradient
    assert trace(("a", "a", "b", "c")).switched_within_a_push(2) == 1
    assert trace(("a", "b", "c", "d")).switched_within_a_push(1) is None  # one gradient per push


def _given_and_sent(sent):
    given = ((1.0, 0.0, 2.0), (0.0, 3.0, 1.0), (2.0, 2.0, 0.0), (1.0, -1.0, 1.0))
    return psgd.WorkerTrace(
        0, "dist_async", (0.0, 1.0, 2.0, 3.0), (0, 1, 2, 3), (1.0,) * 4, (1.5, 3.5), (), 0.0, 4.0,
        given=given, sent=tuple(sent),
    )  # fmt: skip


def test_a_push_that_sends_other_than_its_groups_gradients_is_found():
    assert _given_and_sent([(1.0, 3.0, 3.0), (3.0, 1.0, 1.0)]).pushed_other_than_its_gradients(2) is None  # sums
    assert _given_and_sent([(0.5, 1.5, 1.5), (1.5, 0.5, 0.5)]).pushed_other_than_its_gradients(2) is None  # means
    assert _given_and_sent([(1.0, 0.0, 2.0), (2.0, 2.0, 0.0)]).pushed_other_than_its_gradients(2) == 0  # firsts
    assert _given_and_sent([(1.0, 3.0, 3.0), (2.0, 2.0, 0.0)]).pushed_other_than_its_gradients(2) == 1
    assert _given_and_sent([(1.0, 3.0, 3.0), (1.5, 0.5, 0.5)]).pushed_other_than_its_gradients(2) == 1  # 1x, 0.5x
    assert _given_and_sent([(1.0, 3.0, 3.0), None]).pushed_other_than_its_gradients(2) == 1  # unreadable
    assert _given_and_sent([(1.0, 0.0, 2.0)] * 4).pushed_other_than_its_gradients(1) == 1


def _sums(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        group = [gradient_at(w, step) for step in range(first, first + every)]
        kv.push(key, group)  # a list: the store adds its values
        kv.pull(key, out=w)


def _firsts(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        group = [gradient_at(w, step) for step in range(first, first + every)]
        kv.push(key, group[0])
        kv.pull(key, out=w)


def test_the_trace_holds_what_each_push_sent_beside_the_gradients():
    import mxnet as mx

    job = {"seed": 3, "steps": 6, "lr": 0.05, "every": 3}

    def setup(kv, lr, every):
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr))

    right = psgd._trace(psgd.train_worker(mx.kv.create("local"), job, setup=setup, loop=_sums))
    assert len(right.given) == 6 and len(right.sent) == 2 and len(right.sent[0]) == psgd.DIM
    assert right.pushed_other_than_its_gradients(3) is None
    wrong = psgd._trace(psgd.train_worker(mx.kv.create("local"), job, setup=setup, loop=_firsts))
    assert wrong.pushed_other_than_its_gradients(3) == 0


def _pushpulls(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.pushpull(key, total, out=w)


def test_what_a_pushpull_sent_is_read_before_it_pulls():
    import mxnet as mx

    def setup(kv, lr, every):
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr))

    job = {"seed": 4, "steps": 6, "lr": 0.05, "every": 2}
    trace = psgd._trace(psgd.train_worker(mx.kv.create("local"), job, setup=setup, loop=_pushpulls))
    assert len(trace.sent) == 3 and trace.pushed_other_than_its_gradients(2) is None


@pytest.mark.parametrize(
    "make",
    [
        lambda mx: mx.optimizer.DCASGD(learning_rate=0.03, lamda=5e-7, rescale_grad=1 / 6),
        lambda mx: mx.optimizer.LARS(learning_rate=0.03, rescale_grad=1 / 6),
    ],
    ids=["dcasgd-tiny-lamda", "lars"],
)
def test_steps_that_depend_on_the_weight_or_the_update_before_are_named(make):
    # both step lr g at a first update on a weight of zero, where late_step and the zero gradient look
    import pickle

    import mxnet as mx

    optimizer = pickle.dumps(make(mx))
    assert psgd.late_step(optimizer) == pytest.approx(1.0, abs=1e-6)
    assert "depend on the weight or on the update before" in psgd.not_plain(optimizer)


@pytest.mark.parametrize(
    "make",
    [
        lambda mx: mx.optimizer.NAG(learning_rate=0.03, momentum=0.0, rescale_grad=1 / 3),
        lambda mx: mx.optimizer.SGD(learning_rate=0.1, rescale_grad=0.5, multi_precision=True),
        # the check's smallest step per unit of gradient (lr 0.02 over 3 workers, 4 gradients a push) and less:
        # float32 rounding of a weight of 3000 is a large share of such a step
        lambda mx: mx.optimizer.SGD(learning_rate=0.02, rescale_grad=1 / 12),
        lambda mx: mx.optimizer.SGD(learning_rate=1e-4, rescale_grad=1 / 12),
    ],
    ids=["nag-without-momentum", "sgd-multi-precision", "sgd-the-checks-smallest-rate", "sgd-a-tiny-rate"],
)
def test_plain_sgd_written_otherwise_is_not_named(make):
    import pickle

    import mxnet as mx

    assert psgd.not_plain(pickle.dumps(make(mx))) is None
