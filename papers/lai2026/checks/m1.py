"""lai2026 m=1 checks: pattern freezing, the frozen-pattern limit, the gap to w*, and its rate."""
from __future__ import annotations

import math

import numpy as np

from ibcheck.numerics.runtime.errors import InputError
from ..theory import statements as st
from ..theory.closed_form import frozen_pattern_limit
from ..theory.enumeration import enumerate_m1
from ..theory.minnorm import min_norm_m1
from ibcheck.numerics.data.spectra import parse_spectrum
from ibcheck.theory.asymptotic import Series
from ibcheck.theory.solver import SolverError
from ibcheck.theory.tolerances import tol

from ibcheck.checks import certify as CERT
from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason, waive
from ibcheck.checks.params import Param
from . import certify as LCERT
from ibcheck.checks.horizon import extended_grid
from . import common as C

ENUM_MAX_N = 10  # active-set enumeration cross-check up to 2^10 candidate sets


def label_range(y: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    """``(y_min, y_max)`` of ``|y_i|`` over ``mask`` (NaN when empty)."""
    v = np.abs(y[mask])
    return (float(v.min()), float(v.max())) if v.size else (math.nan, math.nan)


def step1_alpha(K: np.ndarray, y: np.ndarray, alpha0: np.ndarray, eta: float, a: np.ndarray) -> np.ndarray:
    """Coefficients after one GD step, computed independently of the trainer (numpy, exact ReLU')."""
    beta0 = alpha0 @ K  # (m, n)
    r = (a[:, None] * np.maximum(beta0, 0)).sum(0) - y
    c = a[:, None] * r[None, :] * (beta0 > 0)
    return alpha0 - eta * c


def measure_m1(ctx: Context) -> list[Measurement]:
    """Train m=1 from the positive init, solve for w*, and measure every m1 quantity per seed."""
    run = C.run_gd(ctx, [1.0])
    out = []
    for s, seed in enumerate(ctx.seeds):
        K = run.K[s].cpu().numpy()
        y = run.y[s].cpu().numpy()
        tr = float(run.trace[s])
        P, N = y > 0, y <= 0
        alpha = run.alpha[s, 0].cpu().numpy()
        beta = K @ alpha
        inconc = C.not_converged(run.res, s)
        q = {"n_plus": int(P.sum()), "n_minus": int(N.sum())}
        y_min, y_max = label_range(y, N)
        q.update(y_min=y_min, y_max=y_max)
        ref = None
        try:
            ref = min_norm_m1(K, y, tr)
            q["solver_status"] = ref.status
            q["w_star_norm"] = ref.norm
            q.update({f"kkt_{k}": v for k, v in ref.residuals.items()})
            if not ref.info.accurate and not ref.polished:
                inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"solver returned {ref.info.status} and polishing failed")
            if max(ref.residuals["primal_feasibility"], ref.residuals["dual_feasibility"],
                   ref.residuals["complementarity"]) > tol("solver_kkt"):
                inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"re-verified KKT residuals of w* exceed {tol('solver_kkt')}")
            q["gap"] = C.knorm(K, alpha - ref.alpha)
            if len(y) <= ENUM_MAX_N:
                a_enum, norm_enum, count = enumerate_m1(K, y, tr)
                q["enumeration_candidates"] = count
                q["enumeration_rel_dev"] = C.knorm(K, a_enum - ref.alpha) / max(ref.norm, 1e-300)
                if q["enumeration_rel_dev"] > tol("enum_rel"):
                    inconc = inconc or (Inconclusive(Reason.REFERENCE_FAILED, f"cvxpy w* disagrees with the exhaustive active-set enumeration "
                                        f"(relative {q['enumeration_rel_dev']:.2e})"))
        except SolverError as exc:
            q.update(solver_status=str(exc), w_star_norm=math.nan, gap=math.nan)
            inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"min-norm reference failed: {exc}")
        q["lower"] = math.sqrt(ctx.params.get("c_low", 1.0) * q["n_minus"] * y_min ** 2 / tr) if q["n_minus"] else 0.0
        q["upper"] = math.sqrt(ctx.params.get("c_up", 16.0) * q["n_minus"] * y_max ** 2 / tr) if q["n_minus"] else 0.0
        q["w_inf_norm"] = C.knorm(K, alpha)
        q["final_loss"] = 0.5 * float(((np.maximum(beta, 0) - y) ** 2).sum())
        q["min_loss"] = 0.5 * float((y[N] ** 2).sum())
        q["steps"] = int(run.res.steps[s])
        q["converged"] = bool(run.res.converged[s])
        q["pattern_changes_after_step1"] = int(run.res.pattern_changes_after_step1[s])
        q["pattern_after_step1_matches_labels"] = bool(
            (run.res.pattern_step1[s, 0].cpu().numpy() == P).all())
        q["max_interp_residual"] = float(np.abs(beta[P] - y[P]).max(initial=0.0))
        q["max_negative_output"] = float(np.maximum(beta[N], 0).max(initial=0.0))
        a1 = step1_alpha(K, y, run.alpha0[s].cpu().numpy(), float(run.eta[s]), np.ones(1))[0]
        cf = frozen_pattern_limit(K, y, a1, P)
        q["closed_form_rel_dev"] = C.knorm(K, alpha - cf) / max(C.knorm(K, cf), 1e-300)
        # Leading-order prediction of the η threshold below which the lower bound fails:
        # gap ≈ η‖λ‖₁ √(Σ_{y<0} y²/‖λ‖₁), lower = √(n₋ y_min²/‖λ‖₁)  ⇒  η̄* = y_min / rms(y_N).
        q["eta_scale_threshold_predicted"] = (y_min / math.sqrt(float((y[N] ** 2).mean()))
                                              if N.any() else math.nan)
        q.update(run.hyp[s])
        values = dict(q, trace_sigma=tr, n=len(y), converged=float(q["converged"]),
                      limit_rtol=tol("limit_rel"), label_scale=float(np.abs(y).max()))
        series = {"pattern": [p[s, 0].numpy() for p in run.res.patterns],
                  "steps": list(run.res.clock), "loss": [float(l[s]) for l in run.res.losses],
                  "y": y}
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series,
                               data=run.datasets[s].describe(),
                               certificate=LCERT.m1(ctx, run.datasets[s], K, y, alpha, ref)))
    return out


M1_PARAMS_BASE = {**C.DATA_PARAMS, **C.GD_PARAMS}


def _spec(claim, measure, quick, full, extra=None) -> CheckSpec:
    params = {**M1_PARAMS_BASE, **C.constant_params(claim), **(extra or {})}
    return CheckSpec(claim=claim, params=params, measure=measure, quick=quick, full=full, deeper=deeper_d,
                     independent_rows="w* = Xᵀ K⁻¹ y solves with K = XXᵀ", inert=C.INERT)


def needs_negatives(measure):
    """``measure`` for a claim stated through n₋ and y_min over the negative labels: labels without a negative make
    its bounds undefined (0·NaN), which is bad input (exit 2), not a NaN verdict."""
    def wrapped(ctx: Context) -> list[Measurement]:
        p = ctx.params
        if ctx.data is None and p.get("labels") != "gaussian" and int(round(p["pos_frac"] * p["n"])) == p["n"]:
            raise InputError(f"pos_frac={p['pos_frac']:g} with n={p['n']} leaves no negative label: the bounds of "
                             f"{st.M1_GAP.id} are stated through n₋ ≥ 1 and y_min over the negatives (use a smaller "
                             "pos_frac)")
        ms = measure(ctx)
        if any(m.quantities.get("n_minus") == 0 for m in ms):
            raise InputError(f"the labels have no negative: the bounds of {st.M1_GAP.id} are stated through n₋ ≥ 1 "
                             "and y_min over the negatives")
        return ms
    return wrapped


def deeper_d(p: dict) -> list[dict]:
    """Deeper inside the near-orthogonality stand-in δ_max for "d ≫ n": 10d and 100d (orth_dev ~ √(n/d) falls
    about 3× and 10×; the Gram law makes any d cheap, and GD in the span does not grow with d)."""
    return [{"d": 10 * p["d"]}, {"d": 100 * p["d"]}]


_Q = [{"n": 40, "d": 4000}, {"n": 10, "d": 2000}, {"n": 40, "d": 20000, "spectrum": "power:0.5"}]
_F = [{"n": 40, "d": d, "seed": s} for d in (4000, 100000, 1000000) for s in (0, 1, 2)] + \
     [{"n": 100, "d": 100000, "spectrum": sp_} for sp_ in ("power:0.5", "spike:10:20")] + \
     [{"n": 40, "d": 4000, "labels": "gaussian"}, {"n": 40, "d": 4000, "labels": "pm1"}]

# lai2026.m1.gap at smaller steps: the lower bound's failure below η̄* ≈ y_min/rms(y_N) is a finding.
GAP_QUICK = _Q + [{"n": 40, "d": 4000, "eta_scale": e} for e in (0.8, 0.5)]

SPECS = [
    _spec(st.M1_PATTERN, measure_m1, _Q, _F),
    _spec(st.M1_LIMIT, lambda ctx: waive(measure_m1(ctx), Reason.NOT_CONVERGED), _Q, _F, CERT.PARAM),
    _spec(st.M1_GAP, needs_negatives(measure_m1), GAP_QUICK, _F + [{"n": 40, "d": 4000, "eta_scale": e} for e in (0.7, 0.6, 0.4, 0.2)],
          CERT.PARAM),
]


# ---- rate ----------------------------------------------------------------------------------------
def _slope(x, y) -> float:
    return float(np.polyfit(np.log(x), np.log(y), 1)[0])


def measure_rate(ctx: Context) -> list[Measurement]:
    """Fit log gap against log ‖λ‖₁ (n fixed) and against log n₋ (d fixed); gap² averaged over reps."""
    from ibcheck.checks.params import grid
    p = dict(ctx.params)
    d_grid = grid(p.pop("d_grid"), "d_grid", int)
    n_grid = grid(p.pop("n_grid"), "n_grid", int)
    reps = p.pop("reps")
    out = []
    for seed in ctx.seeds:
        def mean_gap(n, d):
            sub = Context(params=dict(p, n=n, d=d), seeds=[seed * 1000 + r for r in range(reps)],
                          device=ctx.device, hooks=ctx.hooks)
            ms = measure_m1(sub)
            bad = next((m.inconclusive for m in ms if m.inconclusive), None)
            g = float(np.sqrt(np.mean([m.quantities["gap"] ** 2 for m in ms])))
            ratios.extend((m.quantities["gap"] / m.quantities["lower"], m.quantities["gap"] / m.quantities["upper"])
                          for m in ms)  # per dataset: the Theorem's bounds hold for each draw, not on average
            bounds.append((float(np.mean([m.quantities["lower"] for m in ms])),
                           float(np.mean([m.quantities["upper"] for m in ms]))))
            return g, float(np.mean([m.values["trace_sigma"] for m in ms])), \
                float(np.mean([m.quantities["n_minus"] for m in ms])), bad
        bounds: list = []
        ratios: list = []
        by_d = [mean_gap(p["n"], d) for d in d_grid]
        bounds_d = bounds[:]
        by_n = [mean_gap(n, p["d_rate"]) for n in n_grid]
        bad = next((b[3] for b in by_d + by_n if b[3]), None)
        q = {"slope_trace": _slope([b[1] for b in by_d], [b[0] for b in by_d]),
             "slope_n_minus": _slope([b[2] for b in by_n], [b[0] for b in by_n]),
             "gap_by_d": [b[0] for b in by_d], "trace_by_d": [b[1] for b in by_d],
             "gap_by_n": [b[0] for b in by_n], "n_minus_by_n": [b[2] for b in by_n],
             "lower_by_d": [b[0] for b in bounds_d], "upper_by_d": [b[1] for b in bounds_d],
             "lower_ratio_min": min(r[0] for r in ratios), "upper_ratio_max": max(r[1] for r in ratios)}
        values = dict(q, slope_tol=ctx.params["slope_tol"],
                      gap_series=Series([b[1] for b in by_d], [b[0] for b in by_d]))  # clock ‖λ‖₁ (d growing)
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=bad, series=q))
    return out


_SWEPT = ("a setting of the sweep's points (each a setting of lai2026.m1.gap, whose hypothesis rows read it); the rate "
          "claim states no hypothesis of its own on a single point — its rows judge the fitted slopes")
RATE_SPEC = CheckSpec(
    claim=st.M1_RATE,
    params={**M1_PARAMS_BASE, **C.constant_params(st.M1_RATE),
            "d_grid": Param("d_grid", str, "1e3,1e4,1e5,1e6,1e7,1e8,1e9", "d values of the ‖λ‖₁ sweep (n fixed)"),
            "n_grid": Param("n_grid", str, "20,40,80,160", "n values of the n₋ sweep (d = d_rate)"),
            "d_rate": Param("d_rate", int, 64000, "d of the n₋ sweep", lambda v: v >= 2, "must be >= 2"),
            "reps": Param("reps", int, 3, "datasets averaged per grid point", lambda v: v >= 1, "must be >= 1")},
    measure=measure_rate, quick=[{}], accepts_data=False,
    full=[{"reps": 10}, {"spectrum": "power:0.5"},
          {"sampler": "explicit", "d_grid": "1000,3000,10000,30000,100000,300000,1000000"}],  # ≥ 5 checkpoints
    data_note="a rate needs a sweep of generated datasets",
    inert={**C.INERT, **{k: _SWEPT for k in ("n", "d", "spectrum", "labels", "y_low", "y_high", "pos_frac", "seed",
                                             "sampler", "eta_scale", "init_scale")},
           "d_grid": binding.GRID, "n_grid": binding.GRID, "d_rate": binding.GRID, "reps": binding.REPEATS},
    horizon=extended_grid("d_grid", lambda d, p: parse_spectrum(p["spectrum"], int(d)).l1, ("trace_sigma",), cast=int),
)
SPECS.append(RATE_SPEC)
