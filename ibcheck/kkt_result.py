"""The result of ``ibcheck.kkt``: every measured quantity (``to_json()``: the ``--json`` object; ``summary()``: the
table ``ibcheck kkt`` prints, ending with the verdict line)."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

import numpy as np

METRIC = "Euclidean norm of the flattened trainable parameters (the metric of ½‖θ‖²)"
EXIT = {"verified": 0, "violated": 1, "inconclusive": 4}


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
    degree_measured: float = math.nan
    classes: int = 1
    constraints: list | None = None  # multi-class: the (i, j) pair of each multiplier
    trained_dtype: str = "float64"
    conversion: dict | None = None  # float32/16 models: the normalised margin in that precision and its change
    verdict: str = "inconclusive"
    reason: str = ""
    eps: float = math.nan
    delta: float = math.nan
    verdict_multipliers: list | None = None  # the joint-SOCP witness, when it decided
    data_warning: str | None = None  # misclassified examples: said first (wrong data, preprocessing or labels?)
    gradients: dict | None = None  # streamed per-example gradients: chunk, panel, passes, bytes, seconds
    kkt_stationarity_kinks: float | None = None  # every pre-activation within kink_tol at its kink: not a bound
    gradient_check: dict | None = None  # finite differences of the forward against the gradients used
    multiplier_conversion: dict | None = None  # factors: λ of Lyu & Li, Haim et al. (paper, code) = factor · λ
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
        lines = [f"max-margin KKT check: n={self.n} examples" + (f", C={self.classes} classes" if self.classes > 1 else "")
                 + f", P={self.n_params} trainable parameters, loss={self.loss}, {self.dtype}"]
        if self.data_warning:
            lines.append(f"  WARNING (data): {self.data_warning}")
        lines += [f"  note: {t}" for t in self.notes]
        lines += ["", "homogeneity",
                  row("degree L", self.degree, f"f(x;cθ) = c^L f(x;θ) for c = {', '.join(self.degree_estimates)}; "
                      f"measured {f(self.degree_measured)}, defect {f(self.homogeneity_deviation)} ≤ "
                      f"{f(self.homogeneity_tol)}"),
                  "", "margins" + (" (multi-class: q_ij = f_(y_i)(x_i) − f_j(x_i), j ≠ y_i)" if self.classes > 1 else ""),
                  row("min margin q_min", f(self.min_margin),
                      f"max {f(self.max_margin)}; {self.misclassified} example(s) with margin ≤ 0"),
                  row("‖θ‖", f(self.theta_norm)),
                  row("normalized margin q_min/‖θ‖^L", f(self.normalized_margin)),
                  row(f"log L̂ ({self.loss})", f(self.log_loss)),
                  row("cos(θ, −∇L̂)", f(self.gradient_alignment))]
        if self.conversion:
            c = self.conversion
            lines.append(row(f"normalized margin in {c['from']}", f(c["normalized_margin_native"]),
                             f"moved by {f(c['normalized_margin_change'])} (relative {f(c['relative_change'])}) on "
                             f"conversion to float64"))
        if self.references:
            r = self.references
            lines += ["", "references (two-layer, bias-free)", f"  {r.get('reference', '')}"]
            for k in ("svm_margin", "reference_margin", "problem1_aligned_margin", "problem1_global_margin"):
                if k in r:
                    lines.append(row(k, f(r[k])))
            lines.append(row("normalized margin / reference", f(self.margin_over_reference)))
        lines += ["", f"KKT of min ½‖θ‖² s.t. q_k(θ) ≥ 1 at θ̃ = θ/q_min^(1/L); norms: {self.metric}"]
        if self.kkt_stationarity is None:
            lines.append(f"  KKT residuals: null — {self.certification}")
        lines += [
                  row("stationarity ‖θ̃−Σλ_i∂q_i‖/‖θ̃‖", f(self.kkt_stationarity)),
                  row("complementarity max λ_i(q_i−1)/mean λ", f(self.kkt_complementarity)),
                  row("Lyu–Li Σλ_i(q_i−1)/Σλ_i", f(self.kkt_complementarity_sum)),
                  row("Euler gap |‖θ̃‖²−LΣλ_iq_i|/‖θ̃‖²", f(self.kkt_euler_gap)),
                  row("per-sample Euler ⟨θ̃,∇q_i⟩ = L q_i", f(self.euler_gradient_check)),
                  row("certified", f"{self.certified}: {self.certification}"),
                  row("gradients vs finite differences", _gc(self.gradient_check)),
                  row("kinks", f"{self.kinks.get('count', 0)} at {self.kinks.get('samples', 0)} examples",
                      f"box {self.kinks.get('box', 0)}, enumerated {self.kinks.get('vertices', 0)}, "
                      f"uncertified {self.kinks.get('uncertified', 0)}"),
                  row(f"support {{λ_k > {self.support_tau:g}·max λ}}",
                      f"{self.support_size} " + ("(example, class) pairs" if self.classes > 1 else "examples")
                      + (f": {self.support[:20]}{' …' if len(self.support) > 20 else ''}" if self.support else ""))]
        if self.worst_samples:
            lines.append(row("worst samples λ_i(q_i−1)/mean λ", ", ".join(
                f"#{w['index']}" + (f"/{w['class']}" if "class" in w else "") + f" ({f(w['term'])}, q={f(w['margin'])})"
                for w in self.worst_samples)))
        if self.worst_units:
            lines.append(row("worst units ‖r_j‖/‖θ̃‖", ", ".join(
                f"{w['param']}[{w['unit']}] ({f(w['residual'])})" for w in self.worst_units)))
        lines += ["", "stable ranks ‖W‖_F²/‖W‖₂²"] + [row(k, f(v)) for k, v in self.stable_ranks.items()]
        lines.append(f"\nwall time: {self.seconds:.3f} s")
        lines.append(f"verdict: {self.verdict} (ε = {self.eps:g}, δ = {self.delta:g}): {self.reason}")
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


def _gc(g: dict | None) -> str:
    if g is None:
        return "not run (a black box)"
    w = g.get("worst") or {}
    state = {True: "agree", False: "DISAGREE", None: "not decided"}[g["passed"]]
    return (f"{state} ({g['forward_passes']} forward passes" +
            (f"; worst {w['ratio']:.2g}× tolerance, {w['tensor']})" if w else ")"))


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


