"""Fewer malloc arenas for the service's processes. glibc gives a thread that allocates while
another holds an arena an arena of its own, up to eight per core; the service's threads (the
listeners, the committer, the deadline ticks, the deliveries) each end up with one, and the
memory freed in one arena is not reused by another: a 21:30 storm leaves each worker's
resident set some 30 MB above what its objects take. Two arenas hold it (the GIL lets one
thread run Python at a time anyway). This is glibc's `M_ARENA_MAX` (the `MALLOC_ARENA_MAX`
variable), set from inside the process for its own threads and its children; the variable,
when set, wins. Elsewhere than glibc: nothing."""

from __future__ import annotations

import ctypes
import logging
import os

log = logging.getLogger(__name__)

#: glibc's mallopt parameter (malloc.h)
M_ARENA_MAX = -8
ARENAS = 2
VARIABLE = "MALLOC_ARENA_MAX"


def share_arenas(count: int = ARENAS) -> bool:
    """Limit this process's malloc arenas to `count` (unless MALLOC_ARENA_MAX says otherwise)
    and pass the limit to the processes it starts; whether it applied."""
    if os.environ.get(VARIABLE):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    if mallopt(M_ARENA_MAX, count) != 1:
        return False
    os.environ[VARIABLE] = str(count)  # the worker processes, spawned: read at their start
    log.debug("malloc arenas: at most %d", count)
    return True
