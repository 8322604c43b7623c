"""asynclab: the engine behind the Asynchronous Computation Lab.

Modules in layers, each with one job. The foundation imports nothing above it:

- :mod:`asynclab.timing`    -- clocks, ``Benchmark``, the interleaving scheduler, line fits (seconds)
- :mod:`asynclab.memory`    -- resident memory (MB) and a background peak sampler
- :mod:`asynclab.backends`  -- per-framework synchronization, devices, fresh processes
- :mod:`asynclab.engine`    -- the small dependency engine of lesson 05
- :mod:`asynclab.workloads` -- the matrices, loops, MLP epoch and native calls that lessons and checks measure

On the foundation:

- :mod:`asynclab.checks`    -- declared checks and the one runner that grades them (foundation only)
- lesson helpers: :mod:`~asynclab.syncpoints`, :mod:`~asynclab.loops`, :mod:`~asynclab.models`,
  :mod:`~asynclab.training`, :mod:`~asynclab.engine_demos`, :mod:`~asynclab.plots` (matplotlib)
- tooling: :mod:`asynclab.nbtools` (notebooks, lab generation), :mod:`asynclab.grading` (the batch grader)

Importing the package imports nothing heavy and changes nothing.
"""

__version__ = "0.1.0"
