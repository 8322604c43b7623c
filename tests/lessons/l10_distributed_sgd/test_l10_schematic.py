"""asynclab.lessons.l10_distributed_sgd.schematic: the scheduler, the server and the workers, as the lesson runs them."""

import os

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import FancyBboxPatch  # noqa: E402

from asynclab.foundation.backends import cluster  # noqa: E402
from asynclab.foundation.figures import layout_problems  # noqa: E402
from asynclab.foundation.workloads import psgd  # noqa: E402
from asynclab.lessons.l10_distributed_sgd import schematic  # noqa: E402


def test_one_scheduler_one_server_and_the_workers_by_rank():
    layout = schematic.cluster_layout("dist_sync", workers=3)
    assert [p.name for p in layout.processes] == ["scheduler", "server", "worker 0", "worker 1", "worker 2"]
    assert [p.role for p in layout.processes] == ["scheduler", "server", "worker", "worker", "worker"]
    assert layout.process("scheduler").runs == layout.process("server").runs == "import mxnet"
    assert layout.process("worker 2").runs == 'kv = mx.kv.create("dist_sync")'
    assert layout.shared == {
        "DMLC_PS_ROOT_URI": "127.0.0.1",
        "DMLC_PS_ROOT_PORT": "a free port",
        "DMLC_NUM_SERVER": "1",
        "DMLC_NUM_WORKER": "3",
    }


def test_gradients_and_weights_go_between_workers_and_server_only():
    layout = schematic.cluster_layout("dist_async", workers=2)
    training = {(m.source, m.target, m.label) for m in layout.messages if m.when == schematic.TRAINING}
    assert training == {
        ("worker 0", "server", "push: gradient"),
        ("server", "worker 0", "pull: weights"),
        ("worker 1", "server", "push: gradient"),
        ("server", "worker 1", "pull: weights"),
    }
    startup = [(m.source, m.target) for m in layout.messages if m.when == schematic.STARTUP]
    assert sorted(startup) == [("server", "scheduler"), ("worker 0", "scheduler"), ("worker 1", "scheduler")]
    assert all(f"kv.push({psgd.KEY}, grad)" in " ".join(p.does) for p in layout.processes if p.role == "worker")


def test_the_server_says_how_each_store_applies_the_pushes():
    sync = " ".join(schematic.cluster_layout("dist_sync").process("server").does)
    asynchronous = " ".join(schematic.cluster_layout("dist_async").process("server").does)
    assert "waits for a push from every worker" in sync and "the moment it arrives" in asynchronous


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"kind": "local"}, "kind must be one of dist_sync, dist_async"),
        ({"workers": 0}, "workers must be a whole number from 1 to 4"),
        ({"workers": 5}, "workers must be a whole number from 1 to 4"),
        ({"workers": 2.0}, "workers must be a whole number"),
        ({"workers": True}, "workers must be a whole number"),
    ],
)
def test_bad_input_gets_one_sentence(kwargs, words):
    before = plt.get_fignums()  # other tests of the run may have left figures open
    with pytest.raises(ValueError, match=words) as raised:
        schematic.cluster_layout(**kwargs)
    assert str(raised.value).endswith(".")
    with pytest.raises(ValueError, match=words):
        schematic.draw_cluster(**kwargs)
    assert plt.get_fignums() == before  # refused before drawing anything


@pytest.mark.parametrize("kind", cluster.KINDS)
@pytest.mark.parametrize("workers", range(1, schematic.MAX_WORKERS + 1))
def test_every_drawing_passes_the_course_layout_check_with_every_label_inside_its_box(kind, workers):
    fig = schematic.draw_cluster(kind, workers)
    try:
        assert layout_problems(fig) == []
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[0]
        boxes = [p.get_window_extent(renderer) for p in ax.patches if isinstance(p, FancyBboxPatch)]
        for text in ax.texts:
            extent = text.get_window_extent(renderer)
            x, y = ax.transData.transform(text.get_position())
            inside = [b for b in boxes if b.contains(x, y)]
            for box in inside[-1:]:  # the innermost box: the one drawn last
                assert box.x0 <= extent.x0 and extent.x1 <= box.x1 and box.y0 <= extent.y0 and extent.y1 <= box.y1, (
                    f"{text.get_text()!r} spills out of its box"
                )
        labels = " ".join(t.get_text() for t in ax.texts)
        assert labels.count("push: gradient") == workers and f"DMLC_NUM_WORKER={workers}" in labels
    finally:
        plt.close(fig)


PROGRAM = "tests.lessons.l10_distributed_sgd.test_l10_schematic:report_environment"  # as a worker imports it


def report_environment(job):
    """A worker program for the test below: the DMLC_ variables its process was given, and its store's view."""
    import mxnet as mx

    kv = mx.kv.create(job["kind"])
    return {
        "env": {k: v for k, v in os.environ.items() if k.startswith("DMLC_")},
        "rank": kv.rank,
        "num_workers": kv.num_workers,
    }


@pytest.mark.measured
@pytest.mark.sleeps
def test_the_pictured_variables_are_the_ones_a_worker_gets():
    if not cluster.dist_kvstore_available():
        pytest.skip(cluster.NO_DIST_KVSTORE)
    layout = schematic.cluster_layout("dist_sync", workers=2)
    run = cluster.launch(PROGRAM, kind="dist_sync", workers=2, timeout=60)
    assert not cluster.alive()
    for worker in run.workers:
        env = worker.result["env"]
        pictured = dict(layout.shared, DMLC_ROLE="worker", DMLC_PS_ROOT_PORT=str(run.port))
        assert {k: env.get(k) for k in pictured} == pictured
        assert set(env) <= set(pictured), (
            f"a worker got variables the picture leaves out: {sorted(set(env) - set(pictured))}"
        )
        assert worker.result["num_workers"] == 2
    assert sorted(w.result["rank"] for w in run.workers) == [0, 1]
