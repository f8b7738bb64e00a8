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


def rss_mb(pid: int | str = "self") -> float | None:
    """The resident set size of a process in MB (VmRSS in /proc/PID/status), or None
    where that cannot be read. For this process off Linux, the peak RSS
    (``resource.getrusage``) stands in."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    if pid != "self":
        return None
    try:
        import resource
        import sys
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0
    except (ImportError, OSError, ValueError):
        return None
