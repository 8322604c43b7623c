"""asynclab.lessons.l05_inside_the_engine.schematic: the per-variable queues, as the lesson's engine keeps them."""

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import FancyBboxPatch  # noqa: E402

from asynclab.foundation.figures import layout_problems  # noqa: E402
from asynclab.lessons.l05_inside_the_engine import schematic  # noqa: E402
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine  # noqa: E402

STATEMENTS = schematic.STATEMENTS
FIRST_TWO, THIRD = ["P = Q + 1", "R = Q * 3"], ["Q = P + R"]


def _queue(state, var):
    return [(e.op, "write" if e.write else "read", "granted" if e.granted else "waiting") for e in state.queues[var]]


def test_after_the_four_pushes_the_two_readers_of_q_are_ready():
    state = schematic.layout_queues(STATEMENTS)
    assert state.ready == ("P = Q + 1", "R = Q * 3")
    assert _queue(state, "Q") == [
        ("P = Q + 1", "read", "granted"),  # readers run together
        ("R = Q * 3", "read", "granted"),
        ("Q = P + R", "write", "waiting"),  # write after read: waits for both readers
        ("S = Q - P", "read", "waiting"),  # nothing overtakes the head: the read waits behind the write
    ]
    assert _queue(state, "P") == [
        ("P = Q + 1", "write", "granted"),
        ("Q = P + R", "read", "waiting"),  # read after write
        ("S = Q - P", "read", "waiting"),
    ]
    # S = Q - P holds its grant on S at once, but misses Q and P: granted somewhere is not ready
    assert _queue(state, "S") == [("S = Q - P", "write", "granted")]
    assert state.waiting == {"Q = P + R": ("P", "R", "Q"), "S = Q - P": ("Q", "P")}
    assert state.variables == ("Q", "P", "R", "S")  # the order of first use


def test_finishing_releases_the_variables_as_the_engine_does():
    after = schematic.layout_queues(STATEMENTS, FIRST_TWO, variables=["P", "Q", "R", "S"])
    assert after.variables == ("P", "Q", "R", "S") and after.finished == tuple(FIRST_TWO)
    assert after.ready == ("Q = P + R",)
    assert _queue(after, "P") == [("Q = P + R", "read", "granted"), ("S = Q - P", "read", "granted")]
    assert _queue(after, "Q") == [("Q = P + R", "write", "granted"), ("S = Q - P", "read", "waiting")]
    assert after.waiting == {"S = Q - P": ("Q",)}
    last = schematic.layout_queues(STATEMENTS, FIRST_TWO + THIRD)
    assert last.ready == ("S = Q - P",) and last.queues["R"] == () and last.waiting == {}


def test_the_layout_agrees_with_the_order_the_threaded_engine_runs():
    """Whatever a step of the layout calls ready, the real engine may start; what it calls waiting ends later."""
    ops = [
        ("a = x + 1", ["x"], ["a"]),
        ("x += 1", [], ["x"]),
        ("b = x * a", ["x", "a"], ["b"]),
        ("c = x - 1", ["x"], ["c"]),
    ]
    finished: list[str] = []
    order = []
    while len(finished) < len(ops):
        ready = schematic.layout_queues(ops, finished).ready
        order.append(ready)
        finished += list(ready)
    assert order == [("a = x + 1",), ("x += 1",), ("b = x * a", "c = x - 1")]
    with Engine(num_workers=2) as engine:
        var = {n: engine.new_var(n) for n in "xabc"}
        for name, reads, writes in ops:
            engine.push(lambda: None, reads=[var[v] for v in reads], mutates=[var[v] for v in writes], name=name)
    records = {r.name: r for r in engine.records}
    for earlier, later in zip(order, order[1:]):
        for a in earlier:
            for b in later:
                assert records[a].end <= records[b].start


@pytest.mark.parametrize(
    "ops, finish, variables, words",
    [
        ([], (), None, "non-empty list of (name, reads, writes)"),
        ([("a", "x", [])], (), None, "must be a list of variable names"),
        ([("a", ["x"], ["x"])], (), None, "both read and written"),
        ([("a", ["x", "x"], [])], (), None, "appears twice"),
        ([("a", ["x"], []), ("a", ["y"], [])], (), None, "two operations are named 'a'"),
        ([("a", ["x"])], (), None, "must be (name, reads, writes)"),
        (STATEMENTS, ["Q = P + R"], None, "cannot finish yet: it is still waiting for P, R, Q"),
        (STATEMENTS, ["T = 1"], None, "not one of the operations"),
        (STATEMENTS, ["P = Q + 1", "P = Q + 1"], None, "appears twice in finish"),
        (STATEMENTS, (), ["P", "Q", "R"], "it misses S"),
        (STATEMENTS, (), ["P", "Q", "R", "S", "T"], "no operation uses T"),
    ],
)
def test_bad_input_gets_one_sentence(ops, finish, variables, words):
    with pytest.raises(ValueError, match=re.escape(words)) as raised:
        schematic.layout_queues(ops, finish, variables=variables)
    text = str(raised.value)
    assert text.endswith(".") and text.count(". ") == 0  # one sentence


def _texts_inside_their_boxes(fig):
    renderer = fig.canvas.get_renderer()
    fig.draw(renderer)
    ax = fig.axes[0]
    boxes = [p.get_window_extent(renderer) for p in ax.patches if isinstance(p, FancyBboxPatch)]
    for text in ax.texts:
        extent = text.get_window_extent(renderer)
        x, y = ax.transData.transform(text.get_position())
        for box in boxes:
            if box.contains(x, y):
                assert box.x0 <= extent.x0 and extent.x1 <= box.x1 and box.y0 <= extent.y0 and extent.y1 <= box.y1, (
                    f"{text.get_text()!r} spills out of its box"
                )


def test_the_drawing_passes_the_course_layout_check_with_every_label_inside_its_box():
    fig = schematic.draw_queues(STATEMENTS, [FIRST_TWO, THIRD], variables=list("PQRS"))
    try:
        assert layout_problems(fig) == []
        _texts_inside_their_boxes(fig)
        labels = [t.get_text() for t in fig.axes[0].texts]
        assert "after the four pushes, before anything has run" in labels
        assert "then P = Q + 1 and R = Q * 3 finish" in labels and "then Q = P + R finishes" in labels
        assert "Q = P + R\nwrite, waiting" in labels and "S = Q - P:  ready: a worker may start it" in labels
    finally:
        plt.close(fig)


def test_a_bad_group_to_finish_gets_one_sentence():
    before = plt.get_fignums()  # other tests of the run may have left figures open
    with pytest.raises(ValueError, match="each group of then_finish must be a list"):
        schematic.draw_queues(STATEMENTS, ["P = Q + 1"])
    assert plt.get_fignums() == before  # no new figure
