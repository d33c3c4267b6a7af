"""Start-up with jitelgarsky2019.separable_edge: its check decomposes the data (``theory.decomposition``), but on
separable data (``I^c = ∅``) the offset v̄ is empty, no logistic program is posed and cvxpy is never imported."""
from ibcheck.testing.startup import modules_after as _modules_after

DECOMPOSITION = "ibcheck.papers.jitelgarsky2019.theory.decomposition"


def test_separable_data_load_no_cvxpy():
    """The ray, risk and non-separable checks do solve (v̄ is the minimiser of a logistic program, posed in cvxpy);
    the separable edge case solves nothing (its verdict, inconclusive at the default horizon, is not the point)."""
    heavy, p = _modules_after("check", "jitelgarsky2019.separable_edge", also=(DECOMPOSITION,))
    assert any(f"RC {c}" in p.stdout for c in (0, 1, 4)), p.stderr  # a verdict, not a usage error or a crash
    assert DECOMPOSITION in heavy and "torch" in heavy and "cvxpy" not in heavy, heavy
