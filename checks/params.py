"""Typed, range-checked parameters of a check (what ``--set KEY=VALUE`` may override)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ibcheck.numerics.errors import InputError


@dataclass(frozen=True)
class Param:
    """A check parameter: type, default, validity predicate (with its wording) and help text."""

    name: str
    type: type
    default: object
    help: str = ""
    valid: Callable[[object], bool] | None = None
    valid_text: str = ""

    def describe(self) -> str:
        """``default (type; valid range) — help`` for ``ibcheck list -v`` and the docs."""
        rng = f"; {self.valid_text}" if self.valid_text else ""
        return f"{self.name}={_show(self.default)} ({self.type.__name__}{rng}){' — ' + self.help if self.help else ''}"

    def parse(self, raw, flag: str = "--set") -> object:
        """Convert a ``--set`` string (or a Python value) and validate it; ``InputError`` if bad (naming ``flag``)."""
        v = raw
        if isinstance(raw, str) and self.type is not str:
            try:
                if self.type is bool:
                    if raw.lower() not in ("0", "1", "true", "false"):
                        raise ValueError
                    v = raw.lower() in ("1", "true")
                elif self.type is int:
                    f = float(raw)
                    if not f.is_integer():
                        raise ValueError
                    v = int(f)
                else:
                    v = self.type(raw)
            except ValueError:
                raise InputError(f"{flag} {self.name}={raw}: expected {self.type.__name__}") from None
        elif self.type is float and isinstance(raw, int) and not isinstance(raw, bool):
            v = float(raw)
        if self.type is float and not math.isfinite(v):
            raise InputError(f"{flag} {self.name}={raw}: must be finite")
        if self.valid is not None and not self.valid(v):
            raise InputError(f"{flag} {self.name}={raw}: out of range ({self.valid_text})")
        return v


def _show(v) -> str:
    """A default as a user would type it: 1e-05 not 1.0000000000000001e-05, 1/12 as 0.0833333."""
    if isinstance(v, float):
        return f"{v:.6g}"
    return repr(v) if isinstance(v, str) else str(v)


def pos(name, type_, default, help_="") -> Param:
    return Param(name, type_, default, help_, lambda v: v > 0, "must be > 0")


def grid(raw: str, name: str, cast=float) -> list:
    """Parse a comma-separated grid such as ``"1000,4000"``."""
    try:
        vals = [cast(float(t)) if cast is int else cast(t) for t in str(raw).split(",") if t.strip()]
    except ValueError:
        raise InputError(f"--set {name}={raw}: expected comma-separated numbers") from None
    if len(vals) < 2 or any(v <= 0 for v in vals):
        raise InputError(f"--set {name}={raw}: need at least two positive values")
    return vals


def resolve(specs: dict[str, Param], overrides: dict, claim_id: str, flags: dict | None = None) -> dict:
    """Defaults updated by ``overrides``; unknown keys are an input error naming the valid ones. ``flags`` maps a
    key to the option it came from (``--grid``), for the message; ``--set`` otherwise."""
    flags = flags or {}
    unknown = sorted(set(overrides) - set(specs))
    if unknown:
        raise InputError(f"{claim_id}: unknown parameter {unknown[0]!r} (valid: {', '.join(sorted(specs))})")
    out = {k: p.default for k, p in specs.items()}
    for k, raw in overrides.items():
        out[k] = specs[k].parse(raw, flags.get(k, "--set"))
    return out


def constant_params(claim) -> dict:
    """Each constant of a claim's statement becomes an overridable ``--set`` parameter (non-negative float)."""
    return {k: Param(k, float, float(v), "constant of the statement", lambda x: x >= 0, "must be >= 0")
            for k, v in claim.constants.items()}


def power_of_ten(v) -> bool:
    """A step budget T = 10^k ≥ 10⁴ (the decade checkpoints of the linear-GD checks fall on exact steps)."""
    return v >= 10_000 and 10 ** round(math.log10(v)) == v
