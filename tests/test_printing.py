"""What an answer writes while a check calls it (asynclab.checks.printing): every way to the output is seen."""

from __future__ import annotations

import logging
import os
import sys
import threading
import warnings

import pytest

from asynclab.checks.printing import written


def test_print_a_saved_stream_a_logging_handler_and_a_thread_are_all_seen(capsys):
    saved = sys.stdout
    log = logging.getLogger("asynclab-test-printing")
    handler = logging.StreamHandler(sys.stderr)
    log.addHandler(handler)
    try:
        with written() as texts:
            print("a")
            saved.write("b\n")
            log.error("c")
            thread = threading.Thread(target=print, args=("d",))
            thread.start()
            thread.join()
    finally:
        log.removeHandler(handler)
    assert [t.strip() for t in texts] == ["a", "b", "c", "d"]
    out, err = capsys.readouterr()
    assert out == "" and err == ""  # kept from the output


def test_blank_writes_and_warnings_are_not_counted_and_the_streams_are_restored(capsys):
    with written() as texts:
        print()
        warnings.warn("a library's warning", UserWarning, stacklevel=1)
    assert texts == []
    assert "write" not in vars(sys.stdout) and "write" not in vars(sys.stderr)
    print("after")
    assert capsys.readouterr().out == "after\n"


def test_a_stream_that_takes_no_attributes_is_left_alone(monkeypatch):
    class Slotted:
        __slots__ = ()

        def write(self, text: str) -> int:
            return len(text)

    monkeypatch.setattr(sys, "stderr", Slotted())
    with written() as texts:
        print("seen")
    assert texts == ["seen"]


def test_writes_to_the_descriptors_are_seen_and_the_descriptors_restored(capfd):
    # os.write, a thread's, and the interpreter's original stream: a notebook's kernel shows each as output
    with written() as texts:
        os.write(1, b"e\n")
        thread = threading.Thread(target=os.write, args=(2, b"f\n\n"))
        thread.start()
        thread.join()
        print("g", file=sys.__stdout__)
    assert sorted(t.strip() for t in texts) == ["e", "f", "g"]
    os.write(1, b"after\n")
    out, err = capfd.readouterr()
    assert out == "after\n" and err == ""


def test_a_closed_descriptor_is_left_closed_and_the_other_still_seen(capfd):
    saved = os.dup(1)
    os.close(1)
    try:
        with written() as texts:
            os.write(2, b"h\n")
        with pytest.raises(OSError):
            os.fstat(1)  # still closed: the copy of 2 did not take its place
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    assert [t.strip() for t in texts] == ["h"]
    assert capfd.readouterr().err == ""
