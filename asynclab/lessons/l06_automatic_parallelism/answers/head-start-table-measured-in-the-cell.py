"""head_start looks its answer up in a table measured when the answer cell runs: a Python process per number of workspaces, started with MXNET_CPU_TEMP_COPY set, runs the step's schedule under MXNet's profiler for every count. The call itself neither runs MXNet nor takes long, so only the judge can tell: an answer that starts another process scores 0. Found by a review (2/2 before)."""

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
  found = []
  for attempt in range(1):
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
      found.append(sum(1 for _, end in spans[0] if end <= first + 100))
  table[reps] = min(found)
print(json.dumps(table))
"""

TABLE = {}
for setting in (2, 3, 5, 6):
    env = dict(os.environ, MXNET_CPU_TEMP_COPY=str(setting))
    run = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    for count, value in json.loads(run.stdout.strip().splitlines()[-1]).items():
        TABLE[(int(count), setting)] = int(value)


def head_start(reps, copies):
    return TABLE[(reps, copies)]
