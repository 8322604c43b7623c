"""The foundation every lesson and check stands on; it imports nothing of asynclab above it.

- :mod:`~asynclab.foundation.timing`: clocks, ``Benchmark``, interleaved rounds, line fits (seconds)
- :mod:`~asynclab.foundation.memory`: resident memory (MB) and a background peak sampler
- :mod:`~asynclab.foundation.profiling`: reading MXNet's profiler traces and aggregate tables
- :mod:`~asynclab.foundation.plots`: the course's figures (matplotlib)
- :mod:`~asynclab.foundation.engine`: the small dependency engine's base (lesson 05)
- :mod:`~asynclab.foundation.backends`: per-framework synchronization, devices, fresh processes
- :mod:`~asynclab.foundation.workloads`: the matrices, loops, epochs and native calls that lessons
  and checks measure
"""
