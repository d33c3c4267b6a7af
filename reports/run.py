"""Run the catalogue for the report: every claim's settings of a profile, plus the documented findings."""
from __future__ import annotations

import fnmatch
import os

from ibcheck.checks.cases import EXPECTED, case_id
from ibcheck.checks.registry import REGISTRY
from ibcheck.checks.runner import run_check
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.theory.verdict import INCONCLUSIVE

from .progress import Progress
from .status import annotate, is_default


def setting_of(key: str) -> tuple[str, dict]:
    """``claim[k=v,...]`` (a case id) → (claim, setting) such that ``case_id`` gives the key back."""
    cid, rest = key.split("[", 1)
    setting = dict(kv.split("=", 1) for kv in rest.rstrip("]").split(",") if kv)
    short = {k: v for k, v in setting.items() if k != "seed"}
    return cid, (short if case_id(cid, short) == key else setting)


def selected(cid: str, claims: list[str] | None) -> bool:
    """``cid`` matches one of the shell patterns ``claims`` (``None``: everything)."""
    return claims is None or any(fnmatch.fnmatchcase(cid, pat) for pat in claims)


def settings(profile: str, claims: list[str] | None = None) -> list[tuple[str, dict, str]]:
    """quick: each claim at its default settings, plus the documented violated findings; full: every setting.
    ``claims``: shell patterns of claim IDs to keep (``None``: all).

    The role (``default``, ``setting``, ``finding``) follows ``reports.status``: a case documented in
    ``EXPECTED`` is a finding whichever profile runs it.
    """
    out = []
    for cid, spec in REGISTRY.items():
        if not selected(cid, claims):
            continue
        sets = [{}] if profile == "quick" else ([{}] + spec.quick + spec.full)
        seen = set()
        for s in sets:
            key = case_id(cid, s)
            if s and is_default(cid, s):  # the default spelled out (n=40,d=4000): already run as {}
                continue
            if key not in seen:
                seen.add(key)
                out.append((cid, s, "default" if not s else "finding" if key in EXPECTED else "setting"))
    if profile == "quick":
        for key, e in EXPECTED.items():
            claim = key.split("[", 1)[0]
            if e.verdict == "violated" and claim in REGISTRY and selected(claim, claims):
                cid, setting = setting_of(key)
                out.append((cid, setting, "finding"))
    return out


# Extra measurements a paper's figures draw (claim ID → fn() -> dict, e.g. a sweep), from each paper's
# ``figures.SUPPLEMENTS`` (``reports.plots``); a test sets this to ``{}`` to skip them.
SUPPLEMENTS: dict | None = None


def supplements() -> dict:
    if SUPPLEMENTS is not None:
        return SUPPLEMENTS
    from .plots import SUPPLEMENTS as collected
    return collected


def quick_skip() -> dict[str, str]:
    """Shipped conjectures the quick report leaves out, each with its reason (``Conjecture.quick_skip``: one trial
    costs more than the whole quick profile's budget)."""
    from ibcheck.checks.conjectures import SHIPPED
    return {cid: c.quick_skip for cid, c in SHIPPED.items() if c.quick_skip}


def run_conjectures(budget: int = 4, max_seconds: float = 20.0, skip: dict | None = None,
                    claims: list[str] | None = None) -> dict:
    """Each shipped conjecture at a small budget (docs/benchmarks.md records the full-budget searches);
    a skipped one maps to ``{"status": "not run", "reason": ...}``."""
    from ibcheck.checks.conjecture import search
    from ibcheck.checks.conjectures import SHIPPED
    skip = skip or {}
    return {cid: ({"status": "not run", "reason": skip[cid]} if cid in skip else
                  search(c, budget=budget, seed=0, max_seconds=max_seconds)) for cid, c in SHIPPED.items()
            if selected(cid, claims)}


def groups(todo: list[tuple[str, dict, str]]) -> list[list[int]]:
    """Indices of ``todo`` that share one measurement (``CheckSpec.shared`` and the same setting): run together."""
    by_key: dict = {}
    for i, (cid, setting, _) in enumerate(todo):
        share = REGISTRY[cid].shared
        key = (share, tuple(sorted(setting.items()))) if share else (cid, i)
        by_key.setdefault(key, []).append(i)
    return list(by_key.values())


def default_backend() -> str:
    """``local`` (a process pool over the cores) when there is more than one core, else ``serial``."""
    return "local" if (os.cpu_count() or 1) > 1 else "serial"


def run_catalogue(profile: str = "quick", device: str = "cpu", progress: bool = True, backend: str | None = None,
                  address: str | None = None, workers: int | None = None, claims: list[str] | None = None
                  ) -> tuple[list[dict], dict]:
    """All results (annotated by ``reports.status``, with ``_series``) and the supplements, in catalogue order.
    ``claims``: shell patterns of the claim and conjecture IDs to run (``None``: all).

    Claims that share a measurement (``CheckSpec.shared``: one flow, several claims) run as one task, so the flow is computed
    once per setting on every backend; ``local`` spreads the tasks over a process pool (the default with more
    than one core), ``ray`` over a Ray cluster, ``serial`` runs them in this process. Results are identical.
    """
    from ibcheck.checks.backends import run_tasks
    backend = backend or default_backend()
    todo = settings(profile, claims)
    sups = {cid: fn for cid, fn in supplements().items() if selected(cid, claims)}
    grp = groups(todo)
    tasks = [{"claims": [todo[i][0] for i in g], "params": todo[g[0]][1], "device": device, "keep_series": True}
             for g in grp]
    prog = Progress(len(todo) + len(sups) + 1) if progress else None
    results: list = [None] * len(todo)

    def done(k, rs):
        for i, r in zip(grp[k], rs):
            results[i] = annotate(r, todo[i][0], todo[i][1], todo[i][2])
            if prog:
                prog.step(f"{r['claim']} {todo[i][1] or ''}".strip(), r["verdict"])
    if prog and backend == "serial":
        listener = prog.note
    else:
        listener = None
    with _listening(listener):
        if backend == "serial":
            for k, t in enumerate(tasks):
                if prog:
                    prog.show(", ".join(t["claims"]) + (f" {t['params']}" if t["params"] else ""))
                done(k, _run_serial(t))
        else:
            if prog:
                prog.show(f"{len(tasks)} tasks on the {backend} backend")
            run_tasks(tasks, backend, address=address, workers=workers, on_result=done)
        sup = {}
        for cid, fn in sups.items():
            if prog:
                prog.show(f"supplement: {cid}")
            sup[cid] = fn()
            if prog:
                prog.step(f"supplement: {cid}")
        if prog:
            prog.show("shipped conjectures (small budget)")
        quick = profile == "quick"
        sup["_conjectures"] = run_conjectures(4 if quick else 20, 20.0 if quick else 300.0,
                                              quick_skip() if quick else None, claims)
        if prog:
            prog.step("shipped conjectures")
            prog.close()
    return results, sup


def _run_serial(task: dict) -> list[dict]:
    """A task in this process. An input error (e.g. --device cuda without a GPU) is recorded; any other error is
    retried once, then recorded ``inconclusive`` with the error — never lost, never a verdict."""
    from ibcheck.checks.backends import failed, run_task
    for attempt in (1, 2):
        try:
            return run_task(task)
        except InputError as exc:
            return [{"claim": c, "params": task["params"], "verdict": INCONCLUSIVE, "reason": str(exc),
                     "hypotheses": [], "conclusions": [], "quantities": {}, "env": {}} for c in task["claims"]]
        except Exception as exc:  # noqa: BLE001
            if attempt == 2:
                return failed(task, exc)
    raise AssertionError("unreachable")


def _listening(fn):
    import contextlib

    from ibcheck.numerics.runtime.progress import listening
    return listening(fn) if fn else contextlib.nullcontext()
