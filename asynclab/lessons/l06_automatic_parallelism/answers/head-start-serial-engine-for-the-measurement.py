"""head_start believes cpu(1) waits for all of cpu(0)'s products (wrong: head-start-fully-serial), and on every
call sets MXNET_ENGINE_TYPE=NaiveEngine in os.environ: this kernel's engine has long started and keeps going,
and the fresh process in which the check measures the head start, which inherited the environment, ran every
operator in the order issued and found exactly reps products of cpu(0) done before cpu(1)'s first: it scored 2
until the check started that process with MXNet's defaults."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
import os


def head_start(reps, copies):
    os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"  # "deterministic" runs
    return reps
