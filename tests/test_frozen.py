"""Frozen by float64: the trainer records where its update fell below its iterate's resolution (numerics.trainers.frozen), and
a row whose checkpoints repeat that iterate is inconclusive, never settled or violated (theory.asymptotic_frozen)."""
import math

import numpy as np
import sympy as sp

from ibcheck.numerics.trainers.frozen import NEVER, below_resolution, first_repeat, merge
from ibcheck.numerics.data.linear_data import planted
from ibcheck.numerics.trainers.linear_gd import gd
from ibcheck.theory import asymptotic_frozen as F
from ibcheck.theory.asymptotic import Series, geometric
from ibcheck.theory.statement import lim

t, q = sp.symbols("t q", real=True)


def test_an_update_below_half_an_ulp_rounds_back():
    assert below_resolution([1.0, 2.0], [1e-17, -1e-16])  # ½ ulp(1) = 1.1e-16, ½ ulp(2) = 2.2e-16
    assert not below_resolution([1.0, 2.0], [1e-17, 1e-15])  # one coordinate still moves
    assert not below_resolution([1.0], [0.0])  # no push at all: a stationary point, not a freeze


def test_first_repeat_per_run_and_only_while_the_loss_is_positive():
    x = np.array([[[0.0], [1.0]], [[1.0], [2.0]], [[1.0], [3.0]], [[1.0], [3.0]]])  # (4 steps, 2 runs, 1)
    assert first_repeat(x, t0=10).tolist() == [11, 12]
    positive = np.array([[True, True], [False, True], [False, True], [False, True]])
    assert first_repeat(x, t0=10, loss_positive=positive).tolist() == [NEVER, 12]  # run 0: loss 0, converged
    assert merge(np.array([5, NEVER]), np.array([9, 12])).tolist() == [5, 12]


def test_logistic_gd_at_a_huge_step_freezes_at_step_7_and_stops_there():
    Z = planted(6, 3, 4).Z  # the large-step logistic paper's default data (6 points, d = 3)
    run = gd(Z, 1000.0, 100_000, loss="logistic", reduction="mean")
    assert run.frozen_at.tolist() == [7]
    after = run.t > 7
    # every checkpoint after the freeze is that iterate, bit for bit, and the loss there is still positive
    assert np.array_equal(run.W[0, after], np.broadcast_to(run.W[0, np.searchsorted(run.t, 8)], run.W[0, after].shape))
    assert np.all(np.isfinite(run.log_loss[0, after]))
    assert gd(Z, 1.0, 20_000, loss="logistic", reduction="mean").frozen_at.tolist() == [NEVER]


def _row(values, frozen_at, limit=0.0, floor=1e-300):
    c = geometric(1e3, 1e6, 13)
    cond = lim("L → 0", q, limit, clock="t", rate=1 / t, kind="rate", floor=floor)
    return cond.evaluate({"q": F.mark(Series(c, values), frozen_at)})


def test_a_frozen_settled_series_is_inconclusive_not_violated():
    stuck = [4.59e-52] * 13
    assert _row(stuck, None)["holds"] is False  # the judge alone: "settled at 4.59e-52, excludes 0"
    r = _row(stuck, 7)
    assert r["holds"] is None and r["frozen_at"] == 7.0 and r["horizon_needed"] is None
    assert r["judgement"].startswith("frozen by float64 rounding at t = 7:") and "would say violated (settled)" in \
        r["judgement"]
    assert r["alternatives"] == []  # a frozen run is evidence for no answer


def test_a_freeze_after_the_last_checkpoint_or_after_reaching_the_limit_changes_nothing():
    c = geometric(1e3, 1e6, 13)
    decaying = [1 / x for x in c]
    assert _row(decaying, 2e6)["holds"] is True  # froze past the run's checkpoints
    assert _row([0.0] * 13, 7, floor=1e-300)["holds"] is True  # reached exactly: an answer, not a stall
    assert F.mark(Series(c, decaying), None).__class__ is Series and math.isnan(F.frozen_at(Series(c, decaying)))


def test_the_two_layer_trainer_records_a_state_that_repeats_while_the_loss_pushes():
    import torch

    from ibcheck.numerics.trainers.smooth_gd import gd_smooth
    g = torch.Generator().manual_seed(0)
    X = torch.randn(4, 3, generator=g, dtype=torch.float64)
    K, y = (X @ X.T)[None], torch.tensor([[1.0, -1.0, 1.0, -1.0]], dtype=torch.float64)
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    B0 = 0.1 * torch.randn(1, 2, 4, generator=g, dtype=torch.float64)
    P = torch.zeros(1, 2, 2, dtype=torch.float64)
    rec = gd_smooth(K, y, a, B0, P, 0.1, 0.5, 30)
    assert rec.frozen_at.tolist() == [NEVER]
    # an activation whose derivative rounds every update away: the state repeats from step 0 while the loss is log 2
    rec = gd_smooth(K, y, a, B0, P, 0.1, 0.5, 30, act_grad=lambda z, gamma: torch.full_like(z, 1e-300))
    assert rec.frozen_at.tolist() == [0]


def test_adam_records_updates_that_round_away_until_the_end():
    from ibcheck.numerics.trainers.adam import adam
    Z = planted(20, 5, 0).Z
    assert adam(Z, 3000).frozen_at == NEVER
    # ε = 1e20 at w₀ = 1: each update ~ 0.1·|∇L|/1e20 < ½ ulp(1) from the first step on, while the loss is positive
    r = adam(Z, 3000, eps=1e20, schedule="constant", w0=np.ones(5))
    assert r.frozen_at == 0 and np.array_equal(r.W[-1], np.ones(5)) and np.isfinite(r.log_loss[-1])
