"""jitelgarsky2020 quantities: the shared homogeneous flow on its fixed case (recomputed by
``ibcheck.testing.homogeneous_flow``) for both claims, and the direction claim's training-error row on mapped states."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
from ibcheck.testing.homogeneous_flow import FLOW_TABLE, RELU2, flow_case, forward
from ibcheck.testing.pinning import compare, measure

FLOW_CLAIMS = ("jitelgarsky2020.direction", "jitelgarsky2020.alignment")
PINNED = {cid: FLOW_TABLE for cid in FLOW_CLAIMS}


def test_flow_quantities_recomputed():
    m, exp, tols = flow_case(FLOW_CLAIMS[0])
    for cid in FLOW_CLAIMS:
        compare(cid, m, exp, PINNED[cid], tols=tols)


def test_direction_counts_the_training_errors_of_the_mapped_states():
    """jitelgarsky2020.direction's training-error row reads the states it is given (a wrong answer's θ(t)), from
    t₀ of the trainer's record: with the output layer negated (a ↦ −a flips every margin) every state after t₀
    misclassifies, with half of it flipped (a ↦ −a from the first state past t₀ + 10 on) only those do."""
    states = []
    [m] = measure("jitelgarsky2020.direction", RELU2, hooks=Hooks(limit=lambda th: states.append(th) or th))
    assert m.values["misclassified_states"] == 0.0
    Xd, yd = teacher_data(6, 8, 0)
    net, _ = make_net(Xd, yd, 6, "relu", 2.0, init_scale=1e-3, seed=0)
    X, y = net.X.numpy(), net.y.numpy()
    ll = np.array([forward(net, th, X, y)[1] for th in states])
    k0 = int(np.flatnonzero(ll < 0)[0])
    for start, want in ((0, len(states) - k0), (k0 + 10, len(states) - k0 - 10)):
        seen = []  # the hook maps the recorded states in order, once each

        def flip(th, start=start, seen=seen):
            seen.append(1)
            return np.concatenate([-th[:6], th[6:]]) if len(seen) > start else th
        [w] = measure("jitelgarsky2020.direction", RELU2, hooks=Hooks(limit=flip))
        assert len(seen) == len(states)
        assert w.values["misclassified_states"] == want, (start, w.values["misclassified_states"], want)
