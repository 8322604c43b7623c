"""Lesson 10's simulation of a parameter server and N workers: logic only, no cluster, no clock."""

import numpy as np
import pytest

from asynclab.lessons.l10_distributed_sgd import simulation as sim

STEADY = sim.StepModel(compute_s=0.002, spread=0.0, overhead_s=0.001)  # every step takes its median
NOISY = sim.StepModel(compute_s=0.002, spread=0.3, overhead_s=0.001, hiccup=0.05, hiccup_factor=4.0)


def test_a_synchronous_round_lasts_the_slowest_worker_plus_the_round_trip():
    delays = (0.010, 0.040, 0.020)
    run = sim.simulate_sync(STEADY, delays, rounds=5)
    assert run.workers == 3 and run.backups == 0
    assert np.allclose(run.round_s, 0.040 + 0.002 + 0.001)


def test_a_round_is_the_maximum_of_the_drawn_computing_times():
    delays = sim.cluster_delays(8, delay_s=0.010, slow=1, slow_delay_s=0.040)
    run = sim.simulate_sync(NOISY, delays, rounds=200, seed=3)
    times = sim.computing_times(NOISY, delays, 200, np.random.default_rng(3))
    assert np.allclose(run.round_s, times.max(axis=1) + NOISY.overhead_s)


def test_backups_wait_for_the_first_n_and_drop_the_straggler():
    delays = (0.010, 0.010, 0.040)
    run = sim.simulate_sync(STEADY, delays, rounds=4, backups=1)
    assert run.workers == 2 and run.backups == 1
    assert np.allclose(run.round_s, 0.010 + 0.002 + 0.001)


@pytest.mark.parametrize("n", [2, 16, 128])
def test_backups_never_make_a_round_slower(n):
    for b in (1, 2, n // 4):
        delays = sim.cluster_delays(n + b, delay_s=0.010, slow=1, slow_delay_s=0.040)
        without = sim.simulate_sync(NOISY, delays, rounds=300, seed=7)
        with_backups = sim.simulate_sync(NOISY, delays, rounds=300, backups=b, seed=7)
        # the same draws: the n-th shortest of a round is never longer than its longest
        assert np.all(with_backups.round_s <= without.round_s)
        assert with_backups.mean_round_s <= without.mean_round_s


@pytest.mark.parametrize("n", [1, 2, 5, 32])
def test_steady_equal_workers_have_the_closed_form_throughput(n):
    delays = (0.010,) * n
    period = 0.010 + STEADY.compute_s + STEADY.overhead_s
    sync = sim.simulate_sync(STEADY, delays, rounds=40)
    asyn = sim.simulate_async(STEADY, delays, steps=40)
    assert sync.updates_per_s == pytest.approx(1 / period)
    assert sync.gradients_per_s == pytest.approx(n / period)
    assert asyn.updates == 40 * n and asyn.seconds == pytest.approx(40 * period)
    assert asyn.updates_per_s == pytest.approx(n / period)
    assert asyn.gradients_per_s == pytest.approx(sync.gradients_per_s)


@pytest.mark.parametrize("n", [2, 4, 16, 64])
def test_the_staleness_of_n_equal_workers_is_about_n_minus_one(n):
    quick_server = sim.StepModel(compute_s=0.002, spread=0.0, overhead_s=0.0)
    run = sim.simulate_async(quick_server, (0.010,) * n, steps=30, stagger=True, seed=n)
    # every other worker pushes once while one computes: after the first step, exactly n - 1
    later = run.staleness[n:]
    assert np.all(later == n - 1)
    # with a round trip, a gradient misses the pushes made while it computes: (n - 1) of every period
    run = sim.simulate_async(STEADY, (0.010,) * n, steps=60, stagger=True, seed=n)
    expected = (n - 1) * (0.010 + STEADY.compute_s) / (0.010 + STEADY.compute_s + STEADY.overhead_s)
    assert np.mean(run.staleness[n:]) == pytest.approx(expected, abs=0.5)


def test_a_straggler_sees_the_fast_workers_pushes_and_they_see_few_of_its():
    model = sim.StepModel(compute_s=0.0005, spread=0.02, overhead_s=0.001)
    run = sim.simulate_async(model, (0.010, 0.040), steps=(200, 50), seed=1)
    assert np.median(run.staleness_of(1)) >= 3
    assert np.median(run.staleness_of(0)) <= 1
    assert run.updates == 250 and sorted(run.push_s) == list(run.push_s)


def test_sweeps_give_one_run_per_size_with_the_backups_asked_for():
    sizes = (2, 8, 40)
    runs = sim.sweep_sync(NOISY, sizes, delay_s=0.010, backups=lambda n: -(-n // 20), rounds=50)
    assert [(r.workers, r.backups) for r in runs] == [(2, 1), (8, 1), (40, 2)]
    slow = sim.sweep_sync(STEADY, sizes, delay_s=0.010, slow=1, slow_delay_s=0.040, rounds=5)
    assert all(np.allclose(r.round_s, 0.043) for r in slow)
    saved = sim.sweep_sync(STEADY, sizes, delay_s=0.010, slow=1, slow_delay_s=0.040, backups=1, rounds=5)
    assert all(np.allclose(r.round_s, 0.013) for r in saved)
    assert [r.workers for r in sim.sweep_async(NOISY, sizes, delay_s=0.010, steps=5)] == list(sizes)


def test_the_same_seed_gives_the_same_run_and_another_seed_another():
    delays = sim.cluster_delays(16, delay_s=0.010)
    a, b = (sim.simulate_async(NOISY, delays, steps=20, seed=5) for _ in range(2))
    assert np.array_equal(a.staleness, b.staleness) and np.array_equal(a.push_s, b.push_s)
    c = sim.simulate_async(NOISY, delays, steps=20, seed=6)
    assert not np.array_equal(a.push_s, c.push_s)
    s1, s2 = (sim.simulate_sync(NOISY, delays, rounds=50, seed=np.random.default_rng(9)) for _ in range(2))
    assert np.array_equal(s1.round_s, s2.round_s)


def test_calibration_recovers_the_model_it_was_drawn_from():
    truth = sim.StepModel(compute_s=0.0005, spread=0.05, overhead_s=0.001, hiccup=0.04, hiccup_factor=3.0)
    rng = np.random.default_rng(0)
    steps = sim.computing_times(truth, (0.010,), 20000, rng)[:, 0] + truth.overhead_s
    model = sim.calibrate(steps, 0.010, 0.0005)
    assert model.compute_s == 0.0005
    assert model.overhead_s == pytest.approx(0.001, abs=1e-4)
    assert model.spread == pytest.approx(0.05, rel=0.05)
    assert model.hiccup == pytest.approx(0.04, abs=0.005)
    assert model.hiccup_factor == pytest.approx(3.0, rel=0.05)
    steady = sim.calibrate(np.full(50, 0.012), 0.010, 0.0005)
    assert steady == sim.StepModel(0.0005, 0.0, 0.0015, 0.0, 1.0)


def test_quartiles_give_the_lognormal_spread():
    sigma = 0.2
    z = 0.6744897501960817
    assert sim.spread_from_quartiles(np.exp(-z * sigma), 1.0, np.exp(z * sigma)) == pytest.approx(sigma)
    assert sim.spread_from_quartiles(1.0, 1.0, 1.0) == 0.0


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: sim.simulate_sync(STEADY, (0.01, 0.01), rounds=3, backups=2), "backups must be between 0 and 1"),
        (lambda: sim.simulate_sync(STEADY, (0.01,), rounds=0), "rounds must be at least 1"),
        (lambda: sim.simulate_async(STEADY, (0.01, 0.01), steps=(3,)), "steps must be at least 1"),
        (lambda: sim.StepModel(0.001, -0.1, 0.001), "must not be negative"),
        (lambda: sim.StepModel(0.001, 0.1, 0.001, hiccup=2.0), "hiccup must be a probability"),
        (lambda: sim.cluster_delays(4, delay_s=0.01, slow=5), "slow must be between 0 and 4"),
    ],
)
def test_wrong_arguments_get_one_sentence(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_a_measured_synchronous_run_is_set_beside_its_simulation():
    from asynclab.foundation.workloads import psgd
    from asynclab.lessons.l10_distributed_sgd import distributed

    def trace(rank):
        reads = (0.0, 0.012, 0.024)
        return psgd.WorkerTrace(
            rank, "dist_sync", reads, (0, 1, 2), (1.0,) * 3, (0.011, 0.023, 0.035), (0.0,), 0.0, 0.036
        )

    run = psgd.DistRun("dist_sync", (trace(0), trace(1)), 1.0, 0)
    model = sim.StepModel(compute_s=0.001, spread=0.0, overhead_s=0.001)
    agreement = distributed.simulated_against_measured(model, run, (0.010, 0.010))
    assert agreement.unit == "ms" and agreement.measured == pytest.approx(12.0)
    assert agreement.ratio == pytest.approx(1.0)
