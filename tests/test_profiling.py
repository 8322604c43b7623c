"""asynclab.foundation.profiling: reading MXNet's traces, and the overlap arithmetic the lab 06 checks rest on.

The texts below have the three forms a dump of MXNet 1.9.1 takes (first
dump: header and device names, list left open; later dumps: a leading
comma, no header; a closed file), cut down from real dumps.
"""

import os
import subprocess
import sys

import pytest

from asynclab.foundation.profiling import OpSpan, TraceError, busy_overlap, busy_time, parse_trace, share_beside

FIRST_DUMP = """{
    "traceEvents": [
        {"ph": "M", "args": {"name": "cpu/0"}, "pid": 0, "name": "process_name"},
        {"ph": "M", "args": {"name": "cpu/1"}, "pid": 1, "name": "process_name"}
,

        {"name": "dot", "cat": "operator", "ph": "B", "ts": 1000, "pid": 0, "tid": 77},
        {"name": "dot", "cat": "operator", "ph": "E", "ts": 31000, "pid": 0, "tid": 77}
,

        {"name": "dot", "cat": "operator", "ph": "B", "ts": 2000, "pid": 1, "tid": 88},
        {"name": "dot", "cat": "operator", "ph": "E", "ts": 30000, "pid": 1, "tid": 88}
,
        {"name": "MXImperativeInvokeEx", "cat": "MXNET_C_API", "ph": "b", "ts": 900, "id": 1, "pid": 5, "tid": 9},
        {"name": "Memory: cpu/0", "cat": "Device Storage", "ph": "C", "ts": 950, "pid": 6, "tid": 9,
         "args": {"Memory: cpu/0": 4}}
"""

LATER_DUMP = """,

        {"name": "CopyCPU2CPU", "cat": "operator", "ph": "B", "ts": 5000, "pid": 0, "tid": 78},
        {"name": "CopyCPU2CPU", "cat": "operator", "ph": "E", "ts": 6500, "pid": 0, "tid": 78}
"""

CLOSED = """{
    "traceEvents": [
        {"name": "relu", "cat": "operator", "ph": "B", "ts": 10, "pid": 0, "tid": 1},
        {"name": "relu", "cat": "operator", "ph": "E", "ts": 20, "pid": 0, "tid": 1}

    ],
    "displayTimeUnit": "ms"
}
"""


def span(start, end, name="dot", device=0):
    return OpSpan(name, device, 1, start, end)


def test_every_form_of_a_dump_is_read():
    first = parse_trace(FIRST_DUMP)
    assert [(s.name, s.device, s.thread) for s in first] == [("dot", 0, 77), ("dot", 1, 88)]
    assert first[0].start == pytest.approx(0.001) and first[0].seconds == pytest.approx(0.030)
    later = parse_trace(LATER_DUMP)
    assert [(s.name, s.device) for s in later] == [("CopyCPU2CPU", 0)]
    assert later[0].seconds == pytest.approx(0.0015)
    closed = parse_trace(CLOSED)
    assert [s.name for s in closed] == ["relu"] and closed[0].row == "cpu(0)"
    assert parse_trace("") == []


def test_nested_operators_on_one_thread_pair_up_innermost_first():
    text = """{"traceEvents": [
        {"name": "outer", "cat": "operator", "ph": "B", "ts": 0, "pid": 0, "tid": 1},
        {"name": "inner", "cat": "operator", "ph": "B", "ts": 10, "pid": 0, "tid": 1},
        {"name": "inner", "cat": "operator", "ph": "E", "ts": 20, "pid": 0, "tid": 1},
        {"name": "outer", "cat": "operator", "ph": "E", "ts": 30, "pid": 0, "tid": 1}]}"""
    found = {s.name: (s.start, s.end) for s in parse_trace(text)}
    assert found == {"outer": (0.0, pytest.approx(3e-5)), "inner": (pytest.approx(1e-5), pytest.approx(2e-5))}


@pytest.mark.parametrize("text", ["not json at all", '{"no": "events"}', "[1, 2, 3]", '{"traceEvents": [{"x": 1}]}'])
def test_what_is_not_a_trace_gets_one_sentence(text):
    with pytest.raises(TraceError, match="not a trace of MXNet's profiler"):
        parse_trace(text)


def test_a_trace_must_be_text():
    with pytest.raises(TypeError, match="the file's text"):
        parse_trace(b"{}")


def test_busy_time_counts_overlapping_spans_once():
    assert busy_time([span(0, 2), span(1, 3), span(5, 6)]) == pytest.approx(4.0)
    assert busy_time([]) == 0.0


def test_busy_overlap_is_one_side_by_side_and_zero_one_after_the_other():
    a = [span(0, 1), span(1, 2), span(2, 3)]
    assert busy_overlap(a, [span(0, 3, device=1)]) == pytest.approx(1.0)
    assert busy_overlap(a, [span(3, 6, device=1)]) == 0.0
    # the second device starts after two of three products: one third of its busy time is shared
    assert busy_overlap(a, [span(2, 5, device=1)]) == pytest.approx(1 / 3)
    assert busy_overlap(a, []) == 0.0


def test_share_beside_counts_spans_not_time():
    copies = [span(0.0, 0.001, "CopyCPU2CPU"), span(1.0, 1.001, "CopyCPU2CPU"), span(2.0, 2.001, "CopyCPU2CPU")]
    chain = [span(0.0009, 0.9), span(2.0005, 3.0)]
    assert share_beside(copies, chain) == pytest.approx(2 / 3)  # the middle copy ran alone
    touching = [span(0.001, 0.5)]  # starts as the copy ends: not beside
    assert share_beside(copies[:1], touching) == 0.0
    assert share_beside([], chain) == 0.0


@pytest.mark.measured
@pytest.mark.untimed  # reads the devices and counts of the spans and the files left, no duration
def test_record_sees_both_devices_can_run_again_in_one_process_and_leaves_no_file(tmp_path):
    import mxnet as mx
    from mxnet import nd

    from asynclab.foundation.profiling import record

    xa = nd.ones((200, 200))
    xb = xa.copyto(mx.cpu(1))
    for _ in range(2):  # a second dump in a process is not valid JSON on its own
        with record(folder=str(tmp_path)) as trace:
            [nd.dot(xa, xa), nd.dot(xb, xb)]
        assert trace.devices == [0, 1]
        assert len(trace.on(0, "dot")) == 1 and len(trace.on(1, "dot")) == 1
        assert list(tmp_path.iterdir()) == []
    with pytest.raises(ZeroDivisionError):
        with record(folder=str(tmp_path)):
            1 / 0  # noqa: B018 - the error inside the block is the point
    assert list(tmp_path.iterdir()) == []


def test_operators_are_read_once_and_the_front_ends_calls_on_a_row_of_their_own():
    from asynclab.foundation.profiling import FRONT_END

    text = """{"traceEvents": [
        {"name": "dot", "cat": "operator", "ph": "B", "ts": 100, "pid": 0, "tid": 7},
        {"name": "dot", "cat": "operator", "ph": "b", "ts": 100, "pid": 99, "tid": 5, "id": 3},
        {"name": "dot", "cat": "operator", "ph": "E", "ts": 900, "pid": 0, "tid": 7},
        {"name": "dot", "cat": "operator", "ph": "e", "ts": 900, "pid": 99, "tid": 5, "id": 3},
        {"name": "MXImperativeInvokeEx", "cat": "MXNET_C_API", "ph": "b", "ts": 10, "pid": 98, "tid": 4, "id": 1},
        {"name": "MXImperativeInvokeEx", "cat": "MXNET_C_API", "ph": "e", "ts": 60, "pid": 98, "tid": 4, "id": 1}]}"""
    assert [(s.name, s.device) for s in parse_trace(text)] == [("dot", 0)]
    calls = parse_trace(text, category="MXNET_C_API")
    assert [(s.name, s.device, s.row) for s in calls] == [("MXImperativeInvokeEx", FRONT_END, "front end")]
    assert calls[0].seconds == pytest.approx(5e-5)


FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures"


def test_the_aggregate_table_of_a_real_training_step_reads_into_a_dataframe():
    from asynclab.foundation.profiling import aggregate

    table = aggregate((FIXTURES / "profiler_aggregate_mxnet_1.9.1.txt").read_text())
    assert list(table.columns) == ["section", "name", "count", "total", "min", "max", "avg", "unit"]
    assert set(table.section) == {"Device Storage", "MXNET_C_API", "operator"}
    ops = table[table.section == "operator"]
    assert ops.name.iloc[0] in ("dot", "_backward_dot")  # each section is sorted by total time
    assert int(ops[ops.name == "dot"]["count"].iloc[0]) == 2
    # a name longer than the table's column pushes the numbers right; it is still read whole
    assert "_backward_softmax_cross_entropy" in set(ops.name)
    memory = table[table.section == "Device Storage"]
    assert list(memory.unit) == ["kB"] and memory.total.isna().all()
    assert (table[table.unit == "ms"].total >= 0).all()


def test_a_table_recorded_without_a_wait_has_no_operator_section():
    from asynclab.foundation.profiling import aggregate

    table = aggregate((FIXTURES / "profiler_aggregate_no_wait_mxnet_1.9.1.txt").read_text())
    assert "operator" not in set(table.section) and "MXNET_C_API" in set(table.section)


@pytest.mark.parametrize("text", ["", "Name  Total Count\nrelu 1 0.1 0.1 0.1 0.1"])
def test_what_is_not_an_aggregate_table_gets_one_sentence(text):
    from asynclab.foundation.profiling import aggregate

    with pytest.raises(TraceError, match="not an aggregate table of MXNet's profiler"):
        aggregate(text)


def test_an_empty_profile_is_an_empty_frame():
    from asynclab.foundation.profiling import aggregate

    empty = aggregate("\nProfile Statistics:\n\tNote the difference in units for different entries.\n")
    assert empty.empty and "name" in empty.columns


@pytest.mark.measured
@pytest.mark.untimed  # judges the sentence, no duration
def test_a_profiler_mxnet_refuses_to_configure_gives_one_sentence():
    """After dump(finished=True) MXNet refuses set_config for good, so this runs in a process of its own."""
    from asynclab.foundation.backends.fresh import run_fresh

    code = """
from mxnet import nd, profiler
from asynclab.foundation.backends import fresh
from asynclab.foundation.profiling import ProfilerBroken, record
profiler.set_config(profile_imperative=True, filename=fresh.payload())
profiler.set_state("run"); nd.ones((2,)).wait_to_read(); profiler.set_state("stop")
profiler.dump()
try:
    with record():
        nd.ones((2,))
    fresh.emit("no error")
except ProfilerBroken as error:
    fresh.emit(str(error))
"""
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        said = run_fresh(code, payload=os.path.join(folder, "t.json"), timeout=120, what="the profiler").result
    assert said.startswith("MXNet's profiler can no longer be configured in this process")
    assert "dump(finished=False)" in said


def test_done_before_counts_the_spans_ended_when_the_other_group_began():
    from asynclab.foundation.profiling import done_before

    first = [span(0, 1), span(1, 2), span(2, 3), span(3, 4)]
    assert done_before(first, [span(2.00005, 5, device=1)]) == 2  # within the slack of the second's end
    assert done_before(first, [span(0.5, 5, device=1)]) == 0
    assert done_before(first, []) == 0


def test_worker_rows_number_the_threads_in_order():
    from asynclab.foundation.profiling import worker_rows

    spans = [OpSpan("dot", 0, 900, 0, 1), OpSpan("relu", 0, 100, 1, 2), OpSpan("dot", 0, 900, 2, 3)]
    assert [(b.row, b.label) for b in worker_rows(spans)] == [
        ("worker 2", "dot"),
        ("worker 1", "relu"),
        ("worker 2", "dot"),
    ]


@pytest.mark.measured
@pytest.mark.untimed  # judges the files left, no duration
def test_a_process_that_profiles_leaves_no_file_behind(tmp_path):
    # MXNet writes its trace again at exit, to the last file configured: the folder must be gone by then
    code = (
        "from mxnet import nd\n"
        "from asynclab.foundation.profiling import record\n"
        "from asynclab.lessons.l03_async_speed.loops import backend_seconds\n"
        "x = nd.ones((8, 8))\n"
        "with record():\n"
        "    nd.dot(x, x)\n"
        "backend_seconds(lambda a: a + 1, x, n=5)\n"
    )
    env = dict(os.environ, TMPDIR=str(tmp_path))
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120, capture_output=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_profiler_folders_of_killed_processes_are_removed_and_no_others(tmp_path):
    from asynclab.foundation import profiling

    dead, live = _dead_pid(), os.getppid()
    for name in (f"asynclab-profiler-{dead}-ab", f"asynclab-profiler-{live}-cd", f"asynclab-profiler-{os.getpid()}-ef"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "trace-1.json").write_text("{}")
    (tmp_path / "asynclab-profiler-notapid-gh").mkdir()
    removed = profiling.remove_orphan_folders(str(tmp_path))
    assert removed == [str(tmp_path / f"asynclab-profiler-{dead}-ab")]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"asynclab-profiler-{live}-cd", f"asynclab-profiler-{os.getpid()}-ef", "asynclab-profiler-notapid-gh"]
    )


def test_a_new_trace_folder_clears_a_killed_processes_folder(tmp_path, monkeypatch):
    import tempfile

    from asynclab.foundation import profiling

    orphan = tmp_path / f"asynclab-profiler-{_dead_pid()}-xy"
    orphan.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(profiling, "_TRACE_FOLDER", [])
    path = profiling.trace_file("t.json")
    assert not orphan.exists()
    assert os.path.dirname(path).startswith(str(tmp_path / f"asynclab-profiler-{os.getpid()}-"))


def test_the_nbval_plugin_removes_the_profiler_folders_of_the_kernels_it_killed(tmp_path, monkeypatch):
    """nbval kills each notebook's kernel, whose profiler folder then outlives it; the course's pytest
    plugin removes such folders when the session ends, and leaves a living process's folder alone."""
    import tempfile

    from asynclab.tooling import kernel

    dead, live = _dead_pid(), os.getppid()
    for pid in (dead, live):
        (tmp_path / f"asynclab-profiler-{pid}-ab").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    kernel.pytest_sessionfinish(None, 0)
    assert [p.name for p in tmp_path.iterdir()] == [f"asynclab-profiler-{live}-ab"]


def test_recorded_ops_counts_a_shared_product_once_and_is_none_outside_the_record():
    from mxnet import autograd, nd

    from asynclab.foundation.profiling import recorded_ops

    x = nd.ones((4, 4))
    x.attach_grad()
    with autograd.record(train_mode=False):
        product = nd.dot(x, x)
        first, second = product.norm(), (product + 1).norm()
    ops, last = recorded_ops(first, second)
    assert ops.count("dot") == 1 and ops.count("norm") == 2
    assert last == ["norm", "norm"]
    assert recorded_ops(nd.dot(x, x)) is None  # computed while recording was off
