"""Lesson 05, Inside the engine: its demonstrations, its lab's checks and its answers."""
