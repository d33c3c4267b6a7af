"""Which parameter moves a check's asymptotic clock, and the command line that runs the check to the horizon its
judge asks for.

A ``limit``/``rate`` row still in its transient is ``inconclusive`` and names ``horizon_needed``: the clock value τ*
(steps t, log(1/𝓛), 1/α, ...) the fit says is needed (``theory.asymptotic``). A horizon is useful only if the user
can run to it, so each check declares (``CheckSpec.horizon``) which parameter moves its clock and how a clock value
maps to a value that parameter *accepts* — a step budget that must be a power of 10 rounds τ* = 3.16e6 up to 1e7,
a log-loss target rounds log(1/𝓛) = 3.26e4 to −4e4, a sweep grid gains the geometric points that reach τ*. The
runner then adds to every undecided row the exact ``ibcheck check`` command (the user's other settings kept) and
ends an inconclusive verdict's reason with it. Nothing here parses a message: the judge's number and the check's
declaration are all it reads.
"""
from __future__ import annotations

import math
import shlex
from dataclasses import dataclass
from typing import Callable

from ibcheck.numerics.runtime.errors import InputError

from .params import LEAST_POWER_OF_TEN, grid, show_value


@dataclass(frozen=True)
class Horizon:
    """``param`` moves the clock of the rows whose clock symbol is in ``clocks`` (all of the claim's when empty);
    ``settings(τ*, params, clock)`` returns the ``--set`` overrides that run the check to the value τ* of the clock
    symbol ``clock`` from the resolved ``params`` — each value accepted by its ``Param`` — or ``None`` when no
    accepted value reaches τ*."""

    param: str
    settings: Callable[[float, dict, str], dict | None]
    clocks: tuple[str, ...] = ()


def ceil_1sig(x: float) -> float:
    """The smallest number with one significant digit that is ≥ ``x`` (3.26e4 → 4e4, 7.3e3 → 8e3, 2e4 → 2e4)."""
    e = math.floor(math.log10(x))
    m = math.ceil(x / 10.0 ** e * (1 - 1e-12))
    return float(m * 10.0 ** e) if m < 10 else float(10.0 ** (e + 1))


def powers_of_ten(param: str = "steps", lowest: int = LEAST_POWER_OF_TEN, highest: float | None = None) -> Horizon:
    """A run length T (steps, or a flow's end time) that must be a power of 10 in [``lowest``, ``highest``], whose
    last checkpoint is t = T."""
    def settings(tau: float, params: dict, clock: str = "") -> dict | None:
        t = max(lowest, 10 ** math.ceil(math.log10(tau) - 1e-12))
        return None if highest is not None and t > highest else {param: t}
    return Horizon(param, settings, ("t",))


def step_budget(param: str = "steps", lowest: int = 1, highest: int | None = None) -> Horizon:
    """A step budget T in [``lowest``, ``highest``] whose last checkpoint is t = T (rounded up to one digit)."""
    def settings(tau: float, params: dict, clock: str = "") -> dict | None:
        t = max(lowest, int(ceil_1sig(tau)))
        return None if highest is not None and t > highest else {param: t}
    return Horizon(param, settings, ("t",))


def log_loss_target(param: str = "target_log_loss", lead: dict | None = None,
                    also: Callable[[float], dict] | None = None) -> Horizon:
    """A flow run until log 𝓛 ≤ ``param`` < 0, whose clock ℓ = log(1/𝓛) (symbol ``ell``) ends at −``param``;
    ``lead`` maps another clock symbol to the ℓ that reaches a value of it (``log_T``: Lyu–Li's 𝓛 ≈ 1/(T (log T)^{2−2/L})
    gives ℓ ≈ log T + 2 log log T), ``also`` adds the settings a far target needs."""
    lead = {"ell": lambda tau: tau, **(lead or {})}

    def settings(tau: float, params: dict, clock: str = "ell") -> dict:
        ell = ceil_1sig(max(lead.get(clock, lead["ell"])(tau), 10.0))
        return {param: -ell, **(also(ell) if also else {})}
    return Horizon(param, settings, tuple(lead))


def extended_grid(param: str, reach: Callable[[float, dict], float], clocks: tuple[str, ...], *, cast=float,
                  falling: bool = False, limit: float | None = None, most: int = 40) -> Horizon:
    """A comma-separated sweep grid (``d_grid``, ``alpha_grid``) continued geometrically by its last ratio until
    ``reach(value, params)`` — the clock a grid value reaches — is ≥ τ*; ``limit`` bounds the values a check
    accepts (its parameter's range), ``falling`` for a grid that decreases (α → 0)."""
    def settings(tau: float, params: dict, clock: str = "") -> dict | None:
        vals = sorted(grid(params[param], param, cast), reverse=falling)
        ratio = vals[-1] / vals[-2] if len(vals) >= 2 and vals[-2] != 0 else (0.1 if falling else 10.0)
        if (ratio >= 1) == falling or ratio == 1:
            return None
        for _ in range(most):
            if reach(vals[-1], params) >= tau * (1 - 1e-12):
                return {param: ",".join(show_value(v) for v in vals)}
            nxt = cast(vals[-1] * ratio)
            if limit is not None and (nxt < limit if falling else nxt > limit):
                return None
            vals.append(nxt)
        return None
    return Horizon(param, settings, clocks)


# ---- the runner's side ----------------------------------------------------------------------------------------
def command(claim_id: str, spec, params: dict, settings: dict, *, data: str | None = None, seeds: int = 1,
            device: str = "cpu") -> str:
    """``ibcheck check ID --set k=v ... [--data F] [--seeds N]``: the run's own settings (those that differ from
    the defaults, the data's n and d left to the data) with ``settings`` replacing the horizon's parameters."""
    fixed = {"n", "d"} if data is not None else set()
    keep = {k: v for k, v in params.items()
            if k in spec.params and k not in settings and k not in fixed and v != spec.params[k].default}
    words = ["ibcheck", "check", claim_id]
    for k, v in {**keep, **settings}.items():
        words += ["--set", f"{k}={show_value(v) if not isinstance(v, str) else v}"]
    if data is not None:
        words += ["--data", data]
    if seeds > 1:
        words += ["--seeds", str(seeds)]
    if device != "cpu":
        words += ["--device", device]
    return " ".join(shlex.quote(w) for w in words)


def accepted(spec, settings: dict | None) -> dict | None:
    """``settings`` if every value passes its parameter's own validation (``Param.parse``), else ``None``."""
    if settings is None:
        return None
    try:
        for k, v in settings.items():
            spec.params[k].parse(show_value(v) if not isinstance(v, str) else v)
    except (InputError, KeyError):
        return None
    return settings


def annotate(spec, row: dict, params: dict, *, data: str | None = None, seeds: int = 1, device: str = "cpu") -> None:
    """Give each undecided ``limit``/``rate`` row of one seed's ``row`` (hypotheses, conclusions, verdict, reason)
    its ``horizon_command`` (``None`` when no accepted value reaches it), and end an inconclusive reason with the
    command that runs to the farthest horizon any row needs."""
    h = getattr(spec, "horizon", None)
    conds = spec.claim.hypotheses + spec.claim.conclusions
    far = None
    for cond, r in zip(conds, row["hypotheses"] + row["conclusions"]):
        tau = r.get("horizon_needed")
        if not cond.asymptotic or r.get("holds") is not None or not isinstance(tau, (int, float)):
            continue
        if not math.isfinite(tau) or tau <= 0 or h is None or (h.clocks and cond.clock not in h.clocks):
            continue
        s = accepted(spec, h.settings(float(tau), params, cond.clock))
        r["horizon_command"] = command(spec.id, spec, params, s, data=data, seeds=seeds, device=device) if s else None
        if far is None or tau > far[0]:
            far = (tau, r.get("clock") or cond.clock, s)
    if far is None or row["verdict"] != "inconclusive":
        return
    tau, clock, s = far
    if s:
        tail = f"to run to {clock} ≈ {tau:.3g}: {command(spec.id, spec, params, s, data=data, seeds=seeds, device=device)}"
    else:
        tail = f"no value of {h.param} that the check accepts reaches {clock} ≈ {tau:.3g}"
    row["reason"] = "; ".join(x for x in (row["reason"], tail) if x)
