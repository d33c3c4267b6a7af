"""frei2023's documented non-verified outcomes (Frei et al. (ICLR 2023)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ..expected import Expected

_SLACK = {"d=20000": 0.088, "n=20,d=1000000,gamma=0.5,gd_drift=True": 0.74, "n=50,m1=50,m2=50,d=100000": 0.079,
          "n=4,d=2000,m1=1,m2=1": 0.29}
_OUT3 = "outside (H) (slack {s}), and every conclusion still holds: (H) is sufficient, far from necessary"
_GF = ("thm3.1", "thm3.2.margins", "thm3.2.neurons", "thm3.2.rank", "thm3.2.global", "thm3.2.boundary",
       "thm3.2.margin-factor")
_OUT4 = "outside the reconstructed (H) of Section 4 (slack {s}), and every Theorem 4.2 conclusion {what}"
_SLOW = ("the loss falls by less than 100× in 20000 GD steps (ratio {r}; it still decreases monotonically): "
         "a finite run, outside (H) (slack {s})")

EXPECTED: dict[str, Expected] = {
    **{f"frei2023.thm3.4[{k},seed=0]": Expected("outside-hypotheses", _OUT3.format(s=v), "F|T")
       for k, v in _SLACK.items() if k != "n=4,d=2000,m1=1,m2=1"},
    **{f"frei2023.{c}[{k},seed=0]": Expected("outside-hypotheses", _OUT3.format(s=v), "F|" + "T" * n_c)
       for c, n_c in zip(_GF, (8, 5, 5, 4, 8, 4, 4)) for k, v in _SLACK.items()
       if k != "n=4,d=2000,m1=1,m2=1" or c == "thm3.2.global"},
    "frei2023.sec5.gmm-bayes[beta=0.23,seed=0]": Expected(
        "violated", "counterexample to the catalogue's reconstructed reading 'the test error matches the optimal "
                    "linear classifier sign⟨μ,x⟩' (not to the seed, which cites minimax-optimal error [FCB22]): "
                    "inside (H) (slack 15) with n‖μ‖⁴/d small (2.2 at n=10, d=1e8, ‖μ‖ = 69) the converged network "
                    "errs on 6.49% of test points, sign⟨μ,x⟩ on none, beyond the binomial sampling tolerance — "
                    "exactly the mean-difference classifier's 6.49%, the minimax rate (frei2023.sec5.gmm holds here)",
        "T|F"),
    "frei2023.sec5.gmm-bayes[n=20,beta=0.35,seed=0]": Expected(
        "outside-hypotheses", "outside (H) (slack 0.49): ‖μ‖² dominates the correlations; errors still 0 vs 0", "F|T"),
    **{f"frei2023.thm4.2.{c}[n=50,d=5000,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.0155, what="still holds"), h)
       for c, h in (("loss", "FTT|TTTTT"), ("norm", "FTT|TTT"), ("srank", "FTT|TTTTTTTT"))},
    "frei2023.thm4.2.loss[m=400,d=20000,n=100,seed=0]": Expected(
        "outside-hypotheses", _SLOW.format(r="> 1e-2", s=0.0152), "FTT|TTTTF"),
    "frei2023.thm4.2.norm[m=400,d=20000,n=100,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.0152, what="on the norm still holds"), "FTT|TTT"),
    "frei2023.thm4.2.loss[data=gmm,n=100,d=100000000,seed=0]": Expected(
        "outside-hypotheses", "Gaussian mixture at n=100: outside (H) (slack 0.44) and outside the small-init "
                              "hypothesis (n=100 lowers its threshold); the loss falls < 100× in 20000 steps", "FTF|TTTTF"),
    "frei2023.thm4.2.norm[data=gmm,n=100,d=100000000,seed=0]": Expected(
        "outside-hypotheses", "Gaussian mixture at n=100: outside (H) (slack 0.44) and the small-init hypothesis; the "
                              "norm conclusions still hold", "FTF|TTT"),
    **{f"frei2023.thm4.2.{c}[gamma=0.2,seed=0]": Expected(
        "outside-hypotheses", _OUT4.format(s=0.151, what="still holds") + " (γ³ = 0.008 shrinks (H)'s slack)", h)
       for c, h in (("loss", "FTT|TTTTT"), ("norm", "FTT|TTT"))},
    "frei2023.thm4.2.norm[sampler=explicit,n=6,d=400000,m=50,seed=0]": Expected(
        "inconclusive", "finite time, not a counterexample: ‖W‖₂/log t is still rising (0.0013 → 0.0039 over t = 20 … "
                        "2·10⁴) towards its slope, so 1/‖W‖₂ (255 → 26) fits a power law whose limit band [0.60, 31.7] "
                        "does not reach 0 yet: not decidable from this run; steps=200000 verifies it (25 s CPU)", "TTT|?TT"),
}
