"""Measures instead of predicting: runs step 5's program on the course's own engine (engine_reference.Engine,
which predict-schedule names as what runs what it predicts) and reads each operation's round off the records.
The class is reached with pkgutil.resolve_name("module:Class"), which the judge reads as the dotted name it
is. Right rounds, no prediction: it should earn nothing."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
import pkgutil

from asynclab.lessons.l05_inside_the_engine.checks import SCHEDULE

Runner = pkgutil.resolve_name("asynclab.lessons.l05_inside_the_engine.engine_reference:Engine")
with Runner(num_workers=2) as runner:
    tags = {n: runner.new_var(n) for n in sorted({v for _, r, m in SCHEDULE for v in r + m})}
    for label, reads, writes in SCHEDULE:
        runner.push(
            lambda: time.sleep(0.05), reads=[tags[v] for v in reads], mutates=[tags[v] for v in writes], name=label
        )
    runner.wait_all(timeout=10)
seen = sorted(runner.records, key=lambda r: r.start)
PREDICTED_ROUNDS = {}
for record in seen:
    done = [PREDICTED_ROUNDS[o.name] for o in seen if o.name in PREDICTED_ROUNDS and o.end <= record.start]
    PREDICTED_ROUNDS[record.name] = 1 + max(done) if done else 0
