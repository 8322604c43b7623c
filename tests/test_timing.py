"""timing: Benchmark, measure, interleave, split. A fake clock keeps them exact."""

import pytest

from asynclab.foundation import timing


class FakeClock:
    """perf_counter stand-in that moves only when told to."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(timing.time, "perf_counter", fake)
    return fake


def test_benchmark_prints_label_and_returns_seconds(clock, capsys):
    with timing.Benchmark("queued") as b:
        clock.advance(0.25)
    assert b.seconds == pytest.approx(0.25)
    assert capsys.readouterr().out == "queued: 0.2500 sec\n"
    assert float(b) == pytest.approx(0.25)


def test_benchmark_synchronizes_before_stopping_the_clock(clock, capsys):
    with timing.Benchmark("work", sync=lambda: clock.advance(1.5), quiet=True) as b:
        clock.advance(0.001)
    assert b.seconds == pytest.approx(1.501)
    assert capsys.readouterr().out == ""


def test_benchmark_without_sync_stops_at_the_block_end(clock):
    calls = []
    with timing.Benchmark("x", sync=False, quiet=True) as b:
        clock.advance(0.5)
    assert b.seconds == pytest.approx(0.5) and calls == []


def test_benchmark_listeners_see_every_finished_block(clock):
    seen = []
    timing.add_listener(lambda label, s: seen.append((label, s)))
    try:
        with timing.Benchmark("a", quiet=True):
            clock.advance(1)
    finally:
        timing._listeners.clear()
    assert seen == [("a", 1.0)]


def test_benchmark_rejects_bad_arguments():
    with pytest.raises(TypeError):
        timing.Benchmark(3)
    with pytest.raises(TypeError):
        timing.Benchmark("x", sync="yes")
    with pytest.raises(ValueError):
        float(timing.Benchmark("unfinished"))


def test_measure_counts_warmups_and_repeats(clock):
    calls = []

    def work():
        calls.append(1)
        clock.advance(0.1 * len(calls))

    samples = timing.measure(work, repeat=3, warmup=2)
    assert len(calls) == 5
    assert samples.values == pytest.approx((0.3, 0.4, 0.5))
    assert samples.median == pytest.approx(0.4)
    assert samples.min == pytest.approx(0.3)


def test_measure_rejects_bad_arguments():
    with pytest.raises(TypeError):
        timing.measure(42)
    with pytest.raises(ValueError):
        timing.measure(lambda: None, repeat=-1)
    with pytest.raises(ValueError):
        timing.measure(lambda: None, warmup=-1)
    with pytest.raises(TypeError):
        timing.measure(lambda: None, repeat=2.5)


def test_samples_statistics():
    s = timing.Samples((1.0, 2.0, 3.0, 4.0, 100.0))
    assert s.median == 3.0 and s.min == 1.0 and s.max == 100.0
    assert s.q1 == 2.0 and s.q3 == 4.0 and s.iqr == 2.0
    assert "n=5" in str(s)
    with pytest.raises(ValueError):
        timing.Samples(())


def test_interleave_alternates_order():
    order = []
    result = timing.interleave(
        {"a": lambda: order.append("a") or 1.0, "b": lambda: order.append("b") or 2.0}, rounds=3, warmup=0
    )
    assert order == ["a", "b", "b", "a", "a", "b"]
    assert result["a"].values == (1.0, 1.0, 1.0) and result["b"].median == 2.0


def test_split_separates_issue_and_wait(clock):
    s = timing.split(lambda: clock.advance(0.001), lambda _: clock.advance(0.199))
    assert s.enqueue == pytest.approx(0.001) and s.finish == pytest.approx(0.199)
    assert s.enqueue_share == pytest.approx(0.005)
    with pytest.raises(TypeError):
        timing.split(None, lambda _: None)


def test_run_interleaved_alternates_and_stops_early():
    order = []
    probes = {"a": lambda: order.append("a") or 1, "b": lambda: order.append("b") or 2}
    run = timing.run_interleaved(
        probes, warmup=1, min_rounds=2, max_rounds=6, settled=lambda samples: len(samples["a"]) >= 3
    )
    assert order == ["a", "b", "a", "b", "b", "a", "a", "b"]
    assert run.rounds == 3 and run.samples == {"a": [1, 1, 1], "b": [2, 2, 2]}
    with pytest.raises(ValueError):
        timing.run_interleaved(probes, min_rounds=3, max_rounds=2)
    with pytest.raises(TypeError, match="'c' is not callable"):
        timing.run_interleaved({"c": 1})


def test_fit_line_is_a_timing_model():
    from asynclab.lessons.l03_async_speed import models

    fit = timing.fit_line([1, 2, 3], [1.5, 2.5, 3.5])
    assert tuple(fit) == pytest.approx((0.5, 1.0)) and fit.predict(10) == pytest.approx(10.5)
    assert models.fit_line is timing.fit_line and models.LineFit is timing.LineFit
    assert timing.relative_error(1.1, 1.0) == pytest.approx(0.1)


def test_span_is_a_plain_interval():
    span = timing.Span("worker-0", "op", 1.0, 1.5)
    assert (span.row, span.label, span.end - span.start) == ("worker-0", "op", 0.5)


def test_per_call_settles_times_the_calls_and_waits_only_for_the_last_result(clock):
    events = []

    def call():
        clock.advance(0.002)
        events.append("call")
        return len(events)

    def wait(result):
        clock.advance(0.010)
        events.append(f"wait {result}")

    probe = timing.per_call(call, 3, settle=lambda: events.append("settle"), wait=wait)
    assert probe() == pytest.approx((3 * 0.002 + 0.010) / 3)
    assert events == ["settle", "call", "call", "call", "wait 4", "settle"]
    issued = timing.per_call(call, 2, settle=lambda: None)
    assert issued() == pytest.approx(0.002)  # no wait: issuing only
    with pytest.raises(ValueError, match="at least one call"):
        timing.per_call(call, 0, settle=lambda: None)
