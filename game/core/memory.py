"""When the garbage collector may pause: only where nobody can see it."""
from __future__ import annotations

import gc


def settle_memory() -> None:
    """At a scene change or before a timed run (where a pause cannot be seen):
    collect the garbage left so far, then freeze what survives (assets, maps,
    the game) so the collector's passes during play look only at new objects
    and never pause a frame for tens of milliseconds. Call it again at the next
    change: it unfreezes first, so nothing frozen earlier is kept for ever."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
