"""The out-of-core data set of lesson 09 (asynclab.foundation.workloads.chunked): written, read in chunks, always deleted."""

import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from asynclab.foundation.workloads import chunked


def test_the_data_set_is_written_read_back_in_chunks_and_deleted():
    with chunked.dataset(10_000, seed=3) as data:
        assert data.exists and data.path.stat().st_size == 10_000
        assert data.memory_mb == pytest.approx(8 * data.disk_mb)
        parts = [v.copy() for v in chunked.read_chunks(data, 3_000)]
        assert [len(p) for p in parts] == [3_000, 3_000, 3_000, 1_000]
        values = np.concatenate(parts)
        assert values.min() >= chunked.LOW and values.max() <= chunked.HIGH
        assert np.array_equal(values, np.fromfile(data.path, dtype=np.int8))
    assert not data.exists and not data.path.parent.exists()


def test_the_same_seed_gives_the_same_values_and_another_seed_others():
    def values(seed):
        with chunked.dataset(5_000, seed=seed) as data:
            return np.fromfile(data.path, dtype=np.int8)

    assert np.array_equal(values(1), values(1))
    assert not np.array_equal(values(1), values(2))


def test_the_file_is_deleted_when_the_block_raises():
    with pytest.raises(RuntimeError, match="boom"):
        with chunked.dataset(1_000) as data:
            path = data.path
            raise RuntimeError("boom")
    assert not path.exists() and not path.parent.exists()


def test_the_file_is_deleted_when_the_block_is_interrupted():
    with pytest.raises(KeyboardInterrupt):
        with chunked.dataset(1_000) as data:
            path = data.path
            raise KeyboardInterrupt
    assert not path.parent.exists()


def test_a_data_set_never_left_is_deleted_when_the_interpreter_exits(tmp_path):
    code = textwrap.dedent("""
        import sys
        from asynclab.foundation.workloads import chunked
        block = chunked.dataset(1_000)
        data = block.__enter__()        # never left, as in a kernel that is shut down mid-lesson
        print(data.path.parent, flush=True)
    """)
    env = dict(os.environ, TMPDIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    folder = out.stdout.strip()
    assert folder.startswith(str(tmp_path)) and not os.path.exists(folder)
    assert list(tmp_path.glob(chunked.PREFIX + "*")) == []


def test_a_terminated_interpreter_deletes_it_too(tmp_path):
    code = textwrap.dedent("""
        import signal, sys, time
        from asynclab.foundation.workloads import chunked
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(1))   # what a kernel's shutdown looks like to Python
        with chunked.dataset(1_000) as data:
            print(data.path.parent, flush=True)
            time.sleep(60)
    """)
    env = dict(os.environ, TMPDIR=str(tmp_path))
    child = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    folder = child.stdout.readline().strip()
    assert os.path.exists(folder)
    child.send_signal(signal.SIGTERM)
    child.wait(timeout=30)
    assert not os.path.exists(folder)


@pytest.mark.parametrize("bad", [0, -5, 2.5, "100", True, None])
def test_a_bad_chunk_or_length_gets_one_clear_sentence(bad):
    with pytest.raises(ValueError, match="must be a positive whole number"):
        chunked.check_chunk(bad)
    with pytest.raises(ValueError, match="must be a positive whole number"):
        with chunked.dataset(bad):
            pass


def test_numpy_reference_in_blocks_equals_the_in_memory_energy_exactly():
    with chunked.dataset(50_001, seed=7) as data:
        whole = chunked.reduce_in_memory(data)
        assert chunked.reference(data, block=4_096) == whole
        assert chunked.reference(data, block=50_001) == whole
        assert whole == float(np.sum(0.5 * (np.fromfile(data.path, dtype=np.int8).astype(np.float64) - 1.0) ** 2))


@pytest.mark.measured
def test_the_serial_mxnet_reduction_is_exact_at_any_chunk():
    with chunked.dataset(30_001, seed=5) as data:
        whole = chunked.reduce_in_memory(data)
        for chunk in (1, 1_000, 4_096, 30_001, 100_000):
            if chunk == 1:
                continue  # 30 001 tiny chunks: slow, and says nothing more
            assert chunked.reduce_serial(data, chunk) == whole


def test_a_killed_process_leaves_a_folder_that_the_next_data_set_removes(tmp_path, monkeypatch):
    code = textwrap.dedent("""
        import os
        from asynclab.foundation.workloads import chunked
        with chunked.dataset(1_000) as data:
            print(data.path.parent, flush=True)
            os.kill(os.getpid(), 9)             # no clean-up can run
    """)
    env = dict(os.environ, TMPDIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    folder = out.stdout.strip()
    assert out.returncode == -9 and os.path.exists(folder)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(chunked.tempfile, "tempdir", None)  # read TMPDIR again
    with chunked.dataset(10):
        assert not os.path.exists(folder)
    assert chunked.leftovers() == []
