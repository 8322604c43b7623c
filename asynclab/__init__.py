"""asynclab: the engine behind the Asynchronous Computation Lab.

Modules in layers, each with one job. The foundation imports nothing above it:

- :mod:`asynclab.foundation.timing`    -- clocks, ``Benchmark``, the interleaving scheduler, line fits (seconds)
- :mod:`asynclab.foundation.memory`    -- resident memory (MB) and a background peak sampler
- :mod:`asynclab.foundation.backends`  -- per-framework synchronization, devices, fresh processes
- :mod:`asynclab.foundation.engine`    -- the small dependency engine of lesson 05
- :mod:`asynclab.foundation.workloads` -- the matrices, loops, MLP epoch and native calls that lessons and checks measure

On the foundation:

- :mod:`asynclab.checks`    -- declared checks and the one runner that grades them (foundation only)
- lesson helpers: :mod:`~asynclab.lessons.l02_sync_points.syncpoints`, :mod:`~asynclab.lessons.l03_async_speed.loops`, :mod:`~asynclab.lessons.l03_async_speed.models`,
  :mod:`~asynclab.lessons.l04_async_memory.training`, :mod:`~asynclab.lessons.l05_inside_the_engine.engine_demos`, :mod:`~asynclab.foundation.plots` (matplotlib)
- tooling: :mod:`asynclab.tooling.nbtools` (notebooks, lab generation), :mod:`asynclab.grading` (the batch grader)

Importing the package imports nothing heavy and changes nothing.
"""

__version__ = "0.1.0"
