"""asynclab.lessons.l01_async_dispatch.threads: the Python thread's calls against the engine's worker, profiled."""

import pytest

from asynclab.lessons.l01_async_dispatch import threads


@pytest.mark.measured
def test_the_front_end_issues_then_waits_while_the_worker_computes():
    from mxnet import nd

    # three products of 1500 x 1500 run for about 0.2 s quiet, three times the longest hold-up of the
    # issuing thread seen under make test's load (68 ms); the issuing itself takes under a millisecond
    x = nd.random.uniform(shape=(1500, 1500))
    x.wait_to_read()

    def work():
        for _ in range(3):
            nd.dot(x, x)
        nd.waitall()

    profile = threads.two_threads(work)
    front = [b for b in profile.bars if b.row == threads.FRONT_ROW]
    worker = [b for b in profile.bars if b.row == threads.WORKER_ROW]
    assert front[-1].label == "MXNDArrayWaitAll" and [b.label for b in worker].count("dot") == 3
    # the issuing returns before the worker's last product ends: the front end does not wait for the work
    last = max(b.end for b in worker)
    assert front[0].start == 0.0 and profile.issued_s < last
    # the wait ends with the worker's last product: not before it, and within a tenth of the run after it
    # (one clock, the profiler's; the slack is the waiting thread's wake-up on a busy machine)
    assert last - 1e-4 <= front[-1].end <= last + 0.1 * profile.ran_s


@pytest.mark.measured
def test_work_that_never_waits_gets_one_sentence():
    from mxnet import nd

    with pytest.raises(ValueError, match="must issue operations and then wait"):
        threads.two_threads(lambda: nd.ones((2, 2)))
    nd.waitall()
