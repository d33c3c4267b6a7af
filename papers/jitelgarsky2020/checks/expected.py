"""jitelgarsky2020's documented non-verified outcomes (Ji & Telgarsky (2020)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

# The direction claim's default is σ = z² (papers/jitelgarsky2020/checks/flow.py: the setting rule and the seed survey of
# papers/jitelgarsky2020/benchmarks/directions.py) run to log(1/𝓛) = 1e5, where it is verified (limit ∈ [0.5407, 0.5545],
# order 0.39; seed 1 too, limit ∈ [0.512, 0.519]). Its fits at log(1/𝓛) ≤ 1e4 (the settings below) name a horizon
# ≈ 3.3e4 … 3.6e4 that the default confirms, and the intervals nest further on ([0.5448, 0.5506] at 1e6,
# [0.5465, 0.5489] at 1e7).
_JT20_DEFAULT = ("finite time, not a counterexample: σ = z² (L = 3): path length of θ/‖θ‖ from t₀ 0.324 … 0.514 over "
                 "ℓ = log(1/𝓛) = 10 … 1000, three-point orders 0.43, 0.48, 0.40, 0.41, 0.41 against 1/ℓ (stable), "
                 "extrapolated limit ∈ [0.505, 0.588], wider than the ±0.01 resolution (needs ℓ ≈ 3.3e4); measured "
                 "further: verified at ℓ = 1e5 (limit ∈ [0.541, 0.555]); margins move 1.4% over the last decade (a "
                 "diagnostic)")
_JT20_LONG = ("finite time, not a counterexample: σ = z²: path length 0.408 … 0.526 over ℓ = 30 … 3000, three-point "
              "orders 0.43, 0.40, 0.41, 0.41, 0.41 against 1/ℓ, extrapolated limit ∈ [0.520, 0.574], wider than ±0.01 "
              "(needs ℓ ≈ 3.4e4); margins move 0.55% over the last decade (a diagnostic)")
_JT20_1E4 = ("finite time, not a counterexample: σ = z², read over three decades: path length 0.324 … 0.534 over ℓ = "
             "10 … 10⁴ (per decade 0.138, 0.052, 0.020: ratios 0.37, 0.39), three-point orders 0.40 … 0.48, "
             "extrapolated limit ∈ [0.531, 0.564], wider than ±0.01 (needs ℓ ≈ 3.6e4); margins move 0.20% over the "
             "last decade (a diagnostic)")
_JT20_P3 = ("finite time, not a counterexample: relu³ (L = 4): path length 0.302 … 0.516 over ℓ = 10 … 1000, extrapolated "
            "limit 0.59 ∈ [0.50, 0.68] (order 0.21–0.29), wider than the ±0.01 resolution (needs log(1/𝓛) ≈ 2.5e6); "
            "margins move 35% over the last decade (a diagnostic). Seeds 0 … 15 to ℓ = 1e5: 4/16 verified")
# A finding, not a counterexample: relu²'s directional convergence is, for most generic draws, too slow to show at
# any float64 horizon — the reason the default is σ = z² (flow.py).
_JT20_RELU2 = ("finite time, not a counterexample: relu² (L = 3, the former default) to ℓ = log(1/𝓛) = 1e5: path "
               "length of θ/‖θ‖ 0.580 … 0.625 over ℓ = 1e3 … 1e5, three-point orders against 1/ℓ falling 0.17, 0.13, "
               "0.11, 0.09, 0.08, extrapolated limit ∈ [0.602, 0.829], wider than ±0.01 (needs ℓ ≈ 3.1e17). Measured "
               "further on the same flow: the length grows by 0.025, 0.020, 0.016, 0.014 per decade of ℓ from 1e3 to "
               "1e7 (0.655 at 1e7), θ/‖θ‖ drifting along a nearly straight line (successive decades' displacements at "
               "cos 0.997): neuron 2's pre-activation on point 0 closes on relu²'s kink, z/‖w‖ = 0.095 at 1e3, 0.077, "
               "0.067, 0.059 at ℓ = 1e5, 1e6, 1e7 (z·log ℓ = 0.88, 0.93, 0.94: z ≈ 1/log ℓ, the signature of a pull ∝ "
               "z², σ'(z) = 2z vanishing at the kink), and the path moves ≈ 1.7× as much as z per decade: the "
               "remaining length is ~1/log log(1/𝓛), undecided at any float64 horizon. Over seeds 0 … 15 to ℓ = 1e5 "
               "(papers/jitelgarsky2020/benchmarks/directions.py) 6/16 relu² draws are verified (m = 20: 8/16, n = 16: 6/16); "
               "of the other 10, 3 show such a closing kink gap, the rest orders ≤ 0.21 with no single signature. The "
               "last decade's length is 0.77× the previous one's (the ½ rule, a diagnostic); margins move 0.15% over "
               "it (a diagnostic)")

EXPECTED: dict[str, Expected] = {
    "jitelgarsky2020.direction[target_log_loss=-1000.0,seed=0]": Expected("inconclusive", _JT20_DEFAULT, fails=("normalised margins move by < 1e-3 over the last decade",),
            undecided=("the path length of θ/‖θ‖ from t₀ converges (finite length)",)),
    "jitelgarsky2020.direction[target_log_loss=-3000.0,seed=0]": Expected("inconclusive", _JT20_LONG, fails=("normalised margins move by < 1e-3 over the last decade",),
            undecided=("the path length of θ/‖θ‖ from t₀ converges (finite length)",)),
    "jitelgarsky2020.direction[target_log_loss=-10000.0,decades=3,seed=0]": Expected("inconclusive", _JT20_1E4, fails=("normalised margins move by < 1e-3 over the last decade",),
            undecided=("the path length of θ/‖θ‖ from t₀ converges (finite length)",)),
    "jitelgarsky2020.direction[act=relu,p=2.0,target_log_loss=-100000.0,seed=0]": Expected("inconclusive", _JT20_RELU2, fails=("path length: last decade ≤ ½ the previous decade's", "normalised margins move by < 1e-3 over the last decade"),
            undecided=("the path length of θ/‖θ‖ from t₀ converges (finite length)",)),
    "jitelgarsky2020.direction[act=relu,p=3.0,target_log_loss=-1000.0,seed=0]": Expected("inconclusive", _JT20_P3, fails=("normalised margins move by < 1e-3 over the last decade",),
            undecided=("the path length of θ/‖θ‖ from t₀ converges (finite length)",)),
}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "jitelgarsky2020.alignment[target_log_loss=-10000.0,decades=3,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: 1 − cos∠(θ, −∇𝓛) → 0: |q − 0| falls at "
        "observed order ∈ [2.1, 3.35] over log(1/𝓛) ∈ [465, 1e+04], but no power law fits steadily and the error fell "
        "only 3× (evidence needs 10×) (not decidable from this run)",
        fails=(), undecided=("1 − cos∠(θ, −∇𝓛) → 0",)),
})
