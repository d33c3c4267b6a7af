"""``gradient_flow``'s engine is the caller's object (``numerics.integrators.engine``), value by value: each engine
gives bit-identical results to the deprecated string it replaces (which still works, with a ``DeprecationWarning``);
a net whose field was replaced is not recognised by probing it (only ``Explicit(events=False)`` reads the
replaced callable); a crossing after a handoff is reported (``stats["handoff"]`` with the fallback) or raised as
``HandoffCrossing``, never a silent restart."""
from __future__ import annotations

import inspect
import math
import warnings

import numpy as np
import pytest
import torch

from ibcheck.checks.base import flow_outcome
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.integrators.engine import (ENGINES, Explicit, FixedMode, Handoff, HandoffCrossing,
                                                 handoff_level)
from ibcheck.numerics.trainers import flow
from ibcheck.numerics.trainers.flow import gradient_flow, integrate
from ibcheck.numerics.trainers.two_layer import LeakyNet, gaussian_init, second_layer
from ibcheck.theory.outcomes import Reason

TARGET = -60.0  # past the handoff level −log(6/log 2) − 1 ≈ −3.16 by decades: the continuation does the work
WIDE = 10 ** 6  # near-orthogonal samples: few kinks on the way, so the plain controller does not chatter (d = 20 does)
CROSSING_LEVEL = -0.05  # a handoff this early meets the later activation crossings of this net (measured: 18 events)


def make_net(loss: str = "exp", d: int = 20) -> tuple[LeakyNet, torch.Tensor]:
    dat = gaussian_pm1(6, d, 0, sampler="auto")
    B0, perp = gaussian_init(dat.X, dat.K, 6, 1e-5 / math.sqrt(d), 0, "span", d)
    return LeakyNet(K=dat.K, y=dat.y, a=second_layer(3, 3), gamma=0.5, loss=loss, perp_gram=perp), B0


def values(res) -> dict:
    """Every number a flow returns, the record included (states as arrays)."""
    st = res.stats
    return {"B": st["B"].numpy().tobytes(), "s": st["s"], "log_t": st["log_t"], "log_loss": st["log_loss"],
            "steps": st["steps"], "rejected": res.rejected, "reached": res.reached_target,
            "t2": res.time_to_log2_over_n, "stats": {k: v for k, v in st.items() if k not in ("handoff", "B")},
            "record": [res.clock, res.states["log_t"], res.log_loss, res.fro, res.normalized_margin,
                       res.singular_values, res.states["steps"], [b.numpy().tobytes() for b in res.states["B"]]]}


def deprecated(net, B0, name, **kw):
    with pytest.warns(DeprecationWarning, match=f"engine={name!r}"):
        return gradient_flow(net, B0, engine=name, **kw)


@pytest.fixture(scope="module")
def setup():
    return make_net()


@pytest.mark.parametrize("name, engine", [
    ("explicit", Explicit()),
    ("stiff", Handoff(Explicit(), FixedMode("stiff"), fallback=Explicit())),
    ("horizon", Handoff(Explicit(), FixedMode("horizon"), fallback=Explicit())),
])
def test_each_engine_object_is_its_former_string_bit_for_bit(setup, name, engine):
    net, B0 = setup
    new = gradient_flow(net, B0, target_log_loss=TARGET, engine=engine)
    assert values(new) == values(deprecated(net, B0, name, target_log_loss=TARGET))
    assert ENGINES[name] == engine and new.stats["engine"] == name and new.reached_target
    if name != "explicit":
        h = new.stats["handoff"]
        assert h == {"outcome": "continued", "why": None, "level": handoff_level(6), "fallback": None}


def test_the_default_is_the_event_aware_explicit_engine_and_warns_nothing(setup):
    net, B0 = setup
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        res = gradient_flow(net, B0, target_log_loss=-20.0)
    assert values(res) == values(gradient_flow(net, B0, target_log_loss=-20.0, engine=Explicit()))
    assert res.stats["engine"] == "explicit" and res.stats["events"] > 0 and "handoff" not in res.stats


def test_events_false_is_the_plain_engine():
    net, B0 = make_net(d=WIDE)
    plain = gradient_flow(net, B0, target_log_loss=-20.0, engine=Explicit(events=False))
    assert values(plain) == values(gradient_flow(net, B0, target_log_loss=-20.0, events=False))
    assert plain.stats["events"] == 0
    with pytest.raises(ValueError, match="conflicts"):  # events=False never silently overrides a chosen engine
        gradient_flow(net, B0, events=False, engine=ENGINES["stiff"])


def test_an_unknown_string_or_a_bare_continuation_is_refused(setup):
    with pytest.raises(ValueError, match="unknown engine"):
        gradient_flow(*setup, engine="rk4")
    with pytest.raises(ValueError, match="kind"):
        FixedMode("euler")
    with pytest.raises(TypeError, match="continuation"):
        gradient_flow(*setup, engine=FixedMode("stiff"))


def test_a_replaced_field_is_read_by_the_engine_the_caller_names_and_never_probed():
    """A negative control swaps ``neg_grad_over_loss`` on the instance. Without an explicit engine nothing notices
    (the event-aware engine integrates the declared K, y, a, γ: the intact flow, bit for bit); with
    ``Explicit(events=False)`` the replaced field is integrated, exactly as ``integrate`` on it."""
    net, B0 = make_net(d=WIDE)
    intact = gradient_flow(net, B0, target_log_loss=-20.0)
    true_field = net.neg_grad_over_loss
    net.neg_grad_over_loss = lambda B: (lambda g: (0.9 * g[0], g[1]))(true_field(B))  # a slower, wrong field
    silent = gradient_flow(net, B0, target_log_loss=-20.0)
    assert values(silent) == values(intact) and silent.stats["events"] > 0
    broken = gradient_flow(net, B0, target_log_loss=-20.0, engine=Explicit(events=False))
    y, info = integrate(net.neg_grad_over_loss, B0, target_log_loss=-20.0, n=6)
    assert torch.equal(broken.stats["B"], y) and broken.stats["s"] == info["s"] and broken.stats["steps"] == info["steps"]
    assert not torch.equal(broken.stats["B"], intact.stats["B"])
    assert "vars(" not in inspect.getsource(flow)  # no attribute sniffing anywhere in the trainer


def test_a_crossing_after_the_handoff_runs_the_callers_fallback_and_says_so(setup):
    net, B0 = setup
    eng = Handoff(Explicit(), FixedMode("stiff"), fallback=Explicit(), level=CROSSING_LEVEL)
    res = gradient_flow(net, B0, target_log_loss=TARGET, engine=eng)
    # the fallback restarted from B0 with a fresh record: the explicit flow itself, bit for bit
    assert values(res) == values(gradient_flow(net, B0, target_log_loss=TARGET, engine=Explicit()))
    assert res.stats["engine"] == "explicit"
    h = res.stats["handoff"]
    assert h["outcome"] == "crossing" and "crossing" in h["why"] and h["fallback"] == "explicit, restarted from y0"
    assert h["level"] == CROSSING_LEVEL


@pytest.mark.parametrize("kind", ["stiff", "horizon"])
def test_a_crossing_without_fallback_is_a_typed_failure(setup, kind):
    net, B0 = setup
    with pytest.raises(HandoffCrossing, match=kind) as e:
        gradient_flow(net, B0, target_log_loss=TARGET, engine=Handoff(then=FixedMode(kind), level=CROSSING_LEVEL))
    assert e.value.continuation == kind and e.value.level <= CROSSING_LEVEL  # the explicit leg ended at the level


@pytest.mark.parametrize("kind", ["stiff", "horizon"])
def test_a_check_sees_a_crossing_as_a_typed_inconclusive_outcome(setup, kind):
    """``checks.base.flow_outcome``: what a check wraps its flow in — the crossing becomes ``NUMERICS_FAILED`` with a
    message naming the continuation and the handoff level, never an exception; a flow that ends passes through."""
    net, B0 = setup
    eng = Handoff(then=FixedMode(kind), level=CROSSING_LEVEL)
    res, why = flow_outcome(lambda: gradient_flow(net, B0, target_log_loss=TARGET, engine=eng))
    assert res is None and why.code is Reason.NUMERICS_FAILED
    assert why.message.startswith("handoff crossing: ") and f"the {kind} continuation met an activation crossing" in why.message
    assert "after the handoff at log L̂ = " in why.message
    ok, none = flow_outcome(lambda: gradient_flow(net, B0, target_log_loss=-5.0))
    assert none is None and ok.reached_target


@pytest.mark.parametrize("case, why", [
    ("logistic", "logistic loss"), ("s_end", "s_end"), ("stop", "stop"), ("shallow", "not past the handoff level")])
def test_a_handoff_that_does_not_apply_says_why_and_runs_the_first_engine(case, why):
    net, B0 = make_net("logistic" if case == "logistic" else "exp")
    kw = {"s_end": {"s_end": 5.0}, "stop": {"stop": lambda B: False},
          "shallow": {"target_log_loss": -1.0}}.get(case, {"target_log_loss": -20.0})
    res = gradient_flow(net, B0, engine=ENGINES["stiff"], **kw)
    assert values(res) == values(gradient_flow(net, B0, engine=Explicit(), **kw))
    assert res.stats["engine"] == "explicit"
    assert res.stats["handoff"]["outcome"] == "not taken" and why in res.stats["handoff"]["why"]


def test_a_first_leg_out_of_budget_is_reported(setup):
    net, B0 = setup
    res = gradient_flow(net, B0, target_log_loss=TARGET, max_steps=5, engine=ENGINES["stiff"])
    assert not res.reached_target and res.stats["steps"] == 5 and res.stats["engine"] == "explicit"
    assert res.stats["handoff"]["outcome"] == "not reached"
    assert np.isfinite(res.stats["log_loss"]) and res.stats["log_loss"] > handoff_level(6)
