"""asynclab.foundation.torch_lineage: which PyTorch calls a tensor's values depend on, and when the first began.

Tiny tensors; the tests compare the order of clock readings, never a duration.
"""

import time

import numpy as np
import torch

from asynclab.foundation.torch_lineage import Lineage


def _forward(h, weights):
    for w in weights:
        h = torch.relu(h @ w)
    return h


def _small():
    return torch.ones(4, 4), [torch.eye(4) for _ in range(3)]


def test_a_forward_done_twice_counts_from_the_second():
    x, weights = _small()
    with Lineage() as lineage:
        first = _forward(x, weights)
        between = time.perf_counter()
        second = _forward(x, weights)
    assert lineage.began(first) < between < lineage.began(second)


def test_work_after_the_result_does_not_move_its_start():
    x, weights = _small()
    with Lineage() as lineage:
        y = _forward(x, weights)
        z = y.sum()  # after the forward, and not what y depends on
    assert lineage.began(z) == lineage.began(y)


def test_an_in_place_operation_continues_the_lineage_of_what_it_wrote():
    x, weights = _small()
    with Lineage() as lineage:
        before = time.perf_counter()
        h = x
        for w in weights:
            h = h.mm(w)
            h.relu_()
        after = time.perf_counter()
    began = lineage.began(h)
    assert before <= began < after
    assert lineage.calls >= 2 * len(weights)


def test_copies_made_before_the_forward_are_part_of_its_lineage():
    x, weights = _small()
    with Lineage() as lineage:
        copies = [w.clone() for w in weights]
        forward_starts = time.perf_counter()
        y = _forward(x, copies)
    assert lineage.began(y) < forward_starts


def test_a_tensor_no_call_returned_has_no_lineage():
    with Lineage() as lineage:
        made = torch.from_numpy(np.ones(3, dtype=np.float32))
    outside = torch.ones(3)
    assert lineage.began(outside) is None
    assert lineage.began(made) is None  # torch.from_numpy does not pass through a TorchFunctionMode


def test_calls_outside_the_block_are_not_seen():
    x, weights = _small()
    with Lineage() as lineage:
        pass
    y = _forward(x, weights)
    assert lineage.calls == 0 and lineage.began(y) is None


def test_a_call_that_hands_back_its_input_unchanged_wrote_nothing():
    x, weights = _small()
    with Lineage() as lineage:
        x.cpu()  # the same tensor on the CPU: no work
        x.contiguous()
        forward_starts = time.perf_counter()
        y = _forward(x, weights)
    assert lineage.began(y) > forward_starts
