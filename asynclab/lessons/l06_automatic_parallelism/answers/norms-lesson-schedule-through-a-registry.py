"""norms_both takes its products from lesson 06's own interleaved schedule, looked up in a dict of schedules that
the cell fills through a list that holds it (_shelf = [SCHEDULES]; _shelf[0]["turns"] = parallelism.interleaved).
A name placed in a container joins the names of that container's object, so the store through _shelf is a store
into SCHEDULES, and norms_both uses the course's function to do the step's work: 0."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd


# %% ex1-norms-both
from asynclab.lessons.l06_automatic_parallelism import parallelism

SCHEDULES = {}
_shelf = [SCHEDULES]
_shelf[0]["turns"] = parallelism.interleaved


def norms_both(xa, xb, reps):
    products = SCHEDULES["turns"](xa, xb, reps)
    return [nd.norm(y) for y in products[0::2]] + [nd.norm(y) for y in products[1::2]]
