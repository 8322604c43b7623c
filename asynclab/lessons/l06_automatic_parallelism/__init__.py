"""Lesson 06, Automatic parallelism: its demonstrations, its lab's checks and its answers."""
