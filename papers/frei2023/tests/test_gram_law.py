"""The Gram-law engine under frei2023's (H) and Lemma 3.3: the (H) slack is equal in distribution under sampler=gram
and sampler=explicit, and Lemma 3.3 is verified up to d = 1e9 (the law itself: tests/test_gram_law.py)."""
from scipy.stats import ks_2samp

from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.classification import gaussian_pm1

KS_LEVEL = 1e-3  # a correct sampler fails one KS comparison with probability 1e-3 (as tests/test_gram_law.py)


def test_check_quantities_agree_in_distribution_between_the_laws():
    """The same check's numbers from sampler=gram and sampler=explicit at d = 2000 (200 seeds each):
    frei2023.lem3.3's (H) slack is equal in distribution (KS)."""
    from ibcheck.papers.frei2023.theory.hypothesis import h_quantities
    hs = {smp: [h_quantities(gaussian_pm1(10, 2000, s, sampler=smp).K.numpy(), 0.5)["H_slack"] for s in range(200)]
          for smp in ("gram", "explicit")}
    assert ks_2samp(hs["gram"], hs["explicit"]).pvalue > KS_LEVEL


def test_json_names_the_law():
    assert run_check("frei2023.lem3.3", {"d_grid": "1e3,1e9", "n_grid": "5,10"})["verdict"] == "verified"
