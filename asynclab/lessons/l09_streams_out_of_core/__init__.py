"""Lesson 09, Streams and out-of-core work: its demonstrations, its lab's checks and its answers."""
