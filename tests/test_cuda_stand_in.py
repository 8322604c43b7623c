"""asynclab.checks.cuda_stand_in: a tensor on "cuda:0" on any machine, and the calls that wait for its device."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
import numpy as np  # noqa: E402

from asynclab.checks.cuda_stand_in import cuda_stand_in  # noqa: E402

WAITS = {
    "torch.cuda.synchronize(y.device)": "synchronize",
    "torch.cuda.current_stream(y.device).synchronize()": "Stream.synchronize",
    "e = torch.cuda.Event()\ne.record()\ne.synchronize()": "Event.synchronize",
    "y.reshape(-1)[0].item()": "item",
    "float(y.sum())": "__float__",
    "f'{y[0, 0]:.3f}'": "__format__",
    "str(y)": "__repr__",
    "y.cpu()": "cpu",
    "y.to('cpu')": "to",
    "torch.empty(y.shape).copy_(y)": "copy_",
}
NO_WAITS = ("y.shape, y.dtype, y.device", "(y * 2).sum()", "y.to(torch.float64)", "torch.cuda.Event()")


def _run(body: str) -> list[str]:
    with cuda_stand_in(np.ones((4, 4), dtype=np.float32)) as (y, waits):
        assert y.device.type == "cuda" and y.is_cuda and isinstance(y, torch.Tensor)
        exec(body, {"torch": torch, "y": y})
    return waits


@pytest.mark.parametrize("body", list(WAITS))
def test_every_call_that_waits_for_the_device_is_noted(body):
    assert _run(body) == [WAITS[body]]


@pytest.mark.parametrize("body", NO_WAITS)
def test_what_does_not_wait_is_not_noted(body):
    assert _run(body) == []


def test_torch_cuda_is_put_back_even_when_the_block_raises():
    kept = torch.cuda.synchronize, torch.cuda.is_available, torch.cuda.Event
    with pytest.raises(RuntimeError), cuda_stand_in(np.ones(2, dtype=np.float32)):
        raise RuntimeError("an answer failed")
    assert (torch.cuda.synchronize, torch.cuda.is_available, torch.cuda.Event) == kept
