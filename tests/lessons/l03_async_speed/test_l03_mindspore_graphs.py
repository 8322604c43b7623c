"""asynclab.lessons.l03_async_speed.mindspore_graphs: the stored figures, their table and the fallback.

MindSpore is not installed by ``make test``: these tests read stored figures (the course's own and
hand-made ones) and never measure.
"""

from __future__ import annotations

import pytest

from asynclab.foundation.timing import summarize
from asynclab.lessons.l03_async_speed import mindspore_graphs as msg


def _hand_made(tmp_path):
    costs = msg.MsGraphCosts(
        ops=100,
        samples={
            "pynative": {"first": summarize([2e-3]), "issue": summarize([1e-3]), "total": summarize([1.1e-3])},
            "jit": {"first": summarize([0.2]), "issue": summarize([5e-5]), "total": summarize([1e-4])},
            "fori": {"first": summarize([0.05]), "issue": summarize([5e-5]), "total": summarize([1e-4])},
        },
        machine={"mindspore": "2.7.1"},
    )
    path = tmp_path / "reference.json"
    msg.save_reference(costs, {"cpu": "x", "os": "y", "date": "2026-11-28", "by": "a test"}, path)
    return msg.reference(path)


def test_a_stored_reference_reads_back_with_its_machine_and_paid_back_calls(tmp_path):
    costs = _hand_made(tmp_path)
    assert costs.machine["by"] == "a test" and costs.machine["mindspore"] == "2.7.1"
    assert costs.break_even_calls("jit") == pytest.approx((0.2 - 1e-4) / (1.1e-3 - 1e-4))
    table = costs.table()
    assert "@mindspore.jit" in table and "ForiLoop in jit" in table and "finished in 0.09 of PyNative's time" in table


def test_a_reference_without_where_it_was_measured_is_refused(tmp_path):
    costs = _hand_made(tmp_path)
    bare = msg.MsGraphCosts(costs.ops, costs.samples, {"mindspore": "2.7.1"})
    with pytest.raises(ValueError, match="'by' entry"):
        msg.save_reference(bare, {"cpu": "x", "os": "y", "date": "2026-11-28"}, tmp_path / "again.json")


def test_the_course_reference_says_where_it_was_measured_and_covers_every_way():
    costs = msg.reference()
    for key in ("cpu", "os", "date", "by", "mindspore", "command"):
        assert costs.machine.get(key), key
    assert set(costs.samples) == set(msg.WAYS)
    for way in msg.WAYS:
        assert set(costs.samples[way]) == set(msg.KINDS)
        assert costs.median(way, "first") > costs.median(way, "total")  # compiling, or the first call's start-up
    assert costs.median("jit", "total") < costs.median("pynative", "total")


def test_without_mindspore_costs_falls_back_to_the_reference(monkeypatch):
    monkeypatch.setattr(msg, "available", lambda: False)
    assert msg.costs().machine == msg.reference().machine
    with pytest.raises(RuntimeError, match="not installed"):
        msg.measure()
