"""Re-export of :func:`asynclab.workloads.mlp.waiting_loop` for tests not yet ported.

Tests import ``waiting_loop`` from :mod:`asynclab.workloads`; this file goes
once no test imports it any more.
"""

from asynclab.workloads.mlp import waiting_loop

__all__ = ["waiting_loop"]
