"""The example paper's wrong answers (``ibcheck.checks.wrong_answers``): each family is a probe fed through the
check's hooks, or a one-line reason why it does not apply."""
from ibcheck.checks.wrong_answers import NA, H, Probe, row

_INIT = "the check's only hook is GD's starting point: a wrong limit cannot be injected after the run"


def _shift(w):
    import torch
    return w + torch.randn(w.shape, generator=torch.Generator().manual_seed(0), dtype=w.dtype)


TABLE = {
    "example.linreg.minnorm": row(
        random=NA(_INIT), reference=NA(_INIT), rescaled=NA(_INIT), structure=NA(_INIT),
        dynamics=Probe("GD from a random start (its part orthogonal to the data never moves)",
                       lambda: H(init=_shift))),
}
HEAVY: set = set()
