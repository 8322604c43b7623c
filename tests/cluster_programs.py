"""Worker programs for tests/test_cluster.py, named ``"tests.cluster_programs:<function>"``.

A worker imports this module by that name, so the launcher's processes must
start in the repository's root (as pytest does): ``python -m`` puts the
working folder first on the path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _push_pull(job: Mapping[str, Any], ending: str = "") -> dict:
    """Every worker pushes ``(rank + 1)`` ones into key 3 and pulls it after a barrier; its view of the store.

    ``ending`` makes worker 1 (MXNet's numbering) end badly: ``"dies"``
    exits at once with status 7 before the key exists, ``"raises"`` raises
    ValueError after it exists, before its push.
    """
    import mxnet as mx

    kv = mx.kv.create(job["kind"])
    if job["kind"] == "dist_async":
        kv.set_optimizer(mx.optimizer.SGD(learning_rate=1.0, rescale_grad=1.0))
    if ending == "dies" and kv.rank == 1:
        import os

        os._exit(7)
    kv.init(3, mx.nd.zeros((2, 3)))
    if ending == "raises" and kv.rank == 1:
        raise ValueError("worker one lost its data")
    kv.push(3, mx.nd.ones((2, 3)) * (kv.rank + 1))
    kv._barrier()  # every push has reached the server
    out = mx.nd.zeros((2, 3))
    kv.pull(3, out=out)
    return {
        "rank": kv.rank,
        "num_workers": kv.num_workers,
        "value": float(out.asnumpy()[0, 0]),
        "extra": job.get("extra"),
    }


def push_pull(job: Mapping[str, Any]) -> dict:
    """:func:`_push_pull` on every worker."""
    return _push_pull(job)


def push_pull_one_dies(job: Mapping[str, Any]) -> dict:
    """:func:`_push_pull` where worker 1 dies outright (status 7) before the key exists."""
    return _push_pull(job, "dies")


def push_pull_one_raises(job: Mapping[str, Any]) -> dict:
    """:func:`_push_pull` where worker 1 raises ValueError once the key exists."""
    return _push_pull(job, "raises")


def sleeps_in_the_store(job: Mapping[str, Any]) -> None:
    """Creates a ``dist_sync`` store, then sleeps 600 s."""
    import time

    import mxnet as mx

    _store = mx.kv.create("dist_sync")  # held while it sleeps
    time.sleep(600)


def sleeps(job: Mapping[str, Any]) -> None:
    """Imports MXNet, then sleeps 600 s."""
    import time

    import mxnet  # noqa: F401  (a worker of a store that never starts)

    time.sleep(600)


def returns_one(job: Mapping[str, Any]) -> int:
    """Returns 1."""
    return 1
