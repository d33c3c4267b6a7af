"""One record for every trainer (``numerics/trajectory.py``): each shared trainer, run on a tiny problem, returns a
``Trajectory`` whose series sit on its clock; readers reach states and stats by name, a name that is both is
refused, and 0.1's record classes still import, warned, as ``Trajectory`` (each paper's trainers: its own tests)."""
from __future__ import annotations

import importlib

import numpy as np
import pytest
import torch

from ibcheck.numerics.trajectory import Trajectory


def _Z(n: int = 5, d: int = 3, seed: int = 0) -> np.ndarray:
    """Linearly separable margins data: every z_i has a positive first coordinate."""
    rng = np.random.default_rng(seed)
    Z = rng.normal(size=(n, d))
    Z[:, 0] = np.abs(Z[:, 0]) + 0.5
    return Z


def _linear_runs() -> dict:
    from ibcheck.numerics.trainers import adagrad, adam, adam_incremental, linear_gd, linear_geometry as geo
    Z = _Z()
    X, y = Z[:3], np.array([1.0, -0.5, 0.25])
    return {"adagrad": adagrad.adagrad(Z, 20), "adam": adam.adam(Z, 20),
            "incremental_adam": adam_incremental.incremental_adam(Z, 4), "gd": linear_gd.gd(Z, 0.1, 20),
            "steepest_descent": geo.steepest_descent(Z, "l1", 20, eta_plus=0.1),
            "p_gd": geo.p_gd(Z, 3.0, 0.1, 20),
            "mirror_descent": geo.mirror_descent_ls(X, y, "entropy", 0.05, 20, w0=np.full(3, 0.5))}


def _net_runs() -> dict:
    from ibcheck.numerics.data.classification import gaussian_pm1
    from ibcheck.numerics.trainers import flow, homogeneous_net as hn, relu_gd, relu_square as sq, smooth_gd
    from ibcheck.numerics.trainers.two_layer import LeakyNet, gaussian_init, second_layer
    dat = gaussian_pm1(6, 20, 0, sampler="auto")
    B0, perp = gaussian_init(dat.X, dat.K, 6, 1e-3, 0, "span", 20)
    a = second_layer(3, 3)
    net = LeakyNet(K=dat.K, y=dat.y, a=a, gamma=0.5, loss="exp", perp_gram=perp)
    K, y = dat.K[None], dat.y[None]
    sgd = smooth_gd.gd_smooth(K, y, a, B0[None], perp[None], 0.1, 0.5, 10)
    rng = np.random.default_rng(1)
    X, yr = rng.normal(size=(4, 6)), rng.normal(size=4)
    z0, perp_sq = sq.init_state(X, 3, 0.5, 0, balanced=False)
    snet = sq.ReluSquareNet(K=X @ X.T, y=yr, perp=perp_sq)
    g = torch.Generator().manual_seed(3)
    Xs, ys = torch.randn(4, 5, generator=g, dtype=torch.float64), torch.randn(4, generator=g, dtype=torch.float64)
    As = torch.full((3,), 3 ** -0.5, dtype=torch.float64)
    alpha0 = 0.1 * torch.randn(1, 3, 4, generator=g, dtype=torch.float64)
    Ks = (Xs @ Xs.T)[None]
    Xh, yh = hn.teacher_data(6, 4, 1)
    hnet, th = hn.make_net(Xh, yh, 4, "relu", 2.0, seed=2)
    return {"leaky flow": flow.gradient_flow(net, B0, target_log_loss=-3.0),
            "leaky gd": flow.gradient_descent(net, B0, 0.1, 5),
            "leaky normalised gd": flow.gradient_descent(net, B0, 0.1, 5, normalized=True),
            "smooth gd": sgd,
            "span gd": relu_gd.gd_span(Ks, ys[None], As, alpha0, 0.01, max_steps=10),
            "span gd (torch)": relu_gd.gd_span(Ks, ys[None], As, alpha0, 0.01, max_steps=10, backend="torch"),
            "direct gd": relu_gd.gd_direct(Xs, ys, As, alpha0[0] @ Xs, 0.01, max_steps=10),
            "relu² flow": sq.gradient_flow(snet, z0, t_max=1.0, loss_stop=0.0, grid=[0.0, 0.5, 1.0]),
            "relu² gd": sq.gradient_descent(snet, z0, 0.01, 10),
            "homogeneous flow": hn.gradient_flow(hnet, th, target_log_loss=0.5),
            "homogeneous gd": hn.gradient_descent(hnet, th, 5, eta=1e-3),
            "loss-based gd": hn.gradient_descent(hnet, th, 5, loss_based={})}


@pytest.fixture(scope="module")
def runs() -> dict:
    return {**_linear_runs(), **_net_runs()}


def test_every_trainer_returns_a_trajectory_on_its_clock(runs):
    for name, run in runs.items():
        assert type(run) is Trajectory and run.engine, name
        T = len(run.clock)
        assert T >= 1 and np.all(np.diff(np.asarray(run.clock, dtype=float)) > 0), name
        # a series has one entry per clock entry (batched linear GD: along its second axis; GD's per-step
        # scale/update, one per step between two points; relu² GD's loss is missing after a blow-up only)
        for key, series in run.series().items():
            n = np.shape(series)[1] if name == "gd" and key != "t" else len(series)
            assert n in (T, T - 1) if key in ("scale", "update") else n == T, (name, key, n, T)


def test_readers_reach_states_stats_and_the_clock_by_name(runs):
    adam = runs["adam"]
    assert adam.W is adam.states["W"] and adam.t is adam.clock and adam.frozen_at == adam.stats["frozen_at"]
    assert adam.at(adam.t[-1]) == len(adam.t) - 1
    with pytest.raises(KeyError, match="not a recorded point"):
        adam.at(adam.t[-1] + 1)
    with pytest.raises(AttributeError, match="records no 'nope'"):
        _ = adam.nope
    assert not hasattr(adam, "nope") and getattr(adam, "nope", 7) == 7
    flow = runs["leaky flow"]  # the checkpoints' B and the end's B: both named B, neither guessed
    for name in ("B", "s", "log_t", "steps"):
        with pytest.raises(AttributeError, match="both a recorded series and a stat"):
            getattr(flow, name)
    assert flow.stats["B"].shape == flow.states["B"][-1].shape and flow.rejected == flow.stats["rejected"]
    assert flow.stats["log_loss"] <= -3.0 and flow.log_loss[0] > flow.log_loss[-1]
    span = runs["span gd"]
    assert span.clock[-1] == int(span.steps[0]) and torch.equal(span.betas[-1], span.beta)


def test_setting_writes_the_entry_it_names_and_nothing_new():
    tr = Trajectory(clock=[0, 1], states={"w": [1.0, 2.0]}, log_loss=[0.0, -1.0], stats={"n": 0}, clock_name="t")
    tr.n += 1
    tr.w = [3.0, 4.0]
    tr.t = [0, 2]
    assert tr.stats == {"n": 1} and tr.states["w"] == [3.0, 4.0] and tr.clock == [0, 2]
    with pytest.raises(AttributeError, match="no 'm' to set"):
        tr.m = 1
    other = tr.replace(w=[5.0, 6.0], n=9, t=[1, 2])
    assert (other.w, other.n, other.t, other.log_loss) == ([5.0, 6.0], 9, [1, 2], [0.0, -1.0])
    assert (tr.w, tr.n, tr.t) == ([3.0, 4.0], 1, [0, 2])  # the original is untouched
    assert list(tr.series()) == ["t", "w", "log_loss"]
    tr.restart()
    assert tr.clock == [] and tr.w == [] and tr.log_loss == [] and tr.n == 1  # the recorded points forgotten


def test_a_trajectory_pickles():
    import pickle
    tr = Trajectory(clock=np.arange(3), states={"W": np.eye(3)}, log_loss=np.zeros(3), engine="gd", stats={"k": 1})
    back = pickle.loads(pickle.dumps(tr))
    assert np.array_equal(back.W, tr.W) and back.k == 1 and back.engine == "gd"


FORMER = {"adagrad": ["AdaGradRun"], "adam": ["AdamRun"], "adam_incremental": ["IncAdamRun"],
          "linear_gd": ["LinearRun"], "linear_geometry": ["Run"], "smooth_gd": ["SGDRecord"],
          "homogeneous_net": ["FlowTrace", "GDTrace"], "relu_square": ["FlowResult", "GDResult"],
          "relu_gd": ["GDResult", "DirectResult"], "flow": ["FlowRecord", "FlowResult"]}


@pytest.mark.parametrize("module, name", [(m, n) for m, ns in FORMER.items() for n in ns])
def test_the_former_record_classes_import_warned_as_the_trajectory(module, name):
    mod = importlib.import_module(f"ibcheck.numerics.trainers.{module}")
    with pytest.warns(DeprecationWarning, match=rf"trainers\.{module}\.{name} is ibcheck\.numerics\.trajectory\."
                                                rf"Trajectory now.*removed in 0\.3\.0"):
        assert getattr(mod, name) is Trajectory
    with pytest.raises(AttributeError):
        getattr(mod, "NoSuchRecord")
