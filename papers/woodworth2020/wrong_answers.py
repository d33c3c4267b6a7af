"""woodworth2020's wrong answers: ``Hooks.limit(X, y, α, w) -> w``; ``Hooks.trainer`` = span_flow keywords."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, Probe, SCALES, rng, row


# ---- woodworth2020: Hooks.limit(X, y, α, w) -> w; Hooks.trainer = span_flow keywords -----------------------
def ww_interpolant(kind: str) -> Probe:
    def f(X, y, a, w):
        from ibcheck.papers.woodworth2020.theory.interpolants import min_l1, min_l2
        return (min_l2 if kind == "l2" else min_l1)(X, y).w
    name = {"l2": "the minimum-ℓ2 interpolant at every α", "l1": "the minimum-ℓ1 interpolant at every α"}[kind]
    return Probe(name, lambda: H(limit=f))


def ww_random() -> Probe:
    def f(X, y, a, w):
        r = rng(6).normal(size=w.shape)
        return r * np.linalg.norm(w) / np.linalg.norm(r)
    return Probe("a random w of the limit's norm", lambda: H(limit=f))


def ww_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·w∞", (lambda c=c: H(limit=lambda X, y, a, w: c * w))) for c in SCALES]


def ww_structure() -> Probe:
    """An exact interpolant off the path: least squares plus a random null-space part."""
    def f(X, y, a, w):
        w0 = np.linalg.lstsq(X, y, rcond=None)[0]
        N = np.linalg.svd(X)[2][X.shape[0]:].T
        z = rng(7).normal(size=N.shape[1])
        return w0 + N @ z * (0.5 * np.linalg.norm(w0) / np.linalg.norm(z))
    return Probe("an interpolant Xw = y off the path (least squares + a random null-space part)", lambda: H(limit=f))


def ww_ascent() -> Probe:
    return Probe("gradient ascent (ṡ = +4(Xw − y))", lambda: H(trainer={"rate": 4.0}))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
# ---- woodworth2020: Hooks.limit(X, y, α, w) ------------------------------------------------------------------
for _cid, other in (("limit", "l2"), ("rich", "l2"), ("kernel", "l1"), ("transition", "l2")):
    TABLE[f"woodworth2020.{_cid}"] = row(random=ww_random(), reference=ww_interpolant(other), dynamics=ww_ascent(),
                                          rescaled=ww_rescaled(), structure=ww_structure())

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'woodworth2020.transition', 'woodworth2020.kernel'}
