"""One home per lesson: ``lNN_<slug>/`` holds a lesson's demonstrations, its lab's checks
(``checks.py``), its answer catalogue (``answers/``), its tests and its ``lesson.toml``.
:mod:`asynclab.course` finds them."""
