"""jitelgarsky2020's documented non-verified outcomes (Ji & Telgarsky (2020)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ..expected import Expected

_JT20_LONG = ("finite time, not a counterexample: to log(1/𝓛) = 3000 the path length of θ/‖θ‖ from t₀ is 0.474 … 0.593 "
              "at 7 checkpoints (ℓ = 30 … 3000) with three-point orders 0.35, 0.34, 0.53, 0.41, 0.20 against 1/ℓ, not "
              "stable: its finiteness is undecided (needs log(1/𝓛) ≈ 6.5e3); the margins still move 4.2% over the last "
              "decade (spec: < 1e-3, a diagnostic)")
_JT20_P3 = ("finite time, not a counterexample: relu³ (L = 4): path length 0.302 … 0.516 over ℓ = 10 … 1000, extrapolated "
            "limit 0.59 ∈ [0.50, 0.68] (order 0.21–0.29), wider than the ±0.01 resolution (needs log(1/𝓛) ≈ 2.5e6); "
            "margins move 35% over the last decade (a diagnostic)")
_JT20_1E4 = ("finite time, not a counterexample: to log(1/𝓛) = 10⁴ the path length per decade is 0.126, 0.053, 0.025 "
             "(ratios 0.42, 0.48) and the three-point order against 1/ℓ falls to 0.13–0.22: extrapolated length 0.68 ∈ "
             "[0.59, 0.77], undecided (needs log(1/𝓛) ≈ 1.6e11); margins move 0.30% over the last decade (a diagnostic)")

_JT20_DEFAULT = ("finite time, not a counterexample: path length of θ/‖θ‖ from t₀ 0.401 … 0.580 over ℓ = log(1/𝓛) = 10 … "
                 "1000 (three-point orders 0.39, 0.35, 0.35, 0.39, 0.58 against 1/ℓ), extrapolated 0.600 ∈ [0.575, 0.629], "
                 "wider than the ±0.01 resolution (needs ℓ ≈ 4.8e3). Measured further on the same flow: the length "
                 "keeps growing by 0.025, 0.020, 0.016, 0.014 per decade of ℓ from 1e3 to 1e7 (0.655 at 1e7, outside "
                 "that interval). θ/‖θ‖ drifts along a nearly straight line (successive decades' displacements at cos "
                 "0.997): neuron 2's pre-activation on point 0 closes on relu²'s kink, z/‖w‖ = 0.077, 0.067, 0.059 at "
                 "ℓ = 1e5, 1e6, 1e7 (z·log ℓ = 0.88, 0.93, 0.94: z ≈ 1/log ℓ, the signature of a pull ∝ z², σ'(z) = 2z vanishing "
                 "at the kink), "
                 "and the path moves ≈ 1.7× as much as z per decade: the remaining length is ~1/log log(1/𝓛), "
                 "undecided at any float64 horizon (at ℓ = 1e5 the orders against 1/ℓ fall 0.17 → 0.08, at 1e7 "
                 "0.07 → 0.06); margins move 24% over the last decade (a diagnostic)")
_JT20_SEED1 = ("finite time, not a counterexample: seed 1: path length 0.446 … 0.572 over ℓ = 10 … 1000 (three-point "
               "orders 0.84, 0.44, 0.44, 0.41, 0.36, falling), extrapolated 0.595 ∈ [0.566, 0.624], wider than the ±0.01 "
               "resolution (needs ℓ ≈ 1.9e4); margins move 0.88% over the last decade (a diagnostic)")

EXPECTED: dict[str, Expected] = {
    "jitelgarsky2020.direction[seed=0]": Expected("inconclusive", _JT20_DEFAULT, "T|T?TF"),
    "jitelgarsky2020.direction[seed=1]": Expected("inconclusive", _JT20_SEED1, "T|T?TF"),
    "jitelgarsky2020.direction[target_log_loss=-3000.0,seed=0]": Expected("inconclusive", _JT20_LONG, "T|T?TF"),
    "jitelgarsky2020.direction[p=3.0,seed=0]": Expected("inconclusive", _JT20_P3, "T|T?TF"),
    "jitelgarsky2020.direction[target_log_loss=-10000.0,decades=3,seed=0]": Expected("inconclusive", _JT20_1E4, "T|T?TF"),
}
