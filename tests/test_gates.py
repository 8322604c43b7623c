"""The checks' gates in MXNet's back end (asynclab.checks.gates): they say when the work before them finished,
without a thread that waits."""

from __future__ import annotations

import time

import pytest

from asynclab.checks.gates import finished_after, gate

pytestmark = [pytest.mark.measured, pytest.mark.sleeps]


def test_a_gate_behind_a_product_reports_when_the_product_was_written():
    from mxnet import nd

    x = nd.ones((1500, 1500))
    nd.waitall()
    since = time.perf_counter()
    product = nd.dot(x, x)
    end = finished_after(product, since)
    issued = time.perf_counter() - since  # the product runs in the back end for far longer than this
    product.wait_to_read()
    nd.waitall()
    assert end.shape == (1,)
    assert issued < float(end.asscalar()) <= time.perf_counter() - since


def test_a_gate_holds_the_work_queued_behind_it_until_it_opens():
    from mxnet import nd

    source = nd.zeros((1,))
    source.wait_to_read()
    since = time.perf_counter()
    held = gate(source, since, opens=since + 0.2) + 1
    issued = time.perf_counter() - since
    assert issued < 0.2  # issuing does not wait for the gate
    assert float(held.asscalar()) >= 1.2  # one plus the seconds from since to the gate's opening


@pytest.mark.memory
def test_a_gate_holds_its_workspace_while_it_waits_and_gives_it_back_before_it_finishes():
    from mxnet import nd

    from asynclab.foundation.memory import rss_mb

    source = nd.zeros((1,))
    nd.waitall()
    before = rss_mb()
    since = time.perf_counter()
    end = gate(source, since, workspace_mb=200, held_s=2.0)
    held = 0.0  # the most the process held over `before` while the gate waits, MB
    while held <= 150 and time.perf_counter() - since < 1.5:  # on a busy machine the gate starts late
        held = max(held, rss_mb() - before)
        time.sleep(0.01)
    nd.waitall()
    after = rss_mb() - before  # the work queued is done: the workspace is given back
    assert float(end.asscalar()) >= 2.0
    assert held > 150 and after < 50, (held, after)
