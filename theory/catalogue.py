"""Every claim of CLAIMS.md by its stable ID."""
from __future__ import annotations

from .frei2023.statements import CLAIMS as _FREI
from .lai2026.statements import CLAIMS as _LAI
from .statement import Claim

CATALOGUE: dict[str, Claim] = {c.id: c for c in _LAI + _FREI}
for _c in CATALOGUE.values():
    _c.check_symbols()


def get(claim_id: str) -> Claim:
    return CATALOGUE[claim_id]


# Claims of CLAIMS.md whose statements and checks land with later issues: listed, not runnable yet.
PLANNED: dict[str, tuple[str, str, str]] = {
    **{f"frei2023.{k}": ("frei2023", t, "issue 4") for k, t in [
        ("activation", "smoothed leaky ReLU is γ-leaky and ¼-smooth (sympy proof)"),
        ("thm4.2.loss", "GD with smoothed leaky ReLU drives L̂ → 0"),
        ("thm4.2.norm", "‖W⁽ᵗ⁾‖₂ → ∞"),
        ("thm4.2.srank", "stable rank ≤ C for all t ≥ 1 after small init"),
        ("fig1", "stable-rank reduction grows with d and with smaller init"),
        ("fig2", "ReLU+bias SGD: default init keeps stable rank high, small init drops it")]},
    **{k: ("conjecture", t, "issue 6") for k, t in [
        ("conj.relu-boundary", "the linear boundary fails for the non-leaky ReLU"),
        ("conj.lai-step", "the lai2026 lower bound needs η‖λ‖₁ ≳ 1: find the threshold"),
        ("conj.frei-beyond-H", "Theorem 3.2 holds well outside (H): where does it fail?"),
        ("conj.kou-relu-srank", "ReLU GD keeps a bounded stable rank")]},
}
