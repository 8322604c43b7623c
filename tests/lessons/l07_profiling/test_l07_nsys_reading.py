"""Lesson 07's Nsight Systems reading: what ``gpu_step.read_nsys`` takes from an nsys SQLite export.

The export is built here, in the tables and columns nsys 2025.3 writes, with known times, so that
every figure the lesson prints is checked against arithmetic done by hand. The stored reading says
where it was recorded and how to record it again. Nothing is measured.
"""

import sqlite3

import pytest

from asynclab.lessons.l07_profiling import gpu_step

MS = 1_000_000  # the export's nanoseconds in a millisecond


def _export(path, steps=3):
    """An nsys-like export of ``steps`` steps of 6 ms: copy issued 0.2 ms, forward 0.3 ms, wait to the end."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE StringIds (id INTEGER, value TEXT)")
    db.executemany(
        "INSERT INTO StringIds VALUES (?, ?)",
        [
            (1, "sm90_xmma_gemm_f32"),
            (2, "vectorized_elementwise_kernel"),
            (3, "cudaDeviceSynchronize_v3020"),
            (4, "cuLibraryLoadData"),
            (5, "cudaLaunchKernel_v7000"),
        ],
    )
    db.execute("CREATE TABLE NVTX_EVENTS (start INTEGER, end INTEGER, text TEXT)")
    db.execute(
        "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, streamId INTEGER, shortName INTEGER)"
    )
    db.execute(
        "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER, end INTEGER, streamId INTEGER, bytes INTEGER, copyKind INTEGER)"
    )
    db.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER, end INTEGER, nameId INTEGER)")
    for k in range(steps):
        t = k * 6 * MS + (20 * MS if k else 0)  # step 0 lasts 26 ms, 20 of them loading kernels
        length = 26 * MS if k == 0 else 6 * MS
        db.execute("INSERT INTO NVTX_EVENTS VALUES (?, ?, ?)", (t, t + length, f"step {k}"))
        db.execute("INSERT INTO NVTX_EVENTS VALUES (?, ?, 'copy next batch')", (t, t + MS // 5))
        db.execute("INSERT INTO NVTX_EVENTS VALUES (?, ?, 'forward')", (t + MS // 5, t + MS // 2))
        db.execute("INSERT INTO NVTX_EVENTS VALUES (?, ?, 'wait')", (t + MS // 2, t + length))
        g = t + length - 6 * MS + MS  # products from 1 ms into the step's last 6 ms, 2.5 ms each
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (?, ?, 7, 1)", (g, g + 5 * MS // 2))
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (?, ?, 7, 1)", (g + 5 * MS // 2, g + 5 * MS))
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES (?, ?, 13, ?, 1)", (g - MS // 2, g + MS, 64 * 2**20))
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?, ?, 5)", (t + MS // 5, t + MS // 4))
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?, ?, 3)", (t + MS // 2, t + length))
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?, ?, 4)", (MS, 11 * MS))
    db.commit()
    db.close()
    return path


def test_the_figures_are_the_export_s_times(tmp_path):
    reading = gpu_step.read_nsys(_export(tmp_path / "step.sqlite"))
    figures = reading["figures_ms"]
    assert figures["a step"] == pytest.approx(6.0)
    assert figures["the first step (step 0)"] == pytest.approx(26.0)
    assert figures["the first step: in cuLibraryLoadData (loading kernels' code)"] == pytest.approx(10.0)
    assert figures["one product (gemm) on the GPU"] == pytest.approx(2.5)
    assert figures["the copy of the next batch (64 MiB, host to device), on the GPU"] == pytest.approx(1.5)
    assert figures["share of that copy's time with a kernel running beside it"] == pytest.approx(1 / 1.5, abs=1e-4)
    assert figures["the Python thread: cudaDeviceSynchronize (NVTX 'wait')"] == pytest.approx(5.5)
    assert reading["api_ms"]["cudaDeviceSynchronize"] == [3, pytest.approx(25.5 + 5.5 + 5.5)]


def test_the_timeline_shows_steps_1_and_2_with_the_calls_named(tmp_path):
    reading = gpu_step.read_nsys(_export(tmp_path / "step.sqlite", steps=4))
    spans = gpu_step.timeline_spans(reading)
    steps = [label for row, label, *_ in spans if row == "NVTX: step"]
    assert steps == ["step 1", "step 2"]
    assert min(start for *_, start, _ in spans) == pytest.approx(0.0)
    assert max(end for *_, end in spans) == pytest.approx(0.012)
    labels = {label for row, label, *_ in spans if row.startswith("CUDA API")}
    assert labels == {"kernel launch", "cudaDeviceSynchronize"}
    assert [row for row, *_ in spans][:2] == ["NVTX: step", "NVTX: step"]
    assert {"gemm", "copy 64 MiB H2D"} <= {label for row, label, *_ in spans if row.startswith("GPU stream")}


def test_an_export_with_too_few_steps_is_refused_in_one_sentence(tmp_path):
    with pytest.raises(ValueError, match="holds 2 NVTX steps; profile run_steps with at least 3"):
        gpu_step.read_nsys(_export(tmp_path / "step.sqlite", steps=2))


def test_a_missing_export_gets_one_sentence(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        gpu_step.main(["--from-nsys", str(tmp_path / "none.sqlite")])
    assert stop.value.code == 2
    assert "is not a file; make it with nsys export -t sqlite." in capsys.readouterr().err


def test_the_stored_reading_says_where_and_how_to_record_it_again():
    reading = gpu_step.nsys_reference()
    for key in ("device", "torch", "cuda", "nsys", "date", "measure_again"):
        assert str(reading["machine"][key]).strip(), key
    line = gpu_step.origin(reading)
    assert "Nsight Systems" in line and reading["machine"]["device"] in line
    assert "make gpu-nsys" in line
    rows = {row for row, *_ in reading["spans"]}
    assert {"NVTX: step", "NVTX: phase", "CUDA API (Python thread)"} <= rows
    assert any(row.startswith("GPU stream") for row in rows)
