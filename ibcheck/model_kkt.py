"""``ibcheck kkt`` / ``ibcheck.kkt``: a user's trained homogeneous model against the max-margin KKT conditions.

Numerics (loading, refusal, degree, gradients, kinks) in ``ibcheck.numerics.homogeneous``; the math (multipliers,
residuals, Clarke QP, references) in ``ibcheck.theory.homogeneous_kkt``. This module runs them in order and
holds the result.
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field

import numpy as np

METRIC = "Euclidean norm of the flattened trainable parameters (the metric of ½‖θ‖²)"
LOSSES = ("exp", "logistic")


@dataclass
class KKTResult:
    """Every measured quantity of ``ibcheck.kkt`` (``to_json()``: the ``--json`` object; ``summary()``: the table)."""

    degree: int
    normalized_margin: float
    kkt_stationarity: float | None
    kkt_complementarity: float | None
    stable_ranks: dict
    min_margin: float
    max_margin: float
    theta_norm: float
    misclassified: int
    n: int
    n_params: int
    loss: str
    log_loss: float
    certified: bool
    certification: str
    kkt_complementarity_sum: float | None = None
    kkt_euler_gap: float | None = None
    euler_gradient_check: float | None = None
    gradient_alignment: float | None = None
    multipliers: list | None = None
    support: list = field(default_factory=list)
    support_size: int = 0
    support_tau: float = 0.0
    support_max_margin: float | None = None
    worst_samples: list = field(default_factory=list)
    worst_units: list = field(default_factory=list)
    kinks: dict = field(default_factory=dict)
    clarke_derivatives: dict = field(default_factory=dict)
    degree_estimates: dict = field(default_factory=dict)
    homogeneity_deviation: float = 0.0
    homogeneity_tol: float = 0.0
    parameters: list = field(default_factory=list)
    references: dict | None = None
    margin_over_reference: float | None = None
    method: str = ""
    solver_status: str | None = None
    gradient_method: str = ""
    metric: str = METRIC
    dtype: str = "float64"
    notes: list = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict:
        """Plain JSON types (NaN/Inf → None)."""
        return _plain(asdict(self))

    def summary(self) -> str:
        """The readable report ``ibcheck kkt`` prints."""
        f = _fmt

        def row(label, value, extra=""):
            return f"  {label:38s} {value}" + (f"   ({extra})" if extra else "")
        lines = [f"max-margin KKT check: n={self.n} examples, P={self.n_params} trainable parameters, loss={self.loss}, "
                 f"{self.dtype}"]
        lines += [f"  note: {t}" for t in self.notes]
        lines += ["", "homogeneity",
                  row("degree L", self.degree, f"f(x;cθ) = c^L f(x;θ) for c = {', '.join(self.degree_estimates)}; "
                      f"deviation {f(self.homogeneity_deviation)} ≤ {f(self.homogeneity_tol)}"),
                  "", "margins",
                  row("min_i y_i f(x_i)", f(self.min_margin),
                      f"max {f(self.max_margin)}; {self.misclassified} with y_i f(x_i) ≤ 0"),
                  row("‖θ‖", f(self.theta_norm)),
                  row("normalized margin q_min/‖θ‖^L", f(self.normalized_margin)),
                  row(f"log L̂ ({self.loss})", f(self.log_loss)),
                  row("cos(θ, −∇L̂)", f(self.gradient_alignment))]
        if self.references:
            r = self.references
            lines += ["", "references (two-layer, bias-free)", f"  {r.get('reference', '')}"]
            for k in ("svm_margin", "reference_margin", "problem1_aligned_margin", "problem1_global_margin"):
                if k in r:
                    lines.append(row(k, f(r[k])))
            lines.append(row("normalized margin / reference", f(self.margin_over_reference)))
        lines += ["", f"KKT of min ½‖θ‖² s.t. y_i f(x_i;θ) ≥ 1 at θ̃ = θ/q_min^(1/L); norms: {self.metric}",
                  row("stationarity ‖θ̃−Σλ_i∂q_i‖/‖θ̃‖", f(self.kkt_stationarity)),
                  row("complementarity max λ_i(q_i−1)/mean λ", f(self.kkt_complementarity)),
                  row("Lyu–Li Σλ_i(q_i−1)/Σλ_i", f(self.kkt_complementarity_sum)),
                  row("Euler gap |‖θ̃‖²−LΣλ_iq_i|/‖θ̃‖²", f(self.kkt_euler_gap)),
                  row("per-sample Euler ⟨θ̃,∇q_i⟩ = L q_i", f(self.euler_gradient_check)),
                  row("certified", f"{self.certified}: {self.certification}"),
                  row("kinks", f"{self.kinks.get('count', 0)} at {self.kinks.get('samples', 0)} examples",
                      f"box {self.kinks.get('box', 0)}, enumerated {self.kinks.get('vertices', 0)}, "
                      f"uncertified {self.kinks.get('uncertified', 0)}"),
                  row(f"support {{λ_i > {self.support_tau:g}·max λ}}", f"{self.support_size} examples"
                      + (f": {self.support[:20]}{' …' if len(self.support) > 20 else ''}" if self.support else ""))]
        if self.worst_samples:
            lines.append(row("worst samples λ_i(q_i−1)/mean λ", ", ".join(
                f"#{w['index']} ({f(w['term'])}, q={f(w['margin'])})" for w in self.worst_samples)))
        if self.worst_units:
            lines.append(row("worst units ‖r_j‖/‖θ̃‖", ", ".join(
                f"{w['param']}[{w['unit']}] ({f(w['residual'])})" for w in self.worst_units)))
        lines += ["", "stable ranks ‖W‖_F²/‖W‖₂²"] + [row(k, f(v)) for k, v in self.stable_ranks.items()]
        lines.append(f"\nwall time: {self.seconds:.3f} s")
        return "\n".join(lines)

    def rows(self, eps: float, delta: float) -> list[dict]:
        """The conditions ``assert_kkt`` checks: (name, measured, relation, bound, holds)."""
        out = [{"name": "min_margin", "measured": self.min_margin, "relation": ">", "bound": 0.0,
                "holds": self.min_margin > 0}]
        for name, val, bound in (("kkt_stationarity", self.kkt_stationarity, eps),
                                 ("kkt_complementarity", self.kkt_complementarity, delta)):
            out.append({"name": name, "measured": val, "relation": "<=", "bound": bound,
                        "holds": None if val is None else bool(val <= bound)})
        return out


def _fmt(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, float):
        return "nan" if math.isnan(v) else f"{v:.6g}"
    return str(v)


def _plain(x):
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return _plain(x.tolist())
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x) if math.isfinite(float(x)) else None
    return x


def _log_loss(q: np.ndarray, loss: str) -> tuple[float, np.ndarray]:
    """``log L̂`` and the weights ``|ℓ'(q_i)|/max_j|ℓ'(q_j)|`` (log space: both underflow late in training)."""
    import torch

    from ibcheck.numerics.two_layer import log_loss, log_neg_dloss
    qt = torch.as_tensor(q, dtype=torch.float64)
    ll = float(torch.logsumexp(log_loss(qt, loss), 0) - math.log(len(q)))
    lw = log_neg_dloss(qt, loss)
    return ll, torch.exp(lw - lw.max()).numpy()


def _two_layer(prep, L: int):
    """``(W (m×d), a (m,), γ, a fixed?)`` if the model is ``x ↦ a·φ(Wx)`` (bias-free, φ(z) = max(γz, z), γ ∈ [0,1]),
    verified numerically on the data; else None."""
    import torch

    from ibcheck.numerics.homogeneous import Probe
    ps = [p for _, p in prep.model.named_parameters()]
    if len(ps) != 2 or prep.X.ndim != 2 or any(p.ndim != 2 for p in ps):
        return None
    W, a = sorted(ps, key=lambda p: p.shape[0] == 1 and p.shape[1] != prep.X.shape[1])  # (m × d) first, then (1 × m)
    if a.shape != (1, W.shape[0]) or W.shape[1] != prep.X.shape[1]:
        return None
    probe = Probe(prep.stack)
    with torch.no_grad():
        f = prep.forward(probe=probe)
        if len(probe.sites) > 1:
            return None
        gamma = probe.sites[0].slope if probe.sites else 1.0
        if not 0.0 <= gamma <= 1.0:
            return None
        Z = prep.X @ W.T
        g = (torch.maximum(gamma * Z, Z) @ a.reshape(-1))
    if float((f - g).abs().max()) > 1e-12 * float(f.abs().max()):
        return None
    if not W.requires_grad:
        return None
    fixed = not a.requires_grad
    return W.detach().numpy(), a.detach().numpy().reshape(-1), float(gamma), fixed


def kkt(model, X, y, loss: str = "exp", *, kink_tol: float | None = None, max_vertices: int | None = None,
        references: bool = True, data_name: str = "data") -> KKTResult:
    """The max-margin KKT report of a positively homogeneous ``model`` on ``(X, y)`` (labels ±1).

    ``model``: an ``nn.Module`` (eager or TorchScript), left untouched (a float64 copy is analysed). ``loss``:
    ``exp`` or ``logistic`` (only ``log_loss`` and ``gradient_alignment`` depend on it: the KKT conditions do
    not). ``kink_tol``: pre-activations with ``|z| ≤ kink_tol·scale`` count as at their kink (default 1e-9);
    ``max_vertices``: the budget of enumerated Clarke pieces (deep models with kinks); ``data_name``: how error
    messages name the data. Raises ``InputError`` (one line) for a model that is not homogeneous or data that do
    not fit.
    """
    from ibcheck.numerics import homogeneous as H
    from ibcheck.numerics.errors import InputError
    from ibcheck.numerics.threads import limited
    from ibcheck.theory import homogeneous_kkt as T
    if loss not in LOSSES:
        raise InputError(f"--loss {loss!r}: expected exp or logistic")
    kink_tol = H.KINK_TOL if kink_tol is None else float(kink_tol)
    if not (math.isfinite(kink_tol) and 0 <= kink_tol < 1):
        raise InputError(f"--kink-tol {kink_tol}: must lie in [0, 1)")
    max_vertices = H.MAX_VERTICES if max_vertices is None else int(max_vertices)
    if max_vertices < 0:
        raise InputError(f"max_vertices {max_vertices}: must be >= 0")
    t0 = time.perf_counter()
    with limited(1):
        prep = H.prepare(model, X, y, where=data_name)
        deg = H.degree(prep)
        L = deg.L
        theta = prep.theta()
        tn = float(np.linalg.norm(theta))
        q = prep.margins()
        qmin = float(q.min())
        ll, wts = _log_loss(q, loss)
        params = [{"name": nm, "shape": list(p.shape), "trainable": p.requires_grad}
                  for nm, p in prep.model.named_parameters()]
        sranks = {nm: T.stable_rank(p.detach().numpy()) for nm, p in prep.model.named_parameters() if p.ndim >= 2}
        two = _two_layer(prep, L) if (references and not prep.black_box) else None
        res = KKTResult(
            degree=L, normalized_margin=qmin / tn ** L, kkt_stationarity=None, kkt_complementarity=None,
            stable_ranks=sranks, min_margin=qmin, max_margin=float(q.max()), theta_norm=tn,
            misclassified=int((q <= 0).sum()), n=prep.n, n_params=int(theta.size), loss=loss, log_loss=ll,
            certified=False, certification="", degree_estimates={f"{c:g}": v for c, v in deg.estimates.items()},
            homogeneity_deviation=deg.deviation, homogeneity_tol=deg.tol, parameters=params,
            support_tau=T.SUPPORT_TAU, notes=list(prep.notes))
        if prep.frozen:
            res.notes.append(f"θ = the trainable parameters; frozen (requires_grad=False): {', '.join(prep.frozen)}")
        if two is not None:
            W, a, gamma, fixed = two
            refs = T.two_layer_references(prep.X.numpy(), prep.y.numpy(), gamma,
                                          a if (fixed and _pm_one_over_sqrt_m(a)) else None)
            if fixed and not _pm_one_over_sqrt_m(a):
                refs["reference"] += "; the fixed second layer is not ±1/√m, so Problem (1) does not apply"
                refs.pop("reference_margin", None)
            rm = refs.get("reference_margin")
            res.margin_over_reference = res.normalized_margin / rm if rm else None
            res.references = refs
        if qmin <= 0:
            res.certification = (f"no KKT residuals: {res.misclassified} example(s) have y_i f(x_i) ≤ 0, so the "
                                 f"rescaled point θ/q_min^(1/L) does not exist")
            res.seconds = time.perf_counter() - t0
            return res
        prep.scale_(qmin ** (-1.0 / L))
        theta_t = prep.theta()
        qt = prep.margins()
        G, res.gradient_method = H.per_sample_grads(prep)
        kinks = H.find_kinks(prep, kink_tol)
        samples, budget = [], [max_vertices]
        for i in range(prep.n):
            if not kinks.inspected:
                samples.append(T.SampleGrad("uncertified", reason="activation kinks of a black-box model cannot be inspected"))
            elif kinks.uninspected:
                samples.append(T.SampleGrad("uncertified", reason="non-smooth operations not inspected: " +
                                            ", ".join(kinks.uninspected)))
            elif i in kinks.ties:
                samples.append(T.SampleGrad("uncertified", reason="; ".join(sorted(set(kinks.ties[i])))))
            elif kinks.per_sample[i]:
                try:
                    samples.append(T.SampleGrad(**H.clarke(prep, kinks, i, budget)))
                except (RuntimeError, ValueError, np.linalg.LinAlgError) as exc:  # an exotic model: say so, per sample
                    samples.append(T.SampleGrad("uncertified", reason=f"Clarke pieces failed ({type(exc).__name__}: "
                                                                      f"{str(exc).splitlines()[0][:120] if str(exc) else ''})"))
            else:
                samples.append(T.SampleGrad("smooth", g=G[i]))
        r = T.kkt_residuals(theta_t, qt, L, samples, prep.blocks)
        kinds = [s.kind for s in samples]
        res.kinks = {"count": kinks.count, "samples": sum(1 for k in kinks.per_sample if k), "kink_tol": kink_tol,
                     "pruned_zero_input": kinks.pruned, "box": kinds.count("box"), "vertices": kinds.count("vertices"),
                     "uncertified": kinds.count("uncertified"), "ties": {str(k): v for k, v in kinks.ties.items()},
                     "uninspected": kinks.uninspected, "max_vertices": max_vertices}
        res.kkt_stationarity, res.kkt_complementarity = r.stationarity, r.complementarity
        res.kkt_complementarity_sum, res.kkt_euler_gap = r.complementarity_sum, r.euler_gap
        res.euler_gradient_check = r.euler_gradient_check
        res.multipliers = None if r.lam is None else [float(v) for v in r.lam]
        res.support, res.support_size, res.support_max_margin = r.support, len(r.support), r.support_max_margin
        res.worst_samples, res.worst_units = r.worst_samples, r.worst_units
        res.method, res.solver_status, res.certified = r.method, r.solver_status, r.certified
        res.clarke_derivatives = {str(k): v for k, v in r.derivatives.items()}
        if r.certified:
            how = {"nnls": "NNLS over per-sample gradients", "qp": "Clarke QP (cvxpy, "
                   f"status {r.solver_status}) over per-sample gradients"}[r.method]
            res.certification = (f"{how}; multipliers projected onto their constraints, so the residuals are upper "
                                 f"bounds on the exact (ε, δ)")
            if r.euler_gradient_check > T.EULER_GRAD_TOL:
                res.notes.append(f"per-sample Euler identity ⟨θ̃,∇q_i⟩ = L q_i off by {r.euler_gradient_check:.2g} "
                                 f"(> {T.EULER_GRAD_TOL:g}): gradients or homogeneity are suspect")
        else:
            res.certification = r.reason
        d = G.T @ wts
        dn = float(np.linalg.norm(d))
        res.gradient_alignment = float(theta_t @ d / (np.linalg.norm(theta_t) * dn)) if dn > 0 else None
        if res.kinks["count"]:
            res.notes.append(f"{res.kinks['count']} pre-activation(s) within kink_tol={kink_tol:g} of their kink "
                             f"(Clarke subgradients used there)")
        if kinks.pruned:
            res.notes.append(f"{kinks.pruned} pre-activation(s) at 0 on an all-zero input patch ignored (identically 0 nearby)")
    res.seconds = time.perf_counter() - t0
    return res


def _pm_one_over_sqrt_m(a: np.ndarray) -> bool:
    return bool(np.allclose(np.abs(a), 1.0 / math.sqrt(len(a)), rtol=1e-12, atol=0))
