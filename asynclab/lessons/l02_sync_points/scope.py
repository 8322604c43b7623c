"""Lesson 02's experiment on what a wait waits for: one array, or everything queued.

A small product ``y`` is issued on ``cpu(0)``, then a few large products of
unrelated data, either on the same device or on ``cpu(1)``, and one wait is
timed, ``y.wait_to_read()`` or ``nd.waitall()``: four probes, each from an idle
back end. ``waitall`` returns when every operation issued so far is done.
``wait_to_read`` has a narrower promise (``y`` and what it was computed from),
but MXNet keeps it by queuing an operation of its own that reads ``y``
(``ThreadedEngine::WaitForVar``), which takes its turn on ``cpu(0)``, where
MXNet queues it whatever ``y``'s device, behind whatever was queued there first. Seconds throughout. Lesson layer:
uses the foundation (timing).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from asynclab.foundation.timing import Samples, interleave

__all__ = ["DEVICES", "WAITS", "WaitScope", "wait_scope"]

#: Where the unrelated products run: on ``y``'s device (cpu(0)) or another one (cpu(1)).
DEVICES: tuple[str, ...] = ("same device", "another device")
#: The waits timed.
WAITS: tuple[str, ...] = ("y.wait_to_read()", "nd.waitall()")


@dataclass(frozen=True)
class WaitScope:
    """Seconds from a wait's call to its return, per (device, wait), beside the work alone."""

    waits: dict[tuple[str, str], Samples]
    y_alone: Samples  # the small product, issued and waited for on an idle back end
    others_alone: Samples  # the large products alone, on cpu(0)

    def share_of_others(self, device: str, wait: str) -> float:
        """The median wait over the median time of the unrelated products alone (about 1: it waited for them)."""
        return self.waits[device, wait].median / self.others_alone.median

    def rows(self) -> list[tuple[str, str, float, float, float]]:
        """(device, wait, median, first quartile, third quartile) per probe, in ms."""
        return [(device, wait, 1e3 * s.median, 1e3 * s.q1, 1e3 * s.q3) for (device, wait), s in self.waits.items()]

    def table(self) -> str:
        """The four waits in ms (median and quartiles), beside the work alone, as text.

        The figures come last on each line, unpadded, so that a figure with one digit more or less
        moves no other character of the table (nbval compares the text with its figures masked).
        """
        lines = [f"{'unrelated products on':<24}{'the wait':<20}median ms (quartiles)"]
        for device, wait, median, q1, q3 in self.rows():
            lines.append(f"{device:<24}{wait:<20}{median:.2f} ({q1:.2f}-{q3:.2f})")
        lines.append(
            f"alone: y {1e3 * self.y_alone.median:.2f} ms, the unrelated products {1e3 * self.others_alone.median:.1f} ms"
        )
        return "\n".join(lines)


def wait_scope(small: Any, large: Any, others: int = 3, rounds: int = 5) -> WaitScope:
    """Time the four waits: ``y = nd.dot(small, small)`` on cpu(0), then ``others`` products of ``large``.

    ``small`` and ``large`` are NDArrays on ``cpu(0)``; the products that go
    to ``cpu(1)`` use a copy of ``large`` made there. Each probe starts on an
    idle back end, issues ``y`` and then the others, times only the wait, and
    lets the rest finish untimed. The probes take turns
    (:func:`asynclab.foundation.timing.interleave`), ``rounds`` of each.
    """
    import mxnet as mx
    from mxnet import nd

    inputs = {DEVICES[0]: large, DEVICES[1]: large.copyto(mx.cpu(1))}
    nd.waitall()

    def probe(device: str, wait: str) -> Callable[[], float]:
        source = inputs[device]

        def run() -> float:
            nd.waitall()
            y = nd.dot(small, small)
            rest = [nd.dot(source, source) for _ in range(others)]
            start = time.perf_counter()
            if wait == WAITS[0]:
                y.wait_to_read()
            else:
                nd.waitall()
            seconds = time.perf_counter() - start
            nd.waitall()
            del rest
            return seconds

        return run

    def alone(fn: Callable[[], object]) -> Callable[[], float]:
        def run() -> float:
            nd.waitall()
            start = time.perf_counter()
            fn()
            nd.waitall()
            return time.perf_counter() - start

        return run

    probes = {f"{device}: {wait}": probe(device, wait) for device in DEVICES for wait in WAITS}
    probes["y alone"] = alone(lambda: nd.dot(small, small))
    probes["others alone"] = alone(lambda: [nd.dot(large, large) for _ in range(others)])
    samples = interleave(probes, rounds=rounds)
    return WaitScope(
        waits={(device, wait): samples[f"{device}: {wait}"] for device in DEVICES for wait in WAITS},
        y_alone=samples["y alone"],
        others_alone=samples["others alone"],
    )
