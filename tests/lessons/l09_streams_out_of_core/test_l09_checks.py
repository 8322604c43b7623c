"""Lab 09's checks: their own reference, the profiled run's scaled copies, and the copy detector on the lesson's
reduce_pipelined."""

from __future__ import annotations

import numpy as np
import pytest

from asynclab.foundation.workloads import chunked
from asynclab.grading import answers as catalogue
from asynclab.grading import copies
from asynclab.grading.layout import find_solution
from asynclab.lessons.l09_streams_out_of_core import checks as lab09
from asynclab.tooling import nbtools
from tests.test_catalogue import SOLUTIONS


@pytest.mark.parametrize("n", [1000, lab09._BLOCK - 1, lab09._BLOCK + 1, 2 * lab09._BLOCK + 7])
def test_the_reference_is_the_chains_energy_across_its_blocks(n):
    with chunked.dataset(n, seed=n) as data:
        x = np.fromfile(data.path, dtype=np.int8).astype(np.float64)
        assert lab09._reference(data) == 0.5 * float(np.square(x[1:] - x[:-1]).sum())
        assert data.delivered == 0, "the reference reads the file, not the device"


def test_a_fail_says_how_it_missed_never_the_right_value():
    class Data:
        n = 12345

    for got in (1000.5, 3000.5, 2000.5 * (1 + 1e-9), float("nan")):
        with pytest.raises(lab09.Rejected) as failed:
            lab09._exact(Data(), got, 2000.5, "several chunks")
        assert "2000.5" not in str(failed.value) and "1000" not in str(failed.value)


LESSON_COPY = '''
def reduce_pipelined(data, chunk):
    """Issue chunk i, then wait for chunk i - 1: the back end computes while the next chunk is read."""
    total, pending = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        part = chunked.energy(chunked.load(values))  # issued: the back end starts on it
        if pending is not None:
            total += pending.asscalar()  # waits for the chunk before, not this one
        pending = part
    return total + pending.asscalar() if pending is not None else total
'''


def _scores(source: str) -> dict[str, float]:
    solution = nbtools.read(find_solution(SOLUTIONS, "09"))
    nb = catalogue.Answer("09", "t", "t", {"ex1-chain-energy": source}, {}).apply(solution)
    judge = copies.judge_for(solution)
    sources, found = [], {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if nbtools.is_check(cell):
            name = nbtools.grade_id(cell)[len("check-") :]
            scores = judge.scores(sources, cell.source, name)
            found[name] = max((score for score, _ in scores.values()), default=0.0)
        sources.append(cell.source)
    return found


@pytest.mark.parametrize(
    "label, source",
    [
        ("pasted", LESSON_COPY + "\n\nchain_energy = reduce_pipelined\n"),
        ("renamed", LESSON_COPY.replace("reduce_pipelined", "chain_energy").replace("pending", "earlier")),
        (
            "wrapped",
            LESSON_COPY.replace("total", "acc") + "\n\ndef chain_energy(data, chunk):\n"
            "    return float(reduce_pipelined(data, chunk))\n",
        ),
    ],
)
def test_the_lessons_reduce_pipelined_re_types_the_course_on_every_check(label, source):
    """No check is exempt: a copy of the lesson's loop is re-typed course code on all four that take
    chain_energy, whatever it is named (the fifth, predict-memory-growth, takes a prediction: data)."""
    scores = {name: score for name, score in _scores(source).items() if name != "predict-memory-growth"}
    assert len(scores) == 4 and min(scores.values()) >= copies.THRESHOLD, f"the {label} copy: {scores}"


def test_the_handed_data_set_is_the_checks_however_it_is_set():
    """Its fields live outside the object: no way of setting them changes what the check reads back."""
    with chunked.dataset(5000, seed=1, mb_per_s=500.0) as data:
        handed = lab09._handed_class()(data)
        with pytest.raises(AttributeError, match="not set data.mb_per_s"):
            handed.mb_per_s = None
        with pytest.raises(AttributeError, match="not set data.mb_per_s"):
            object.__setattr__(handed, "mb_per_s", None)
        with pytest.raises(AttributeError, match="only chunked.read_chunks changes it"):
            object.__setattr__(handed, "delivered", data.n)
        vars(handed)["delivered"] = data.n
        vars(handed)["mb_per_s"] = None
        assert handed.delivered == 0 and handed.mb_per_s == 500.0
        assert sum(len(c) for c in chunked.read_chunks(handed, 1024)) == data.n == handed.delivered
        assert handed.n == data.n
        with pytest.raises(AttributeError, match="its values come through chunked.read_chunks"):
            handed.seed  # noqa: B018  (the values drawn again from it would stand in for reading them)
        # the file is the device's: only read_chunks reads the path (it read every value above)
        with pytest.raises(AttributeError, match="read its values through chunked.read_chunks"):
            handed.path  # noqa: B018
        assert "path" not in repr(handed)


def test_copies_into_mxnet_are_marked_then_restored():
    """Within the block every copy of two or more values into a floating-point MXNet array holds marks, one a
    byte at most in every 64 values, whichever road it takes, and the caller's values stay as they were; a
    one-value copy and an NDArray's copy are left as they are; after it, copies are the ordinary ones."""
    import mxnet as mx
    from mxnet import nd

    rng = np.random.default_rng(7)
    values = rng.integers(-128, 128, 64 * 100, dtype=np.int8)
    as_float = values.astype(np.float64)
    with lab09._marked_copies() as marked:
        roads = [chunked.load(values), mx.np.array(as_float), nd.zeros(values.size, dtype="float64")]
        roads[2][:] = as_float
        assert nd.array([0.0], dtype="float64").asnumpy().tolist() == [0.0]
        assert nd.array(roads[0]).asnumpy().tolist() == roads[0].asnumpy().tolist()
        for x in roads:
            held = x.asnumpy()
            assert x.dtype == np.float64
            assert np.abs(held - values).max() <= 128 and 50 <= np.count_nonzero(held != values) <= 100
    assert as_float.tolist() == values.tolist()
    assert len(marked.ends) == len(roads) and marked.values == len(roads) * values.size
    assert chunked.load(values).asnumpy().tolist() == values.tolist()


def test_the_energies_of_marked_copies_need_every_spring():
    """A chain energy computed in MXNet from the marked copies is among the results the check accepts, with its
    boundary springs from the raw values or from the copies, and whether the copies overlap by a value or not;
    forgetting the boundaries, computing the springs from the raw values, or dropping a chunk is not."""
    from mxnet import nd

    rng = np.random.default_rng(8)
    chunks = [rng.integers(-128, 128, 1000, dtype=np.int8) for _ in range(3)]
    steps = np.diff(np.concatenate(chunks).astype(np.int64))
    energy = 0.5 * int(steps @ steps)

    def inside(x) -> float:
        return float((0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar())

    with lab09._marked_copies() as marked:
        loaded = [chunked.load(c) for c in chunks]
    springs = sum(inside(x) for x in loaded)
    raw = sum(0.5 * (int(b[0]) - int(a[-1])) ** 2 for a, b in zip(chunks, chunks[1:]))
    held = sum(0.5 * (y[0].asscalar() - x[-1].asscalar()) ** 2 for x, y in zip(loaded, loaded[1:]))
    accepted = marked.energies(energy)
    assert springs + raw in accepted and springs + held in accepted
    assert springs not in accepted  # the boundaries forgotten
    assert energy not in accepted  # the springs of the raw values
    # a copy that starts with the last value of the one before holds the boundary: nothing to add
    with lab09._marked_copies() as overlapping:
        loaded = [chunked.load(chunks[0])]
        loaded += [chunked.load(np.concatenate((a[-1:], b))) for a, b in zip(chunks, chunks[1:])]
    assert sum(inside(x) for x in loaded) in overlapping.energies(energy)
    # the last chunk never copied: its springs are missing from the result
    with lab09._marked_copies() as dropped:
        loaded = [chunked.load(c) for c in chunks[:-1]]
    springs = sum(inside(x) for x in loaded) + 0.5 * (int(chunks[1][0]) - int(chunks[0][-1])) ** 2
    assert springs not in dropped.energies(energy)


def test_a_chunk_is_a_whole_number_of_at_least_two_values_capped_at_the_data_set():
    assert lab09._chunk_for(lambda budget: 2**30, 16, 5000) == 5000
    assert lab09._chunk_for(lambda budget: np.int64(300), 16, 5000) == 300
    for value, words in ((1, "at least 2"), (True, "whole number"), (2.0**20, "whole number"), (None, "whole number")):
        with pytest.raises(lab09.Rejected, match=words):
            lab09._chunk_for(lambda budget, value=value: value, 16, 5000)


def test_the_sweep_judges_every_budget_between_the_ones_run():
    """A rule right at the budgets drawn but over one in between fails; a bad value in between is rejected."""

    def fitting(budget: int) -> int:
        return budget * 10**6 // (8 * 4)  # a quarter of the budget per chunk

    def jumps_at_300(budget: int) -> int:
        return 2**24 if budget == 300 else fitting(budget)  # 134 MB: three of them are over 300 MB

    largest, n = 2**24, 2**25
    assert lab09._over_in_between(fitting, 3.0, largest, n) is None
    assert "over the 300 MB budget" in lab09._over_in_between(jumps_at_300, 3.0, largest, n)
    assert lab09._over_in_between(jumps_at_300, 3.0, 2**23, n) is None, "a chunk longer than any run is not judged"
    with pytest.raises(lab09.Rejected, match=r"choose_chunk\(300\) returned 1 values"):
        lab09._over_in_between(lambda budget: 1 if budget == 300 else fitting(budget), 3.0, largest, n)


def test_the_upper_budget_of_a_rule_that_jumps_to_its_longest_chunk_is_where_it_jumps():
    long_n = lab09._length(lab09.UPPER_LENGTH_MB * 10**6 // (8 * lab09.CHUNK), lab09.CHUNK)

    def capped(budget):  # the solution's rule: a sixth of the budget, at most 2**22 values
        return int(min(budget * 1e6 / 6 / 8, 2**22))

    def mib_as_mb(budget):  # 2**22 values taken as 32 MB: five of them "fit" from 160 MB on
        return 2**22 if budget >= 5 * 32 else int(budget * 1e6 / 6 / 8)

    def uncapped(budget):  # its chunk at the large budget does not fit eight times into the long data set
        return int(budget * 1e6 / 6 / 8)

    assert [lab09._jump_budget(rule, 400, long_n) for rule in (capped, mib_as_mb, uncapped)] == [202, 160, None]
    assert lab09._jump_budget(lambda budget: 2**22, 600, long_n) == max(lab09.MIDDLE_BUDGETS) + 1
