"""frameworks: lesson 08's three questions, each framework in fresh processes."""

import pytest

from asynclab.lessons.l08_across_frameworks import frameworks


def test_every_framework_makes_its_pieces_and_names_its_calls():
    for name, fw in frameworks.FRAMEWORKS.items():
        assert callable(fw.make) and fw.make.__doc__, f"{name}: make is a function that says what it makes"
        assert fw.prologue is None or callable(fw.prologue), f"{name}: the prologue is a function"
        for call in fw.calls:
            compile(call, f"<{name}: {call}>", "exec")


def test_numpy_in_its_fresh_process_gives_every_figure():
    numpy = frameworks.measure("NumPy", n=8, rounds=2, ops=3)
    assert (numpy.framework, numpy.switched, numpy.n) == ("NumPy", False, 8)
    assert list(numpy.calls) == list(frameworks.FRAMEWORKS["NumPy"].calls)
    for samples in (numpy.enqueue, numpy.finish, numpy.tiny_queued, numpy.tiny_waited, *numpy.calls.values()):
        assert len(samples.values) == 2 and all(v >= 0 for v in samples.values)
    assert all(e <= f for e, f in zip(numpy.enqueue.values, numpy.finish.values))  # enqueue runs inside finish


def test_bad_requests_get_one_sentence():
    with pytest.raises(ValueError, match="unknown framework 'TensorFlow'"):
        frameworks.measure("TensorFlow")
    with pytest.raises(ValueError, match="rounds must be a positive whole number"):
        frameworks.measure("NumPy", rounds=0)
    assert "NumPy" in frameworks.available() and "MXNet" in frameworks.available()


@pytest.mark.kernel
@pytest.mark.measured
def test_numpy_never_returns_early_and_mxnet_does_until_switched():
    numpy = frameworks.measure("NumPy", n=600, rounds=3, ops=20)
    assert not numpy.returns_early and not numpy.waits("y.shape")
    # a product of 1000 (the lesson's size) over 5 rounds: at 600 over 3, with make test's other lane beside it,
    # one run read mx.nd.waitall() as not waiting (the product had run before the call got the CPU)
    mxnet = frameworks.measure("MXNet", n=1000, rounds=5, ops=20)
    assert mxnet.returns_early, frameworks.table([mxnet])
    assert mxnet.waits("y.asnumpy()") and mxnet.waits("mx.nd.waitall()") and not mxnet.waits("y.shape")
    naive = frameworks.measure("MXNet", switched=True, n=600, rounds=3, ops=20)
    assert not naive.returns_early, frameworks.table([naive])
    assert "`MXNET_ENGINE_TYPE=NaiveEngine`" in frameworks.table([mxnet, naive])


def test_stored_reference_round_trips_and_says_where_it_was_measured(tmp_path):
    machine, measured, facts = frameworks.reference()
    assert {"cpu", "os", "date", "by", "mindspore"} <= set(machine)
    assert {(m.framework, m.switched) for m in measured} == {("MindSpore", False), ("MindSpore", True)}
    path = tmp_path / "again.json"
    frameworks.save_reference(measured, machine, facts, path=path)
    assert path.read_text("utf-8") == frameworks.reference_path().read_text("utf-8")
    again = [frameworks.from_dict(frameworks.to_dict(m)) for m in measured]
    assert frameworks.table(again) == frameworks.table(measured)


def test_the_stored_mindspore_figures_say_what_lesson_08_says():
    _, measured, facts = frameworks.reference()
    as_it_comes, switched = (next(m for m in measured if m.switched == s) for s in (False, True))
    assert as_it_comes.returns_early and not switched.returns_early
    assert as_it_comes.waits("y.asnumpy()") and not as_it_comes.waits("y.shape")
    assert not facts["initialized_after_issue"] and facts["initialized_after_result"]
    assert facts["runtime_synchronize_share"][0] < 0.1 <= facts["runtime_synchronize_share"][-1]


def test_a_reference_without_its_machine_is_refused(tmp_path):
    _, measured, _ = frameworks.reference()
    with pytest.raises(ValueError, match="machine needs a 'date' entry"):
        frameworks.save_reference(measured, {"cpu": "x", "os": "y", "by": "z"}, path=tmp_path / "r.json")
    assert not (tmp_path / "r.json").exists()


def test_mxnet_puts_its_arrays_where_d2l_chooses():
    from d2l import mxnet as d2l

    kit = frameworks.FRAMEWORKS["MXNet"].make(4)
    assert kit.x.context == kit.t.context == d2l.try_gpu()
    assert "d2l.try_gpu()" in frameworks.FRAMEWORKS["MXNet"].make.__doc__


def test_nothing_waits_where_the_launch_carried_the_work():
    # MindSpore switched to synchronous execution: its product is done when the launch returns,
    # so a call that happens to be slow (formatting a large result under load) waits for nothing
    import dataclasses

    _, measured, _ = frameworks.reference()
    switched = next(m for m in measured if m.switched)
    assert not switched.returns_early
    slow = {
        call: dataclasses.replace(s, values=tuple(10 * v for v in switched.finish.values))
        for call, s in switched.calls.items()
    }
    assert not any(dataclasses.replace(switched, calls=slow).waits(call) for call in slow)
