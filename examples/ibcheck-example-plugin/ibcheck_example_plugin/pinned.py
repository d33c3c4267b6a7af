"""The example paper's pinned case: a small generated problem (n = 5, d = 40, seed 1), the conditioning of K
recomputed independently in numpy (``ibcheck.testing.conformance`` measures, recomputes and compares)."""
import numpy as np

from ibcheck.testing.pinning import table

GD = "GD's own result (the trainer's iterate and stopping rule); its limit is what the claim compares with w*"
PINNED = {"example.linreg.minnorm": table("lambda_min_over_max", {
    "gap_rel": GD, "perp_rel": GD, "steps": GD, "grad_rel": GD,
    "trace_sigma": "the generator's stated trace of the covariance (numerics.data.sets), not a quantity of the claim"})}


def _conditioning(m):
    from ibcheck.numerics.data.sets import make_gaussian
    X = make_gaussian(5, 40, 1).X.double().numpy()
    ev = np.linalg.eigvalsh(X @ X.T)
    return {"lambda_min_over_max": ev[0] / ev[-1]}


CASES = {"example.linreg.minnorm": {"overrides": {"n": 5, "d": 40, "seed": 1}, "recompute": _conditioning}}
