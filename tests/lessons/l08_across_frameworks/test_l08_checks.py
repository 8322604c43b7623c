"""Lab 08's checks: what they refuse in one sentence before measuring anything."""

import time

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l08_across_frameworks import checks as lab08


def _verdict(fn, *args):
    with pytest.raises(CheckFailed) as failed:
        fn(*args)
    return str(failed.value)


def test_a_finish_that_is_no_function_fails_in_one_sentence():
    assert _verdict(lab08.check_finish_every_framework, "finish") == (
        "FAIL [finish-every-framework] finish must be a function, not str"
    )


def test_a_timed_forward_that_is_no_function_fails_in_one_sentence():
    assert _verdict(lab08.check_timed_forward_fixed, 0.06) == (
        "FAIL [timed-forward-fixed] timed_forward must be a function, not float"
    )


def test_a_timed_forward_that_returns_no_pair_fails_in_one_sentence():
    text = _verdict(lab08.check_timed_forward_fixed, lambda x, weights: 0.06)
    assert text == (
        "FAIL [timed-forward-fixed] timed_forward must return a pair: the network's output and the seconds it took"
    )


def test_a_timed_forward_that_raises_names_the_framework_and_the_error():
    def raises(x, weights):
        raise RuntimeError("Found no NVIDIA driver on your system (CUDA)")

    text = _verdict(lab08.check_timed_forward_fixed, raises)
    assert text == (
        "FAIL [timed-forward-fixed] timed_forward failed on MXNet's arrays: RuntimeError: Found no NVIDIA "
        "driver on your system (CUDA) (this machine has no CUDA device)"
    )


def _finish_outcome(finish_s, left_s, done_s=0.00001, one_left_s=None):
    """What finish-every-framework measures on five rounds of a 2000x2000 product (0.2 s, issued in 0.3 ms) and a
    1000x1000 one (25 ms), for a finish that takes ``finish_s`` and leaves ``left_s`` of the product queued (and
    ``one_left_s``, by default as much, of the norm of such a product), and ``done_s`` on a 2000x2000 product
    already computed."""
    one_left_s = left_s if one_left_s is None else one_left_s
    from asynclab.checks.core import Outcome

    enqueue = 0.0003
    samples = {
        "mxnet.enqueue": [enqueue] * 5,
        "mxnet.finish": [finish_s] * 5,
        "mxnet.left": [left_s] * 5,
        "mxnet.span": [enqueue + finish_s + left_s] * 5,
        "one.left": [one_left_s] * 5,
        "one.span": [0.2] * 5,  # issued, computed, and idle: 0.2 s whether finish waited or not
        "small.finish": [min(finish_s, 0.025)] * 5,
        "small.compute": [0.025] * 5,
        "small.size": [1000.0] * 5,
        "done.finish": [done_s] * 5,
        "done.compute": [0.2] * 5,
    }
    check = lab08.check_finish_every_framework
    return check, Outcome(samples, check.bands(samples), rounds=5, seconds=1.0)


def test_a_finish_that_sleeps_a_few_milliseconds_fails_on_what_it_left_queued():
    """4 ms is over 10x the product's issuing time, yet almost all of the product is still queued."""
    check, outcome = _finish_outcome(finish_s=0.004, left_s=0.196)
    with pytest.raises(CheckFailed) as failed:
        check.judge(outcome)
    assert str(failed.value) == (
        "FAIL [finish-every-framework] when finish(y) returned on a 2000x2000 MXNet product, 0.98 of the "
        "product's time was still queued (needs <= 0.25): finish(y) returned before y was computed"
    )


def test_a_finish_that_sleeps_as_long_as_the_product_would_take_fails_on_a_computed_one():
    """A sleep sized by y's shape (1.5x the product) leaves nothing queued, but sleeps on a product already done."""
    check, outcome = _finish_outcome(finish_s=0.3, left_s=0.0, done_s=0.3)
    with pytest.raises(CheckFailed) as failed:
        check.judge(outcome)
    assert str(failed.value).startswith(
        "FAIL [finish-every-framework] on a 2000x2000 MXNet product already computed, finish(y) took 1.50x"
    )
    assert "not for a time worked out from y's shape" in str(failed.value)


def test_a_finish_that_waits_only_for_large_arrays_fails_on_a_norm():
    """A one-value result of a 2000x2000 product returned at once: all of its time is still queued."""
    check, outcome = _finish_outcome(finish_s=0.2, left_s=0.00002, one_left_s=0.2)
    with pytest.raises(CheckFailed) as failed:
        check.judge(outcome)
    assert str(failed.value) == (
        "FAIL [finish-every-framework] when finish(y) returned on a one-value MXNet array computed from a "
        "2000x2000 product, 1.00 of its time was still queued (needs <= 0.25): finish(y) returned before y was "
        "computed"
    )


def test_a_finish_that_waits_for_the_product_passes():
    check, outcome = _finish_outcome(finish_s=0.2, left_s=0.00002)
    assert check.judge(outcome).passed


def _forward_outcome(**changed):
    """What timed-forward-fixed measures on five rounds of a right answer (every probe's forward 20 ms, its
    seconds reported at 1.0x, nothing queued, 0.99 of each PyTorch and NumPy call on its clock, the call 1 ms
    longer than its input's work and the forward, MXNet's first product of the forward begun 0.99x the
    seconds reported before the return), with the figures in ``changed`` (``"probe.series": value``) in
    place."""
    from asynclab.checks.core import Outcome

    samples = {}
    for probe in lab08._PROBES:
        figures = {"seconds": 0.02, "compute": 0.02, "left": 0.0, "clocked": 0.99, "idle": 0.001}
        if probe in lab08._TIMED:
            figures["started"] = 0.99
        for series, value in figures.items():
            samples[f"{probe}.{series}"] = [changed.get(f"{probe}.{series}", value)] * 5
    for probe in lab08._GPU:  # the stand-in GPU's probes: seconds reported and the forward's device time
        for series, value in {"seconds": 0.02, "device": 0.02}.items():
            samples[f"{probe}.{series}"] = [changed.get(f"{probe}.{series}", value)] * 5
    check = lab08.check_timed_forward_fixed
    return check, Outcome(samples, check.bands(samples), rounds=5, seconds=1.0)


def test_a_right_timed_forward_passes_and_names_every_framework():
    check, outcome = _forward_outcome()
    result = check.judge(outcome)
    assert result.passed
    assert "one-row input" in str(result) and "PyTorch and NumPy" in str(result)


#: made-up outcomes of wrong timed_forwards (figures changed from a right one's) and the words each must fail with
WRONG_FORWARDS = {
    # no wait on PyTorch: next to nothing of the deep network's device time is on the clock
    "clock stopped before the stand-in GPU computed": (
        {"PyTorch_gpu_deep.seconds": 0.0001},
        "on PyTorch tensors on cuda:1 (the check's stand-in for a GPU), timed_forward reported 0.01x",
        "its clock did not run over all of the forward's device work",
    ),
    # the clock started after the first layer: (L-1)/L of the forward, 0.8 at five layers
    "clock started after the first layer on the stand-in GPU": (
        {"PyTorch_gpu.seconds": 0.016},
        "timed_forward reported 0.80x the forward's device time (needs >= 0.9x)",
    ),
    "clock started after the first layer on MXNet": (
        {"MXNet_plain.started": 1.33},
        "on MXNet's network on plain weights, outside the record, the forward's first matrix product began 1.33x "
        "the seconds timed_forward reported before it returned, as MXNet's profiler shows (needs <= 1.1x)",
    ),
    "clock started after the first layer on PyTorch": (
        {"PyTorch.clocked": 0.8},
        "on PyTorch, timed_forward reported 0.80x the seconds from the first operation its output depends on to "
        "its return (needs >= 0.9x): its clock did not run over the whole forward that computed its output",
    ),
    # no wait for the input: its layer's 1.5 forwards of device time are on the clock too
    "clock also ran over the input's layer on the stand-in GPU": (
        {"PyTorch_gpu.seconds": 0.05},
        "timed_forward reported 2.50x the forward's device time (needs <= 1.4x)",
        "its clock also ran over other work the device did",
    ),
    # a 0.3 s sleep that outlasts the one-row network's input by 0.28 s: 14x its 20 ms forward
    "sleep in place of the wait for the input": (
        {"MXNet_row.idle": 0.28},
        "on MXNet's one-row network, timed_forward took 14.00x the forward's compute time beyond",
        "wait for the input itself, not for a fixed time",
    ),
    # a figure from the multiply-adds reads near 0.03x the one-row network's forward
    "seconds worked out from the shapes": (
        {"MXNet_row.seconds": 0.0006},
        "on MXNet's one-row network, timed_forward reported 0.03x",
        "it did not time the forward's work",
    ),
    "sleep worked out from the shapes": (
        {"MXNet_row.left": 0.019, "MXNet_row.seconds": 0.002},
        "when timed_forward returned on MXNet's one-row network, MXNet still had",
    ),
    # a constant that fits the drawn network's time is thousands of times the tiny network's call
    "seconds typed in for PyTorch": (
        {"PyTorch_tiny.clocked": 2000.0},
        "FAIL [timed-forward-fixed] on PyTorch's tiny network, timed_forward reported 2000.00x the seconds its "
        "own call took (needs <= 1.05x)",
    ),
    "seconds far below NumPy's forward": (
        {"NumPy.seconds": 0.001},
        "on NumPy, timed_forward reported 0.05x the forward's compute time (needs >= 0.25x)",
    ),
}


@pytest.mark.parametrize("wrong", WRONG_FORWARDS)
def test_a_wrong_timed_forward_fails_in_words_that_say_why(wrong):
    changed, *words = WRONG_FORWARDS[wrong]
    check, outcome = _forward_outcome(**changed)
    with pytest.raises(CheckFailed) as failed:
        check.judge(outcome)
    for text in words:
        assert text in str(failed.value)


def test_an_mxnet_output_computed_outside_mxnet_is_refused():
    """NumPy's forward, its output converted back: values and type right, but no MXNet product computed it."""
    import time

    import numpy as np
    from mxnet import nd

    def in_numpy(x, weights):
        h = x.asnumpy()
        start = time.perf_counter()
        for w in weights:
            h = np.maximum(h @ w.asnumpy(), 0)
        return nd.array(h), time.perf_counter() - start

    assert _verdict(lab08.check_timed_forward_fixed, in_numpy) == (
        "FAIL [timed-forward-fixed] on MXNet, timed_forward's output was not computed by MXNet's products from "
        "the weights it was handed, as MXNet's autograd record shows: the forward must run in the framework of its "
        "input, with recording left as the check set it (no autograd.pause())"
    )


@pytest.mark.sleeps
def test_the_gpu_probe_refuses_a_forward_that_returns_before_its_device_has_run_it():
    torch = pytest.importorskip("torch")
    from asynclab.checks import Rejected

    def issues_only(x, weights):  # a typed-in figure: no wait, no clock
        out = x
        for w in weights:
            out = torch.relu(torch.matmul(out, w))
        return out, 0.01 * len(weights)

    def waits(x, weights):
        start = time.perf_counter()
        out = x
        for w in weights:
            out = torch.relu(torch.matmul(out, w))
        torch.cuda.synchronize(out.device)
        return out, time.perf_counter() - start

    def stops_before_the_last_relu(x, weights):  # waits for the last product, then issues the relu
        start = time.perf_counter()
        out = x
        for w in weights:
            product = torch.matmul(out, w)
            if w is weights[-1]:
                product.cpu()
            out = torch.relu(product)
        return out, time.perf_counter() - start

    for wrong in (issues_only, stops_before_the_last_relu):
        with pytest.raises(Rejected, match="returned without waiting for all the work it issued on the device"):
            lab08._gpu_probe(wrong, 3, 0.01)()
    figures = lab08._gpu_probe(waits, 3, 0.01)()
    assert figures["seconds"] >= figures["device"]


@pytest.mark.sleeps
def test_the_gpu_probe_on_cuda_1_refuses_a_wait_for_the_current_device_and_takes_one_for_the_tensors():
    torch = pytest.importorskip("torch")
    from asynclab.checks import Rejected

    def timed(wait):
        def timed_forward(x, weights):
            wait(x)
            start = time.perf_counter()
            out = x
            for w in weights:
                out = torch.relu(torch.matmul(out, w))
            wait(out)
            return out, time.perf_counter() - start

        return timed_forward

    current = timed(lambda y: torch.cuda.synchronize())  # the current device: cuda:0
    own = timed(lambda y: torch.cuda.synchronize(y.device))
    assert lab08._GPU == {"PyTorch_gpu": 0, "PyTorch_gpu_deep": 1}
    assert lab08._gpu_probe(current, 3, 0.01, index=0)()["seconds"] >= 0.03  # right where x is on cuda:0
    with pytest.raises(Rejected, match="on PyTorch on cuda:1, timed_forward returned without waiting for all the work"):
        lab08._gpu_probe(current, 3, 0.01, index=1)()
    figures = lab08._gpu_probe(own, 3, 0.01, index=1)()
    assert figures["seconds"] >= figures["device"]


def test_products_began_counts_back_from_the_mark_of_the_return_and_only_products():
    from asynclab.foundation.profiling import OpSpan, Trace

    def span(name: str, start: float) -> OpSpan:
        return OpSpan(name, 0, 0, start, start + 0.1)

    trace = Trace(
        spans=[span("dot", 9.0), span("relu", 9.6), span("FullyConnected", 9.5), span("dot", 10.5)],
        calls=[span(lab08.MARK_CALL, 8.0), span(lab08.MARK_CALL, 10.0)],
    )
    assert lab08._products_began(trace) == pytest.approx([0.5, 1.0])
    with pytest.raises(RuntimeError, match="did not record the check's mark"):
        lab08._products_began(Trace(spans=trace.spans))


def test_products_began_leaves_out_a_tiny_product_issued_after_a_late_clock():
    from asynclab.foundation.profiling import OpSpan, Trace

    def product(start: float, seconds: float = 0.1) -> OpSpan:
        return OpSpan("dot", 0, 0, start, start + seconds)

    # the input's queued products, the first layer, a 1x1 product right after the clock, two more layers
    layers = [product(t) for t in (8.0, 8.1, 8.2, 8.3)]
    probe = OpSpan("dot", 0, 0, 8.41, 8.41 + 1e-5)
    trace = Trace(spans=[*layers, probe, product(8.45), product(8.55)], calls=[OpSpan(lab08.MARK_CALL, 0, 0, 8.7, 8.7)])
    began = lab08._products_began(trace)
    assert len(began) == 6 and began[2] == pytest.approx(0.4)  # the third most recent is the first layer, not the probe
