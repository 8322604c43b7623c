"""Measures instead of predicting, on the student's own engine of step 2, reached without
naming it: type(engine), engine being the name the lab's locked "try it" cell of step 2 bound (with
StudentEngine(num_workers=2) as engine). The step's program is pushed on a fresh one (0.1 s sleeps) and the
rounds read off its records. The step says a prediction computed by running an engine, one's own included, scores 0."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
import time

_program = (
    ("load x", (), ("x",)),
    ("load y", (), ("y",)),
    ("load v", (), ("v",)),
    ("z = f(x, y)", ("x", "y"), ("z",)),
    ("x[:] = 0", (), ("x",)),
    ("w = g(v)", ("v",), ("w",)),
    ("print(x)", ("x",), ()),
    ("out = h(z, w)", ("z", "w"), ("out",)),
)
_runner = type(engine)(num_workers=2)
_vars = {n: _runner.new_var(n) for n in "xyvzwo"}
_vars["out"] = _vars["o"]
for _name, _r, _m in _program:
    _runner.push(lambda: time.sleep(0.1), reads=[_vars[v] for v in _r], mutates=[_vars[v] for v in _m], name=_name)
_runner.wait_all(timeout=10)
_runner.shutdown()
_t0 = min(r.start for r in _runner.records)
PREDICTED_ROUNDS = {r.name: round((r.start - _t0) / 0.1) for r in _runner.records}
