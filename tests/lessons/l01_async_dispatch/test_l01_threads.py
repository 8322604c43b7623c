"""asynclab.lessons.l01_async_dispatch.threads: the Python thread's calls against the engine's worker, profiled."""

import pytest

from asynclab.lessons.l01_async_dispatch import threads


@pytest.mark.measured
def test_the_front_end_issues_then_waits_while_the_worker_computes():
    from mxnet import nd

    x = nd.random.uniform(shape=(800, 800))
    x.wait_to_read()

    def work():
        for _ in range(3):
            nd.dot(x, x)
        nd.waitall()

    profile = threads.two_threads(work)
    front = [b for b in profile.bars if b.row == threads.FRONT_ROW]
    worker = [b for b in profile.bars if b.row == threads.WORKER_ROW]
    assert front[-1].label == "MXNDArrayWaitAll" and [b.label for b in worker].count("dot") == 3
    assert front[0].start == 0.0 and profile.issued_s < profile.wait_s  # issuing is short, the wait long
    # the wait ends with the worker's last product: not before it, and within a tenth of the run after it
    # (one clock, the profiler's; the slack is the waiting thread's wake-up on a busy machine)
    last = max(b.end for b in worker)
    assert last - 1e-4 <= front[-1].end <= last + 0.1 * profile.ran_s


@pytest.mark.measured
def test_work_that_never_waits_gets_one_sentence():
    from mxnet import nd

    with pytest.raises(ValueError, match="must issue operations and then wait"):
        threads.two_threads(lambda: nd.ones((2, 2)))
    nd.waitall()
