"""(ε, δ)-KKT residuals of the max-margin problem for any positively homogeneous model (Lyu–Li 2020, Ji–Telgarsky 2020).

A model ``f(x;θ)`` with ``f(x;cθ) = c^L f(x;θ)`` (``c > 0``) and margins ``q_i(θ) = y_i f(x_i;θ)`` — or, for C
outputs (Lyu–Li's multi-class problem), one constraint ``q_{ij}(θ) = f_{y_i}(x_i;θ) − f_j(x_i;θ)`` per pair
``j ≠ y_i``; below ``i`` runs over the constraints, whatever they are. The problem

    min ½‖θ‖²  s.t.  q_i(θ) ≥ 1,

at the rescaled point ``θ̃ = θ / q_min^{1/L}`` (feasible, ``min_i q_i(θ̃) = 1``). KKT: ``θ̃ = Σ_i λ_i g_i`` with
``g_i ∈ ∂°q_i(θ̃)`` (Clarke), ``λ ≥ 0`` and ``λ_i (q_i(θ̃) − 1) = 0``. Residuals (all in the Euclidean norm of the
flattened trainable parameters, the metric of the objective ½‖θ‖²):

* ``stationarity = min_{λ ≥ 0, g_i ∈ ∂°q_i} ‖θ̃ − Σ λ_i g_i‖ / ‖θ̃‖`` — the multipliers are the minimisers;
* ``complementarity = max_i λ_i (q_i(θ̃) − 1) / mean_i λ_i`` (as the leaky two-layer checker), and the Lyu–Li sum
  ``Σ_i λ_i (q_i(θ̃) − 1) / Σ_i λ_i``;
* Euler's identity ``⟨θ̃, g_i⟩ = L q_i(θ̃)`` gives ``‖θ̃‖² = L Σ λ_i q_i(θ̃)`` at a KKT point (``euler_gap``), and per
  sample it cross-checks the gradients (``euler_gradient_check``).

The Clarke subdifferential of each sample is described by a ``SampleGrad``: ``smooth`` (one gradient), ``box``
(``g = g₀ + Σ_k s_k v_k`` with ``s_k ∈ [lo_k, hi_k]``: one activation layer, each kink's derivative free in its
Clarke interval, every sign pattern realisable), ``vertices`` (the gradients of the realisable pieces; their hull is
a subset of ∂°q_i) or ``uncertified`` (not described: the residual is then ``None``, never an optimistic number).
Every residual is recomputed here from multipliers projected onto their constraints, so it certifies (ε, δ)
whatever the solver's accuracy: a feasible choice of (λ, g) can only over-estimate the minimum.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import nnls

from .kkt_columns import Columns
from .solver import OPTIMAL, OPTIMAL_INACCURATE, SolverError, solve

SUPPORT_TAU = 1e-3  # support set: λ_i > τ·max λ (samples carrying more than 0.1% of the largest multiplier)
EULER_HEADROOM = 4.0  # over the rounding bound of ⟨θ̃, g_i⟩ − L q_i (euler_tolerance)


@dataclass
class SampleGrad:
    """The Clarke subdifferential of ``q_i`` at ``θ̃`` (see the module docstring)."""

    kind: str  # smooth | box | vertices | uncertified
    g: np.ndarray | None = None  # smooth: the gradient; box: g₀ (every kinked derivative at 0)
    row: int | None = None  # smooth, streamed: the gradient is row ``row`` of the streamed Gram (g is None)
    V: np.ndarray | None = None  # box: (k, P) the gradient's change per unit of each kink's derivative
    lo: np.ndarray | None = None  # box: (k,) Clarke interval of each kink's derivative
    hi: np.ndarray | None = None
    vertices: np.ndarray | None = None  # vertices: (v, P)
    reason: str = ""
    elements: list | None = None  # box: the kink of each row of V; vertices: the kinks their patterns fix
    patterns: list | None = None  # vertices: each vertex's derivatives at ``elements`` (γ or 1)


@dataclass
class KKTResiduals:
    stationarity: float | None
    complementarity: float | None
    complementarity_sum: float | None
    euler_gap: float | None
    euler_gradient_check: float
    lam: np.ndarray | None
    support: list[int]
    support_max_margin: float | None
    worst_samples: list[dict]
    worst_units: list[dict]
    method: str  # nnls | qp | none
    solver_status: str | None = None
    certified: bool = False
    reason: str = ""
    derivatives: dict = field(default_factory=dict)  # box kinks: sample -> implied derivatives μ/λ
    slack: float = 0.0  # streamed Gram: how far the least stationarity may lie below ``stationarity``
    euler_tol: float = math.inf  # what rounding allows euler_gradient_check (gradients that disagree exceed it)


def sample_columns(samples: list[SampleGrad]):
    """Free columns (smooth gradients and vertices, each with its owner) and the box parts; a streamed smooth
    gradient is its row index (``space`` turns such lists into ``Columns``)."""
    free, owner_free, base, box_owner, V, lo, hi, owner_V = [], [], [], [], [], [], [], []
    for i, s in enumerate(samples):
        if s.kind == "smooth":
            free.append(s.g if s.row is None else s.row)
            owner_free.append(i)
        elif s.kind == "vertices":
            free.extend(s.vertices)
            owner_free.extend([i] * len(s.vertices))
        elif s.kind == "box":
            base.append(s.g)
            box_owner.append(i)
            V.extend(s.V)
            lo.extend(s.lo)
            hi.extend(s.hi)
            owner_V.extend([len(box_owner) - 1] * len(s.V))
    return free, owner_free, base, box_owner, V, np.array(lo), np.array(hi), np.array(owner_V, dtype=int)


def explicit(entries: list) -> Columns:
    """The default ``space``: every column given as a vector."""
    return Columns(C=np.stack(entries, axis=1))


def _nnls(cols: Columns, t: np.ndarray) -> np.ndarray:
    """``argmin_{u ≥ 0} ‖t − C u‖`` on the reduction ``(S, b)`` (the P-dimensional problem reduced to N × N)."""
    red = cols.reduce(t)
    if red.S.shape[0] == 0:
        return np.zeros(cols.N)
    try:
        u, _ = nnls(red.S, red.b, maxiter=50 * cols.N)
    except RuntimeError:  # iteration limit: fall back to the interior-point solver
        import cvxpy as cp  # here, not at the top: the usual NNLS answer never loads cvxpy
        v = cp.Variable(cols.N, nonneg=True)
        solve(cp.Problem(cp.Minimize(cp.sum_squares(red.S @ v - red.b))))
        u = np.clip(np.asarray(v.value), 0, None)
    return u


def _box_qp(cols: Columns, t: np.ndarray, n_free: int, n_box: int, lo, hi, owner_V):
    """``min ‖t − C w‖`` with ``w = (u ≥ 0 | λ_box ≥ 0 | μ)``, ``lo_k λ_{o(k)} ≤ μ_k ≤ hi_k λ_{o(k)}``.

    Columns scaled to unit norm and the target to unit norm for the interior-point solver; returns ``(w, status)``.
    """
    import cvxpy as cp  # here, not at the top: a check that solves no program never loads cvxpy
    cn = cols.norms()
    cn = np.where(cn > 0, cn, 1.0)
    red = cols.reduce(t, cn)
    tn = red.theta_norm
    w = cp.Variable(cols.N)
    ws = cp.multiply(1.0 / cn, w)  # the multipliers themselves (up to the factor tn)
    u, lam_b, mu = ws[:n_free], ws[n_free:n_free + n_box], ws[n_free + n_box:]
    cons = []
    if n_free:
        cons.append(u >= 0)
    if n_box:
        cons.append(lam_b >= 0)
    if len(owner_V):
        lam_k = lam_b[owner_V]
        cons += [mu >= cp.multiply(lo, lam_k), mu <= cp.multiply(hi, lam_k)]
    info = solve(cp.Problem(cp.Minimize(cp.norm(red.S @ w - red.b / tn, 2)), cons))  # SOCP: to solver tolerance
    return np.asarray(w.value) / cn * tn, info.status


def _polish(cols: Columns, t, nf, nb, u, lam_b, mu, lo, hi, owner_V):
    """Fix each kink's derivative at the QP's ``μ/λ`` and re-solve the multipliers by NNLS (an exact active set);
    keep whichever feasible point has the smaller residual."""
    with np.errstate(invalid="ignore", divide="ignore"):
        D = np.where(lam_b[owner_V] > 0, mu / lam_b[owner_V], lo)
    D = np.clip(np.nan_to_num(D, nan=0.0), lo, hi)
    M = np.zeros((cols.N, nf + nb))  # [C_free | g₀ + Σ D_k v_k] = C M
    M[np.arange(nf), np.arange(nf)] = 1.0
    M[nf + np.arange(nb), nf + np.arange(nb)] = 1.0
    M[nf + nb + np.arange(len(owner_V)), nf + owner_V] = D
    v = _nnls(cols.combine(M), t)
    u2, lam2 = v[:nf], v[nf:]
    mu2 = D * lam2[owner_V]
    r1 = np.linalg.norm(t - cols.matvec(np.concatenate([u, lam_b, mu])))
    r2 = np.linalg.norm(t - cols.matvec(np.concatenate([u2, lam2, mu2])))
    return (u2, lam2, mu2) if r2 <= r1 else (u, lam_b, mu)


def kkt_residuals(theta: np.ndarray, q: np.ndarray, L: int, samples: list[SampleGrad],
                  blocks: list[tuple[str, tuple]], n_worst: int = 3, space=explicit,
                  name=lambda k: f"sample {k}", rounding: float = 0.0) -> KKTResiduals:
    """KKT residuals at ``θ̃`` (``theta``) with rescaled margins ``q`` (``min q = 1``); see the module docstring.

    ``space``: column entries (vectors, or row indices of a streamed Gram) → ``Columns``; ``name``: how a
    constraint is called in messages (an example, or an example and a class); ``rounding``: the forward's relative
    rounding bound (``numerics.probe.homogeneous_probe.rounding_tol``), for the Euler check's tolerance."""
    theta = np.asarray(theta, dtype=np.float64)
    n = len(samples)
    tnorm2 = float(theta @ theta)
    free, owner_free, base, box_owner, V, lo, hi, owner_V = sample_columns(samples)
    cols = space(free + base + V) if free or base else None
    # per-sample Euler identity on every gradient we were given (a cross-check of gradients and homogeneity)
    # (smooth constraints only: a kinked piece's gradient meets it only up to its pre-activations within kink_tol)
    ech, etol = 0.0, math.inf
    sm = [j for j, i in enumerate(owner_free) if samples[i].kind == "smooth"]
    if sm:
        dots, gn = cols.dots(theta)[sm], cols.norms()[sm]
        owners = np.array(owner_free, dtype=int)[sm]
        ech = float(np.max(np.abs(dots - L * q[owners]) / (L * np.abs(q[owners]))))
        etol = euler_tolerance(len(theta), rounding, math.sqrt(tnorm2) * gn / (L * np.abs(q[owners])))
    unc = [i for i, s in enumerate(samples) if s.kind == "uncertified"]
    if unc:
        why = samples[unc[0]].reason
        return KKTResiduals(None, None, None, None, ech, None, [], None, [], [], "none", certified=False,
                            reason=f"not certified: {len(unc)} constraint(s) without a Clarke description "
                                   f"(first: {name(unc[0])}: {why})", euler_tol=etol)
    status = None
    if not base:
        u = _nnls(cols, theta)
        method = "nnls"
        w = u
    else:
        try:
            w, status = _box_qp(cols, theta, len(free), len(base), lo, hi, owner_V)
        except SolverError as exc:
            return KKTResiduals(None, None, None, None, ech, None, [], None, [], [], "qp", certified=False,
                                reason=f"not certified: the Clarke QP failed ({exc})")
        method = "qp"
    # project onto the constraints (feasible multipliers certify an upper bound on the residual)
    nf, nb = len(free), len(base)
    u = np.clip(w[:nf], 0, None)
    lam_b = np.clip(w[nf:nf + nb], 0, None)
    mu = w[nf + nb:]
    if len(mu):
        mu = np.clip(mu, lo * lam_b[owner_V], hi * lam_b[owner_V])
        u, lam_b, mu = _polish(cols, theta, nf, nb, u, lam_b, mu, lo, hi, owner_V)
    wf = np.concatenate([u, lam_b, mu])
    r = theta - cols.matvec(wf)
    lam = np.zeros(n)
    np.add.at(lam, np.array(owner_free, dtype=int), u)
    lam[np.array(box_owner, dtype=int)] += lam_b
    derivs = {}
    for j, i in enumerate(box_owner):
        ks = np.nonzero(owner_V == j)[0]
        derivs[int(i)] = [float(mu[k] / lam_b[j]) if lam_b[j] > 0 else None for k in ks]
    stat = float(np.linalg.norm(r) / math.sqrt(tnorm2))
    terms = lam * (q - 1)
    lm = float(lam.mean())
    comp = float(terms.max() / lm) if lm > 0 else None
    comp_sum = float(terms.sum() / lam.sum()) if lm > 0 else None
    euler = abs(tnorm2 - L * float(lam @ q)) / tnorm2
    support = [int(i) for i in np.nonzero(lam > SUPPORT_TAU * lam.max())[0]] if lam.max() > 0 else []
    worst_s = [{"index": int(i), "lambda": float(lam[i]), "margin": float(q[i]),
                "term": float(terms[i] / lm) if lm > 0 else None}
               for i in np.argsort(-terms, kind="stable")[:n_worst]]
    return KKTResiduals(
        stationarity=stat, complementarity=comp, complementarity_sum=comp_sum, euler_gap=euler,
        euler_gradient_check=ech, lam=lam, support=support,
        support_max_margin=float(q[support].max()) if support else None, worst_samples=worst_s,
        worst_units=worst_units(r, blocks, math.sqrt(tnorm2), n_worst), method=method, solver_status=status,
        certified=lm > 0, reason="" if lm > 0 else "all multipliers are 0", derivatives=derivs,
        slack=cols.gram_slack(wf, stat, math.sqrt(tnorm2)), euler_tol=etol)


def euler_tolerance(P: int, rounding: float, ratio: np.ndarray) -> float:
    """What float64 allows ``|⟨θ̃, g_i⟩ − L q_i| / (L q_i)``: the dot product of length P rounds to
    ``γ_P ‖θ̃‖‖g_i‖``, the gradient and the margin carry the forward's relative rounding; ``ratio`` =
    ``‖θ̃‖‖g_i‖/(L q_i)`` (≥ 1/L·… by Cauchy–Schwarz). Gradients that disagree with the forward exceed it."""
    gamma = P * 2.0 ** -53 / (1 - P * 2.0 ** -53)
    return EULER_HEADROOM * (gamma + rounding + 2.0 ** -52) * float(np.max(ratio, initial=1.0))


def worst_units(r: np.ndarray, blocks: list[tuple[str, tuple]], scale: float, k: int = 3) -> list[dict]:
    """The output units (rows of each parameter tensor) carrying the largest stationarity residual, ``‖r_j‖/‖θ̃‖``."""
    rows, off = [], 0
    for name, shape in blocks:
        size = int(np.prod(shape)) if len(shape) else 1
        blk = r[off:off + size].reshape(shape[0], -1) if len(shape) else r[off:off + size].reshape(1, 1)
        off += size
        for j, v in enumerate(np.linalg.norm(blk, axis=1)):
            rows.append((float(v) / scale, name, j))
    rows.sort(key=lambda t: -t[0])
    return [{"param": name, "unit": j, "residual": v} for v, name, j in rows[:k]]


def stable_rank(W: np.ndarray) -> float:
    """``‖W‖_F² / ‖W‖₂²`` of a weight tensor reshaped to ``out × (everything else)`` (conv: out × in·k·k)."""
    M = np.asarray(W, dtype=np.float64).reshape(W.shape[0], -1)
    sv = np.linalg.svd(M, compute_uv=False)
    return float((sv ** 2).sum() / sv[0] ** 2) if sv[0] > 0 else math.nan


def _svm(X: np.ndarray, y: np.ndarray):
    """Hard-margin SVM through the origin: in the span (``theory.two_layer_margin.svm_margin``, n variables) when
    d ≥ n, else in the primal ``min ½‖u‖² s.t. y_i⟨u,x_i⟩ ≥ 1`` (d variables). Returns ``(margin, status)``."""
    from ibcheck.theory.two_layer_margin import svm_margin
    n, d = X.shape
    if d >= n:
        svm = svm_margin(X @ X.T, y)
        return svm.margin, svm.info.status + (" (polished, re-verified)" if svm.verified else "")
    import cvxpy as cp  # here, not at the top: only the primal SVM (d < n) is a cvxpy program
    s = float(np.sqrt(np.mean(np.sum(X * X, 1))))
    u = cp.Variable(d)
    info = solve(cp.Problem(cp.Minimize(0.5 * cp.sum_squares(u)), [cp.multiply(y, (X / s) @ u) >= 1]),
                 allow_infeasible=True)
    if info.status not in (OPTIMAL, OPTIMAL_INACCURATE):
        return 0.0, info.status
    uv = np.asarray(u.value)
    return float((y * (X @ uv)).min() / np.linalg.norm(uv)), info.status


PROBLEM1_MAX_N = 400  # the label-aligned QP has 2n variables over a dense n × n Gram matrix


def two_layer_references(X: np.ndarray, y: np.ndarray, gamma: float, a_fixed: np.ndarray | None,
                         enum_max_mn: int = 12) -> dict:
    """Exact references for ``f(x) = Σ_j a_j φ(⟨w_j,x⟩)``, bias-free, ``φ(z) = max(γz, z)`` (γ = 1: linear).

    * always: the hard-margin linear SVM through the origin, ``svm_margin = max_{‖u‖=1} min_i y_i⟨u,x_i⟩``;
    * both layers trained (L = 2): the SVM direction embedded in the network. Linear network (γ = 1): the exact
      optimum ``svm/2`` of the normalised margin ``min q/‖θ‖²`` (``‖θ‖² ≥ 2‖W‖‖a‖ ≥ 2‖Wᵀa‖``); (leaky) ReLU
      (m ≥ 2): the pair ``w = ±cu, a = ±c`` reaches ``(1+γ)/4 · svm``, a feasible point, so a lower bound on the
      network's optimum;
    * second layer fixed to ±1/√m (L = 1, the leaky two-layer architecture): Problem (1) on the label-aligned
      pattern, ``1/‖W*‖`` (its optimum under near-orthogonality (H), otherwise a feasible point: a lower bound), and
      the global optimum by enumerating the ``2^{mn}`` patterns when ``m·n ≤ enum_max_mn``.
    """
    from ibcheck.theory.two_layer_margin import closed_form_kkt, global_over_patterns, qp_aligned
    out: dict = {}
    try:
        svm, status = _svm(X, y)
    except SolverError as exc:
        return {"reference": f"linear SVM failed ({exc}): no reference"}
    sep = status.split(" ")[0] in (OPTIMAL, OPTIMAL_INACCURATE)
    out["svm_margin"] = svm if sep else None
    out["svm_status"] = status if sep else "infeasible: the data are not linearly separable through the origin"
    if a_fixed is None:
        if gamma == 1.0:
            out["reference"] = "linear network: max normalised margin = svm_margin/2 (exact)"
            out["reference_margin"] = svm / 2 if sep else None
            out["reference_is_optimum"] = True
        else:
            out["reference"] = (f"SVM direction as two opposite units (w=±cu, a=±c): (1+γ)/4·svm_margin with γ={gamma:g}; "
                                f"a feasible point, so a lower bound on the network's max normalised margin")
            out["reference_margin"] = (1 + gamma) / 4 * svm if sep else None
            out["reference_is_optimum"] = False
        return out
    m = len(a_fixed)
    m1, m2 = int((a_fixed > 0).sum()), int((a_fixed < 0).sum())
    if m1 == 0 or m2 == 0:
        out["reference"] = "Problem (1) needs neurons of both signs in the fixed second layer: no reference"
        return out
    if len(y) > PROBLEM1_MAX_N:
        out["reference"] = f"Problem (1) reference skipped: n = {len(y)} > {PROBLEM1_MAX_N} (dense n × n QP)"
        return out
    K = X @ X.T
    try:
        qp = qp_aligned(K, y, m1, m2, gamma)
        cf = closed_form_kkt(K, y, m1, m2, gamma)
    except SolverError as exc:
        out["reference"] = f"Problem (1): the label-aligned QP failed ({exc})"
        return out
    ok = qp.B is not None
    out["problem1_aligned_margin"] = 1.0 / qp.norm if ok else None
    out["problem1_status"] = qp.info.status
    out["problem1_feasibility"] = qp.feasibility if ok else None
    out["problem1_closed_form_valid"] = bool(cf.valid)
    out["reference"] = ("Problem (1) (second layer fixed to ±1/√m, m1=%d, m2=%d, γ=%g): label-aligned "
                        "optimum 1/‖W*‖ — the global optimum under (H) (Theorem 3.2), otherwise a lower bound" % (m1, m2, gamma))
    out["reference_margin"] = out["problem1_aligned_margin"]
    out["reference_is_optimum"] = False
    if m * len(y) <= enum_max_mn and gamma > 0:
        gnorm, _, solved, inacc = global_over_patterns(K, y, m1, m2, gamma)
        out["problem1_global_margin"] = 1.0 / gnorm if math.isfinite(gnorm) else None
        out["problem1_patterns_solved"] = solved
        out["reference"] += f"; global optimum by enumerating 2^{m * len(y)} patterns"
        out["reference_margin"] = out["problem1_global_margin"]
        out["reference_is_optimum"] = inacc == 0
    return out
