"""The instructor's batch grader: ``python -m asynclab grade``.

Small modules, each with one job:

- :mod:`~asynclab.grading.model`     -- plain result objects (checks, submissions)
- :mod:`~asynclab.grading.layout`    -- find the solution and the submissions
- :mod:`~asynclab.grading.restore`   -- put the instructor's check cells back by ``grade_id``
- :mod:`~asynclab.grading.guard`     -- code the grader runs in the kernel before student code and checks
- :mod:`~asynclab.grading.watchdog`  -- a memory limit on the kernel's process tree
- :mod:`~asynclab.grading.kernel`    -- one kernel: start, run a cell, survive timeouts and deaths
- :mod:`~asynclab.grading.scoring`   -- score a check cell from its own machine-readable result
- :mod:`~asynclab.grading.scan`      -- flag suspicious student code for the instructor
- :mod:`~asynclab.grading.runner`    -- grade one submission
- :mod:`~asynclab.grading.integrity` -- hashes of the engine source and of the submissions
- :mod:`~asynclab.grading.report`    -- gradebook, Gradescope results, feedback, summary (atomic writes)
- :mod:`~asynclab.grading.answers`   -- the catalogue of known answers (each lesson home's ``answers/``) as notebooks
- :mod:`~asynclab.grading.cli`       -- the command line and the class loop
"""
