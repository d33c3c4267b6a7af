"""More of the forward-pass probe (numerics.probe.homogeneous_probe), value by value, where its first tests left a
mutant alive: the in-place and default-slope activation spellings, conv3d and token-axis Linear scales, keyword
conv arguments, strided pooling, tie tolerances at scales far from 1, broadcast and keyword tie arguments, the output
scale when the batch differs from the width, the custom-Function graph walk, and the limits the probe module sets
(the degree tolerances, the per-example kink cap, the enumeration budget, the gradient-matrix size). Each test
takes milliseconds; none trains or solves."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import nn

from ibcheck.numerics.probe.homogeneous_probe import Probe, custom_functions, output_scale, rounding_tol
from ibcheck.numerics.runtime.errors import InputError

Z = torch.tensor([[-1.0, 2.0]], dtype=torch.float64)


def _ties(probe):
    return [(w, c.tolist()) for w, c in probe.ties]


# ------------------------------------------------------------------------------------------- activations
def test_the_in_place_leaky_relu_operator_is_an_activation():
    """aten's leaky_relu_ (what an in-place leaky ReLU dispatches to) is recorded with its slope."""
    probe = Probe([])
    with probe:
        out = torch.ops.aten.leaky_relu_.default(Z.clone(), 0.2)
    assert out.tolist() == [[-0.2, 2.0]] and [s.slope for s in probe.sites] == [0.2]


def test_the_default_negative_slope_is_read_when_none_is_passed():
    """aten's leaky_relu without a slope argument: PyTorch's default 0.01, as the value itself shows."""
    probe = Probe([])
    with probe:
        out = torch.ops.aten.leaky_relu.default(Z)
    assert probe.sites[0].slope == 0.01 and out.tolist() == [[-0.01, 2.0]]


def test_a_leaky_relu_of_slope_one_is_the_identity():
    probe = Probe([])
    with probe:
        out = F.leaky_relu(Z, 1.0)
    assert out.tolist() == Z.tolist() and probe.sites[0].slope == 1.0


# ------------------------------------------------------------------------------------------- Cauchy–Schwarz scales
def test_a_conv3d_with_a_bias_reads_its_patch_norm():
    """conv3d, kernel 1×1×2 over (1, −2, 3): patches (1, −2), (−2, 3); scale = ‖w‖·‖patch‖ + |b|, chain 2 + 2."""
    W = torch.tensor([[[[[0.6, -0.8]]]]], dtype=torch.float64)  # ‖w‖ = 1
    b = torch.tensor([0.25], dtype=torch.float64)
    x = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64).reshape(1, 1, 1, 1, 3)
    probe = Probe([])
    with probe:
        torch.relu(F.conv3d(x, W, b))
    (s,) = probe.sites
    # ‖patch‖ from a conv of the squares vs hypot: a few roundings (relative 1e-16 each)
    assert torch.allclose(s.scale.reshape(-1), torch.tensor([math.hypot(1, 2) + 0.25, math.hypot(2, 3) + 0.25],
                                                            dtype=torch.float64), rtol=1e-15, atol=0)
    assert probe.chain_terms == 4 and s.affine[0] == "conv3d" and s.tol == rounding_tol(4)


@pytest.mark.parametrize("bias", [False, pytest.param(True, marks=pytest.mark.xfail(
    strict=True, raises=RuntimeError, reason="Probe._unit_scale reshapes a bias onto axis 1 (a conv's channels) for "
                                             "a Linear map too: (1, 5, 1) against (2, 3, 5)"))])
def test_a_linear_map_over_a_token_axis_reads_each_tokens_norm(bias):
    """Linear(4, 5) on (batch 2, tokens 3, features 4): scale_btj = ‖x_bt‖·‖w_j‖ (+ |b_j|), the norm over features."""
    torch.manual_seed(0)
    lin = nn.Linear(4, 5, bias=bias).double()
    x = torch.randn(2, 3, 4, dtype=torch.float64)
    probe = Probe([])
    with probe:
        torch.relu(lin(x))
    want = x.norm(dim=-1, keepdim=True) * lin.weight.norm(dim=1) + (lin.bias.abs() if bias else 0.0)
    # the same norms and product computed in another order: a few roundings (relative 1e-16 each)
    assert probe.sites[0].scale.shape == (2, 3, 5) and torch.allclose(probe.sites[0].scale, want, rtol=1e-15, atol=0)


def test_conv_keyword_bias_and_stride_are_read():
    """conv1d(x, W, bias=b, stride=2): kernel 2, stride 2 over (1, −2, 3, 4): patches (1, −2) and (3, 4)."""
    W = torch.tensor([[[3.0, 4.0]]], dtype=torch.float64)  # ‖w‖ = 5
    b = torch.tensor([-0.5], dtype=torch.float64)
    x = torch.tensor([[[1.0, -2.0, 3.0, 4.0]]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        torch.relu(F.conv1d(x, W, bias=b, stride=2))
    want = torch.tensor([5 * math.hypot(1, 2) + 0.5, 25.5], dtype=torch.float64)
    (s,) = probe.sites
    # ‖patch‖ from a conv of the squares vs hypot: a few roundings (relative 1e-16 each)
    assert torch.allclose(s.scale[0, 0], want, rtol=1e-15, atol=0) and s.affine[3] is b and s.affine[5] == {"stride": 2}


# ------------------------------------------------------------------------------------------- max-pool ties
def test_max_pool_ties_are_read_in_the_pools_own_strided_windows():
    """max_pool1d(kernel 2, stride 3) over (1, 3, 9, 3, 3): windows (1,3), (3,3): one tie; with stride 2 the
    windows (1,3), (9,3) have none."""
    x = torch.tensor([[[1.0, 3.0, 9.0, 3.0, 3.0]]], dtype=torch.float64)
    probe = Probe([], tol=0.0)
    with probe:
        out = F.max_pool1d(x, 2, stride=3)
    assert out.tolist() == [[[3.0, 3.0]]] and _ties(probe) == [("max-pool tie in model", [1])]


@pytest.mark.xfail(strict=True, reason="Probe._pool removes every window's winner before reading the runners-up: in "
                                       "overlapping windows a tied runner-up that wins the next window goes too")
def test_max_pool_ties_in_overlapping_windows_are_counted():
    """max_pool1d(kernel 2, stride 1) over (1, 3, 3, 2): windows (1,3), (3,3), (3,2): one tie."""
    x = torch.tensor([[[1.0, 3.0, 3.0, 2.0]]], dtype=torch.float64)
    probe = Probe([], tol=0.0)
    with probe:
        F.max_pool1d(x, 2, stride=1)
    assert _ties(probe) == [("max-pool tie in model", [1])]


def test_max_pool_tie_tolerance_is_relative_to_the_largest_window_maximum():
    """tol 1e-4 at scale 1000 (the example's largest window maximum): 999.95 ties with 1000 (0.05 ≤ 0.1); the window
    (0.01, 0.01) is at 0 relative to that scale (|0.01| ≤ 0.1): not counted."""
    x = torch.tensor([[[1000.0, 999.95, 0.01, 0.01]]], dtype=torch.float64)
    probe = Probe([], tol=1e-4)
    with probe:
        F.max_pool1d(x, 2)
    assert _ties(probe) == [("max-pool tie in model", [1])]


def test_a_max_pool_returning_its_indices_is_listed_as_not_checked():
    probe = Probe(["model.p (P)"], tol=0.0)
    with probe:
        out, idx = F.max_pool1d(torch.ones(1, 1, 4, dtype=torch.float64), 2, return_indices=True)
    assert out.tolist() == [[[1.0, 1.0]]] and idx.tolist() == [[[0, 2]]] and probe.ties == []
    assert probe.uninspected == {"max_pool1d_with_indices in model.p (P) (ties not checked)"}


# ------------------------------------------------------------------------------------------- maximum / clamp ties
@pytest.mark.parametrize("fn", [torch.maximum, torch.minimum])
def test_maximum_and_minimum_broadcast_a_smaller_first_argument(fn):
    """a (2, 1) against b (2, 3): broadcast to (2, 3); ties 1 = 1 (example 0) and 2 = 2 twice (example 1)."""
    a = torch.tensor([[1.0], [2.0]], dtype=torch.float64)
    b = torch.tensor([[1.0, 0.0, 3.0], [2.0, 2.0, 5.0]], dtype=torch.float64)
    probe = Probe([], tol=0.0)
    with probe:
        out = fn(a, b)
    assert torch.equal(out, fn(a.expand(2, 3), b)) and _ties(probe) == [(f"{fn.__name__} tie in model", [1, 2])]


def test_maximum_with_its_other_argument_by_keyword_runs():
    a = torch.tensor([[1.0, 4.0]], dtype=torch.float64)
    b = torch.tensor([[1.0, 3.0]], dtype=torch.float64)
    with Probe([], tol=0.0):
        out = torch.maximum(a, other=b)
    assert out.tolist() == [[1.0, 4.0]]


def test_the_clamp_alias_counts_its_ties():
    """x.clip(0, 1) (an alias of clamp) over (0, 0.5, 1) and (2, −1, 1): 2 and 1 entries at a bound."""
    x = torch.tensor([[0.0, 0.5, 1.0], [2.0, -1.0, 1.0]], dtype=torch.float64)
    probe = Probe([], tol=0.0)
    with probe:
        x.clip(0.0, 1.0)
    assert _ties(probe) == [("clip tie in model", [2, 1])]


def test_a_value_at_the_positional_upper_clamp_bound_is_a_tie():
    probe = Probe([], tol=0.0)
    with probe:
        torch.clamp(torch.tensor([[0.5, 1.0]], dtype=torch.float64), -1.0, 1.0)
    assert _ties(probe) == [("clamp tie in model", [1])]


@pytest.mark.xfail(strict=True, reason="Probe._tie swaps clamp_max's bound out of `hi` when it came by keyword: "
                                       "clamp_max(x, max=c) counts no tie")
def test_a_keyword_clamp_max_bound_is_a_tie():
    probe = Probe([], tol=0.0)
    with probe:
        torch.clamp_max(torch.tensor([[1.0, 2.0]], dtype=torch.float64), max=1.0)
    assert _ties(probe) == [("clamp_max tie in model", [1])]


def test_tie_branches_carry_the_tolerance_times_the_scale():
    """maximum at tol 1e-3 with the example's largest |entry| 8: each side's band is 8e-3."""
    a = torch.tensor([[8.0, 1.0]], dtype=torch.float64)
    b = torch.tensor([[2.0, 1.0]], dtype=torch.float64)
    probe = Probe([], tol=1e-3, branches=True)
    with probe:
        torch.maximum(a, b)
    (kind, d, band), = probe.branches
    assert kind == "sign" and d.tolist() == [[6.0, 0.0]] and band.tolist() == [[8e-3, 8e-3]]


# ------------------------------------------------------------------------------------------- output scale
def test_the_output_scale_keeps_the_batch_axis_when_it_differs_from_the_width():
    """3 examples, 2 outputs: (3, 2) scales, straight from the Linear map and from a later multiple of it."""
    torch.manual_seed(0)
    lin = nn.Linear(3, 2).double()
    X = torch.tensor([[1.0, 2.0, -1.0], [0.0, 1.0, 0.0], [3.0, 0.0, 4.0]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        out = lin(X)
    scale, _ = output_scale(probe, out)
    want = X.norm(dim=1, keepdim=True) * lin.weight.norm(dim=1) + lin.bias.abs()
    # the same norms and product computed in another order: a few roundings (relative 1e-16 each)
    assert scale.shape == (3, 2) and torch.allclose(scale, want, rtol=1e-15, atol=0)
    probe = Probe([])
    with probe:
        out = 2 * lin(X)
    scale, _ = output_scale(probe, out)
    assert torch.equal(scale, out.detach().abs().amax(1, keepdim=True).expand(3, 2))


# ------------------------------------------------------------------------------------------- custom Functions
class Halve(torch.autograd.Function):
    forward = staticmethod(lambda ctx, x: x / 2)
    backward = staticmethod(lambda ctx, g: g / 2)


def test_a_custom_function_behind_a_constant_factor_is_found():
    """(Halve(2x) · c).sum(): the product's inputs are Halve's node and None (c needs no gradient)."""
    x = torch.ones(2, dtype=torch.float64, requires_grad=True)
    assert custom_functions((Halve.apply(x * 2) * torch.ones(2, dtype=torch.float64)).sum()) == ["Halve"]


class _Node:
    """A stand-in autograd node that counts how often its inputs are read."""

    def __init__(self, *inputs):
        self.inputs, self.reads = tuple((f, 0) for f in inputs), 0

    @property
    def next_functions(self):
        self.reads += 1
        return self.inputs


def test_the_graph_walk_reads_each_node_once():
    """A chain of diamonds (each node used twice by the next): a walk without its seen set reads the bottom 8 times."""
    nodes = [_Node(None)]
    for _ in range(3):
        nodes.append(_Node(nodes[-1], nodes[-1]))
    assert custom_functions(SimpleNamespace(grad_fn=nodes[-1])) == []
    assert [n.reads for n in nodes] == [1, 1, 1, 1]


# ------------------------------------------------------------------------------------------- the module's limits
class _Offset(nn.Module):
    """f(x;θ) = w·x + k, k fixed: f(x;cθ) − c f(x;θ) = (1 − c)k, a degree defect of k/max|f| (at c = 1/2)."""

    def __init__(self, k):
        super().__init__()
        self.lin = nn.Linear(2, 1, bias=False).double()
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, -0.5]], dtype=torch.float64))
        self.register_buffer("k", torch.tensor(k, dtype=torch.float64))

    def forward(self, x):
        return self.lin(x) + self.k


def test_a_degree_defect_above_one_in_a_billion_is_refused():
    """Outputs 1 + k and 0.5 + k: a defect k/(1 + k) ≈ 5e-10 passes (DEGREE_RTOL 1e-9), ≈ 1.5e-9 is refused."""
    from ibcheck.numerics.probe.homogeneous import degree
    from ibcheck.user_model import prepare
    X = torch.tensor([[1.0, 0.0], [0.0, -1.0]], dtype=torch.float64)
    d = degree(prepare(_Offset(0.5e-9), X, [1.0, 1.0]))
    # the defect is a difference of O(1) outputs: their rounding, 1e-16, is 2e-7 of 5e-10
    assert d.L == 1 and d.deviation == pytest.approx(5e-10, rel=1e-6)
    with pytest.raises(InputError, match=r"degree defect 1\.5e-09 > 1e-09"):
        degree(prepare(_Offset(1.5e-9), X, [1.0, 1.0]))


class _Scalar(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(1, dtype=torch.float64))

    def forward(self, x):
        return self.w * x[:, 0]


def test_a_fitted_degree_more_than_a_millionth_off_an_integer_is_refused():
    """Outputs ~1e-159: their squares are subnormal, so the norms the degree is fitted from round, and the fit lands
    ~1.5e-6 off 1 although f(x;cθ) = c f(x;θ) exactly (defect 0): beyond DEGREE_INT_TOL (1e-6), refused."""
    from ibcheck.numerics.probe.homogeneous import DEGREE_SCALES, degree
    from ibcheck.user_model import prepare
    m = 10.0 ** -158.9
    f0 = torch.tensor([m, 0.7 * m], dtype=torch.float64)
    Lf = np.mean([math.log(float((c * f0).norm()) / float(f0.norm())) / math.log(c) for c in DEGREE_SCALES])
    assert 1e-6 < abs(Lf - 1) <= 2e-6  # the premise: the fit's distance from 1 (the float64 underflow of the squares)
    with pytest.raises(InputError, match=r"degree defect 0 > 1e-09"):
        degree(prepare(_Scalar(), f0[:, None], [1.0, 1.0]))


def test_thirteen_kinks_at_one_example_are_not_enumerated_whatever_the_budget():
    """The per-example cap (MAX_KINKS_PER_SAMPLE = 12): 13 kinks over two activations are uncertified before any
    piece is computed, and the budget is left as it was."""
    from ibcheck.numerics.probe.clarke_kinks import Kinks, clarke
    kinks = Kinks([], [[(0, j) for j in range(7)] + [(1, j) for j in range(6)]], 0, {}, [], True, 13)
    budget = [10 ** 6]
    got = clarke(SimpleNamespace(example_of=lambda k: k), kinks, 0, budget)
    assert got["kind"] == "uncertified" and "13 kinks" in got["reason"] and budget == [10 ** 6]


def test_a_gradient_matrix_one_entry_above_fifty_million_is_refused():
    """n·C·P = 1·1·50 000 001 > MAX_GRAD_ENTRIES: refused before any gradient (stream them instead)."""
    from ibcheck.numerics.probe.homogeneous import per_constraint_grads
    prep = SimpleNamespace(n=1, classes=1, params=[torch.zeros(1, dtype=torch.float64).expand(50_000_001)],
                           X=torch.zeros(1, 1, dtype=torch.float64), y=torch.ones(1, dtype=torch.float64),
                           black_box=True)
    with pytest.raises(InputError, match=r"n·C·P = 1·1·50000001 entries exceed 5e\+07"):
        per_constraint_grads(prep)


def test_a_log_softmax_refusal_hints_at_the_logits():
    with pytest.raises(InputError) as refused:
        with Probe([]):
            F.log_softmax(torch.ones(1, 2, dtype=torch.float64), dim=1)
    assert str(refused.value) == ("model calls log_softmax, which is not positively homogeneous (return the logits: "
                                  "the multi-class margin is computed from them)")


def test_the_default_enumeration_budget_is_4096_pieces():
    """kkt's default budget of Clarke pieces (MAX_VERTICES), as its result records it: 2^12, one example at the cap.
    (Last in the file: kkt's first call imports torch.func's machinery, ≈ 2 s once per process; the call: 20 ms.)"""
    from ibcheck.model_kkt import kkt
    torch.manual_seed(1)
    net = nn.Sequential(nn.Linear(2, 3, bias=False), nn.ReLU(), nn.Linear(3, 1, bias=False)).double()
    X = torch.tensor([[1.0, 0.5], [-1.0, -0.3], [0.8, -0.2]], dtype=torch.float64)
    assert kkt(net, X, [-1.0, 1.0, -1.0], references=False).kinks["max_vertices"] == 4096
