"""Lesson 08, Across frameworks: its demonstrations, its lab's checks and its answers."""
