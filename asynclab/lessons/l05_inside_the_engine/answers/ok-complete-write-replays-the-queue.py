"""Right answer written differently: when the pending write ends, complete_write empties the queue and appends
each entry again through append_read and append_write, in order: the reads up to the next write are granted,
that write becomes the pending one (granted once no read runs) and what follows it is queued behind it again."""

EXPECT = {"hazards": 2, "serialize": 1, "overlap": 2, "errors-at-wait": 1}


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def append_read(self, var, op):
        if var.pending_write is None:
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        if var.pending_write is None:
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        var.running_reads -= 1
        if var.running_reads == 0 and var.pending_write is not None:
            self._grant(var.pending_write)

    def complete_write(self, var, op):
        var.pending_write = None
        waiting = list(var.queue)
        var.queue.clear()
        for entry, is_write in waiting:  # as if pushed again now, oldest first
            if is_write:
                self.append_write(var, entry)
            else:
                self.append_read(var, entry)
