"""The forward-pass probe (numerics.probe.homogeneous_probe) on tiny float64 forwards, value by value: each
activation's pre-activations, Cauchy–Schwarz scales, rounding tolerance and data-input mask; refusals and the
functions it only lists; ties of maximum / abs / clamp / max-pooling; derivative overrides; the output scale and
custom autograd Functions. No training and no solver: the whole file runs in about a second."""
from __future__ import annotations

import math

import pytest
import torch
import torch.nn.functional as F

from ibcheck.numerics.probe.homogeneous_probe import (KINK_HEADROOM, UNIT_ROUNDOFF, Probe, class_name,
                                                       custom_functions, error_summary, module_path, output_scale,
                                                       rounding_tol)
from ibcheck.numerics.runtime.errors import InputError

U = UNIT_ROUNDOFF


def _lin(d_in, d_out, seed=0, bias=True):
    torch.manual_seed(seed)
    return torch.nn.Linear(d_in, d_out, bias=bias).double()


def test_rounding_tol_is_headroom_times_gamma_n():
    """4·γ_n with γ_n = nu/(1 − nu), n = max(terms, 2)."""
    assert KINK_HEADROOM == 4.0 and U == 2.0 ** -53
    for terms, n in ((0, 2), (1, 2), (2, 2), (7.9, 7), (1000, 1000)):
        assert rounding_tol(terms) == 4.0 * n * U / (1 - n * U), terms


def test_names_and_error_summaries():
    assert module_path("") == "model" and module_path("a.b") == "model.a.b"
    lin = torch.nn.Linear(1, 1)
    assert class_name(lin) == "Linear"
    lin.original_name = "Scripted"
    assert class_name(lin) == "Scripted"
    assert error_summary(ValueError("  bad input\nsecond line")) == "ValueError: bad input"
    assert error_summary(KeyError()) == "KeyError" and error_summary(ValueError("x" * 300)) == "ValueError: " + "x" * 160


def test_an_activation_after_a_linear_map_records_its_cauchy_schwarz_scale():
    """z = Wx + b: scale_ij = ‖w_j‖·‖x_i‖ + |b_j|; the rounding chain is fan-in + 2 = 5 terms; the affine map is
    kept for exact evaluation (its input is data)."""
    lin = _lin(3, 4)
    X = torch.tensor([[1.0, -2.0, 0.5], [0.3, 0.1, -0.7]], dtype=torch.float64)
    probe = Probe(["model.net (Sequential)"])
    with probe:
        out = torch.relu(lin(X))
    assert torch.equal(out, torch.relu(X @ lin.weight.T + lin.bias))
    (s,) = probe.sites
    want = X.norm(dim=1, keepdim=True) * lin.weight.norm(dim=1) + lin.bias.abs()
    assert torch.allclose(s.scale, want, rtol=1e-15, atol=0) and torch.equal(s.z, X @ lin.weight.T + lin.bias)
    assert (s.module, s.slope, probe.chain_terms) == ("model.net (Sequential)", 0.0, 5)
    assert s.tol == rounding_tol(5) == s.rounding and not s.data_input.any() and s.live is None
    kind, inp, W, b, args, kw = s.affine
    assert (kind, args, kw) == ("linear", (), {}) and torch.equal(inp, X) and W is lin.weight and b is lin.bias


def test_a_zero_data_patch_without_a_bias_is_a_data_input():
    lin = _lin(2, 3, bias=False)
    X = torch.tensor([[0.0, 0.0], [1.0, 2.0]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        torch.relu(lin(X))
    assert probe.sites[0].data_input.tolist() == [[True] * 3, [False] * 3]
    probe = Probe([])
    with probe:
        torch.relu(_lin(2, 3)(X))  # with a bias z = b_j moves with θ: no data input
    assert not probe.sites[0].data_input.any()


def test_an_activation_elsewhere_reads_the_layers_largest_value_and_its_width():
    """relu(2x) straight from data: scale = max_j |z_ij| per example, a chain as long as the layer (3 + 2)."""
    X = torch.tensor([[1.0, -3.0, 2.0], [0.5, 0.25, -0.125]], dtype=torch.float64)
    probe = Probe([], tol=1e-3)
    with probe:
        F.leaky_relu(2 * X, 0.2)
    (s,) = probe.sites
    assert s.scale.tolist() == [[6.0] * 3, [1.0] * 3] and s.data_input is None and s.affine is None
    assert (s.slope, probe.chain_terms, s.tol, s.rounding) == (0.2, 5, 1e-3, rounding_tol(5))


@pytest.mark.parametrize("call,slope", [(lambda z: F.leaky_relu(z), 0.01),
                                        (lambda z: F.leaky_relu(z, negative_slope=0.3), 0.3),
                                        (lambda z: torch.relu(z), 0.0), (lambda z: z.relu(), 0.0)])
def test_each_activation_spelling_and_its_slope(call, slope):
    z = torch.tensor([[-1.0, 2.0]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        out = call(z)
    assert probe.sites[0].slope == slope and out.tolist() == [[-slope, 2.0]]


def test_the_chain_is_the_longest_so_far():
    X = torch.ones(2, 3, dtype=torch.float64)
    probe = Probe([])
    with probe:
        h = torch.relu(_lin(3, 6)(X))  # 3 + 2
        torch.relu(_lin(6, 2, seed=1)(h))  # + 6 + 2
        torch.relu(X[:, :1] * 1.0)  # not after an affine map: max(13, 1 + 2)
    assert probe.chain_terms == 13 and probe.sites[1].tol == rounding_tol(13)
    assert probe.sites[1].affine is None  # its input is a function of θ: no exact evaluation


def test_derivative_overrides_replace_the_backward_only():
    z = torch.tensor([[-1.0, 0.0, 2.0]], dtype=torch.float64, requires_grad=True)
    D = torch.tensor([[0.25, 0.5, 0.75]], dtype=torch.float64)
    probe = Probe([], overrides={0: D}, live=True)
    with probe:
        out = torch.relu(z)
    out.sum().backward()
    assert out.tolist() == [[0.0, 0.0, 2.0]] and z.grad.tolist() == D.tolist() and probe.sites[0].live is z


@pytest.mark.parametrize("fn,name", [(torch.tanh, "tanh"), (torch.sigmoid, "sigmoid"), (torch.exp, "exp"),
                                     (lambda x: F.layer_norm(x, (2,)), "layer_norm")])
def test_a_function_that_is_not_homogeneous_is_refused_where_it_is_called(fn, name):
    with pytest.raises(InputError, match=rf"^model\.f \(F\) calls {name}, which is not positively homogeneous$"):
        with Probe(["model.f (F)"]):
            fn(torch.ones(1, 2, dtype=torch.float64))


def test_a_softmax_refusal_hints_at_the_logits():
    with pytest.raises(InputError, match=r"^model calls softmax, which is not positively homogeneous \(return the "
                                         r"logits: the multi-class margin is computed from them\)$"):
        with Probe([]):
            F.softmax(torch.ones(1, 2, dtype=torch.float64), dim=1)


def test_graph_edits_and_uninspected_functions_are_listed():
    x = torch.tensor([[1.0, -2.0]], dtype=torch.float64, requires_grad=True)
    probe = Probe(["model.a (A)"])
    with probe:
        x.detach()
        torch.sign(x)
        x.amax()
    assert probe.graph_edits == {"detach in model.a (A)"}
    assert probe.uninspected == {"sign in model.a (A)", "amax in model.a (A)"}
    assert probe.sites == [] and probe.ties == []


def test_ties_of_maximum_abs_and_clamp_are_counted_per_example():
    a = torch.tensor([[1.0, 2.0, 3.0], [0.0, 5.0, 5.0]], dtype=torch.float64)
    b = torch.tensor([[1.0, 0.0, 3.0], [1.0, 5.0, 4.0]], dtype=torch.float64)
    probe = Probe([], tol=0.0)
    with probe:
        torch.maximum(a, b)
        torch.abs(a)
        torch.clamp(a, min=1.0, max=3.0)
        torch.clamp_max(a, 5.0)
        torch.maximum(a, torch.tensor(2.0, dtype=torch.float64).expand(2, 3))
    got = {w: c.tolist() for w, c in probe.ties}
    assert got == {"maximum tie in model": [1, 0], "abs tie in model": [0, 1], "clamp tie in model": [2, 0],
                   "clamp_max tie in model": [0, 2]}
    assert [w for w, _ in probe.ties].count("maximum tie in model") == 2 and probe.ties[-1][1].tolist() == [1, 0]


def test_a_tie_within_the_tolerance_relative_to_the_largest_entry():
    """|a − b| ≤ tol·max(|a|, |b|) over the example: 1e-3 apart at scale 10 with tol 1e-4 is a tie, 2e-3 is not."""
    a = torch.tensor([[10.0, 1.0]], dtype=torch.float64)
    for gap, tied in ((1e-3, 1), (2e-3, 0)):
        probe = Probe([], tol=1e-4)
        with probe:
            torch.minimum(a, a + torch.tensor([[0.0, gap]], dtype=torch.float64) + torch.tensor([[1.0, 0.0]]))
        assert probe.ties[0][1].tolist() == [tied], gap


def test_live_ties_keep_the_tied_pair_with_its_graph_and_branches_record_each_side():
    a = torch.tensor([[1.0, 2.0]], dtype=torch.float64, requires_grad=True)
    b = torch.tensor([[1.0, 3.0]], dtype=torch.float64)
    probe = Probe([], live=True, branches=True, tol=0.0)
    with probe:
        torch.maximum(a, b)
    (what, diff, total, tied), = probe.tie_terms
    assert what == "maximum tie in model" and diff.tolist() == [[0.0, -1.0]] and total.tolist() == [[2.0, 5.0]]
    assert tied.tolist() == [[True, False]] and diff.requires_grad
    (kind, d, tol), = probe.branches
    assert kind == "sign" and d.tolist() == [[0.0, -1.0]] and tol.tolist() == [[0.0, 0.0]]


def test_max_pool_ties_count_each_entry_equal_to_the_window_maximum():
    """Windows of 3: (4, 4, 4) has two entries tied with its maximum, (1, 4, 2) none, (0, 0, 0) is at 0 (not
    counted: |max| ≤ tol·scale)."""
    x = torch.tensor([[[4.0, 4.0, 4.0, 1.0, 4.0, 2.0]], [[0.0, 0.0, 0.0, 3.0, 3.0, 1.0]]], dtype=torch.float64)
    probe = Probe(["model.p (P)"], tol=0.0)
    with probe:
        out = F.max_pool1d(x, 3)
    assert out.tolist() == [[[4.0, 4.0]], [[0.0, 3.0]]]
    assert [(w, c.tolist()) for w, c in probe.ties] == [("max-pool tie in model.p (P)", [2, 1])]


def test_light_probes_record_branches_only():
    lin = _lin(2, 2)
    X = torch.ones(1, 2, dtype=torch.float64)
    probe = Probe([], branches=True, light=True)
    with probe:
        F.max_pool1d(torch.relu(lin(X)).unsqueeze(1), 2)
    assert probe.sites == [] and probe.ties == [] and [b[0] for b in probe.branches] == ["sign", "argmax"]
    assert probe.branches[0][2] is None and probe.branches[1][1] is None


def test_branches_record_each_kink_with_its_tolerance():
    lin = _lin(2, 2)
    X = torch.tensor([[1.0, 2.0]], dtype=torch.float64)
    probe = Probe([], branches=True)
    with probe:
        torch.relu(lin(X))
    (kind, z, tol), = probe.branches
    assert kind == "sign" and torch.equal(z, lin(X).detach())
    assert torch.equal(tol, probe.sites[0].tol * probe.sites[0].scale)


def test_output_scale_straight_from_a_linear_map_or_the_largest_output():
    lin = _lin(3, 2)
    X = torch.tensor([[1.0, 2.0, -1.0], [0.0, 1.0, 0.0]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        out = lin(X)
    scale, terms = output_scale(probe, out)
    assert torch.allclose(scale, X.norm(dim=1, keepdim=True) * lin.weight.norm(dim=1) + lin.bias.abs(), rtol=1e-15)
    assert terms == 5
    probe = Probe([])
    with probe:
        out = 2 * lin(X)
    scale, terms = output_scale(probe, out)
    assert torch.equal(scale, out.abs().amax(1, keepdim=True).expand(2, 2)) and terms == 0


def test_custom_autograd_functions_are_named():
    class Surrogate(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x.sign()

        @staticmethod
        def backward(ctx, g):
            return g

    x = torch.ones(2, dtype=torch.float64, requires_grad=True)
    assert custom_functions(Surrogate.apply(x * 2).sum()) == ["Surrogate"]
    assert custom_functions((x * 2).sum()) == []


def test_a_conv_activation_reads_the_patch_norm():
    """conv1d with kernel 2: scale = ‖w_c‖·‖patch‖ + |b_c| for each output position."""
    torch.manual_seed(0)
    conv = torch.nn.Conv1d(1, 2, 2).double()
    x = torch.tensor([[[1.0, -2.0, 3.0]]], dtype=torch.float64)
    probe = Probe([])
    with probe:
        torch.relu(conv(x))
    (s,) = probe.sites
    patches = torch.tensor([math.hypot(1, 2), math.hypot(2, 3)], dtype=torch.float64)
    want = conv.weight.reshape(2, -1).norm(dim=1)[:, None] * patches[None, :] + conv.bias.abs()[:, None]
    assert torch.allclose(s.scale[0], want, rtol=1e-14) and probe.chain_terms == 4
