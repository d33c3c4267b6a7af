"""``ibcheck kkt`` / ``ibcheck.kkt``: a user's trained homogeneous model against the max-margin KKT conditions.

Loading and validation of the user's files in ``ibcheck.user_model``; the numerics (constraints, measured degree,
gradients) in ``numerics.probe.homogeneous``, kinks and Clarke pieces in ``numerics.probe.clarke_kinks``; the math (multipliers,
residuals, Clarke QP) in ``theory.kkt_residual``, the references in ``theory.homogeneous_kkt`` and the (ε, δ) verdict
in ``theory.kkt_verdict``.
This module runs them in order; ``run_cli`` is the ``ibcheck kkt`` command (checks before any work).
"""
from __future__ import annotations

import math
import os
import sys
import time

import numpy as np

from .kkt_defaults import DELTA, EPS
from .kkt_result import EXIT, METRIC, KKTResult  # noqa: F401  (METRIC: part of the public result)

LOSSES = ("exp", "logistic")


def _log_loss(q: np.ndarray, n: int, loss: str) -> tuple[float, np.ndarray]:
    """``log L̂`` and per-constraint weights ``|∂ℓ/∂q_k| / max`` (log space: both underflow late in training).

    Example i's loss is ``ℓ(−s_i)``, ``s_i = log Σ_{j≠y_i} e^{−q_ij}`` (binary: ``s_i = −q_i``; multi-class exp:
    ``Σ_j e^{−q_ij}``, logistic: cross-entropy ``log(1 + Σ_j e^{−q_ij})``); ``∂ℓ/∂q_ij = ℓ'(−s_i)·softmax_j(−q_i)``.
    """
    import torch

    from ibcheck.numerics.trainers.two_layer import log_loss, log_neg_dloss
    Q = torch.as_tensor(q, dtype=torch.float64).reshape(n, -1)
    s = torch.logsumexp(-Q, 1)
    ll = float(torch.logsumexp(log_loss(-s, loss), 0) - math.log(n))
    lw = (log_neg_dloss(-s, loss)[:, None] + (-Q - s[:, None])).reshape(-1)
    return ll, torch.exp(lw - lw.max()).numpy()


def _samples(prep, kinks, G, max_vertices):
    """Each constraint's Clarke description; ``G`` None: smooth gradients are rows of the streamed Gram."""
    from ibcheck.numerics.probe.clarke_kinks import clarke
    from ibcheck.theory.kkt_columns import SampleGrad

    def smooth(k):
        return SampleGrad("smooth", g=G[k]) if G is not None else SampleGrad("smooth", row=k)
    samples, budget = [], [max_vertices]
    for k in range(prep.K):
        i = prep.example_of(k)
        if prep.black_box or kinks.custom:  # PyTorch's (or the user's) derivative: not certified, and said so
            samples.append(smooth(k))
        elif kinks.uninspected:
            samples.append(SampleGrad("uncertified", reason="non-smooth operations not inspected: " +
                                      ", ".join(kinks.uninspected)))
        elif i in kinks.ties:
            samples.append(SampleGrad("uncertified", reason="; ".join(sorted(set(kinks.ties[i])))))
        elif kinks.per_sample[i]:
            try:
                samples.append(SampleGrad(**clarke(prep, kinks, k, budget)))
            except (RuntimeError, ValueError, np.linalg.LinAlgError) as exc:  # an exotic model: say so, per sample
                msg = str(exc).splitlines()[0][:120] if str(exc) else ""
                samples.append(SampleGrad("uncertified", reason=f"Clarke pieces failed ({type(exc).__name__}: {msg})"))
        else:
            samples.append(smooth(k))
    return samples


def kkt(model, X, y, loss: str = "exp", *, eps: float = EPS, delta: float = DELTA, kink_tol: float | None = None,
        max_vertices: int | None = None, references: bool = True, data_name: str = "data",
        chunk_size: int | None = None, progress=None, model_name: str = "model", model_hint: str = "") -> KKTResult:
    """The max-margin KKT report and (ε, δ) verdict of a positively homogeneous ``model`` on ``(X, y)``.

    ``y``: ±1 for one output per example; class indices 0..C−1 for C outputs (multi-class margin). ``model``: an
    ``nn.Module`` (eager or TorchScript), left untouched (a float64 copy is analysed). ``loss``: ``exp`` or
    ``logistic`` (only ``log_loss`` and ``gradient_alignment``). ``eps``/``delta``: the (ε, δ) of the verdict.
    ``kink_tol``: pre-activations with ``|z| ≤ kink_tol·scale`` count as at their kink (default None: each one's
    float64 rounding bound, ``numerics.probe.homogeneous_probe.rounding_tol``, ~1e-13 for fan-in 100);
    ``max_vertices``: the budget of enumerated Clarke pieces; ``data_name``: how error messages name the data;
    ``model_name``/``model_hint``: how errors of the model's own code name it (its file, its class and arguments);
    ``chunk_size``: stream the per-example gradients into their Gram in chunks of this many examples (automatic
    above ``MAX_GRAD_ENTRIES`` gradient entries); ``progress``: a callable given one line (the memory the stream
    will take, before it starts) and a progress bar on stderr — or None.
    Raises ``InputError`` (one line) for a model that is not homogeneous or data that do not fit.
    """
    from ibcheck.numerics.probe import clarke_kinks as CK
    from ibcheck.numerics.probe import gradient_check as GC
    from ibcheck.numerics.probe import homogeneous as H
    from ibcheck.numerics.probe import homogeneous_probe as HP
    from ibcheck.numerics.runtime.errors import InputError
    from ibcheck.numerics.runtime.threads import limited
    from ibcheck.theory import homogeneous_kkt as T
    from ibcheck.theory import kkt_residual as KR
    from ibcheck.theory.kkt_columns import explicit
    from ibcheck.theory.kkt_verdict import decide

    from . import kkt_bound as KB
    from .kkt_references import references as two_refs
    from .kkt_references import two_layer
    from .user_model import prepare
    if loss not in LOSSES:
        raise InputError(f"--loss {loss!r}: expected exp or logistic")
    for nm, v in (("eps", eps), ("delta", delta)):
        if not (isinstance(v, (int, float)) and math.isfinite(v) and v > 0):
            raise InputError(f"--{nm} {v}: must be a positive number")
    if kink_tol is not None and not (math.isfinite(float(kink_tol)) and 0 <= float(kink_tol) < 1):
        raise InputError(f"--kink-tol {kink_tol}: must lie in [0, 1)")
    kink_tol = None if kink_tol is None else float(kink_tol)
    max_vertices = HP.MAX_VERTICES if max_vertices is None else int(max_vertices)
    if max_vertices < 0:
        raise InputError(f"max_vertices {max_vertices}: must be >= 0")
    import torch
    t0 = time.perf_counter()
    with limited(1), torch.enable_grad():  # the caller may be inside torch.no_grad(): the analysis differentiates
        prep = prepare(model, X, y, where=data_name, source=model_name, hint=model_hint)
        deg = H.degree(prep)
        L = deg.L
        theta = prep.theta()
        tn = float(np.linalg.norm(theta))
        q = prep.margins()
        qmin = float(q.min())
        ll, wts = _log_loss(q, prep.n, loss)
        params = [{"name": nm, "shape": list(p.shape), "trainable": p.requires_grad}
                  for nm, p in prep.model.named_parameters()]
        sranks = {nm: T.stable_rank(p.detach().numpy()) for nm, p in prep.model.named_parameters() if p.ndim >= 2}
        two = two_layer(prep) if (references and not prep.black_box) else None
        res = KKTResult(
            degree=L, normalized_margin=qmin / tn ** L, kkt_stationarity=None, kkt_complementarity=None,
            stable_ranks=sranks, min_margin=qmin, max_margin=float(q.max()), theta_norm=tn,
            misclassified=int((prep.example_margins(q) <= 0).sum()), n=prep.n, n_params=int(theta.size), loss=loss,
            log_loss=ll, certified=False, certification="", degree_estimates={f"{c:g}": v for c, v in deg.estimates.items()},
            homogeneity_deviation=deg.deviation, homogeneity_tol=deg.tol, parameters=params,
            support_tau=KR.SUPPORT_TAU, notes=list(prep.notes), degree_measured=deg.measured, classes=prep.classes,
            eps=float(eps), delta=float(delta), trained_dtype=prep.native_dtype or "float64")
        if prep.classes > 1:
            res.constraints = [list(prep.pair(k)) for k in range(prep.K)]
        _conversion(res, prep, L, tn)
        fixed = sorted(set(prep.frozen) | {k.removeprefix("model.") for k in prep.fixed})
        if fixed:
            res.notes.append(f"θ = the trainable parameters; fixed (frozen, buffers, tensor attributes): {', '.join(fixed)}")
        if two is not None:
            refs = two_refs(prep, two)
            rm = refs.get("reference_margin")
            res.margin_over_reference = res.normalized_margin / rm if rm else None
            res.references = refs
        res.data_warning = _data_warning(prep, q)
        if qmin <= 0:
            res.certification = (f"no KKT residuals: {res.misclassified} example(s) have margin ≤ 0, so the "
                                 f"rescaled point θ/q_min^(1/L) does not exist")
            res.verdict, res.reason = "violated", (f"not an (ε, δ)-KKT point on these data: {res.misclassified} "
                                                   f"example(s) have margin ≤ 0 (min {qmin:.3g}), so no rescaling is "
                                                   f"feasible — see the data warning first")
            res.seconds = time.perf_counter() - t0
            return res
        original = [p.detach().clone() for p in prep.params]  # the stored θ: exact arithmetic decides kink sides on it
        prep.scale_(qmin ** (-1.0 / L))
        res.multiplier_conversion = {  # θ = c^{-1}θ̃ and ∇q(θ) = c^{1−L}∇q(θ̃), c = q_min^{-1/L} (docs/api.md)
            "lyu_li": 1.0, "haim": qmin ** ((2.0 - L) / L), "haim_code": prep.n * qmin ** ((2.0 - L) / L)}
        theta_t = prep.theta()
        qt = prep.margins()
        kinks = CK.find_kinks(prep, kink_tol)
        D, owner = (None, None) if prep.black_box else GC.directions(prep)
        if chunk_size is None and prep.K * theta_t.size <= HP.MAX_GRAD_ENTRIES:
            G, res.gradient_method = H.per_constraint_grads(prep)
            samples = _samples(prep, kinks, G, max_vertices)
            space, along = explicit, (lambda w: G.T @ w)
            AD, gnorms = (None if D is None else G @ D), np.linalg.norm(G, axis=1)
        else:
            samples = _samples(prep, kinks, None, max_vertices)
            space, along, AD, gnorms = _streamed(res, prep, samples, chunk_size, progress, D)

        def name(k):
            return f"example {k}" if prep.classes == 1 else "example {}, class {}".format(*prep.pair(k))
        r = KR.kkt_residuals(theta_t, qt, L, samples, prep.blocks, space=space, name=name, rounding=kinks.rounding)
        b = None if prep.black_box or kinks.custom else KB.bound(prep, kinks, samples, original, theta_t, qt, L,
                                                                space, name, kinks.rounding, eps, delta)
        gc = None if D is None else GC.check(prep, samples, AD, D, owner, L, gnorms, kink_tol)
        res.gradient_check = None if gc is None else gc.to_json()
        _fill(res, r if b is None or b.r is None else b.r, samples, kinks, kink_tol, max_vertices, prep)
        KB.report(res, r, b, kinks)
        d = along(wts)
        dn = float(np.linalg.norm(d))
        res.gradient_alignment = float(theta_t @ d / (np.linalg.norm(theta_t) * dn)) if dn > 0 else None
        _verdict(res, r, samples, theta_t, qt, prep, decide, space, b)
    res.seconds = time.perf_counter() - t0
    return res


def _data_warning(prep, q: np.ndarray) -> str | None:
    """Misclassified examples, said first: the usual cause is data that are not what the model was trained on."""
    bad = np.nonzero(prep.example_margins(q) <= 0)[0]
    if not len(bad):
        return None
    which = ", ".join(f"#{i}" for i in bad[:8]) + (" …" if len(bad) > 8 else "")
    return (f"{len(bad)} of {prep.n} examples are misclassified by the model (margin ≤ 0: {which}) — are these the "
            f"data it was trained on, as it saw them? Likely causes: preprocessing (normalisation, centring, scaling, "
            f"flattening or channel order not applied as in training) or labels (another encoding or class order"
            + (", ±1 swapped" if prep.classes == 1 else "") + "); a model trained to the max-margin regime "
            "classifies every training example correctly")


def _streamed(res, prep, samples, chunk_size, progress, directions=None):
    """Stream the constraint gradients into their Gram (``numerics.probe.homogeneous_gram``); the columns and ``Gᵀw``."""
    import hashlib

    from ibcheck.numerics.probe import homogeneous_gram as HG
    from ibcheck.theory.kkt_columns import Columns

    def key(v):
        return hashlib.blake2b(np.ascontiguousarray(v, dtype=np.float64).tobytes(), digest_size=16).digest()
    explicit, keys = [], {}
    for s in samples:
        for v in ([s.g] if s.kind == "box" else []) + list(s.V if s.kind == "box" else []) + \
                 list(s.vertices if s.kind == "vertices" else []):
            if key(v) not in keys:
                keys[key(v)] = prep.K + len(explicit)
                explicit.append(np.ascontiguousarray(v, dtype=np.float64))
    pl = HG.plan(prep, len(explicit), chunk_size)
    if progress is not None:
        progress(pl.describe())
    st = HG.stream(prep, pl, explicit, progress=progress is not None, directions=directions)
    res.gradient_method = "streamed Gram (torch.func per-example Jacobians, chunks of %d examples)" % pl.chunk
    res.gradients = {"mode": "streamed", "chunk_size": pl.chunk, "panel": pl.panel, "passes": pl.passes,
                     "bytes": pl.bytes, "seconds": st.seconds, "gram_rounding": st.rounding}
    res.notes.append(pl.describe())

    def space(entries):
        idx = np.array([int(e) if isinstance(e, (int, np.integer)) else keys[key(e)] for e in entries], dtype=int)

        def apply(w):
            full = np.zeros(st.gram.shape[0])
            np.add.at(full, idx, w)
            return st.apply(full)
        return Columns(gram=st.gram[np.ix_(idx, idx)], ct=st.ct[idx], apply=apply, rounding=st.rounding)

    def along(w):
        return st.apply(np.concatenate([w, np.zeros(len(explicit))]))
    return space, along, st.along, np.sqrt(np.clip(np.diag(st.gram)[:prep.K], 0, None))


def _conversion(res: KKTResult, prep, L: int, tn: float) -> None:
    """A float32/16 model: its normalised margin in its own precision and how much conversion moved it."""
    if prep.native_dtype is None:
        return
    res.notes.append(f"trained in {prep.native_dtype}: evaluated in float64 (a copy; your model is untouched)")
    if prep.native_out is None:
        res.conversion = {"from": prep.native_dtype, "normalized_margin_native": None,
                          "normalized_margin_change": None, "relative_change": None}
        return
    import torch
    out = prep.native_out.reshape(prep.n) if prep.classes == 1 else prep.native_out.reshape(prep.n, prep.classes)
    with torch.no_grad():
        qn = float(prep.constraints(out).min())
    nm = qn / tn ** L  # θ's norm is exact in float64 (a float32 number is a float64 number)
    ch = res.normalized_margin - nm
    res.conversion = {"from": prep.native_dtype, "normalized_margin_native": nm, "normalized_margin_change": ch,
                      "relative_change": abs(ch) / abs(res.normalized_margin) if res.normalized_margin else None}


def _fill(res, r, samples, kinks, kink_tol, max_vertices, prep) -> None:
    from ibcheck.theory import homogeneous_kkt as T
    kinds = [s.kind for s in samples]
    res.kinks = {"count": kinks.count, "samples": sum(1 for k in kinks.per_sample if k), "kink_tol": kinks.tol,
                 "kink_tol_rule": "rounding" if kink_tol is None else "user", "smooth_ties": kinks.smooth_ties,
                 "custom_functions": list(kinks.custom or []),
                 "pruned_zero_input": kinks.pruned, "box": kinds.count("box"), "vertices": kinds.count("vertices"),
                 "uncertified": kinds.count("uncertified"), "ties": {str(k): v for k, v in kinks.ties.items()},
                 "uninspected": kinks.uninspected, "max_vertices": max_vertices, "graph_edits": list(kinks.edits)}
    res.kkt_stationarity, res.kkt_complementarity = r.stationarity, r.complementarity
    res.kkt_complementarity_sum, res.kkt_euler_gap = r.complementarity_sum, r.euler_gap
    res.euler_gradient_check = r.euler_gradient_check
    res.multipliers = None if r.lam is None else [float(v) for v in r.lam]
    if prep.classes > 1:  # constraint indices → (example, class) pairs
        r.support = [list(prep.pair(k)) for k in r.support]
        for w in r.worst_samples:
            w["index"], w["class"] = prep.pair(w["index"])
    res.support, res.support_size, res.support_max_margin = r.support, len(r.support), r.support_max_margin
    res.worst_samples, res.worst_units = r.worst_samples, r.worst_units
    res.method, res.solver_status, res.certified = r.method, r.solver_status, r.certified
    res.clarke_derivatives = {str(k): v for k, v in r.derivatives.items()}
    if kinks.custom:
        res.certified = False
        res.certification = (f"not certified: the forward goes through custom autograd.Function(s) "
                             f"{', '.join(kinks.custom)}, whose backward is the model's own (a surrogate gradient?) "
                             f"and not checked against its forward; the residuals use it"
                             + (f", and the Euler identity ⟨θ̃,∇q_k⟩ = L q_k is off by {r.euler_gradient_check:.2g}"
                                if r.euler_gradient_check > r.euler_tol else ""))
    elif r.euler_gradient_check > r.euler_tol and r.stationarity is not None:
        res.certified = False
        res.certification = (f"not certified: the gradients disagree with the forward function — the Euler identity "
                             f"⟨θ̃,∇q_k⟩ = L q_k of a degree-{res.degree} model is off by {r.euler_gradient_check:.2g} "
                             f"(rounding allows {r.euler_tol:.2g}): a custom backward (surrogate gradient) or an "
                             f"operation whose derivative is not that of its value")
    elif res.gradient_check is not None and res.gradient_check["passed"] is not True and r.stationarity is not None:
        res.certified = False
        res.certification = f"not certified: {res.gradient_check['reason']}" + (
            f" (the forward calls {', '.join(kinks.edits)}: a backward other than its derivative)" if kinks.edits else "")
    elif prep.black_box:
        res.certified = False
        res.certification = ("not certified: a TorchScript module with a custom forward hides its activations, so "
                             "kinks cannot be inspected; the residuals use PyTorch's derivative at any kink "
                             "(ReLU'(0) = 0) and are exact only if no pre-activation sits at its kink — save the "
                             "eager model (torch.save) for certified residuals")
    elif r.certified:
        how = {"nnls": "NNLS over per-constraint gradients", "qp": "Clarke QP (cvxpy, "
               f"status {r.solver_status}) over per-constraint gradients"}[r.method]
        res.certification = (f"{how}; multipliers projected onto their constraints, so the residuals are upper "
                             f"bounds on the exact (ε, δ)")
    else:
        res.certification = r.reason
    if res.kinks["count"]:
        res.notes.append(f"{res.kinks['count']} pre-activation(s) within kink_tol={kinks.tol:.2g} of their kink "
                         f"(Clarke subgradients used there)")
    if kinks.edits and res.certified:
        res.notes.append(f"the forward calls {', '.join(kinks.edits)}; its gradients agree with finite differences of "
                         f"the forward (gradient_check), so they are taken as its derivative")
    if kinks.smooth_ties:
        res.notes.append(f"{kinks.smooth_ties} example(s) with tied max-pool / maximum entries that are the same "
                         f"function of θ (equal gradients): not kinks")
    if kinks.pruned:
        res.notes.append(f"{kinks.pruned} pre-activation(s) at 0 on an all-zero input patch ignored (identically 0 nearby)")


def _verdict(res, r, samples, theta_t, qt, prep, decide, space, b=None) -> None:
    if res.kkt_stationarity is None:
        res.verdict, res.reason = "inconclusive", f"the KKT residuals are not available: {res.certification}"
        return
    if not res.certified and res.kinks.get("custom_functions") or r.euler_gradient_check > r.euler_tol:
        res.verdict, res.reason = "inconclusive", f"the residuals are {res.certification}"
        return
    if res.gradient_check is not None and res.gradient_check["passed"] is not True:
        res.verdict, res.reason = "inconclusive", f"the residuals are {res.certification}"
        return
    if prep.black_box:
        res.verdict, res.reason = "inconclusive", ("the residuals of a black-box TorchScript module are not certified "
                                                   "(its kinks cannot be inspected)")
        return
    if not r.certified or not res.certified:
        res.verdict, res.reason = "inconclusive", res.certification
        return
    v = decide(theta_t, qt, samples, r.stationarity, r.complementarity, res.eps, res.delta, space, r.slack)
    if b is not None:  # near-kink pre-activations: every side exact arithmetic leaves open (ibcheck.kkt_bound)
        from .kkt_bound import verdict
        v = verdict(b, v)
    res.verdict, res.reason = v.verdict, v.reason
    if v.joint and v.lam is not None:
        res.verdict_multipliers = [float(x) for x in v.lam]


# ------------------------------------------------------------------------------------------- the command
def check_json_path(path: str | None) -> None:
    """An unwritable ``--json`` is refused before any work (exit 2)."""
    from ibcheck.numerics.runtime.errors import InputError
    if not path:
        return
    if os.path.isdir(path):
        raise InputError(f"--json {path}: is a directory")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise InputError(f"--json {path}: no such directory {parent}")
    if not os.access(parent, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise InputError(f"--json {path}: cannot write (permission denied)")


def _say(line: str) -> None:
    print(f"ibcheck kkt: {line}", file=sys.stderr, flush=True)


def run_cli(args, write_json) -> int:
    """``ibcheck kkt``: checks (--json, tolerances, files, sizes) before any work; the table; the verdict's exit code."""
    from .user_model import load_data, load_model
    check_json_path(args.json)
    for nm in ("eps", "delta"):
        v = getattr(args, nm)
        if not (math.isfinite(v) and v > 0):
            from ibcheck.numerics.runtime.errors import InputError
            raise InputError(f"--{nm} {v}: must be a positive number")
    if args.model_kwargs is not None and args.model_class is None:
        from ibcheck.numerics.runtime.errors import InputError
        raise InputError("--model-kwargs: needs --model-class (the class they construct)")
    if args.chunk_size is not None and args.chunk_size < 1:
        from ibcheck.numerics.runtime.errors import InputError
        raise InputError(f"--chunk-size {args.chunk_size}: must be a positive integer (examples per chunk)")
    X, y = load_data(args.data)
    model = load_model(args.model, args.model_class, args.model_kwargs)
    if args.model_class:
        name = f"--model-class {args.model_class} --model-kwargs {args.model_kwargs or '{}'}"
        hint = (": a constructor argument JSON cannot express (a class, a function, a module) given as a string? "
                "Build the model in Python and save it (torch.save(model)), or give the class a default for it")
    else:
        name, hint = f"--model {args.model}", ""
    res = kkt(model, X, y, loss=args.loss, eps=args.eps, delta=args.delta, kink_tol=args.kink_tol,
              data_name=f"--data {args.data}", chunk_size=args.chunk_size, progress=_say, model_name=name,
              model_hint=hint)
    if res.data_warning:
        print(f"ibcheck kkt: WARNING (data): {res.data_warning}", file=sys.stderr)
    print(res.summary())
    if args.json:
        write_json(args.json, res.to_json())
    return EXIT[res.verdict]
