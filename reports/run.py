"""Run the catalogue for the report: every claim's settings of a profile, plus the documented findings."""
from __future__ import annotations

import sys
import time

from ibcheck.checks.cases import EXPECTED, case_id
from ibcheck.checks.registry import REGISTRY
from ibcheck.checks.runner import run_check
from ibcheck.numerics.errors import InputError
from ibcheck.theory.verdict import INCONCLUSIVE

from .status import annotate, is_default


def setting_of(key: str) -> tuple[str, dict]:
    """``claim[k=v,...]`` (a case id) → (claim, setting) such that ``case_id`` gives the key back."""
    cid, rest = key.split("[", 1)
    setting = dict(kv.split("=", 1) for kv in rest.rstrip("]").split(",") if kv)
    short = {k: v for k, v in setting.items() if k != "seed"}
    return cid, (short if case_id(cid, short) == key else setting)


def settings(profile: str) -> list[tuple[str, dict, str]]:
    """quick: each claim at its default settings, plus the documented violated findings; full: every setting.

    The role (``default``, ``setting``, ``finding``) follows ``reports.status``: a case documented in
    ``EXPECTED`` is a finding whichever profile runs it.
    """
    out = []
    for cid, spec in REGISTRY.items():
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
            if e.verdict == "violated" and key.split("[", 1)[0] in REGISTRY:
                cid, setting = setting_of(key)
                out.append((cid, setting, "finding"))
    return out


class Progress:
    """One line on stderr, rewritten: ``[done/total] claim  elapsed``."""

    def __init__(self, total: int, stream=sys.stderr):
        self.total, self.done, self.t0, self.stream = total, 0, time.perf_counter(), stream

    def show(self, current: str) -> None:
        bar = "#" * int(24 * self.done / max(self.total, 1))
        self.stream.write(f"\r[{bar:<24}] {self.done}/{self.total}  {current:<48.48} {time.perf_counter() - self.t0:6.1f}s")
        self.stream.flush()

    def step(self, current: str) -> None:
        self.done += 1
        self.show(current)

    def close(self) -> None:
        self.stream.write("\n")


def eta_sweep_supplement() -> dict:
    """The η sweep of lai2026.m1.gap at its default data: gap and bounds per η‖λ‖₁, and the threshold."""
    from ibcheck.checks.lai2026.findings import eta_threshold
    etas = [0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5]
    rs = [run_check("lai2026.m1.gap", {"eta_scale": e}) for e in etas]
    thr = eta_threshold({}, iters=14)
    return {"eta": etas, "gap": [r["quantities"]["gap"] for r in rs], "lower": rs[0]["quantities"]["lower"],
            "upper": rs[0]["quantities"]["upper"], "threshold": thr.get("threshold"), "predicted": thr.get("predicted")}


SUPPLEMENTS = {"lai2026.m1.gap": eta_sweep_supplement}


# Shipped conjectures the quick report leaves out: one trial costs more than the whole quick profile's budget.
QUICK_SKIP = {"conj.frei-beyond-H": "one trial integrates four gradient flows to L̂ = e^(−2000) (about 30 s each "
                                    "on 2 cores); run `ibcheck conjecture conj.frei-beyond-H` or the full profile"}


def run_conjectures(budget: int = 4, max_seconds: float = 20.0, skip: dict | None = None) -> dict:
    """Each shipped conjecture at a small budget (docs/benchmarks.md records the full-budget searches);
    a skipped one maps to ``{"status": "not run", "reason": ...}``."""
    from ibcheck.checks.conjecture import search
    from ibcheck.checks.conjectures import SHIPPED
    skip = skip or {}
    return {cid: ({"status": "not run", "reason": skip[cid]} if cid in skip else
                  search(c, budget=budget, seed=0, max_seconds=max_seconds)) for cid, c in SHIPPED.items()}


def run_catalogue(profile: str = "quick", device: str = "cpu", progress: bool = True, backend: str = "serial",
                  address: str | None = None) -> tuple[list[dict], dict]:
    """All results (annotated by ``reports.status``, with ``_series``) and the supplements, in catalogue order.

    ``serial`` runs in process (the frei2023 checks then share one flow per setting); ``local``/``ray``
    spread the check runs over a process pool or a Ray cluster (same results; no figure series).
    """
    todo = settings(profile)
    prog = Progress(len(todo) + len(SUPPLEMENTS)) if progress else None
    results = []
    if backend != "serial":
        from ibcheck.checks.backends import run_tasks
        tasks = [{"claim": c, "params": s_, "device": device} for c, s_, _ in todo]
        results = run_tasks(tasks, backend, address=address,
                            on_result=(lambda i, r: prog.step(tasks[i]["claim"])) if prog else None)
        for r, (cid, setting, role) in zip(results, todo):
            annotate(r, cid, setting, role)
        todo = []
    for cid, setting, role in todo:
        if prog:
            prog.show(f"{cid} {setting or ''}")
        try:
            r = run_check(cid, setting, device=device, keep_series=True)
        except InputError as exc:  # e.g. --device cuda without a GPU: recorded, never lost
            r = {"claim": cid, "params": setting, "verdict": INCONCLUSIVE, "reason": str(exc), "hypotheses": [],
                 "conclusions": [], "quantities": {}, "env": {}}
        annotate(r, cid, setting, role)
        results.append(r)
        if prog:
            prog.step(cid)
    sup = {}
    for cid, fn in SUPPLEMENTS.items():
        if prog:
            prog.show(f"supplement: {cid}")
        sup[cid] = {"eta_sweep": fn()} if cid == "lai2026.m1.gap" else fn()
        if prog:
            prog.step(cid)
    if prog:
        prog.show("shipped conjectures (small budget)")
    quick = profile == "quick"
    sup["_conjectures"] = run_conjectures(4 if quick else 20, 20.0 if quick else 300.0, QUICK_SKIP if quick else None)
    if prog:
        prog.close()
    return results, sup
