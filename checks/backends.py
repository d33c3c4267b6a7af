"""Where check runs execute: in process, on a local process pool, or on Ray — same results everywhere.

A task is ``(claim, params incl. seed, device)`` and runs ``run_check`` with one seed: a pure function, data
regenerated from the seed on the worker. A task whose worker fails or dies is retried once; after that
it is reported ``inconclusive`` with the error — never lost, never a hang.
"""
from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Callable

from ibcheck.numerics.runtime.errors import InputError
from ibcheck.theory.verdict import INCONCLUSIVE

FAULT_ENV = "IBCHECK_FAULT_KILL_ONCE"  # "CLAIM|KEY=VALUE|MARKER": kill the worker once (tests of retries)


def run_task(task: dict):
    """One task, the unit every backend executes: a check run, or a group of claims sharing one measurement
    (``task["claims"]``, run in order in one process so they share it) — then a list of results."""
    from .runner import run_check
    fault = os.environ.get(FAULT_ENV)
    claims = task.get("claims") or [task["claim"]]
    if fault:
        claim, kv, marker = fault.split("|")
        k, v = kv.split("=")
        if claim in claims and str(task["params"].get(k)) == v and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(17)  # the worker process dies mid-sweep
    out = []
    for c in claims:  # run_check keeps every check single-threaded (numerics.runtime.threads): identical results
        t = time.perf_counter()
        r = run_check(c, task["params"], device=task.get("device", "cpu"), keep_series=task.get("keep_series", False))
        r["env"]["task_seconds"] = round(time.perf_counter() - t, 4)
        out.append(r)
    return out if "claims" in task else out[0]


def failed(task: dict, error):
    """An ``inconclusive`` result naming the error (a list for a group task): a crash is never a verdict. An
    exception raised in an installed paper's own code is named with the paper, file and line
    (``theory.paper_health``)."""
    if isinstance(error, BaseException):
        from ibcheck.theory.paper_health import describe
        from ibcheck.theory.papers import culprit
        error = describe(error, culprit(error))
    rows = [{"claim": c, "params": task["params"], "verdict": INCONCLUSIVE, "reason": f"task failed twice: {error}",
             "hypotheses": [], "conclusions": [], "quantities": {}, "env": {}, "error": error}
            for c in task.get("claims") or [task["claim"]]]
    return rows if "claims" in task else rows[0]


def _serial(tasks, on_result):
    out = [None] * len(tasks)
    for i, t in enumerate(tasks):
        for attempt in (1, 2):
            try:
                out[i] = run_task(t)
                break
            except InputError:
                raise
            except Exception as exc:  # noqa: BLE001
                if attempt == 2:
                    out[i] = failed(t, exc)
        on_result(i, out[i])
    return out


def _pool(tasks, on_result, workers):
    out = [None] * len(tasks)
    attempts = [0] * len(tasks)
    pending = list(range(len(tasks)))
    while pending:
        retry = []
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as ex:
            futs = {ex.submit(run_task, tasks[i]): i for i in pending}
            for f in as_completed(futs):
                i = futs[f]
                attempts[i] += 1
                try:
                    out[i] = f.result()
                    on_result(i, out[i])
                except InputError:
                    raise
                except (BrokenProcessPool, Exception) as exc:  # noqa: BLE001  (a dead worker breaks the pool)
                    if attempts[i] < 2:
                        retry.append(i)
                    else:
                        out[i] = failed(tasks[i], exc)
                        on_result(i, out[i])
        pending = retry
    return out


RAY_INSTALL = "pip install -e '.[ray]'  (ray[client] for ray:// addresses)"


def ray_init(address: str | None, **kwargs):
    """``ray`` initialised for ``address`` (None: a local Ray); a missing package or an unreachable cluster is an
    ``InputError`` (exit 2) with the install line, never an internal error."""
    try:
        import ray
    except ImportError:
        raise InputError(f"--backend ray needs the ray extra: {RAY_INSTALL}") from None
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False, **kwargs)
    except Exception as exc:  # noqa: BLE001  (whatever Ray raises for a bad address or a missing client package)
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "pip" in msg and "client" in msg.lower():
            raise InputError(f"--address {address}: the Ray Client is not installed: {RAY_INSTALL}") from None
        raise InputError(f"cannot start or reach Ray ({type(exc).__name__}: {msg})") from None
    return ray


def _ray(tasks, on_result, address):
    started = False
    try:
        import ray
    except ImportError:
        raise InputError(f"--backend ray needs the ray extra: {RAY_INSTALL}") from None
    if not ray.is_initialized():
        ray_init(address, runtime_env={"env_vars": {k: v for k, v in os.environ.items() if k == FAULT_ENV}})
        started = True
    try:
        remote = ray.remote(max_retries=1, retry_exceptions=True)(run_task)
        refs = {}
        for i, t in enumerate(tasks):
            opts = {"num_gpus": 1} if t.get("device") == "cuda" else {}
            refs[remote.options(**opts).remote(t)] = i
        out = [None] * len(tasks)
        waiting = list(refs)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            i = refs[done[0]]
            try:
                out[i] = ray.get(done[0])
            except Exception as exc:  # noqa: BLE001  (retried once by Ray already)
                out[i] = failed(tasks[i], f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
            on_result(i, out[i])
        return out
    finally:
        if started:
            ray.shutdown()


def pool_pays(rest: int, first_s: float, startup_s: float, workers: int) -> bool:
    """Whether a pool of ``workers`` fresh processes finishes ``rest`` more tasks of ``first_s`` seconds each sooner
    than this process does: the serial remainder ``rest·t₁`` must exceed a worker's start-up (the imports this
    process has paid, ``startup_s``) plus the parallel remainder ``rest·t₁/W``. A 4-point grid of 0.2 s checks never
    pays for 3–6 s of imports per worker; a grid of minute-long checks does."""
    return workers > 1 and rest > 1 and rest * first_s * (1 - 1 / workers) > startup_s


def _auto(tasks, on_result, workers):
    """The first task here; the rest on the pool when ``pool_pays``, else here too."""
    startup = time.process_time()  # CPU this process spent so far: mostly the imports a worker would repeat
    t = time.perf_counter()
    first = _serial(tasks[:1], on_result)
    first_s = time.perf_counter() - t
    rest = tasks[1:]
    shifted = lambda i, r: on_result(i + 1, r)  # noqa: E731
    if pool_pays(len(rest), first_s, startup, workers):
        return first + _pool(rest, shifted, min(workers, len(rest)))
    return first + _serial(rest, shifted)


def run_tasks(tasks: list[dict], backend: str = "local", *, workers: int | None = None, address: str | None = None,
              on_result: Callable[[int, dict], None] | None = None) -> list[dict]:
    """Results in task order; ``on_result(index, result)`` streams them as they finish."""
    on_result = on_result or (lambda i, r: None)
    one_at_a_time = len(tasks) <= 1 or any(t.get("device") == "cuda" for t in tasks)  # one GPU task per device
    if backend == "serial" or (backend in ("local", "auto") and one_at_a_time):
        return _serial(tasks, on_result)
    if backend == "auto":
        return _auto(tasks, on_result, workers or os.cpu_count() or 1)
    if backend == "local":
        return _pool(tasks, on_result, workers or os.cpu_count() or 1)
    if backend == "ray":
        return _ray(tasks, on_result, address)
    raise InputError(f"unknown backend {backend!r} (auto, local, ray or serial)")
