"""lai2026 m=2 checks: decoupling of the two neurons and the gap to the min-norm interpolator."""
from __future__ import annotations

import math

import numpy as np

from ..theory import statements as st
from ..theory.duality import certify_decoupled
from ..theory.enumeration import enumerate_m2
from ..theory.minnorm import min_norm_m2_decoupled
from ibcheck.theory.solver import SolverError
from ibcheck.theory.tolerances import tol

from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason, waive
from . import common as C
from .m1 import M1_PARAMS_BASE, deeper_d, label_range

ENUM_MAX_N = 6  # 4^6 = 4096 activation patterns


def measure_m2(ctx: Context) -> list[Measurement]:
    """Train ``ReLU(⟨w₊,x⟩) − ReLU(⟨w₋,x⟩)`` from ``w₊ = w₋ = w₀`` and compare with the decoupled QP."""
    run = C.run_gd(ctx, [1.0, -1.0])
    out = []
    for s, seed in enumerate(ctx.seeds):
        K = run.K[s].cpu().numpy()
        y = run.y[s].cpu().numpy()
        tr = float(run.trace[s])
        P, N = y > 0, y < 0
        alpha = run.alpha[s].cpu().numpy()  # (2, n)
        beta = alpha @ K
        inconc = C.not_converged(run.res, s)
        nan_why: dict = {}
        y_min, y_max = label_range(y, np.ones_like(P))
        q = {"n_plus": int(P.sum()), "n_minus": int(N.sum()), "y_min": y_min, "y_max": y_max}
        try:
            wp, wm = min_norm_m2_decoupled(K, y, tr)
            star = np.stack([wp.alpha, wm.alpha])
            q["solver_status"] = f"w+: {wp.status}; w-: {wm.status}"
            q["w_star_norm"] = C.knorm(K, star)
            q["kkt_max_residual"] = max(max(wp.residuals.values()), max(wm.residuals.values()))
            if q["kkt_max_residual"] > tol("solver_kkt"):
                inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"re-verified KKT residual of the decoupled QP is {q['kkt_max_residual']:.2e}")
            q["gap"] = C.knorm(K, alpha - star)
            cert = certify_decoupled(K, y, wp.alpha, wm.alpha)
            q["global_certificate"] = {"method": "Lagrangian dual bound at the decoupled multipliers",
                                       "certified": cert.certified, "duality_gap": cert.duality_gap,
                                       "delta_slack": cert.delta_slack, "cover_slack": cert.cover_slack,
                                       "reason": cert.reason}
            certified = cert.certified
            if len(y) <= ENUM_MAX_N:
                e = enumerate_m2(K, y, tr)
                q["enumeration"] = {"patterns": e.patterns_total, "infeasible_by_sign_lemma": e.infeasible_by_lemma,
                                    "solved": e.solved, "infeasible_by_solver": e.infeasible_by_solver,
                                    "inaccurate": e.inaccurate, "best_norm": e.best_norm}
                by_enum = bool(q["w_star_norm"] <= e.best_norm * (1 + tol("enum_rel"))) and not e.inaccurate
                if cert.certified and e.best_norm < q["w_star_norm"] * (1 - tol("enum_rel")):
                    inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, "the dual certificate contradicts the pattern enumeration (a bug)")
                certified = certified or by_enum
                if e.inaccurate:
                    inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"{e.inaccurate} pattern QPs returned optimal_inaccurate")
            q["decoupled_is_global"] = True if certified else None
            if not certified:
                nan_why["decoupled_is_global"] = "not certified: " + cert.reason
        except SolverError as exc:
            q.update(solver_status=str(exc), w_star_norm=math.nan, gap=math.nan, decoupled_is_global=None)
            inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"min-norm reference failed: {exc}")
        q["lower"] = math.sqrt(ctx.params.get("c_low", 1.0) * len(y) * y_min ** 2 / tr)
        q["upper"] = math.sqrt(ctx.params.get("c_up", 16.0) * len(y) * y_max ** 2 / tr)
        q["w_inf_norm"] = C.knorm(K, alpha)
        f = np.maximum(beta[0], 0) - np.maximum(beta[1], 0)
        q["final_loss"] = 0.5 * float(((f - y) ** 2).sum())
        q["min_loss"] = 0.0
        q["steps"] = int(run.res.steps[s])
        q["converged"] = bool(run.res.converged[s])
        q["pattern_changes_after_step1"] = int(run.res.pattern_changes_after_step1[s])
        p1 = run.res.pattern_step1[s].cpu().numpy()
        q["pattern_after_step1_matches_labels"] = bool((p1[0] == P).all() and (p1[1] == N).all())
        q.update(run.hyp[s])
        values = dict(q, trace_sigma=tr, n=len(y), converged=float(q["converged"]),
                      decoupled_is_global=1.0 if q["decoupled_is_global"] else math.nan,
                      limit_rtol=tol("loss_rel"), zero_predictor_loss=0.5 * float((y ** 2).sum()))
        values.pop("enumeration", None)
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, nan_reasons=nan_why,
                               data=run.datasets[s].describe(), series={"pattern": [p[s].numpy() for p in run.res.patterns],
                                       "steps": list(run.res.clock), "y": y}))
    return out


def _decoupling(ctx: Context) -> list[Measurement]:
    return waive(measure_m2(ctx), Reason.NOT_CONVERGED)  # convergence is one of this claim's conclusions


_Q = [{"n": 40, "d": 4000}, {"n": 6, "d": 2000}, {"n": 40, "d": 20000, "spectrum": "power:0.5"}]
_F = [{"n": 40, "d": d, "seed": s} for d in (4000, 100000, 1000000) for s in (0, 1, 2)] + \
     [{"n": 6, "d": 600, "seed": s} for s in range(5)] + [{"n": 100, "d": 100000, "spectrum": "spike:10:20"}]

SPECS = [
    CheckSpec(claim=st.M2_DECOUPLING, params={**M1_PARAMS_BASE, **C.constant_params(st.M2_DECOUPLING)},
              measure=_decoupling, quick=_Q, full=_F, deeper=deeper_d, independent_rows="w* = Xᵀ K⁻¹ y solves with K = XXᵀ",
              inert=C.INERT),
    CheckSpec(claim=st.M2_GAP, params={**M1_PARAMS_BASE, **C.constant_params(st.M2_GAP)},
              measure=measure_m2, quick=_Q, full=_F, deeper=deeper_d, independent_rows="w* = Xᵀ K⁻¹ y solves with K = XXᵀ",
              inert=C.INERT),
]
