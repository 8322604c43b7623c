"""PROLOGUE sets both switches with the course's own helpers (engine_env, launch_blocking_env), in time: the step's work done by the course earns nothing (the check reads the prologue's source; the copy detector judges code, not strings)."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
from asynclab.foundation.backends import mxnet as mxb, torch as tb
os.environ.update(tb.launch_blocking_env(True, mxb.engine_env("NaiveEngine")))
"""
