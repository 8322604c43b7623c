"""The workloads that lessons and checks measure, defined once.

- :mod:`~asynclab.foundation.workloads.matrices`: MXNet inputs, operations and loops
  (lessons 01-03);
- :mod:`~asynclab.foundation.workloads.mlp`: the multilayer-perceptron epoch and its
  memory probe (lesson 04);
- :mod:`~asynclab.foundation.workloads.busy`: single-threaded NumPy work of a chosen
  duration and two operations on an engine (lesson 05);
- :mod:`~asynclab.foundation.workloads.native`: glibc allocator and OpenBLAS thread calls.

Foundation layer: these modules import only :mod:`asynclab.foundation.timing`,
:mod:`asynclab.foundation.memory`, :mod:`asynclab.foundation.backends` and :mod:`asynclab.foundation.engine`
(and MXNet only inside functions), never a lesson helper, so that editing a
lesson's demo cannot change what a check measures.
"""

from asynclab.foundation.workloads.busy import PATTERNS, busy_matmul, busy_matmul_side, busy_op, busy_sort, two_ops
from asynclab.foundation.workloads.matrices import (
    LOOP_KINDS,
    ArrayOp,
    LoopTiming,
    ProductWorkload,
    add_one,
    async_loop,
    check_n,
    mx_dot,
    random_matrix,
    slow_source,
    square_matrix,
    sync_loop,
    time_loop,
)
from asynclab.foundation.workloads.mlp import (
    HALF,
    LAB,
    LOADERS,
    MB,
    SEED,
    DeviceLoader,
    HostLoader,
    IncompleteEpoch,
    Loop,
    MLPConfig,
    TrainResult,
    as_number,
    check_sync_every,
    loss_values,
    make_loader,
    make_mlp,
    peak_probe,
    require_full_epoch,
    run_epoch,
    sync_label,
    train_epoch,
    train_loop,
    waiting_loop,
)
from asynclab.foundation.workloads.native import (
    EXACT_ENV,
    EXACT_THRESHOLD,
    blas_threads,
    map_large_allocations,
    one_blas_thread,
    release_free_memory,
)

__all__ = [
    "PATTERNS",
    "busy_matmul",
    "busy_matmul_side",
    "busy_op",
    "busy_sort",
    "two_ops",
    "LOOP_KINDS",
    "ArrayOp",
    "LoopTiming",
    "ProductWorkload",
    "add_one",
    "async_loop",
    "check_n",
    "mx_dot",
    "random_matrix",
    "slow_source",
    "square_matrix",
    "sync_loop",
    "time_loop",
    "HALF",
    "LAB",
    "LOADERS",
    "MB",
    "SEED",
    "DeviceLoader",
    "HostLoader",
    "IncompleteEpoch",
    "Loop",
    "MLPConfig",
    "TrainResult",
    "as_number",
    "check_sync_every",
    "loss_values",
    "make_loader",
    "make_mlp",
    "peak_probe",
    "require_full_epoch",
    "run_epoch",
    "sync_label",
    "train_epoch",
    "train_loop",
    "waiting_loop",
    "EXACT_ENV",
    "EXACT_THRESHOLD",
    "blas_threads",
    "map_large_allocations",
    "one_blas_thread",
    "release_free_memory",
]
