"""baek2025's documented non-verified outcomes, collected by ``checks.cases.EXPECTED`` (none: the quick and full
settings are inside the hypotheses and verified)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected  # noqa: F401  (the form an entry takes)

EXPECTED: dict = {}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "baek2025.inc_adam_l2[a=1.0,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: γ2(w_t) → γ2 (the maximum ℓ2 margin): |q − "
        "1.1687| falls at observed order ∈ [0.813, 0.896] over t ∈ [1.89e+03, 1.8e+05], every steady power law's "
        "limit band containing 1.1687; but cannot yet tell 1.1687 from the coefficient ×0.9 (1.05183): both in "
        "[0.815064, 1.20319] (not decidable from this run)",
        fails=(), undecided=("γ2(w_t) → γ2 (the maximum ℓ2 margin)",)),
})
