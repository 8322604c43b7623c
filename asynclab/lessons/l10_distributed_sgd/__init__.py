"""Lesson 10, Distributed training: synchronous and asynchronous SGD: its demonstrations, its lab's checks and its answers."""
