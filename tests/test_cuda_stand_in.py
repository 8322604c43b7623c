"""asynclab.checks.cuda_stand_in: a tensor on "cuda:0" on any machine, and the calls that wait for its device."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
import time  # noqa: E402

import numpy as np  # noqa: E402

from asynclab.checks.cuda_stand_in import DeviceQueue, cuda_stand_in, cuda_stand_ins  # noqa: E402

WAITS = {
    "torch.cuda.synchronize(y.device)": "synchronize",
    "torch.accelerator.synchronize(y.device)": "synchronize",  # PyTorch's device-generic wait
    "torch.cuda.current_stream(y.device).synchronize()": "Stream.synchronize",
    "e = torch.cuda.Event()\ne.record()\ne.synchronize()": "Event.synchronize",
    "y.reshape(-1)[0].item()": "item",
    "float(y.sum())": "__float__",
    "f'{y[0, 0]:.3f}'": "__format__",
    "str(y)": "__repr__",
    "y.cpu()": "cpu",
    "y.numpy(force=True)": "numpy",  # a copy to the host first
    "y.to('cpu')": "to",
    "torch.empty(y.shape).copy_(y)": "copy_",
    # a result whose size depends on the values: PyTorch reads that size on the host
    "y.reshape(-1)[:1].nonzero()": "nonzero",
    "torch.argwhere(y)": "argwhere",
    "torch.masked_select(y, y > 0)": "masked_select",
    "y.unique()": "unique",
    "torch.where(y > 0)": "where",
    "y[y > 0]": "__getitem__",
}
NO_WAITS = (
    "y.shape, y.dtype, y.device",
    "(y * 2).sum()",
    "y.to(torch.float64)",
    "torch.cuda.Event()",
    "torch.where(y > 0, y, 0.0)",
    "y[0, 1:]",
    "y[torch.tensor([0, 1])]",
)


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


@pytest.mark.parametrize("body", ["y.numpy()", "np.asarray(y)"])
def test_numpy_on_a_gpu_tensor_raises_as_pytorch_does_and_waits_for_nothing(body):
    with cuda_stand_in(np.ones((4, 4), dtype=np.float32)) as (y, waits):
        with pytest.raises(TypeError, match="can't convert cuda:0 device type tensor to numpy"):
            exec(body, {"np": np, "y": y})
    assert waits == []


def test_get_device_gives_the_index_of_the_device_the_tensor_says_it_is_on():
    with cuda_stand_in(np.ones(2, dtype=np.float32)) as (y, _waits):
        assert y.get_device() == 0 == y.device.index


def test_torch_cuda_is_put_back_even_when_the_block_raises():
    kept = torch.cuda.synchronize, torch.cuda.is_available, torch.cuda.Event, torch.cuda.is_initialized
    generic = torch.accelerator.synchronize, torch.accelerator.is_available, torch.accelerator.current_accelerator
    with pytest.raises(RuntimeError), cuda_stand_in(np.ones(2, dtype=np.float32)):
        raise RuntimeError("an answer failed")
    assert (torch.cuda.synchronize, torch.cuda.is_available, torch.cuda.Event, torch.cuda.is_initialized) == kept
    assert (
        torch.accelerator.synchronize,
        torch.accelerator.is_available,
        torch.accelerator.current_accelerator,
    ) == generic


# ------------------------------------------------------------ the device's queue, kept in time
PRODUCT_S = 0.05


def _queued(body: str) -> tuple[float, float, list[str]]:
    """Seconds ``body`` took, seconds of work its device still had queued after it, and its waits, on a
    stand-in whose queue takes PRODUCT_S a product and holds two products' work when the body starts (its
    names: y, w, torch)."""
    queue = DeviceQueue(PRODUCT_S)
    with cuda_stand_ins(np.eye(4, dtype=np.float32), np.eye(4, dtype=np.float32), queue=queue) as ((y, w), waits):
        queue.issue(2 * PRODUCT_S)
        start = time.perf_counter()
        exec(body, {"torch": torch, "y": y, "w": w})
        end = time.perf_counter()
        return end - start, queue.busy_until - end, waits


def test_issuing_products_returns_before_the_device_has_run_them():
    _, left, waits = _queued("for _ in range(3):\n    y = torch.relu(y @ w)")
    assert left > 0 and waits == []


def test_a_wait_lasts_until_every_queued_product_has_run():
    seconds, left, waits = _queued("for _ in range(3):\n    y = torch.matmul(y, w)\ny.cpu()")
    assert 4.5 * PRODUCT_S <= seconds < 10 * PRODUCT_S and left <= 0 and waits == ["cpu"]


def test_events_read_the_device_time_between_them():
    body = (
        "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\n"
        "a.record()\nfor _ in range(3):\n    y = y @ w\nb.record()\nb.synchronize()\n"
        "ms = a.elapsed_time(b)\nassert 3 * PRODUCT_S * 1e3 - 1 <= ms <= 3 * PRODUCT_S * 1e3 + 1, ms"
    )
    seconds, left, waits = _queued(body.replace("PRODUCT_S", str(PRODUCT_S)))
    assert seconds >= 4.5 * PRODUCT_S and left <= 0 and waits == ["Event.synchronize"]


# ------------------------------------------------------------ what does not wait on a GPU does not wait here
@pytest.mark.parametrize(
    "body",
    [
        "torch.cuda.current_stream(y.device).query()",
        "y.to('cpu', non_blocking=True)",
        "torch.empty(y.shape).copy_(y, non_blocking=True)",
        "torch.cuda.Stream(device=y.device).synchronize()",
        "e = torch.cuda.Event()\ne.record(torch.cuda.Stream())\ne.synchronize()",
    ],
)
def test_calls_that_do_not_wait_on_a_gpu_leave_the_queued_work_queued(body):
    _, left, _ = _queued(body)
    assert left > 0


def test_a_stream_of_its_own_waits_for_the_work_issued_on_it_only():
    body = "s = torch.cuda.Stream()\nwith torch.cuda.stream(s):\n    z = y @ w\ns.synchronize()"
    seconds, left, waits = _queued(body)
    # the stand-in keeps one device: the product ends after the two queued before it, and s waits for it
    assert seconds >= 2.5 * PRODUCT_S and left <= 0 and waits == ["Stream.synchronize"]


def test_elapsed_time_raises_as_cuda_does_without_timing_or_before_the_device_reached_the_event():
    for body in (
        "a, b = torch.cuda.Event(), torch.cuda.Event()\na.record()\nb.record()\nb.synchronize()\na.elapsed_time(b)",
        "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\n"
        "a.record()\nz = y @ w\nb.record()\na.elapsed_time(b)",
    ):
        with pytest.raises(RuntimeError):
            _queued(body)


# ------------------------------------------------------------ right ways to wait that a GPU honours
@pytest.mark.parametrize(
    "body",
    [
        "while not torch.cuda.current_stream().query():\n    pass",
        "s = torch.cuda.Stream()\ns.wait_stream(torch.cuda.default_stream())\ns.synchronize()",
        "e = torch.cuda.Event()\ne.record()\ns = torch.cuda.Stream()\ns.wait_event(e)\ns.synchronize()",
        "e = torch.cuda.Event()\ne.record()\ns = torch.cuda.Stream()\ne.wait(s)\ns.synchronize()",
        "e = torch.cuda.Event()\ne.record()\nwhile not e.query():\n    pass",
    ],
)
def test_a_wait_a_gpu_honours_lasts_until_the_queued_work_has_run(body):
    seconds, left, _ = _queued(body)
    assert seconds >= 1.9 * PRODUCT_S and left <= 0


def test_a_side_stream_that_waits_for_the_default_one_times_the_work_issued_on_it():
    body = (
        "s = torch.cuda.Stream()\ns.wait_stream(torch.cuda.current_stream())\n"
        "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\n"
        "with torch.cuda.stream(s):\n    a.record()\n    z = y @ w\n    b.record()\ns.synchronize()\n"
        "ms = a.elapsed_time(b)\nassert PRODUCT_S * 1e3 - 1 <= ms <= PRODUCT_S * 1e3 + 1, ms"
    )
    seconds, left, _ = _queued(body.replace("PRODUCT_S", str(PRODUCT_S)))
    assert seconds >= 2.9 * PRODUCT_S and left <= 0


def test_a_positional_copy_flag_after_non_blocking_false_still_waits():
    _, left, waits = _queued("y.to('cpu', torch.float32, False, True)")
    assert left <= 0 and waits == ["to"]


# ------------------------------------------------------------ a machine with two devices, the tensor on cuda:1
#: waits for the tensor's own device, named or made current; and calls that name no device, which wait for the
#: current device, cuda:0, and so for none of a tensor on cuda:1
ON_ITS_DEVICE = (
    "torch.cuda.synchronize(y.device)",
    "torch.cuda.synchronize(1)",
    "torch.cuda.current_stream(y.device).synchronize()",
    "with torch.cuda.device(y.device):\n    e = torch.cuda.Event()\n    e.record()\n    e.synchronize()",
    "torch.cuda.set_device(1)\ntorch.cuda.synchronize()",
    "y.cpu()",
    "torch.accelerator.synchronize(y.device)",
    "with torch.cuda.device_of(y):\n    torch.cuda.synchronize()",
    "torch.get_device_module(y.device).synchronize(y.device)",
    "if torch.cuda.is_initialized():\n    torch.cuda.synchronize(y.device)",
    # entering a stream of cuda:1 makes cuda:1 the current device inside the block, as in PyTorch
    "with torch.cuda.stream(torch.cuda.current_stream(y.device)):\n    torch.cuda.synchronize()",
)
ON_THE_CURRENT_DEVICE = (
    "torch.cuda.synchronize()",
    "torch.cuda.synchronize(0)",
    "torch.cuda.current_stream().synchronize()",
    "torch.cuda.default_stream().synchronize()",
    "e = torch.cuda.Event()\ne.record()\ne.synchronize()",
    "torch.accelerator.synchronize()",
    # a stream made on the current device: work on cuda:1 does not go to it, even inside its block
    "s = torch.cuda.Stream()\nwith torch.cuda.stream(s):\n    z = y @ y\ns.synchronize()",
    # the current device is cuda:0 again once a block of a stream of cuda:1 has ended
    "with torch.cuda.stream(torch.cuda.Stream(device=y.device)):\n    pass\ntorch.cuda.synchronize()",
)


def _on_cuda_1(body: str) -> float:
    """Seconds of work the tensor's device (cuda:1) still had queued after ``body`` ran (0.1 s queued before)."""
    queue = DeviceQueue(PRODUCT_S)
    with cuda_stand_in(np.eye(4, dtype=np.float32), queue=queue, index=1) as (y, _waits):
        assert str(y.device) == "cuda:1" and torch.cuda.device_count() == 2 and torch.cuda.current_device() == 0
        queue.issue(2 * PRODUCT_S)
        exec(body, {"torch": torch, "y": y})
        return queue.busy_until - time.perf_counter()


@pytest.mark.parametrize("body", ON_ITS_DEVICE)
def test_a_wait_on_a_tensors_own_device_waits_for_its_work(body):
    assert _on_cuda_1(body) <= 0


@pytest.mark.parametrize("body", ON_THE_CURRENT_DEVICE)
def test_a_wait_on_the_current_device_leaves_another_devices_work_queued(body):
    assert _on_cuda_1(body) > 0


@pytest.mark.parametrize(
    "body",
    [
        "torch.linalg.matmul(y, y)",
        "torch.inner(y, y)",
        "torch.linalg.multi_dot([y, y, y])",
        "torch.addmv(y[0], y, y[0])",
    ],
)
def test_a_product_under_any_of_its_names_keeps_the_device_busy(body):
    queue = DeviceQueue(PRODUCT_S)
    with cuda_stand_in(np.eye(4, dtype=np.float32), queue=queue) as (y, _waits):
        exec(body, {"torch": torch, "y": y})
        assert queue.busy_until - time.perf_counter() > 0.5 * PRODUCT_S


def test_a_device_the_machine_lacks_is_refused():
    with pytest.raises(ValueError, match="cuda:0 to cuda:1"), cuda_stand_in(np.ones(2, dtype=np.float32), index=2):
        pass


def test_torch_cuda_refuses_a_cpu_device_as_on_a_machine_with_gpus():
    with cuda_stand_in(np.ones(2, dtype=np.float32)):
        assert torch.cuda.is_available()
        with pytest.raises(ValueError, match="Expected a cuda device"):
            torch.cuda.synchronize(torch.device("cpu"))


def test_events_recorded_inside_a_block_of_a_stream_of_another_device_time_the_work_issued_on_it():
    body = (
        "s = torch.cuda.Stream(device=y.device)\ns.wait_stream(torch.cuda.current_stream(y.device))\n"
        "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\n"
        "with torch.cuda.stream(s):\n    a.record()\n    z = y @ y\n    b.record()\ns.synchronize()\n"
        "ms = a.elapsed_time(b)\nassert PRODUCT_S * 1e3 - 1 <= ms <= PRODUCT_S * 1e3 + 1, ms\n"
        "assert torch.cuda.current_device() == 0"
    )
    assert _on_cuda_1(body.replace("PRODUCT_S", str(PRODUCT_S))) <= 0


# ------------------------------------------------------------ every kernel costs the device time, and is seen done
OP_S = 0.02


def _with_ops(body: str) -> DeviceQueue:
    """The queue of a stand-in whose products take PRODUCT_S and other kernels OP_S, after ``body`` ran on it
    (names: y, w, torch), its device idle when the body starts."""
    queue = DeviceQueue(PRODUCT_S, op_s=OP_S)
    with cuda_stand_ins(np.eye(4, dtype=np.float32), np.eye(4, dtype=np.float32), queue=queue) as ((y, w), _w):
        exec(body, {"torch": torch, "y": y, "w": w})
    return queue


@pytest.mark.parametrize(
    "body",
    [
        *("torch.relu(y)", "y.relu_()", "y += 1", "y[0] = 2", "y.sum()", "y * (y > 0)", "y.clamp(min=0)"),
        *("y.clone()", "torch.nn.functional.relu(y, inplace=True)", "torch.clamp(y, min=0, out=y)"),
    ],
)
def test_an_operation_that_runs_a_kernel_keeps_the_device_busy(body):
    queue = _with_ops(body)
    assert queue.busy_until - time.perf_counter() > 0.5 * OP_S and queue.unseen()


@pytest.mark.parametrize(
    "body", ["y.view(16)", "y.T", "y.reshape(2, 8)", "y.detach()", "y[0]", "y.float()", "y.shape", "y.dim()"]
)
def test_views_and_attributes_cost_the_device_nothing(body):
    assert not _with_ops(body).unseen()


@pytest.mark.parametrize(
    "body",
    [
        "y = torch.relu(y @ w)\ntorch.cuda.synchronize()",
        "y = torch.relu(y @ w)\ny.cpu()",
        "y = torch.relu(y @ w)\nh = y.to('cpu')",
        "y = torch.relu(y @ w)\nh = torch.empty(4, 4).copy_(y)",
        "y = torch.relu(y @ w)\nn = y.nonzero()",
        "y = torch.relu(y @ w)\ns = torch.cuda.current_stream(y.device)\nwhile not s.query():\n    pass",
        "a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)\n"
        "a.record()\ny = torch.relu(y @ w)\nb.record()\nwhile True:\n"
        "    try:\n        a.elapsed_time(b)\n        break\n    except RuntimeError:\n        pass",
    ],
)
def test_the_queue_knows_the_host_has_seen_its_work_done(body):
    assert not _with_ops(body).unseen()


def test_an_operation_issued_after_the_last_wait_is_unseen_however_soon_the_code_returns():
    queue = _with_ops("z = y @ w\nz.cpu()\ny = torch.relu(z)")
    assert queue.unseen()
