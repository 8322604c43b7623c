"""head_start measures instead of predicting: it starts a Python process of its own with MXNET_CPU_TEMP_COPY=copies, runs the step's schedule there under MXNet's profiler and counts cpu(0)'s products done before cpu(1)'s first began. The check's profile of its own process sees no operator, so the measurement passes for a prediction."""

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

reps = int(sys.argv[1])
xa = nd.random.uniform(shape=(700, 700))
xb = xa.copyto(mx.cpu(1))
nd.waitall()
found = []
for attempt in range(3):
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
print(json.dumps(min(found)))
"""


def head_start(reps, copies):
    env = dict(os.environ, MXNET_CPU_TEMP_COPY=str(copies))
    run = subprocess.run([sys.executable, "-c", CHILD, str(reps)], env=env, capture_output=True, text=True, check=True)
    return int(json.loads(run.stdout.strip().splitlines()[-1]))
