"""An engine that runs every operation inside push (NaiveEngine behaviour).

Results are right, but an op's error comes out of push, at the faulty line,
and nothing overlaps. check_errors_at_wait and check_overlap must catch it.
"""

from asynclab.engine import EngineBase

CAUGHT_BY = ("check_errors_at_wait", "check_overlap")


class StudentEngine(EngineBase):
    def __init__(self, num_workers=2, naive=False):
        super().__init__(num_workers, naive=True)     # the rule is never needed
