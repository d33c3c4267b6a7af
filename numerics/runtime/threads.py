"""Threading policy: the n×n and m×n tensors of a check run single-threaded; parallelism comes from processes.

Intra-op threads buy nothing on these sizes and collapse under contention (OpenMP workers spin-waiting
against another multi-threaded process: two concurrent runs took 6.7× longer each). ``limited(k)`` caps
torch's intra-op pool and the BLAS behind numpy/scipy (threadpoolctl) for the duration of a block and
restores them after, so a researcher's own process keeps its settings. A check opts into more threads
only where ``benchmarks/`` shows that it pays (a large explicit X).
"""
from __future__ import annotations

import contextlib
import os

# Environment variables honoured by OpenMP, MKL and OpenBLAS when they start their pools.
POOL_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")


def default_single_threaded_env(environ=os.environ) -> None:
    """For processes ibcheck owns (CLI, pytest, pool workers): one thread, unless the user set a count in
    one of ``POOL_ENV`` (then that count for every pool). Must run before torch/numpy start their pools."""
    given = next((environ[k] for k in POOL_ENV if environ.get(k)), "1")
    for k in POOL_ENV:
        environ.setdefault(k, given)


@contextlib.contextmanager
def limited(threads: int | None = 1):
    """Run a block with at most ``threads`` intra-op threads (``None``: leave the current setting)."""
    if threads is None:
        yield
        return
    import torch
    from threadpoolctl import threadpool_limits
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        with threadpool_limits(limits=threads):
            yield
    finally:
        torch.set_num_threads(before)


def current() -> dict:
    """The thread counts in effect: torch intra-op and every BLAS/OpenMP pool threadpoolctl sees."""
    import torch
    from threadpoolctl import threadpool_info
    return {"torch": torch.get_num_threads(),
            "pools": {f"{p['internal_api']}:{p.get('prefix', '')}": p["num_threads"] for p in threadpool_info()}}
