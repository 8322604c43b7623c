"""frameworks: lesson 08's three questions, each framework in fresh processes."""

import pytest

from asynclab import frameworks


def test_every_framework_snippet_is_python():
    for name, fw in frameworks.FRAMEWORKS.items():
        compile(frameworks._snippet(fw, 8, 1, 2), f"<{name}>", "exec")
        assert "{a}" in fw.wait or fw.wait == "", f"{name}: wait names its array as {{a}}"


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
    mxnet = frameworks.measure("MXNet", n=600, rounds=3, ops=20)
    assert mxnet.returns_early, frameworks.table([mxnet])
    assert mxnet.waits("y.asnumpy()") and mxnet.waits("mx.nd.waitall()") and not mxnet.waits("y.shape")
    naive = frameworks.measure("MXNet", switched=True, n=600, rounds=3, ops=20)
    assert not naive.returns_early, frameworks.table([naive])
    assert "`MXNET_ENGINE_TYPE=NaiveEngine`" in frameworks.table([mxnet, naive])
