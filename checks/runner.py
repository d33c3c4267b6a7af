"""Run one claim's check: a pure function of (claim, parameters, seeds, device, dtype) → contract JSON."""
from __future__ import annotations

import math
import subprocess
import time
from functools import lru_cache
from pathlib import Path

import numpy as np
import torch

from ibcheck.numerics.data.sets import Dataset, load_npz
from ibcheck.numerics.runtime.device import resolve_device
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.runtime.threads import limited
from ibcheck.theory import verdict as V
from ibcheck.theory.solver import SOLVER

from . import horizon
from .base import Context, Hooks
from .params import resolve
from .schema import SCHEMA


@lru_cache(maxsize=1)
def _git() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5,
                             cwd=Path(__file__).resolve().parent)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def env(device: torch.device, seconds: float) -> dict:
    from importlib.metadata import version  # not `import cvxpy`: a check that solves nothing does not load it
    return {"device": str(device), "dtype": "float64", "torch": torch.__version__, "cvxpy": version("cvxpy"),
            "solver": SOLVER, "git": _git(), "seconds": round(seconds, 4)}


def jsonable(x):
    """Plain JSON types: numpy scalars/arrays to Python, NaN/Inf to None (strict JSON has neither)."""
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return jsonable(x.tolist())
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x) if math.isfinite(float(x)) else None
    if isinstance(x, torch.Tensor):
        return jsonable(x.detach().cpu().numpy())
    return x


def get_spec(claim_id: str):
    """The check of ``claim_id`` (only its own module is imported; an unknown ID is an InputError with a hint; a
    deprecated alias runs its renamed claim)."""
    from .index import ALIASES, spec
    return spec(ALIASES.get(claim_id, claim_id))


def run_check(claim_id: str, overrides: dict | None = None, *, data: str | None = None, seeds: int = 1,
              device: str = "cpu", hooks: Hooks | None = None, keep_series: bool = False,
              dataset: Dataset | None = None) -> dict:
    """The contract's result object for one claim (``per_seed`` holds every seed when ``seeds > 1``).

    ``data`` is a user ``.npz`` path; ``dataset`` passes an in-memory ``Dataset`` by reference instead.
    """
    t0 = time.perf_counter()
    spec = get_spec(claim_id)
    params = resolve(spec.params, overrides or {}, claim_id, aliases=spec.aliases)
    if not isinstance(seeds, int) or seeds < 1:
        raise InputError(f"--seeds must be a positive integer, got {seeds!r}")
    dev = resolve_device(device)
    ds = dataset
    if (data is not None or dataset is not None) and not spec.accepts_data:
        raise InputError(f"{claim_id} does not take --data: {spec.data_note}")
    if data is not None:
        ds = load_npz(data, dev)
    if ds is not None and spec.labels == "signed":
        ds = _signed(ds, data if data is not None else "dataset", claim_id)
    if ds is not None:  # the data fix n and d: the JSON and the table show the data's, not the generator's
        params.update({k: v for k, v in (("n", ds.n), ("d", ds.d)) if k in params})
    if ds is not None and spec.independent_rows and ds.d >= ds.n:  # d < n: the check's own "d ≫ n" refusal speaks
        from ibcheck.numerics.data.degenerate import dependent_rows
        why = dependent_rows(ds.X.detach().cpu().numpy())
        if why:
            raise InputError(f"--data: {why}: {claim_id} needs linearly independent examples ({spec.independent_rows})")
    ctx = Context(params=params, seeds=[params.get("seed", 0) + k for k in range(seeds)], device=dev, data=ds,
                  hooks=hooks or Hooks())
    with limited(spec.threads):
        measurements = _measure(spec, ctx, claim_id)
    claim = spec.claim
    per_seed = []

    def values_of(prm: dict, m) -> dict:
        return {**claim.constants, **{k: v for k, v in prm.items() if k in claim.constants}, **m.values}
    for m in measurements:
        values = values_of(params, m)
        ev = claim.evaluate(values, inconclusive=m.inconclusive, nan_reasons=m.nan_reasons)
        if ev["demoted"]:  # failed under a level chosen here: a counterexample only if the failure persists
            from .persistence import evidence
            why = evidence(spec, ctx, m, ev, values_of)
            if why:
                ev = claim.evaluate(values, inconclusive=m.inconclusive, nan_reasons=m.nan_reasons, persists=why)
        if m.note:
            ev["reason"] = "; ".join(r for r in (ev["reason"], m.note) if r)
        row = {"seed": m.seed, "hypotheses": ev["hypotheses"], "quantities": m.quantities,
               "conclusions": ev["conclusions"], "verdict": ev["verdict"], "reason": ev["reason"],
               "reason_code": ev["reason_code"]}
        horizon.annotate(spec, row, params, data=data, seeds=seeds, device=device)
        if m.certificate is not None:
            row["certificate"] = m.certificate
        if keep_series:
            row["series"] = m.series
        per_seed.append(row)
    worst = max(per_seed, key=severity)
    data_desc = ds.describe() if ds is not None else _generated_desc(params, measurements)
    for k in ("n", "d"):  # a fixture fixes its own sizes (a paper's figure data, n=16, d=2): show the data's, not ignored ones
        if k in params and isinstance(data_desc.get(k), int) and data_desc[k] != params[k]:
            params[k] = data_desc[k]
    out = {
        "schema": SCHEMA, "claim": claim.id, "source": claim.source, "provenance": claim.provenance,
        "statement_latex": claim.statement_latex(), "title": claim.title, "exploratory": claim.exploratory,
        "params": params, "data": data_desc,
        "hypotheses": worst["hypotheses"], "quantities": worst["quantities"], "conclusions": worst["conclusions"],
        "verdict": worst["verdict"], "reason": worst["reason"], "reason_code": worst["reason_code"],
    }
    certs = [r for r in per_seed if "certificate" in r]  # top level: the first failed certificate, else the worst seed's
    if certs:
        pick = next((r for r in certs if r["certificate"]["status"] != "certified"), worst if "certificate" in worst else certs[0])
        out["certificate"] = dict(pick["certificate"], seed=pick["seed"]) if len(per_seed) > 1 else pick["certificate"]
    if len(per_seed) > 1:
        out["per_seed"] = [{k: v for k, v in r.items() if k != "series"} for r in per_seed]
        out["worst_seed"] = worst["seed"]
    out["env"] = env(dev, time.perf_counter() - t0)
    result = jsonable(out)
    if keep_series:
        result["_series"] = [r.get("series", {}) for r in per_seed]
    return result


def _signed(ds: Dataset, where: str, claim_id: str) -> Dataset:
    """The dataset with its labels read as signs for a binary claim (``numerics.data.sets.as_signs``): {0, 1} and
    booleans become ±1 with one line on stderr, a zero label is refused (exit 2) — for every claim and plugin
    alike, before its check sees the data."""
    import sys
    from dataclasses import replace

    from ibcheck.numerics.data.sets import as_signs
    y = ds.y.detach().cpu().numpy()
    y, note = as_signs(y.astype(bool) if ds.info.get("y_boolean") else y, f"--data {where}")
    info = {k: v for k, v in ds.info.items() if k != "y_boolean"}
    if not note:
        return replace(ds, info=info) if info != ds.info else ds
    print(f"note: {note} for {claim_id}", file=sys.stderr)
    return replace(ds, y=torch.as_tensor(y, dtype=ds.y.dtype, device=ds.y.device), info={**info, "labels_read_as": "±1"})


def _measure(spec, ctx: Context, claim_id: str) -> list:
    """``spec.measure(ctx)``; on user data, a numerical failure (a singular solve, a division by zero) that the
    data explain — duplicated or dependent rows, a single label — is bad input naming them (exit 2), not an
    internal error: the check did not anticipate these data, the data are still what is wrong."""
    try:
        return spec.measure(ctx)
    except (ArithmeticError, ValueError, RuntimeError, np.linalg.LinAlgError) as exc:
        if ctx.data is None or isinstance(exc, InputError):
            raise
        from ibcheck.numerics.data.degenerate import diagnose
        why = diagnose(ctx.data.X.detach().cpu().numpy(), ctx.data.y.detach().cpu().numpy())
        if not why:
            raise
        raise InputError(f"--data: {why}: {claim_id} cannot be checked on them ({type(exc).__name__}: "
                         f"{str(exc).splitlines()[0][:120] if str(exc) else 'no message'})") from None


def severity(row: dict) -> tuple[int, float]:
    """Sort key of "the worst seed": the most severe verdict, then among equal verdicts the smallest conclusion
    slack (the seed closest to failing; a NaN slack counts as no margin at all)."""
    slacks = [c["slack"] for c in row["conclusions"] if isinstance(c.get("slack"), (int, float))]
    margin = min((-math.inf if math.isnan(s) else s for s in slacks), default=math.inf)
    return V.ORDER.index(row["verdict"]), -margin


def _generated_desc(params: dict, measurements) -> dict:
    """The JSON ``data`` block of generated data: what the measurement reports it used, else the parameters."""
    desc = dict(next((m.data for m in measurements if m.data), {}))
    if not desc:
        desc = {"kind": "generated", **{k: params[k] for k in ("n", "d") if k in params}}
    tr = next((m.values.get("trace_sigma") for m in measurements if "trace_sigma" in m.values), None)
    if tr is not None:
        desc.setdefault("trace_sigma", tr)
        desc.setdefault("trace_sigma_estimated", False)
    for k in ("spectrum", "labels"):
        if k in params:
            desc.setdefault(k, params[k])
    return desc
