"""Lesson 04, Asynchrony and memory: its demonstrations, its lab's checks and its answers."""
