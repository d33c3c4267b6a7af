"""Activation kinks of a prepared model and the Clarke subdifferential of each constraint ``q_k`` at them.

A pre-activation of a ReLU / leaky-ReLU with ``|z| ≤ tol·scale`` (``numerics.probe.homogeneous_probe.Probe``) is at its
kink, where the activation's derivative ranges over ``[γ, 1]``. A constraint ``q_k`` (one example's margin, or one
pair (i, j) of a multi-class example) then has a set-valued Clarke derivative, described as a box (one kinked layer,
independent pre-activation gradients: every derivative free in its interval) or by the gradients of its
first-order realisable sign patterns (an LP each; their hull lies inside the Clarke subdifferential).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import torch

from .homogeneous import Prepared, grad_vector as _grad
from .homogeneous_probe import MAX_KINKS_PER_SAMPLE, Probe, Site, custom_functions, rounding_tol


@dataclass
class Kinks:
    """Activation kinks per example: ``per_sample[i] = [(site, flat index), ...]``; ties and uninspected ops."""

    sites: list[Site]
    per_sample: list[list[tuple[int, int]]]
    pruned: int  # kinks whose input patch is zero and independent of θ (z ≡ 0 nearby: no influence)
    ties: dict  # example -> [what, ...]
    uninspected: list[str]
    inspected: bool  # False for a black box
    count: int
    smooth_ties: int = 0  # examples whose ties are all between entries with equal gradients (not kinks)
    custom: list = None  # custom autograd.Function classes the forward differentiates through
    tol: float = 0.0  # the largest kink tolerance used (derived per activation, or the user's)
    rounding: float = 0.0  # the forward's relative rounding bound (rounding_tol of its longest chain)
    edits: list = None  # detach / tensor hooks / .data calls of the forward (a backward other than its derivative?)
    unresolved: int = 0  # beyond a user's kink_tol below the rounding bound, yet within it: side unknown, not a kink


def find_kinks(prep: Prepared, tol: float | None = None) -> Kinks:
    """Every pre-activation of a ReLU/leaky-ReLU with ``|z| ≤ tol·scale`` (see ``Probe._unit_scale``; ``tol`` None:
    each activation's rounding bound, ``homogeneous_probe.rounding_tol``), every tie between entries whose gradients
    differ (``clarke_ties``), and the custom autograd Functions the forward goes through."""
    from .clarke_ties import same_function_ties
    if prep.black_box:
        return Kinks([], [[] for _ in range(prep.n)], 0, {}, ["black-box TorchScript module"], False, 0, custom=[],
                     edits=[])
    probe = Probe(prep.stack, tol=tol)
    with torch.enable_grad():
        out = prep.forward(probe=probe)
    custom = custom_functions(out) if out.requires_grad else []
    per = [[] for _ in range(prep.n)]
    pruned = count = unresolved = 0
    for s, site in enumerate(probe.sites):
        if site.z.shape[0] != prep.n:
            return Kinks(probe.sites, per, 0, {}, [f"activation in {site.module} has no example axis"], True, 0,
                         custom=custom, edits=sorted(probe.graph_edits))
        mask = site.z.abs() <= site.tol * site.scale
        if site.data_input is not None:
            pruned += int((mask & site.data_input).sum())
            mask = mask & ~site.data_input
        idx = mask.reshape(prep.n, -1).nonzero().tolist()
        count += len(idx)
        near = (site.z.abs() <= site.rounding * site.scale) & ~mask
        unresolved += int((near if site.data_input is None else near & ~site.data_input).sum())
        for i, k in idx:
            per[i].append((s, k))
    ties: dict = {}
    for what, cnt in probe.ties:
        for i in cnt.nonzero().flatten().tolist():
            ties.setdefault(i, []).append(what)
    smooth = [i for i in ties if same_function_ties(prep, i, tol)[0]] if not custom else []
    for i in smooth:
        del ties[i]
    tmax = max([s.tol for s in probe.sites], default=tol if tol is not None else 0.0)
    return Kinks(probe.sites, per, pruned, ties, sorted(probe.uninspected), True, count, len(smooth), custom, tmax,
                 rounding_tol(probe.chain_terms), sorted(probe.graph_edits), unresolved)


def _forward_one(prep: Prepared, k: int, overrides: dict, live: bool):
    """``q_k`` from a forward of its example alone, with the activation derivatives ``overrides``."""
    i = prep.example_of(k)
    probe = Probe(prep.stack, overrides=overrides, live=live)
    with torch.enable_grad():
        q = prep.constraint_one(k, prep.forward(prep.X[i:i + 1], probe=probe))
    return q, probe


def _derivs(prep: Prepared, kinks: Kinks, i: int, sites_needed, choice: dict) -> dict:
    """Derivative tensors for a one-example forward: the natural derivative, with ``choice[(site, k)]`` imposed."""
    ov = {}
    for s in sites_needed:
        site = kinks.sites[s]
        z = site.z[i:i + 1]
        D = torch.where(z > 0, torch.ones_like(z), torch.full_like(z, site.slope)).reshape(-1).clone()
        for (ss, k), v in choice.items():
            if ss == s:
                D[k] = v
        ov[s] = D.reshape(z.shape)
    return ov


def clarke(prep: Prepared, kinks: Kinks, k: int, budget: list, max_kinks: int = MAX_KINKS_PER_SAMPLE) -> dict:
    """The Clarke subdifferential of the constraint ``q_k`` at the current θ: the fields of a ``theory.kkt_columns.SampleGrad``.

    One activation layer kinked (all kinks at one site) with linearly independent pre-activation gradients: a box
    (``g₀ + Σ s_k v_k``, ``s_k ∈ [γ, 1]``; every sign pattern is realisable). Otherwise the gradients of every
    sign pattern of the kinks that is realisable to first order (a direction δ with ``sign⟨∇z_k, δ⟩`` as
    chosen, by an LP), capped by ``max_kinks`` per example and ``budget[0]`` pieces overall.
    """
    i = prep.example_of(k)
    ks = kinks.per_sample[i]
    sites = sorted({s for s, _ in ks})
    if len(sites) == 1:
        base_choice = {kk: 0.0 for kk in ks}
        q, probe = _forward_one(prep, k, _derivs(prep, kinks, i, sites, base_choice), live=True)
        if len(probe.sites) != len(kinks.sites):
            return dict(kind="uncertified", reason="the forward of one example calls a different number of activations")
        g0 = _grad(q, prep.params, retain=True)
        live = probe.sites[sites[0]].live.reshape(-1)
        V, Z, keep = [], [], []
        for kk in ks:
            qk, _ = _forward_one(prep, k, _derivs(prep, kinks, i, sites, {**base_choice, kk: 1.0}), live=False)
            v = _grad(qk, prep.params) - g0
            zk = _grad(live[kk[1]], prep.params, retain=True)
            if np.linalg.norm(v) > 0:
                V.append(v)
                Z.append(zk)
                keep.append(kk)
        if not keep:
            return dict(kind="smooth", g=g0)
        sv = np.linalg.svd(np.stack(Z), compute_uv=False)
        if sv[-1] > 1e-10 * sv[0]:
            slope = kinks.sites[sites[0]].slope
            return dict(kind="box", g=g0, V=np.stack(V), lo=np.full(len(V), slope), hi=np.ones(len(V)), elements=keep)
        ks = keep
    if len(ks) > max_kinks:
        return dict(kind="uncertified", reason=f"{len(ks)} kinks at one example exceed the enumeration cap {max_kinks}")
    if 2 ** len(ks) > budget[0]:
        return dict(kind="uncertified", reason=f"2^{len(ks)} pieces exceed the remaining enumeration budget {budget[0]}")
    budget[0] -= 2 ** len(ks)
    verts, pats = [], []
    lp_fail = 0
    for pattern in itertools.product((0, 1), repeat=len(ks)):
        choice = {kk: (1.0 if b else kinks.sites[kk[0]].slope) for kk, b in zip(ks, pattern)}
        q, probe = _forward_one(prep, k, _derivs(prep, kinks, i, sites, choice), live=True)
        g = _grad(q, prep.params, retain=True)
        Z, sgn = [], []
        for (s, e), b in zip(ks, pattern):
            zk = _grad(probe.sites[s].live.reshape(-1)[e], prep.params, retain=True)
            if np.linalg.norm(zk) > 0:
                Z.append(zk)
                sgn.append(1.0 if b else -1.0)
        ok, failed = _realisable(np.array(Z), np.array(sgn))
        lp_fail += failed
        if ok:
            verts.append(g)
            pats.append([choice[kk] for kk in ks])
    if not verts:
        return dict(kind="uncertified", reason="no sign pattern of its kinks is realisable to first order")
    return dict(kind="vertices", vertices=np.stack(verts), elements=list(ks), patterns=pats,
                reason=f"{len(verts)} of {2 ** len(ks)} sign patterns realisable" +
                       (f" ({lp_fail} LPs failed: counted as not realisable)" if lp_fail else ""))


def _realisable(Z: np.ndarray, s: np.ndarray) -> tuple[bool, int]:
    """Is there δ with ``s_k ⟨z_k, δ⟩ > 0`` for every row ``z_k``? (δ in their span: ``s ⊙ (Γc) ≥ 1``, ``Γ = ZZᵀ``)."""
    if len(Z) == 0:
        return True, 0
    G = Z @ Z.T
    sv = np.linalg.svd(G, compute_uv=False)
    if sv[-1] > 1e-10 * sv[0]:
        return True, 0
    from scipy.optimize import linprog
    A = -(s[:, None] * G) / sv[0]
    res = linprog(np.zeros(len(s)), A_ub=A, b_ub=-np.ones(len(s)) / 1.0, bounds=[(None, None)] * len(s),
                  method="highs")
    if res.status == 0:
        return True, 0
    return False, int(res.status != 2)
