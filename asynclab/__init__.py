"""asynclab: the engine behind the Asynchronous Computation Lab.

Modules, each with one job:

- :mod:`asynclab.timing`   -- clocks, ``Benchmark`` and repeated measurements
- :mod:`asynclab.memory`   -- resident memory and a background peak sampler
- :mod:`asynclab.backends` -- per-framework synchronisation and devices
- :mod:`asynclab.checks`   -- autograded relationships between measurements
- :mod:`asynclab.plots`    -- matplotlib figures for the lessons
- :mod:`asynclab.nbtools`  -- notebook normalisation and lab generation
- :mod:`asynclab.grading`  -- the instructor's batch grader

Importing the package imports nothing heavy and changes nothing.
"""

__version__ = "0.1.0"
