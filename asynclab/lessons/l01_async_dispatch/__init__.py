"""Lesson 01, Front end and back end: its demonstrations, its lab's checks and its answers."""
