"""The course's split of a call into enqueue and finish (asynclab.foundation.timing.split and its Split), pasted into the answer instead of imported, and read as the first idea: it re-types the course's code, so it earns nothing."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-waits-for-back-end
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Split:
    enqueue: float
    finish: float

    @property
    def total(self) -> float:
        return self.enqueue + self.finish

    @property
    def enqueue_share(self) -> float:
        return self.enqueue / self.total if self.total > 0 else 1.0


def split(launch: Callable[[], object], wait: Callable[[object], object]) -> Split:
    if not callable(launch) or not callable(wait):
        raise TypeError("split() needs two callables: launch() and wait(result).")
    start = time.perf_counter()
    result = launch()
    issued = time.perf_counter()
    wait(result)
    done = time.perf_counter()
    return Split(enqueue=issued - start, finish=done - issued)


def waits_for_back_end(work):
    nd.waitall()
    return split(work, lambda _: nd.waitall()).enqueue_share > 0.5
