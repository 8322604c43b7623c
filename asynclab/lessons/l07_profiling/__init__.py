"""Lesson 07, Profiling: its demonstrations, its lab's checks and its answers."""
