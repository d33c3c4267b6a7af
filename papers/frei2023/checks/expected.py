"""frei2023's documented non-verified outcomes (Frei et al. (ICLR 2023)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_SLACK = {"d=20000": 0.088, "n=20,d=1000000,gamma=0.5,gd_drift=True": 0.74, "n=50,m1=50,m2=50,d=100000": 0.079,
          "n=4,d=2000,m1=1,m2=1": 0.29}
_OUT3 = "outside (H) (slack {s}), and every conclusion still holds: (H) is sufficient, far from necessary"
_GF = ("thm3.1", "thm3.2.margins", "thm3.2.neurons", "thm3.2.rank", "thm3.2.global", "thm3.2.boundary",
       "thm3.2.margin-factor")
_OUT4 = "outside the reconstructed (H) of Section 4 (slack {s}), and every Theorem 4.2 conclusion {what}"
_SLOW = ("the loss falls by less than 100× in 20000 GD steps (ratio {r}; it still decreases monotonically): "
         "a finite run, outside (H) (slack {s})")

_LOG_FITS = ("; the O(1/t) row is undecided (not credited: outside (H)): it levels at order ≈ 1.04, but an extra log "
             "factor still fits — its implied constant fell {f}× over t ∈ [{a}, 2e4] (excluded at 2×); separates at "
             "t ≈ {h}")
_RATE_ROW = {"loss": ("L̂(W⁽ᵗ⁾) = O(1/t)",), "srank": ("srank(W⁽ᵗ⁾) = O(1) in t: srank/log t = O(1/log t)",)}

EXPECTED: dict[str, Expected] = {
    **{f"frei2023.thm3.4[{k},seed=0]": Expected("outside-hypotheses", _OUT3.format(s=v),
            fails=("(H) near-orthogonality",))
       for k, v in _SLACK.items() if k != "n=4,d=2000,m1=1,m2=1"},
    **{f"frei2023.{c}[{k},seed=0]": Expected("outside-hypotheses", _OUT3.format(s=v), fails=("(H) near-orthogonality",))
       for c in _GF for k, v in _SLACK.items()
       if k != "n=4,d=2000,m1=1,m2=1" or c == "thm3.2.global"},
    "frei2023.sec5.gmm-bayes[beta=0.23,seed=0]": Expected(
        "violated", "counterexample to the catalogue's reconstructed reading 'the test error matches the optimal "
                    "linear classifier sign⟨μ,x⟩' (not to the seed, which cites minimax-optimal error [FCB22]): "
                    "inside (H) (slack 15) with n‖μ‖⁴/d small (2.2 at n=10, d=1e8, ‖μ‖ = 69) the converged network "
                    "errs on 6.49% of test points, sign⟨μ,x⟩ on none, beyond the binomial sampling tolerance — "
                    "exactly the mean-difference classifier's 6.49%, the minimax rate (frei2023.sec5.gmm holds here)",
                            fails=("test error ≤ optimal + sampling tolerance",)),
    "frei2023.sec5.gmm-bayes[n=20,beta=0.35,seed=0]": Expected(
        "outside-hypotheses", "outside (H) (slack 0.49): ‖μ‖² dominates the correlations; errors still 0 vs 0",
                fails=("(H) near-orthogonality",)),
    **{f"frei2023.thm4.2.{c}[n=50,d=5000,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.0155, what="still holds" if c == "norm" else
                                           "holds but the rate row, which cannot yet exclude its nearest wrong answer "
                                           "(as at the default)"),
        fails=("(H) near-orthogonality",), undecided=_RATE_ROW.get(c, ()))
       for c in ("loss", "norm", "srank")},
    "frei2023.thm4.2.loss[m=400,d=20000,n=100,seed=0]": Expected(
        "outside-hypotheses", _SLOW.format(r="> 1e-2", s=0.0152) + _LOG_FITS.format(f=1.22, a=364, h="1.1e7"),
                fails=("(H) near-orthogonality", "L̂(T) ≤ 1e-2 · L̂(0)"), undecided=_RATE_ROW["loss"]),
    "frei2023.thm4.2.norm[m=400,d=20000,n=100,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.0152, what="on the norm still holds"),
                fails=("(H) near-orthogonality",)),
    "frei2023.thm4.2.loss[data=gmm,n=100,d=100000000,seed=0]": Expected(
        "outside-hypotheses", "Gaussian mixture at n=100: outside (H) (slack 0.44) and outside the small-init "
                              "hypothesis (n=100 lowers its threshold); the loss falls < 100× in 20000 steps"
                              + _LOG_FITS.format(f=1.29, a=364, h="4.9e6"),
                                      fails=("(H) near-orthogonality", "small init variance: √(ω m d) ≤ c_init·ηγR_min/√n", "L̂(T) ≤ 1e-2 · L̂(0)"),
                                      undecided=_RATE_ROW["loss"]),
    "frei2023.thm4.2.norm[data=gmm,n=100,d=100000000,seed=0]": Expected(
        "outside-hypotheses", "Gaussian mixture at n=100: outside (H) (slack 0.44) and the small-init hypothesis; the "
                              "norm conclusions still hold",
                                      fails=("(H) near-orthogonality", "small init variance: √(ω m d) ≤ c_init·ηγR_min/√n")),
    "frei2023.thm4.2.norm[gamma=0.2,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.151, what="still holds") + " (γ³ = 0.008 shrinks (H)'s slack)",
                fails=("(H) near-orthogonality",)),
    "frei2023.thm4.2.loss[gamma=0.2,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.151, what="but the O(1/t) rate still holds") + " (γ³ = 0.008 shrinks "
        "(H)'s slack)" + _LOG_FITS.format(f=1.77, a=119, h="7.1e4"),
                fails=("(H) near-orthogonality",), undecided=_RATE_ROW["loss"]),
    # verified before the rows had to exclude their nearest wrong answers (theory.asymptotic_alternatives)
    "frei2023.thm4.2.loss[seed=0]": Expected(
        "inconclusive", "the O(1/t) rate levels (observed order 1.01–1.02 over t ∈ [2.2e3, 2e4]), but an extra log "
        "factor, log t/t, still fits: its implied constant fell only 1.69× over t ∈ [61, 2e4] (excluded at 2×); the "
        "levelled model predicts the separation at t ≈ 1.2e5 (the order ½ is excluded: 12.7×)",
        fails=(), undecided=("L̂(W⁽ᵗ⁾) = O(1/t)",)),
    "frei2023.thm4.2.srank[seed=0]": Expected(
        "inconclusive", "srank/log t levels at order 0.96–0.97 against 1/log t over t ∈ [2.2e3, 2e4], but half the "
        "order, (1/log t)^½, still fits: its implied constant fell only 1.81× over t ∈ [20, 2e4] (excluded at 2×); "
        "the levelled model predicts the separation at t ≈ 1.8e5 (the extra log factor is excluded: 2.08×)",
        fails=(), undecided=("srank(W⁽ᵗ⁾) = O(1) in t: srank/log t = O(1/log t)",)),
}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "frei2023.thm4.2.norm[sampler=explicit,n=6,d=400000,m=50,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: 1/‖W⁽ᵗ⁾‖₂ → 0 (‖W⁽ᵗ⁾‖₂ → ∞): |q − 0| falls "
        "at observed order ∈ [1.3, 2.44] over t ∈ [20, 2e+04], but a power law steady enough to protect a limit, not "
        "to refute one, extrapolates to [0.604672, 31.7056], which excludes it (not decidable from this run)",
        fails=(), undecided=("1/‖W⁽ᵗ⁾‖₂ → 0 (‖W⁽ᵗ⁾‖₂ → ∞)",)),
    "frei2023.thm4.2.srank[m_grid=64,256,1024,d_grid=1e4,1e6,1e8,n_grid=10,40,160,sweep_steps=1000,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: srank(W⁽ᵗ⁾) = O(1) in t: srank/log t = "
        "O(1/log t): the implied constant levels: observed order ∈ [0.963, 0.97] ≥ 0.75 (shift-invariant) over t ∈ "
        "[2.17e+03, 2e+04]; but cannot yet tell the stated rate from order 0.5: its implied constant fell 1.81× over "
        "t ∈ [20, 2e+04] (excluded at 2×): needs t ≈ 1.79e+05",
        fails=(), undecided=("srank(W⁽ᵗ⁾) = O(1) in t: srank/log t = O(1/log t)",)),
})
