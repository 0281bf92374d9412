"""Worker threads for the component-major batch path: a slab's instances split into
contiguous chunks evaluated at once (numpy releases the GIL inside its loops, so the chunks
run on separate cores). Each chunk's arithmetic is the whole batch's, row for row, so the
results are the same bits whatever the split (tested).

The pool is made on first use and made again in a forked child (a child inherits the pool
object but not its threads).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Final

__all__ = ["DEFAULT_THREADS", "THREAD_MIN_ROWS", "chunk_bounds", "worker_pool"]


def _default_threads() -> int:
    raw = os.environ.get("LITE_THREADS", "")
    if raw.strip().isdigit() and int(raw) >= 1:
        return int(raw)
    return max(1, min(4, os.cpu_count() or 1))


#: Threads a new :class:`~lite.batch.engine.BatchEngine` uses: ``LITE_THREADS`` when set to a
#: positive integer, else the machine's cores, at most 4.
DEFAULT_THREADS: Final = _default_threads()
#: The fewest instances a chunk gets: below it a thread's hand-off costs more than it saves
#: (about 110 numpy calls per chunk whatever its size). Measured with
#: ``lite-anim bench crowd --counts 100 300 1000`` and ``LITE_THREADS=1`` against 2.
THREAD_MIN_ROWS: Final = 150

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_pool_size = 0


def worker_pool(threads: int) -> ThreadPoolExecutor:
    """A pool of ``threads - 1`` workers (the calling thread takes one chunk itself)."""
    global _pool, _pool_pid, _pool_size
    workers = max(1, threads - 1)
    pid = os.getpid()
    with _lock:
        if _pool is None or _pool_pid != pid or _pool_size != workers:
            old = _pool if _pool_pid == pid else None
            _pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lite-batch")
            _pool_pid, _pool_size = pid, workers
            if old is not None:
                old.shutdown(wait=False)
        return _pool


def chunk_bounds(count: int, threads: int) -> list[tuple[int, int]]:
    """Contiguous ``(start, stop)`` chunks of ``count`` rows for up to ``threads`` threads,
    each at least :data:`THREAD_MIN_ROWS` rows (one chunk when there is no room for two)."""
    k = max(1, min(threads, count // THREAD_MIN_ROWS))
    base, extra = divmod(count, k)
    bounds = []
    start = 0
    for i in range(k):
        stop = start + base + (1 if i < extra else 0)
        bounds.append((start, stop))
        start = stop
    return bounds
