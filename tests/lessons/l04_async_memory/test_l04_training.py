"""training (and asynclab.foundation.workloads.mlp behind it): the model, the loaders, the measured epoch, fresh-process runs.

Sizes are tiny so that every test is quick; no absolute time or memory figure
is asserted, only shapes, counts, invariants and round trips.
"""

import dataclasses
import math

import numpy as np
import pytest
from mxnet import autograd, nd

from asynclab.foundation.memory import MemoryTrace
from asynclab.foundation.workloads import waiting_loop
from asynclab.lessons.l04_async_memory import training

# untimed: no figure is asserted (above), so make test runs the measured ones beside the timing tests
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.untimed]

TINY = training.MLPConfig(num_batches=6, batch_size=32, features=16, hidden=(8, 4))


@pytest.fixture(scope="module")
def model():
    return training.make_mlp(TINY)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_batches": 0},
        {"batch_size": -1},
        {"features": 2.5},
        {"num_batches": True},
        {"hidden": ()},
        {"hidden": (8, 0)},
        {"learning_rate": 0},
    ],
)
def test_config_rejects_bad_sizes(kwargs):
    with pytest.raises(ValueError):
        training.MLPConfig(**kwargs)


def test_config_sizes():
    assert training.SEED.hidden == (2048, 512) and training.SEED.num_batches == 100
    assert training.SEED.batch_mb == pytest.approx(1024 * 512 * 4 / 1e6)
    assert training.LAB.num_batches < training.HALF.num_batches
    assert training.MLPConfig(hidden=[3, 2]).hidden == (3, 2)


@pytest.mark.measured
def test_make_mlp_builds_the_seed_architecture(model):
    net, trainer, loss = model
    assert [layer._units for layer in net] == [8, 4, 1]
    out = net(nd.ones((5, TINY.features)))
    assert out.shape == (5, 1)
    assert trainer.learning_rate == pytest.approx(TINY.learning_rate)


@pytest.mark.measured
@pytest.mark.parametrize("kind", ["host", "device"])
def test_loaders_yield_num_batches_of_the_right_shape(kind):
    batches = list(training.make_loader(kind, TINY))
    assert len(batches) == TINY.num_batches == len(training.make_loader(kind, TINY))
    for X, y in batches:
        assert X.shape == (TINY.batch_size, TINY.features)
        assert y.shape == (TINY.batch_size,)


@pytest.mark.measured
def test_host_batches_are_copies_of_the_pool():
    loader = training.HostLoader(TINY, pool=2)
    first, second, third = [X.asnumpy() for X, _ in list(loader)[:3]]
    assert np.array_equal(first, third) and not np.array_equal(first, second)
    with pytest.raises(ValueError):
        training.HostLoader(TINY, pool=0)


def test_unknown_loader_is_refused():
    with pytest.raises(ValueError, match="unknown loader"):
        training.make_loader("disk", TINY)


@pytest.mark.measured
@pytest.mark.parametrize("sync_every, reads", [(None, 0), (1, 6), (2, 3), (4, 1), (7, 0)])
def test_train_loop_reads_the_loss_every_k_batches(model, sync_every, reads):
    losses = training.train_loop(*model, training.make_loader("host", TINY), sync_every)
    assert len(losses) == reads
    assert all(math.isfinite(v) for v in losses)


@pytest.mark.measured
@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_train_loop_rejects_a_bad_k(model, bad):
    with pytest.raises(ValueError):
        training.train_loop(*model, [], bad)


@pytest.mark.measured
def test_train_loop_updates_the_weights(model):
    net = model[0]
    before = net[0].weight.data().asnumpy().copy()
    training.train_loop(*model, training.make_loader("host", TINY), None)
    assert not np.array_equal(before, net[0].weight.data().asnumpy())


@pytest.mark.parametrize("sync_every, label", [(None, "no sync"), (1, "sync every batch"), (3, "sync every 3 batches")])
@pytest.mark.measured
def test_train_epoch_measures_one_epoch(model, sync_every, label):
    result = training.train_epoch(TINY, sync_every, model=model, interval=0.001)
    assert result.label == label == training.sync_label(sync_every)
    assert result.sync_every == sync_every and result.num_batches == TINY.num_batches
    assert 0 < result.front_s <= result.wall_s
    assert result.backlog_s == pytest.approx(result.wall_s - result.front_s)
    trace = result.trace
    assert trace.baseline <= trace.peak and trace.end <= trace.peak
    assert result.peak_mb == pytest.approx(trace.peak - trace.baseline)
    assert len(trace.values) >= 2
    assert label in str(result) and "MB" in str(result)


@pytest.mark.measured
def test_run_epoch_times_any_loop_and_keeps_its_losses(model):
    calls = []

    def loop(net, trainer, loss, batches):
        calls.append(len(list(batches)))
        return [1.0, 2.0]

    result = training.run_epoch(loop, TINY, model=model, loader="device", label="mine", release=False)
    assert calls == [TINY.num_batches]
    assert result.label == "mine" and result.loader == "device" and result.losses == (1.0, 2.0)
    with pytest.raises(TypeError):
        training.run_epoch("not a loop", TINY, model=model)


@pytest.mark.parametrize(
    "returns, count",
    [
        (lambda losses: losses, TINY.num_batches),  # the arrays it waited for
        (lambda losses: tuple(losses), TINY.num_batches),
        (lambda losses: [v.asscalar() for v in losses], TINY.num_batches),
        (lambda losses: None, 0),
        (lambda losses: {"loss": losses}, 0),
        (lambda losses: [losses[0], "x", None, nd.ones((2,)), losses[1].asnumpy()], 2),
        (lambda losses: losses[0], 0),  # one array, not a list
    ],
)
@pytest.mark.measured
def test_run_epoch_never_fails_on_what_a_loop_returns(model, returns, count):
    result = training.run_epoch(waiting_loop(returns), TINY, model=model)
    assert result.steps == TINY.num_batches
    assert len(result.losses) == count
    assert all(isinstance(v, float) and math.isfinite(v) for v in result.losses)


@pytest.mark.measured
def test_loss_values_reads_numbers_and_one_element_arrays():
    assert training.loss_values([1, 2.5, np.float32(0.5), np.array([3.0]), nd.array([4.0])]) == (
        1.0,
        2.5,
        0.5,
        3.0,
        4.0,
    )
    assert training.loss_values([True, "1.0", None, np.ones(2), nd.ones((2, 2)), object()]) == ()
    assert training.loss_values(None) == training.loss_values({"a": 1.0}) == ()
    assert training.loss_values(iter([1.0])) == ()


@pytest.mark.measured
def test_peak_probe_returns_megabytes(model):
    probe = training.peak_probe(lambda *args: training.train_loop(*args), TINY, model)
    assert isinstance(probe(), float)


def test_result_round_trips_through_a_dict():
    trace = MemoryTrace(baseline=100.0, peak=150.0, end=120.0, times=(0.0, 0.1), values=(100.0, 150.0))
    result = training.TrainResult(
        label="no sync",
        num_batches=3,
        loader="host",
        front_s=0.1,
        wall_s=0.5,
        trace=trace,
        sync_every=None,
        losses=(0.5,),
    )
    result = dataclasses.replace(result, steps=3, issued=(0.0, 0.1, 0.2), done=(0.3, 0.4, 0.5))
    again = training.TrainResult.from_dict(result.to_dict())
    assert again == result and again.trace.values == trace.values


def test_queued_at_counts_batches_issued_but_not_computed():
    trace = MemoryTrace(baseline=0.0, peak=0.0, end=0.0, times=(), values=())
    result = training.TrainResult(
        label="x",
        num_batches=3,
        loader="host",
        front_s=0.2,
        wall_s=0.5,
        trace=trace,
        issued=(0.0, 0.1, 0.2),
        done=(0.3, 0.4, 0.5),
    )
    assert [result.queued_at(t) for t in (0.0, 0.15, 0.25, 0.35, 0.6)] == [1, 2, 3, 2, 0]


@pytest.mark.measured
def test_a_tracked_epoch_notes_when_each_batch_was_issued_and_computed(model):
    tracked = training.train_epoch(TINY, None, model=model, track=True)
    n = TINY.num_batches
    assert len(tracked.issued) == len(tracked.done) == n
    assert list(tracked.issued) == sorted(tracked.issued) and list(tracked.done) == sorted(tracked.done)
    assert all(d >= i for i, d in zip(tracked.issued, tracked.done))
    assert tracked.queued_at(tracked.wall_s + 1) == 0
    untracked = training.train_epoch(TINY, None, model=model)
    assert untracked.issued == () and untracked.done == ()


@pytest.mark.measured
def test_memory_hygiene_on_glibc():
    assert training.release_free_memory() in (True, False)
    assert training.map_large_allocations() in (True, False)
    with pytest.raises(ValueError):
        training.map_large_allocations(0)


@pytest.mark.measured
def test_sync_every_sweep_in_this_process(model):
    results = training.sync_every_sweep([None, 2], TINY, isolated=False, model=model)
    assert list(results) == [None, 2]
    assert [r.sync_every for r in results.values()] == [None, 2]


@pytest.mark.kernel
@pytest.mark.measured
def test_run_isolated_returns_a_full_result():
    result = training.run_isolated(TINY, 2, loader="host", exact=True, track=True)
    assert result.sync_every == 2 and result.num_batches == TINY.num_batches
    assert len(result.losses) == 3 and len(result.issued) == len(result.done) == TINY.num_batches
    assert 0 < result.front_s <= result.wall_s and result.trace.peak >= result.trace.baseline


@pytest.mark.kernel
@pytest.mark.measured
def test_a_sweep_runs_its_epochs_in_one_fresh_process_in_order():
    results = training.sync_every_sweep([3, None, 1], TINY, exact=True)
    assert list(results) == [3, None, 1]
    assert [r.sync_every for r in results.values()] == [3, None, 1]
    assert [len(r.losses) for r in results.values()] == [2, 0, TINY.num_batches]


def test_a_sweep_in_a_fresh_process_refuses_a_model_in_one_sentence(model):
    with pytest.raises(ValueError, match="a model cannot be sent to a fresh process"):
        training.sync_every_sweep([1], TINY, model=model)


@pytest.mark.kernel
def test_run_isolated_reports_a_failure_in_one_sentence():
    with pytest.raises(training.IsolatedRunError, match="interval must be positive"):
        training.run_isolated(TINY, None, interval=-1.0)
    with pytest.raises(ValueError):
        training.run_isolated(TINY, None, loader="disk")


@pytest.mark.measured
def test_an_epoch_counts_its_optimizer_steps(model):
    full = training.train_epoch(TINY, 2, model=model)
    assert full.steps == TINY.num_batches
    assert training.require_full_epoch(full) is full

    def lazy(net, trainer, loss, batches):  # returns from inside the loop
        for X, y in batches:
            with autograd.record():
                l = loss(net(X), y)
            l.backward()
            trainer.step(X.shape[0])
            return

    short = training.run_epoch(lazy, TINY, model=model)
    assert short.steps == 1
    with pytest.raises(training.IncompleteEpoch, match="1 optimizer steps for 6 batches"):
        training.require_full_epoch(short)
    with pytest.raises(training.IncompleteEpoch):
        training.peak_probe(lambda *args: None, TINY, model)()


def test_a_number_may_come_as_any_real_number_type():
    from decimal import Decimal
    from fractions import Fraction

    from asynclab.foundation.workloads.mlp import as_number

    assert as_number(Decimal("30.5")) == 30.5 and as_number(Fraction(1, 4)) == 0.25 and as_number(3) == 3.0
    assert as_number(True) is None and as_number("30") is None and as_number(1 + 2j) is None
