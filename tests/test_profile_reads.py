"""asynclab.checks.profile_reads: a stop or read of MXNet's profiler after a program returned, before a waitall."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mxnet")
from mxnet import nd, profiler  # noqa: E402

from asynclab.checks.profile_reads import watched_profile  # noqa: E402
from asynclab.foundation.profiling import configure, trace_file  # noqa: E402


@pytest.fixture(autouse=True)
def _configured():
    """The profiler configured with aggregate statistics (its table cannot be read before), and empty after."""
    configure(profile_imperative=True, aggregate_stats=True, filename=trace_file("test-profile-reads.json"))
    yield
    nd.waitall()
    profiler.set_state("stop")
    profiler.dumps(reset=True)


def _program() -> None:
    nd.ones((50, 50)).__mul__(2)


def _unwaited(body) -> list[str]:
    with watched_profile() as watch:
        body(watch.wrap(_program))
    nd.waitall()
    return watch.unwaited


def test_a_wait_between_the_program_and_the_stop_is_enough():
    def body(fn):
        fn()
        nd.waitall()
        profiler.set_state("stop")
        profiler.dumps(reset=True)

    assert _unwaited(body) == []


def test_a_stop_or_read_before_the_wait_is_noted_by_what_was_called():
    def stop_first(fn):
        fn()
        profiler.set_state("stop")
        nd.waitall()

    def read_after_a_sleep(fn):
        import time

        fn()
        time.sleep(0.01)
        profiler.dumps(reset=True)

    def pause(fn):
        fn()
        profiler.pause()
        profiler.resume()

    assert _unwaited(stop_first) == ['profiler.set_state("stop")']
    assert _unwaited(read_after_a_sleep) == ["profiler.dumps()"]
    assert _unwaited(pause) == ["profiler.pause()"]


def test_the_same_wait_under_another_name_counts_and_a_start_is_no_read():
    kept = nd.waitall  # a reference taken before the block is watched too

    def body(fn):
        profiler.set_state("run")
        fn()
        kept()
        profiler.set_state("stop")
        fn()
        mx.npx.waitall()
        profiler.dumps(reset=True)

    assert _unwaited(body) == []


def test_mxnet_s_functions_are_put_back_even_when_the_block_raises():
    from mxnet.base import _LIB

    before = _LIB.MXNDArrayWaitAll, _LIB.MXSetProcessProfilerState, _LIB.MXAggregateProfileStatsPrintEx
    with pytest.raises(RuntimeError), watched_profile():
        raise RuntimeError("an answer failed")
    assert (_LIB.MXNDArrayWaitAll, _LIB.MXSetProcessProfilerState, _LIB.MXAggregateProfileStatsPrintEx) == before
