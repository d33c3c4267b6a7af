"""--seeds: the top-level verdict is the worst seed's (a single violated seed makes the claim violated), with
every seed's row in ``per_seed`` and ``worst_seed`` naming the one reported."""
import torch

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

CTRL = {"n": 6, "d": 1_000_000, "gamma": 0.5, "m1": 3, "m2": 3, "init": "span", "target_log_loss": -300.0}


def break_call(k):
    """A ``Hooks.limit`` that replaces every state of the k-th dataset it sees (one seed: the hook is applied to each
    checkpoint, and each seed has its own Gram matrix K) by a rank-3 matrix."""
    seen: list[torch.Tensor] = []

    def hook(K, y, B):
        idx = next((i for i, k_ in enumerate(seen) if k_.shape == K.shape and torch.equal(k_, K)), None)
        if idx is None:
            seen.append(K.clone())
            idx = len(seen) - 1
        if idx != k - 1:
            return B
        g = torch.Generator().manual_seed(1)
        U = torch.randn(B.shape[0], 3, generator=g, dtype=B.dtype)
        return (U @ torch.randn(3, B.shape[1], generator=g, dtype=B.dtype)) * B.abs().max()
    return hook


def test_one_violated_seed_makes_the_claim_violated():
    for k, bad_seed in [(1, 0), (2, 1)]:  # the broken seed first, then last: the order must not matter
        r = run_check("frei2023.thm3.2.rank", CTRL, seeds=2, hooks=Hooks(limit=break_call(k)))
        verdicts = {row["seed"]: row["verdict"] for row in r["per_seed"]}
        assert verdicts == {bad_seed: "violated", 1 - bad_seed: "verified"}
        assert r["verdict"] == "violated" and r["worst_seed"] == bad_seed
        assert r["quantities"] == r["per_seed"][bad_seed]["quantities"]
