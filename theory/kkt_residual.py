"""The KKT residual of the max-margin problem: one implementation, one result (``KKTResidual``).

A model ``f(x;θ)`` with ``f(x;cθ) = c^L f(x;θ)`` (``c > 0``) and margins ``q_i(θ) = y_i f(x_i;θ)`` — or, for C
outputs (Lyu–Li's multi-class problem), one constraint ``q_{ij}(θ) = f_{y_i}(x_i;θ) − f_j(x_i;θ)`` per pair
``j ≠ y_i``; below ``i`` runs over the constraints, whatever they are. The problem

    min ½‖θ‖²  s.t.  q_i(θ) ≥ 1,

at the rescaled point ``θ̃ = θ / q_min^{1/L}`` (feasible, ``min_i q_i(θ̃) = 1``). KKT: ``θ̃ = Σ_i λ_i g_i`` with
``g_i ∈ ∂°q_i(θ̃)`` (Clarke), ``λ ≥ 0`` and ``λ_i (q_i(θ̃) − 1) = 0``. Residuals (Euclidean norm of the flattened
trainable parameters, the metric of ½‖θ‖²; ``measure`` computes all but the first, for every fit):

* ``stationarity = min_{λ ≥ 0, g_i ∈ ∂°q_i} ‖θ̃ − Σ λ_i g_i‖ / ‖θ̃‖`` — the multipliers are the minimisers;
* ``complementarity = max_i λ_i (q_i(θ̃) − 1) / mean_i λ_i``; ``complementarity_max = max_i λ_i (q_i(θ̃) − 1)``
  (Lyu–Li's δ, unnormalised); ``complementarity_sum = Σ_i λ_i (q_i(θ̃) − 1) / Σ_i λ_i``;
* Euler's identity ``⟨θ̃, g_i⟩ = L q_i(θ̃)`` gives ``‖θ̃‖² = L Σ λ_i q_i(θ̃)`` at a KKT point (``euler_gap``), and
  ``|‖θ̃‖² − LΣλ_iq_i| = |⟨θ̃, θ̃ − Σλ_ig_i⟩| ≤ ‖θ̃‖·‖θ̃ − Σλ_ig_i‖`` (``euler_bound``, smooth constraints); per
  sample it cross-checks the gradients (``euler_gradient_check``).

Three fits of the multipliers, each for what its caller holds:

* ``kkt_residuals`` — any model, each constraint's Clarke subdifferential a ``theory.kkt_columns.SampleGrad``, the
  columns explicit or a streamed Gram: non-negative least squares, or a box QP over the kinks' derivatives (the
  multipliers then re-projected onto their constraints, so the residual certifies (ε, δ) whatever the solver's
  accuracy). What ``ibcheck kkt`` runs; the (ε, δ) verdict on it is ``theory.kkt_verdict``.
* ``jacobian_residuals`` — a smooth net with torch margins (``net.margins``, ``net.degree``, ``net.perp_sq``: the
  squared part of θ the data never see, pure residual): ``J`` by ``jacrev``, ``λ = argmin_{λ≥0} ‖θ̃ − Jᵀλ‖``, and
  when J is rank deficient the least ``complementarity_max`` among the λ that keep the residual (a small SOCP, status
  checked and re-verified; the NNLS λ kept if that fails) [standard knowledge, after Dutta et al. 2013].
* ``two_layer_residuals`` — ``f(x) = Σ_j a_j φ(⟨w_j,x⟩)``, ``φ(z) = max(γz, z)``, second layer fixed (L = 1), in the
  span metric ``W = W^⊥ + BX`` (``‖Σ_i c_ji x_i‖² = c_jᵀKc_j``; ``W^⊥`` is pure residual): NNLS without kinks, a QP
  with ``γλ_i ≤ μ_ji ≤ λ_i`` at a kink (``|⟨w̃_j,x_i⟩| ≤ kink_tol·‖w̃_j‖‖x_i‖``, ``∂φ(0) = [γ, 1]``); its Euler gap
  reads ``|‖W̃‖² − Σλ_i|`` (``⟨W̃, ∂f_i⟩ = f_i`` and ``q̃_i = 1`` on the support).

Each fit keeps its own linear algebra, so every number the catalogue and ``ibcheck kkt`` report is what it was.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import nnls

from .kkt_columns import Columns, SampleGrad, explicit, sample_columns
from .solver import SolverError, solve

SUPPORT_TAU = 1e-3  # support set: λ_i > τ·max λ (samples carrying more than 0.1% of the largest multiplier)
EULER_HEADROOM = 4.0  # over the rounding bound of ⟨θ̃, g_i⟩ − L q_i (euler_tolerance)
N_WORST = 3  # samples and units listed by their residual terms


@dataclass
class KKTResidual:
    """The KKT residuals at ``θ̃`` (module docstring); None: not computed (uncertified constraints)."""

    stationarity: float | None
    complementarity: float | None  # max λ_i(q̃_i − 1)/mean λ
    complementarity_max: float | None = None  # max λ_i(q̃_i − 1) (Lyu–Li's δ)
    complementarity_sum: float | None = None  # Σλ_i(q̃_i − 1)/Σλ_i
    euler_gap: float | None = None  # |‖θ̃‖² − LΣλ_iq̃_i|/‖θ̃‖² (two-layer fit: |‖W̃‖² − Σλ_i|/‖W̃‖²)
    euler_gradient_check: float | None = None  # max_i |⟨θ̃, g_i⟩ − L q_i|/(L q_i) over smooth constraints
    lam: np.ndarray | None = None
    support: list[int] = field(default_factory=list)
    support_max_margin: float | None = None
    worst_samples: list[dict] = field(default_factory=list)  # index, lambda, margin, term (÷ mean λ)
    worst_units: list[dict] = field(default_factory=list)  # param, unit, residual ‖r_j‖/‖θ̃‖
    method: str = "none"  # nnls | qp | none (no multipliers) | not classifying (q_min ≤ 0: no θ̃)
    solver_status: str | None = None
    certified: bool = False
    reason: str = ""
    derivatives: dict = field(default_factory=dict)  # box kinks: sample -> implied derivatives μ/λ
    slack: float = 0.0  # streamed Gram: how far the least stationarity may lie below ``stationarity``
    euler_tol: float = math.inf  # what rounding allows euler_gradient_check (gradients that disagree exceed it)
    kinks: int = 0  # two-layer fit: (unit, sample) pairs at their kink
    scale: float = math.nan  # θ̃ = scale·θ
    theta_norm: float = math.nan  # ‖θ̃‖
    q_min: float = math.nan  # min_i q_i(θ), before rescaling

    @property
    def euler_bound(self) -> float | None:
        """What ``euler_gap`` may not exceed for smooth constraints: ``‖θ̃ − Σλ_ig_i‖/‖θ̃‖`` (module docstring)."""
        return self.stationarity

    @property
    def status(self) -> str:
        """How the multipliers were fitted: the solver's status when one ran, else ``method``."""
        return self.solver_status or self.method


def measure(tnorm2: float, stationarity: float, lam: np.ndarray, q: np.ndarray, L: int, *,
            euler_mass=None, n_worst: int = N_WORST, sort: str = "stable") -> dict:
    """Every residual read from multipliers ``λ`` at margins ``q`` (``min q = 1``) and ``‖θ̃‖² = tnorm2``, with the
    fit's ``stationarity``; ``euler_mass`` replaces ``LΣλ_iq_i`` in the Euler gap; ``sort``: numpy's sort kind for
    the worst samples (ties in order of index for ``stable``)."""
    terms = lam * (q - 1)
    lm = float(lam.mean())
    support = [int(i) for i in np.nonzero(lam > SUPPORT_TAU * lam.max())[0]] if lam.max() > 0 else []
    mass = L * float(lam @ q) if euler_mass is None else euler_mass
    return dict(
        stationarity=stationarity, complementarity=float(terms.max() / lm) if lm > 0 else None,
        complementarity_max=float(terms.max()), complementarity_sum=float(terms.sum() / lam.sum()) if lm > 0 else None,
        euler_gap=float(abs(tnorm2 - mass) / tnorm2), lam=lam, support=support,
        support_max_margin=float(q[support].max()) if support else None,
        worst_samples=[{"index": int(i), "lambda": float(lam[i]), "margin": float(q[i]),
                        "term": float(terms[i] / lm) if lm > 0 else None}
                       for i in np.argsort(-terms, kind=sort)[:n_worst]],
        certified=lm > 0, reason="" if lm > 0 else "all multipliers are 0")


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
                  blocks: list[tuple[str, tuple]], n_worst: int = N_WORST, space=explicit,
                  name=lambda k: f"sample {k}", rounding: float = 0.0) -> KKTResidual:
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
        return KKTResidual(None, None, euler_gradient_check=ech, method="none", euler_tol=etol,
                           reason=f"not certified: {len(unc)} constraint(s) without a Clarke description "
                                  f"(first: {name(unc[0])}: {why})")
    status = None
    if not base:
        u = _nnls(cols, theta)
        method = "nnls"
        w = u
    else:
        try:
            w, status = _box_qp(cols, theta, len(free), len(base), lo, hi, owner_V)
        except SolverError as exc:
            return KKTResidual(None, None, euler_gradient_check=ech, method="qp",
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
    return KKTResidual(**measure(tnorm2, stat, lam, q, L, n_worst=n_worst), euler_gradient_check=ech,
                       worst_units=worst_units(r, blocks, math.sqrt(tnorm2), n_worst), method=method,
                       solver_status=status, derivatives=derivs, slack=cols.gram_slack(wf, stat, math.sqrt(tnorm2)),
                       euler_tol=etol, theta_norm=math.sqrt(tnorm2))


def euler_tolerance(P: int, rounding: float, ratio: np.ndarray) -> float:
    """What float64 allows ``|⟨θ̃, g_i⟩ − L q_i| / (L q_i)``: the dot product of length P rounds to
    ``γ_P ‖θ̃‖‖g_i‖``, the gradient and the margin carry the forward's relative rounding; ``ratio`` =
    ``‖θ̃‖‖g_i‖/(L q_i)`` (≥ 1/L·… by Cauchy–Schwarz). Gradients that disagree with the forward exceed it."""
    gamma = P * 2.0 ** -53 / (1 - P * 2.0 ** -53)
    return EULER_HEADROOM * (gamma + rounding + 2.0 ** -52) * float(np.max(ratio, initial=1.0))


def worst_units(r: np.ndarray, blocks: list[tuple[str, tuple]], scale: float, k: int = N_WORST) -> list[dict]:
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


def margin_jacobian(net, theta) -> np.ndarray:
    """``J`` (n, P): rows ``∇q_n(θ)`` by ``torch.func.jacrev`` of the net's torch margins."""
    from torch.func import jacrev  # here, not at the top: ``ibcheck kkt`` and the two-layer rows never load torch.func
    return jacrev(net.margins)(theta.detach().clone()).detach().numpy()


def _least_complementarity(J, target, qt, lam0, res0):
    """``argmin_{λ≥0} max_n λ_n(q̃_n − 1)`` s.t. ``‖θ̃ − Jᵀλ‖ ≤ res0(1 + 1e-9) + 1e-12`` (re-verified)."""
    import warnings

    import cvxpy as cp  # here, not at the top: full-rank Jacobians never need the SOCP
    lam, t = cp.Variable(len(qt), nonneg=True), cp.Variable()
    bound = res0 * (1 + 1e-9) + 1e-12 * max(np.linalg.norm(target), 1.0)
    prob = cp.Problem(cp.Minimize(t), [cp.norm(target - J.T @ lam) <= bound,
                                       cp.multiply(lam, np.maximum(qt - 1, 0)) <= t])
    try:
        with warnings.catch_warnings():  # optimal_inaccurate is re-verified below, in our own code
            warnings.simplefilter("ignore", UserWarning)
            solve(prob)
    except SolverError:
        return lam0
    cand = np.clip(np.asarray(lam.value, dtype=float), 0, None) if lam.value is not None else None
    if cand is None or np.linalg.norm(target - J.T @ cand) > res0 * (1 + 1e-6) + 1e-10 * max(np.linalg.norm(target), 1):
        return lam0
    return cand if float((cand * (qt - 1)).max()) < float((lam0 * (qt - 1)).max()) else lam0


def jacobian_residuals(net, theta) -> KKTResidual:
    """KKT residuals of a torch parameter vector ``θ`` of ``net`` (module docstring, ``jacobian_residuals``)."""
    q = net.margins(theta.detach()).numpy()
    L = net.degree
    if q.min() <= 0:
        return KKTResidual(math.inf, math.inf, complementarity_max=math.inf, euler_gap=math.inf,
                           lam=np.zeros_like(q), method="not classifying", q_min=float(q.min()))
    sc = float(q.min()) ** (-1.0 / L)
    th = theta.detach() * sc
    perp = net.perp_sq * sc * sc
    J = margin_jacobian(net, th)
    qt = q * sc ** L
    target = th.numpy()
    lam, res = nnls(J.T, target, maxiter=50 * J.shape[0])
    # complementarity of the NNLS multipliers at margins q̃ ≥ 1: rounding of O(1) values; above it, refit
    if float((lam * (qt - 1)).max()) > 1e-12:
        lam = _least_complementarity(J, target, qt, lam, res)
        res = float(np.linalg.norm(target - J.T @ lam))
    nrm2 = float(target @ target) + perp
    eps = math.sqrt(res * res + perp)
    return KKTResidual(**measure(nrm2, eps / math.sqrt(nrm2), lam, qt, L), method="nnls", scale=sc,
                       theta_norm=math.sqrt(nrm2), q_min=float(q.min()))


def two_layer_residuals(K: np.ndarray, y: np.ndarray, a: np.ndarray, gamma: float, B: np.ndarray,
                        perp_gram: np.ndarray | None = None, kink_tol: float = 1e-9) -> KKTResidual:
    """KKT residuals of ``W = W^⊥ + BX`` (``K = XXᵀ``, ``perp_gram = W^⊥W^⊥ᵀ``) for the two-layer problem with the
    second layer ``a`` fixed (module docstring, ``two_layer_residuals``); ``worst_units``: rows ``j`` of ``W``."""
    Z = B @ K
    phi = np.maximum(gamma * Z, Z)
    q = y * (a[:, None] * phi).sum(0)
    if q.min() <= 0:
        return KKTResidual(np.inf, np.inf, complementarity_max=np.inf, euler_gap=np.inf, lam=np.zeros_like(y),
                           method="not classifying", q_min=float(q.min()))
    sc = 1.0 / q.min()
    Bt, Zt = B * sc, Z * sc
    perp = np.zeros((len(a), len(a))) if perp_gram is None else perp_gram * sc ** 2
    wn = np.sqrt(np.clip(np.einsum("ji,ik,jk->j", Bt, K, Bt) + np.diag(perp), 0, None))
    xn = np.sqrt(np.diag(K))
    kink = np.abs(Zt) <= kink_tol * wn[:, None] * xn[None, :]
    D = np.where(Zt > 0, 1.0, gamma)
    ev, U = np.linalg.eigh(K)
    R = U * np.sqrt(np.clip(ev, 0, None))  # K = RRᵀ, so ‖C X‖_F² = ‖C R‖_F²
    m, n = B.shape
    target = (Bt @ R).ravel()
    status = None
    if not kink.any():
        # Column i of the design: the coefficients y_i a_j D_ji e_i of x_i in every row j, in the R metric.
        A = np.zeros((m * R.shape[1], n))
        for i in range(n):
            A[:, i] = np.outer(y[i] * a * D[:, i], R[i]).ravel()
        lam, _ = nnls(A, target, maxiter=50 * n)
        C = a[:, None] * D * (lam * y)[None, :]
    else:
        import cvxpy as cp  # here, not at the top: without a kink the NNLS answers and cvxpy is never loaded
        lam_v, mu = cp.Variable(n, nonneg=True), cp.Variable((m, n))
        cons = [mu[~kink] == cp.multiply(D[~kink], cp.vstack([lam_v] * m)[~kink])] if (~kink).any() else []
        lam_rows = cp.vstack([lam_v] * m)
        cons += [mu >= gamma * lam_rows, mu <= lam_rows]
        Cv = cp.multiply(a[:, None] * y[None, :], mu)
        status = solve(cp.Problem(cp.Minimize(cp.sum_squares((Bt - Cv) @ R)), cons)).status
        # Re-verify: project the solver's answer onto the feasible set (λ ≥ 0, γλ ≤ μ ≤ λ, μ = Dλ off the kinks)
        # so the residual below is that of a feasible multiplier — an honest upper bound on the exact minimum,
        # whatever the status (optimal_inaccurate included).
        lam = np.clip(np.asarray(lam_v.value), 0, None)
        mu_v = np.clip(np.asarray(mu.value), gamma * lam[None, :], lam[None, :])
        mu_v = np.where(kink, mu_v, D * lam[None, :])
        C = (a[:, None] * y[None, :]) * mu_v
    Dlt = Bt - C
    row_res = np.einsum("ji,ik,jk->j", Dlt, K, Dlt) + np.diag(perp)
    wt2 = float(np.einsum("ji,ik,jk->", Bt, K, Bt) + np.trace(perp))
    stat = float(np.sqrt(max(row_res.sum(), 0.0) / wt2))
    units = [{"param": "W", "unit": int(j), "residual": math.sqrt(max(float(row_res[j]), 0.0) / wt2)}
             for j in np.argsort(-row_res)[:N_WORST]]
    return KKTResidual(**measure(wt2, stat, lam, q * sc, 1, euler_mass=lam.sum(), sort="quicksort"),
                       worst_units=units, method="qp" if status else "nnls", solver_status=status,
                       kinks=int(kink.sum()), scale=sc, theta_norm=math.sqrt(wt2), q_min=float(q.min()))
