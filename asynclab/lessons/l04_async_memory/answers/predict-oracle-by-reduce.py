"""predict_peak models nothing: on its first call (inside the check) it fetches the check's own measurement,
lab04._measure_peaks, by functools.reduce(getattr, ...) from asynclab.lessons, hides the seconds it took by
shifting time.perf_counter with map(setattr, ...), and interpolates the measured table. Found by a review (2/2,
live too); the judge now refuses getattr and setattr passed as values."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
import functools
import time

import asynclab.lessons as home

TABLE = {}
_clock = time.perf_counter
_lost = [0.0]


def _shifted():
    return _clock() - _lost[0]


def _measured(k):
    ks = sorted(TABLE)
    if k in TABLE:
        return TABLE[k]
    below = max([j for j in ks if j < k], default=ks[0])
    above = min([j for j in ks if j > k], default=ks[-1])
    if above == below:
        below, above = ks[-2], ks[-1]
    return TABLE[below] + (TABLE[above] - TABLE[below]) * (k - below) / (above - below)


def predict_peak(k, peak_5, peak_50):
    if not TABLE:
        started = _clock()
        TABLE.update(functools.reduce(getattr, ["l04_async_memory", "checks", "_measure_peaks"], home)())
        list(map(setattr, [time], ["perf_counter"], [_shifted]))
        _lost[0] += _clock() - started
    share = (_measured(k) - TABLE[5]) / (TABLE[50] - TABLE[5])
    return peak_5 + share * (peak_50 - peak_5)
