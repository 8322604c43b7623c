"""Lesson 03, Asynchrony for speed: its demonstrations, its lab's checks and its answers."""
