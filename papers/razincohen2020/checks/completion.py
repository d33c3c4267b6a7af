"""razincohen2020: depth-N factorised gradient flow on the 2×2 completion problem, over decades of t.

One flow (raw factors while det W is resolved, then the balanced end-to-end flow in signed-SVD log
coordinates, to t = 1e8) feeds the three claims (memoised for pure runs).
Injection points (tests only): ``Hooks.trainer`` — keyword arguments of ``numerics.matrix_factorization.flow``
(``depth``: run the dynamics with a different depth, e.g. 1 = plain GF on W); ``Hooks.limit(W) -> W`` maps every
recorded W(t) (decade checkpoints and the raw phase) before anything is read from it (``mapped``).
"""
from __future__ import annotations

import math

import numpy as np

from ..numerics.matrix_factorization import flow, loss
from ibcheck.theory.asymptotic import Series
from ..theory import statements as st
from ..theory.completion import min_nuclear_completion
from ibcheck.theory.solver import SolverError

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params
from ibcheck.checks.trends import Memo, count_increases, loglog_slope, pure
from ibcheck.checks.horizon import powers_of_ten

_MEMO = Memo()
BALANCE_TOL = 1e-6  # ‖W_{k+1}ᵀW_{k+1} − W_kW_kᵀ‖/‖W_k‖² at the switch (raw phase at rtol 1e-10: ≲ 1e-9)

PARAMS = {
    "depth": Param("depth", int, 2, "number of factors N", lambda v: 1 <= v <= 8, "in [1, 8]"),
    "alpha": Param("alpha", float, 1e-3, "init: every factor αI", lambda v: 0 < v <= 1, "in (0, 1]"),
    "init": Param("init", str, "identity", "identity (every factor αI, det > 0) | reflect (W₁ = α·diag(1,−1): det < 0)",
                  lambda v: v in ("identity", "reflect"), "identity or reflect"),
    "w12": Param("w12", float, 1.0, "observed W₁₂", lambda v: abs(v) <= 1e3, "|w12| ≤ 1000"),
    "w21": Param("w21", float, 1.0, "observed W₂₁", lambda v: abs(v) <= 1e3, "|w21| ≤ 1000"),
    "w22": Param("w22", float, 0.0, "observed W₂₂", lambda v: abs(v) <= 1e3, "|w22| ≤ 1000"),
    "t_end": Param("t_end", float, 1e8, "end of the flow (decades 10^k up to it are checkpoints)",
                   lambda v: 1e4 <= v <= 1e10, "in [1e4, 1e10]"),
    "rtol": Param("rtol", float, 1e-10, "relative tolerance of both phases", lambda v: 1e-13 <= v <= 1e-6,
                  "in [1e-13, 1e-6]"),
    "seed": Param("seed", int, 0, "unused (the flow is deterministic); kept for --seeds", lambda v: v >= 0, ">= 0"),
}
MASK = np.array([[0.0, 1.0], [1.0, 1.0]])  # W₁₁ unobserved


def problem(p) -> tuple[np.ndarray, np.ndarray]:
    return MASK.copy(), np.array([[0.0, p["w12"]], [p["w21"], p["w22"]]])


def run(ctx: Context) -> dict:
    p = ctx.params
    keys = ("depth", "alpha", "init", "w12", "w21", "w22", "t_end", "rtol")

    def go():
        mask, B = problem(p)
        fl = flow(p["depth"], p["alpha"], mask, B, t_end=p["t_end"], init=p["init"], rtol=p["rtol"],
                  **(ctx.hooks.trainer or {}))
        if ctx.hooks.limit is not None:
            mapped(fl, ctx.hooks.limit, mask, B)
        q = {"t_switch": fl.t_switch, "balancedness_at_switch": fl.balancedness_at_switch, "reached_end": float(fl.reached_end),
             "flow_message": fl.message, "flow_nfev": fl.nfev, "flow_seconds": round(fl.seconds, 4)}
        q["t"] = fl.t
        q["W11"] = [W[0][0] for W in fl.W]
        q["nuclear"] = fl.nuclear()
        q["loss"] = fl.loss
        q["log_sv"] = [list(ls) for ls in fl.log_sv]
        q["log_det"] = [a + b for a, b in fl.log_sv]
        q["det_sign"] = list(fl.det_sign)
        q["erank"] = fl.erank()
        q["raw_t"], q["raw_det_rel"], q["raw_loss"] = fl.raw_t, fl.raw_det_rel, fl.raw_loss
        return q
    return _MEMO.get(tuple((k, p[k]) for k in keys), go) if pure(ctx) else go()


def mapped(fl, f, mask, B) -> None:
    """Replace every recorded W(t) by ``f(W)`` and recompute what the claims read from it (tests only: wrong answers
    through ``Hooks.limit``): singular values, det sign, loss; det/‖W‖² and the loss of the raw phase."""
    fl.W = [np.asarray(f(np.array(W, dtype=float)), dtype=float) for W in fl.W]
    fl.log_sv, fl.det_sign, fl.loss = [], [], []
    for W in fl.W:
        s1, s2 = np.linalg.svd(W, compute_uv=False)
        fl.log_sv.append((math.log(max(s1, 1e-300)), math.log(max(s2, 1e-300))))
        fl.det_sign.append(float(np.sign(np.linalg.det(W)))), fl.loss.append(loss(W, mask, B))
    fl.raw_W = [np.asarray(f(np.array(W, dtype=float)), dtype=float) for W in fl.raw_W]
    fl.raw_det_rel = [float(np.linalg.det(W)) / max(float(np.sum(W * W)), 1e-300) for W in fl.raw_W]
    fl.raw_loss = [loss(W, mask, B) for W in fl.raw_W]


def _hypotheses(p) -> dict:
    mask, B = problem(p)
    W0 = p["alpha"] ** p["depth"] * (np.diag([1.0, -1.0]) if p["init"] == "reflect" else np.eye(2))
    return {"depth": float(p["depth"]), "det0_sign": float(np.sign(np.linalg.det(W0))),
            "completions_negative_det": float(p["w22"] == 0 and p["w12"] * p["w21"] > 0),
            "init_scale_rel": float(np.linalg.norm(W0) / np.linalg.norm(mask * B)) if np.any(mask * B) else math.inf}


def _last3(t, v) -> float:
    """Log–log slope over the checkpoints of the last 3 decades."""
    if len(t) < 2:
        return math.nan
    sel = [i for i, x in enumerate(t) if x >= t[-1] / 1e3 * 0.999]
    return loglog_slope([t[i] for i in sel], [abs(v[i]) for i in sel])


def _escaped(r) -> list[int]:
    """Decade checkpoints after the escape from the initial saddle (loss ≤ L(0)/2): before it, a small init
    sits on a plateau where nothing grows — not what the claims are about."""
    L0 = r["raw_loss"][0] if r["raw_loss"] else math.inf
    return [i for i, L in enumerate(r["loss"]) if L <= L0 / 2]


def _growth(v) -> float:
    v = [abs(x) for x in v]
    return min((b / a for a, b in zip(v, v[1:]) if a > 0), default=math.nan)


def measure_norms(ctx: Context) -> list[Measurement]:
    p = ctx.params
    q = dict(_hypotheses(p))
    r = run(ctx)
    q.update(r)
    L0 = r["raw_loss"][0] if r["raw_loss"] else math.nan
    L0 = L0 if L0 != 0 else math.nan  # a wrong answer that fits the entries from t = 0 (tests only): no ratio
    esc = _escaped(r)
    q.update(escape_decade=r["t"][esc[0]] if esc else math.nan,
             w11_min_decade_growth=_growth([r["W11"][i] for i in esc]),
             nuclear_min_decade_growth=_growth([r["nuclear"][i] for i in esc]),
             w11_slope_last=_last3(r["t"], r["W11"]), nuclear_slope_last=_last3(r["t"], r["nuclear"]),
             loss_ratio=(r["loss"][-1] / L0) if r["loss"] else math.nan,
             loss_increases=count_increases([L + 1e-12 * L0 for L in r["loss"]], rtol=1e-9))  # float floor ~1e-32
    inconc = None
    try:
        mask, B = problem(p)
        c = min_nuclear_completion(mask, B)
        q.update(min_nuclear_norm=c.nuclear, min_nuclear_W11=float(c.W[0, 0]), min_nuclear_status=c.info.status)
        if not c.certified:
            inconc = Inconclusive(Reason.REFERENCE_FAILED, f"min-nuclear-norm completion not certified ({c.info.status})")
        if r["nuclear"]:
            q["nuclear_over_min_final"] = r["nuclear"][-1] / c.nuclear
    except SolverError as exc:
        inconc = Inconclusive(Reason.REFERENCE_FAILED, f"min-nuclear-norm SDP failed: {exc}")
    if not r["reached_end"] and r["t"]:
        inconc = inconc or Inconclusive(Reason.NUMERICS_FAILED, f"the flow stopped at t = {r['t'][-1]:.3g} < t_end ({r['flow_message']})")
    if r["balancedness_at_switch"] > BALANCE_TOL:
        inconc = inconc or (Inconclusive(Reason.NUMERICS_FAILED, f"factors unbalanced at the switch ({r['balancedness_at_switch']:.1e}): the end-to-end "
                            f"dynamics does not apply"))
    values = {k: v for k, v in q.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    values["loss_series"] = Series([r["t"][i] for i in esc], [r["loss"][i] for i in esc])
    series = {"t": r["t"], "W11": r["W11"], "nuclear": r["nuclear"], "loss": r["loss"],
              "min_nuclear": q.get("min_nuclear_norm")}
    return [Measurement(seed=s, values=values, quantities=q, inconclusive=inconc, series=series) for s in ctx.seeds]


def measure_det(ctx: Context) -> list[Measurement]:
    p = ctx.params
    q = dict(_hypotheses(p))
    r = run(ctx)
    q.update({k: r[k] for k in ("t_switch", "balancedness_at_switch", "reached_end", "flow_message", "raw_t",
                                "raw_det_rel", "log_det", "t")})
    q["min_det_rel_raw"] = min(r["raw_det_rel"]) if r["raw_det_rel"] else math.nan
    q["det_nonpositive_checkpoints"] = float(sum(sg <= 0 for sg in r["det_sign"]))
    q["log_det_final"] = r["log_det"][-1] if r["log_det"] else math.nan
    values = {k: v for k, v in q.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    series = {"raw_t": r["raw_t"], "raw_det_rel": r["raw_det_rel"], "t": r["t"], "log_det": r["log_det"]}
    inconc = None if r["balancedness_at_switch"] <= BALANCE_TOL else \
        Inconclusive(Reason.NUMERICS_FAILED, f"factors unbalanced at the switch ({r['balancedness_at_switch']:.1e}): the end-to-end dynamics does not apply")
    return [Measurement(seed=s, values=values, quantities=q, series=series, inconclusive=inconc) for s in ctx.seeds]


def measure_erank(ctx: Context) -> list[Measurement]:
    p = ctx.params
    q = dict(_hypotheses(p))
    r = run(ctx)
    er = [r["erank"][i] for i in _escaped(r)]
    q.update(t=r["t"], erank=r["erank"], erank_increases=count_increases(er, rtol=1e-12),
             erank_excess_final=(r["erank"][-1] - 1) if r["erank"] else math.nan)
    inconc = None if r["reached_end"] else Inconclusive(Reason.NUMERICS_FAILED, f"the flow stopped early ({r['flow_message']})")
    if r["balancedness_at_switch"] > BALANCE_TOL:
        inconc = inconc or Inconclusive(Reason.NUMERICS_FAILED, f"factors unbalanced at the switch ({r['balancedness_at_switch']:.1e})")
    values = {k: v for k, v in q.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return [Measurement(seed=s, values=values, quantities=q, inconclusive=inconc,
                        series={"t": r["t"], "erank": r["erank"]}) for s in ctx.seeds]


_Q = [{}, {"depth": 3}, {"alpha": 1e-2}, {"init": "reflect"}]
_F = [{"depth": 4, "alpha": 1e-2}, {"depth": 2, "alpha": 1e-4, "t_end": 1e10}, {"w12": 2.0, "w21": 0.5}]
_NOTE = "the 2×2 completion problem is set by --set w12/w21/w22"


def deeper(p: dict) -> list[dict]:
    """Deeper inside the small-init stand-in (α ≤ 1e-2): α/10 and α/100."""
    return [{"alpha": p["alpha"] / f} for f in (10, 100)]


SPECS = [CheckSpec(claim=c, params={**PARAMS, **constant_params(c)}, measure=m, quick=_Q, full=_F, accepts_data=False,
                   data_note=_NOTE, deeper=deeper, horizon=powers_of_ten("t_end", highest=1e10),
                   inert={"t_end": binding.HORIZON, "rtol": binding.RESOLUTION,
                          "seed": "unused: the flow is deterministic (kept so that --seeds is accepted)"})
         for c, m in ((st.NORMS, measure_norms), (st.DET, measure_det), (st.ERANK, measure_erank))]
