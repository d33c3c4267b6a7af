"""gunasekar2018's wrong answers (``checks.wrong_answers``: claim ID → family → probes, or why not).

Hooks: ``limit(W) -> W`` on the recorded iterates (md_bregman, steepest), ``limit(name, W) -> W`` per optimizer
(comparison), ``reference(dict) -> dict``, ``trainer`` ``{"grad_sign": −1}`` / ``{"step_factor": k}``. The fixtures are
the checks' defaults, rebuilt here to form the wrong answers (n = 10, d = 30 regression; n = 8, d = 12 planted).
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.wrong_answers import NA, SCALES, H, Probe, rng


def _cells(random=None, reference=None, dynamics=None, rescaled=None, structure=None) -> dict:
    return {"random": random, "reference": reference, "dynamics": dynamics, "rescaled": rescaled,
            "structure": structure}


def _random_rows(W):
    R = rng(11).normal(size=W.shape)
    scale = np.linalg.norm(W, axis=-1, keepdims=True) / np.maximum(np.linalg.norm(R, axis=-1, keepdims=True), 1e-300)
    return R * scale


def _frozen(W):
    return np.repeat(W[1:2], len(W), 0)


def _dynamics(extra: dict | None = None) -> list[Probe]:
    return [Probe("gradient ascent", lambda: H(trainer={"grad_sign": -1.0}), extra or {}),
            Probe("frozen trainer (every iterate = the first step's)", lambda: H(limit=_frozen), extra or {}),
            Probe("a step 400× too large (the hypotheses see η)", lambda: H(trainer={"step_factor": 400.0}),
                  extra or {})]


# ---- md_bregman: the default entropy run (n = 10, d = 30, seed 0) ------------------------------------------------
def _md_fixture(potential="entropy"):
    from ibcheck.papers.gunasekar2018.numerics.regression import initial, regression
    X, y, _ = regression(10, 30, 0)
    return X, y, initial(potential, 30, 0)


def _other_projection(potential):
    def f(ref):
        from ibcheck.papers.gunasekar2018.theory.bregman import bregman_projection
        X, y, w0 = _md_fixture()
        return {**ref, "w_B": bregman_projection(X, y, w0, potential).w}
    return f


def _min_psi(ref):
    """argmin ψ over the interpolants (the projection of argmin ψ = 𝟙, forgetting w₀)."""
    from ibcheck.papers.gunasekar2018.theory.bregman import bregman_projection
    X, y, _ = _md_fixture()
    return {**ref, "w_B": bregman_projection(X, y, np.ones(30), "entropy").w}


def _null_shift(W):
    X, _, _ = _md_fixture()
    v = rng(12).normal(size=W.shape[-1])
    Q, _ = np.linalg.qr(X.T)
    v = v - Q @ (Q.T @ v)  # a null-space direction: X(W + v) = XW
    return W + 0.1 * np.linalg.norm(W[-1]) * v / np.linalg.norm(v)


MD = _cells(
    random=Probe("random iterates with the norms of MD's", lambda: H(limit=_random_rows)),
    reference=[Probe("the ℓ2 projection (another potential's) as the entropy run's limit",
                     lambda: H(reference=_other_projection("l2"))),
               Probe("argmin ψ over the interpolants (the projection of 𝟙, forgetting w₀)",
                     lambda: H(reference=_min_psi))],
    dynamics=_dynamics(),
    rescaled=[Probe(f"{c:g}·W(t)", (lambda c=c: H(limit=lambda W: c * W))) for c in SCALES],
    structure=Probe("W(t) plus a fixed null-space vector of 10% of ‖w_T‖ (still interpolates)",
                    lambda: H(limit=_null_shift)))


# ---- steepest: planted n = 8, d = 12, seed 0 ---------------------------------------------------------------------
def _direction(p):
    from ibcheck.numerics.data.linear_data import planted
    from ibcheck.theory.norm_margin import max_margin
    return max_margin(planted(8, 12, 0).Z, None, p).w


def _fixed_direction(p):
    """Every recorded iterate replaced by the ℓp max-margin direction at the iterate's norm."""
    def f(W):
        w = _direction(p)
        return np.linalg.norm(W, axis=1, keepdims=True) * w[None] / np.linalg.norm(w)
    return f


def _trajectory(norm):
    def f(W):
        from ibcheck.numerics.data.linear_data import planted
        from ibcheck.numerics.trainers.linear_geometry import steepest_descent
        return steepest_descent(planted(8, 12, 0).Z, norm, 30_000, eta_plus=1e300, scale=0.5).W
    return f


def _ref_margin_of(p_dir, p_norm):
    def f(ref):
        from ibcheck.numerics.data.linear_data import planted
        from ibcheck.numerics.trainers.linear_geometry import norm_of
        Z, w = planted(8, 12, 0).Z, _direction(p_dir)
        return {**ref, "gamma": float((Z @ w).min() / norm_of(w, p_norm)), "w": w}
    return f


_SWAP_L2 = Probe("the ℓ2 max-margin direction offered as sign descent's answer",
                 lambda: H(limit=_fixed_direction(2.0)))
_SWAP_LINF = Probe("the ℓ∞ max-margin direction offered as GD's answer", lambda: H(limit=_fixed_direction(math.inf)),
                   {"norm": "l2"})
STEEPEST = _cells(
    random=Probe("random iterates with the norms of sign descent's", lambda: H(limit=_random_rows)),
    reference=[Probe("γ∞ replaced by the ℓ∞ margin of the ℓ2 max-margin direction (GD's answer)",
                     lambda: H(reference=_ref_margin_of(2.0, math.inf))),
               Probe("γ1 replaced by the ℓ1 margin of the ℓ∞ max-margin direction", lambda: H(
                   reference=_ref_margin_of(math.inf, 1.0)), {"norm": "l1"})],
    dynamics=_dynamics(),
    rescaled=NA("normalised margins are invariant under c > 0; c·W(t) also keeps L decreasing"),
    structure=[_SWAP_L2, _SWAP_LINF,
               Probe("GD's trajectory offered as sign descent's", lambda: H(limit=_trajectory("l2"))),
               Probe("GD's trajectory offered as coordinate descent's", lambda: H(limit=_trajectory("l2")),
                     {"norm": "l1"})])


# ---- comparison (exploratory): limit(name, W) ---------------------------------------------------------------------
_SHORT = {"steps_sd": 3000, "steps_pgd": 3000, "steps_adam": 3000}  # the wrong answers need no long horizon
COMPARISON = _cells(
    random=Probe("random iterates for every optimizer", lambda: H(limit=lambda name, W: _random_rows(W)), _SHORT),
    reference=NA("the question is which reference each optimizer approaches: every ℓq reference is in the table"),
    dynamics=Probe("every optimizer frozen at its first step", lambda: H(limit=lambda name, W: _frozen(W)), _SHORT),
    rescaled=NA("the ratios are normalised margins, invariant under c > 0"),
    structure=Probe("every optimizer answers the ℓ2 max-margin direction",
                    lambda: H(limit=lambda name, W: _fixed_direction(2.0)(W)), _SHORT))

# ---- adagrad: limit(W) on (1, T, d), reference({"w_G", "w_l2"}) -------------------------------------------------
_ADA_FAST = {"steps": 10_000}
ADAGRAD = _cells(
    random=Probe("random iterates with the norms of AdaGrad's", lambda: H(limit=_random_rows), _ADA_FAST),
    reference=Probe("GD's answer, the ℓ2 SVM ŵ, offered as the max margin in ‖·‖_{G∞} (w_G := ŵ)",
                    lambda: H(reference=lambda r: {**r, "w_G": r["w_l2"]})),
    dynamics=[Probe("gradient ascent", lambda: H(trainer={"grad_sign": -1.0}), _ADA_FAST),
              Probe("frozen trainer (every iterate = the first step's)",
                    lambda: H(limit=lambda W: np.repeat(W[:, 1:2], W.shape[1], 1)), _ADA_FAST)],
    rescaled=NA("normalised margins are invariant under c > 0; c·W(t) also keeps L decreasing"),
    structure=NA("the structure is the norm: its nearest wrong norm (ℓ2, GD's) is the reference probe"))
ADAGRAD_PATH = _cells(
    random=NA("exploratory: the question compares two real runs; a random state answers nothing about the path"),
    reference=NA("each run's reference is computed from its own preconditioner: there is no third reference"),
    dynamics=Probe("start A's run reported as start B's (B secretly started at 0, the question sees s = 1)",
                   lambda: H(trainer={"start_scale": 0.0}), {"steps": 10_000}),
    rescaled=NA("directions and angles are invariant under c > 0"),
    structure=NA("the claim states no structure beyond the two limits"))
SD_REGRESSION = _cells(
    random=Probe("random vectors of the limits' norms offered as the limits",
                 lambda: H(limit=lambda w: _random_rows(w[None])[0]), {"steps": 2000}),
    reference=NA("the min-norm interpolant is the claim's own contrast (rows 3 and 4)"),
    dynamics=Probe("both runs frozen at w₀ = 0", lambda: H(limit=lambda w: 0.0 * w), {"steps": 2000}),
    rescaled=NA("c·w of an interpolant does not interpolate: the residual row rejects it (as the random probe)"),
    structure=NA("the claim states no structure beyond interpolation and the step dependence"))

# claim ID → family → probes, or why the family does not apply
TABLE: dict[str, dict] = {"gunasekar2018.md_bregman": MD, "gunasekar2018.steepest": STEEPEST,
                          "gunasekar2018.comparison": COMPARISON, "gunasekar2018.adagrad": ADAGRAD,
                          "gunasekar2018.adagrad_path": ADAGRAD_PATH, "gunasekar2018.sd_regression": SD_REGRESSION}
for _row in TABLE.values():  # a single probe is a one-element list (the table's form)
    for _fam, _v in _row.items():
        _row[_fam] = _v if isinstance(_v, (NA, list)) else [_v]

# claims whose cheapest probe runs only under --profile full (none: each cheapest probe runs in seconds)
HEAVY: set = set()
