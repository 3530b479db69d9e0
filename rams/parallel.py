"""Work split into chunks, run in worker processes, gathered back in order.

Simulations and tournaments derive every game's or deal's randomness from one master seed
and its index; running the chunks in order (or in a pool and collecting them in order) then
gives the same results whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

__all__ = ["chunk_ranges", "run_in_order"]

A = TypeVar("A")
R = TypeVar("R")


def chunk_ranges(total: int, workers: int, most: int = 50) -> list[tuple[int, int]]:
    """``[start, stop)`` index ranges: small enough to share the work and report progress."""
    size = max(1, min(most, total // (max(workers, 1) * 8)))
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def run_in_order(fn: Callable[[A], R], chunks: Sequence[A], workers: int) -> Iterator[R]:
    """``fn`` over every chunk, in this process or in ``workers`` processes, in chunk order."""
    if workers <= 1:
        for args in chunks:
            yield fn(args)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, chunks)
