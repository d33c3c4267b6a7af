"""Start-up with frei2023.sec5.gmm: its module imports the Problem (1) solvers (``theory.two_layer_margin``,
``theory.kkt``, and through it ``theory.kkt_residual``) but the Gaussian-mixture check solves no program, so its process never imports cvxpy."""
from ibcheck.testing.startup import modules_after as _modules_after

SOLVERS = ("ibcheck.theory.two_layer_margin", "ibcheck.papers.frei2023.theory.kkt", "ibcheck.theory.kkt_residual")


def test_a_check_that_solves_no_program_loads_no_cvxpy():
    """sec5.gmm trains by GD and reads margins and test errors: no QP, no SVM, no KKT program, although its module
    imports both solver modules (the thm3.1/thm3.2/thm3.4 checks do solve: each poses the SVM ``svm_margin`` first)."""
    heavy, p = _modules_after("check", "frei2023.sec5.gmm", also=SOLVERS)
    assert "RC 0" in p.stdout, p.stderr
    assert set(SOLVERS) <= set(heavy) and "torch" in heavy and "cvxpy" not in heavy, heavy
