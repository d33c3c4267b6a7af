"""jitelgarsky2020: directional convergence and alignment, measured on the lyuli2020 homogeneous flow.

The two claims share ``checks.homogeneous_flow.measure`` (one memoised flow per setting, with lyuli2020's claims): the path
length of θ/‖θ‖ and the normalised margins per decade of log(1/𝓛), and 1 − cos∠(θ, −∇𝓛) with the gradient taken
by autograd (independent of the trainer's analytic gradient).
"""
from __future__ import annotations

from ibcheck.theory.jitelgarsky2020 import statements as st

from ..homogeneous_flow import FULL, spec_for

# a two-layer linear net (L = 2, in the paper's setting: deep linear nets): the parts of θ that do not grow (the
# imbalance aaᵀ − WWᵀ is conserved [Du–Hu–Lee 2018], the data-orthogonal part of W frozen) weigh O(1/ρ) = O(ℓ^{−1/2})
# in θ/‖θ‖, so the remaining path length falls like ℓ^{−1/2} (measured: three-point order 0.50 … 0.58 over ℓ = 30 …
# 3000) — a setting whose convergence shows at a reachable horizon, beside relu², whose default flow drifts
LINEAR = {"act": "linear", "target_log_loss": -3000.0}
SPECS = [spec_for(st.DIRECTION, full=FULL + [LINEAR]), spec_for(st.ALIGNMENT)]
