"""Lesson 02, Synchronization points: its demonstrations, its lab's checks and its answers."""
