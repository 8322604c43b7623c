"""head_start looks its answer up in a table measured when the answer cell runs, in a Python process per number of workspaces (as head-start-table-measured-in-the-cell), in a cell with a PEP 8 line break before a % operator inside parentheses: Python, not a magic, which the copy judge reads as IPython does."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
import json
import os
import subprocess
import sys

CHILD = r"""
import json, os, re, sys, tempfile
import mxnet as mx
from mxnet import nd, profiler

xa = nd.random.uniform(shape=(700, 700))
xb = xa.copyto(mx.cpu(1))
nd.waitall()
table = {}
for reps in range(4, 13):
    path = os.path.join(tempfile.mkdtemp(), "t.json")
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=path)
    profiler.set_state("run")
    ys = [nd.dot(xa, xa) for _ in range(reps)] + [nd.dot(xb, xb) for _ in range(reps)]
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    events = [json.loads(m) for m in re.findall(r"\{[^{}]*\}", open(path).read())]
    spans, open_ = {0: [], 1: []}, {}
    for e in events:
        if e.get("cat") != "operator" or e.get("name") != "dot" or e.get("ph") not in ("B", "E"):
            continue
        key = (int(e["pid"]), int(e["tid"]))
        if e["ph"] == "B":
            open_[key] = e["ts"]
        elif key in open_ and key[0] in spans:
            spans[key[0]].append((open_.pop(key), e["ts"]))
    first = min(s for s, _ in spans[1])
    table[reps] = sum(1 for _, end in spans[0] if end <= first + 100)
print(json.dumps(table))
"""

TABLE = {}
for setting in (2, 3, 5, 6):
    env = dict(os.environ, MXNET_CPU_TEMP_COPY=str(setting))
    run = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    for count, value in json.loads(run.stdout.strip().splitlines()[-1]).items():
        TABLE[(int(count), setting)] = int(value)
# fmt: off
print("head starts for %d counts and %d settings"  # noqa: UP031
      % (len({r for r, _ in TABLE}), len({c for _, c in TABLE})))
# fmt: on


def head_start(reps, copies):
    return TABLE[(reps, copies)]
