"""Measures instead of predicting: a class of the cell's own, with the queue-head rule, built on the course's
EngineBase reached as an attribute of lesson 05's engine_demos module (`engine_demos.EngineBase`), runs step 5's
program with 20 ms operations and two workers, and the rounds are read off the measured starts and ends. The
judge compares a course name where the course defines it (asynclab.foundation.engine.EngineBase, the check's
measured_by): 0."""

EXPECT = {"predict-schedule": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from asynclab.foundation.engine import READ, WRITE


# %% ex5-predict-schedule
from asynclab.lessons.l05_inside_the_engine.checks import SCHEDULE
from asynclab.lessons.l05_inside_the_engine import engine_demos


class Replay(engine_demos.EngineBase):
    def _on_push(self, op):
        for var in op.reads:
            var.queue.append((op, READ))
        for var in op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var):
        while var.queue:
            op, is_write = var.queue[0]
            if is_write:
                if var.writing or var.running_reads > 0:
                    return
                var.queue.popleft()
                var.writing = True
                self._grant(op)
                return
            if var.writing:
                return
            var.queue.popleft()
            var.running_reads += 1
            self._grant(op)

    def _on_complete(self, op):
        for var in op.reads:
            var.running_reads -= 1
            if var.running_reads == 0:
                self._dispatch(var)
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)


def replayed_rounds():
    with Replay(num_workers=2) as trial:
        names = sorted({v for _, reads, writes in SCHEDULE for v in (*reads, *writes)})
        known = {n: trial.new_var(n) for n in names}
        for label, reads, writes in SCHEDULE:
            trial.push(
                lambda: time.sleep(0.02),
                reads=[known[n] for n in reads],
                mutates=[known[n] for n in writes],
                name=label,
            )
        trial.wait_all(timeout=10)
    seen = sorted(trial.records, key=lambda r: r.start)
    rounds = {}
    for record in seen:
        done = [rounds[r.name] for r in seen if r.name in rounds and r.end <= record.start + 0.005]
        rounds[record.name] = 1 + max(done) if done else 0
    return rounds


PREDICTED_ROUNDS = replayed_rounds()
