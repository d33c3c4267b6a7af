"""Typed, range-checked parameters of a check (what ``--set KEY=VALUE`` may override)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ibcheck.numerics.runtime.errors import InputError


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
        return f"{self.name}={show_value(self.default)} ({self.type.__name__}{rng}){' — ' + self.help if self.help else ''}"

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


def show_value(v) -> str:
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


@dataclass(frozen=True)
class ParamAlias:
    """Former parameter names kept for one minor version after a rename (CONTRACT.md, "Versioning"): ``old``
    given together are mapped by ``translate({old: value}) -> {new: value}``, which raises ``InputError`` (one line)
    where the old values have no exact equivalent. ``meaning`` says what the old names meant."""

    old: tuple[str, ...]
    new: str
    meaning: str
    translate: Callable[[dict], dict]
    since: str
    removed_in: str
    type: type = int

    def deprecation(self, claim_id: str, mapped: dict) -> str:
        use = " ".join(f"--set {k}={v}" for k, v in mapped.items())
        return (f"deprecated: {claim_id}: {', '.join(self.old)} ({self.meaning}) are aliases of {self.new} since "
                f"{self.since} and will be removed in {self.removed_in}; use {use}")


_ANNOUNCED: set = set()


def _same(a, b) -> bool:
    """``--set m=128`` (a string) and a mapped 128 (a number) are the same value."""
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return str(a) == str(b)


def apply_aliases(aliases, overrides: dict, claim_id: str, flags: dict | None = None, stream=None) -> dict:
    """``overrides`` with every deprecated name replaced by its new one, and one ``deprecated:`` line on stderr per
    process and claim. A new name given beside its alias must agree with it (else an input error)."""
    out = dict(overrides)
    for al in aliases or ():
        given = {k: out.pop(k) for k in al.old if k in out}
        if not given:
            continue
        parsed = {k: Param(k, al.type, None).parse(v, (flags or {}).get(k, "--set")) for k, v in given.items()}
        mapped = al.translate(parsed)
        for k, v in mapped.items():
            if k in out and not _same(out[k], v):
                raise InputError(f"{claim_id}: {', '.join(f'{a}={b}' for a, b in given.items())} means {k}={v}, "
                                 f"but {k}={out[k]} is also given")
            out[k] = v
        if (claim_id, al.old) not in _ANNOUNCED:
            _ANNOUNCED.add((claim_id, al.old))
            import sys
            print(al.deprecation(claim_id, mapped), file=stream or sys.stderr)
    return out


def resolve(specs: dict[str, Param], overrides: dict, claim_id: str, flags: dict | None = None,
            aliases=()) -> dict:
    """Defaults updated by ``overrides``; unknown keys are an input error naming the valid ones. ``flags`` maps a
    key to the option it came from (``--grid``), for the message; ``--set`` otherwise. ``aliases`` (the check's
    ``ParamAlias`` list) map deprecated names first."""
    flags = flags or {}
    overrides = apply_aliases(aliases, overrides, claim_id, flags)
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


LEAST_POWER_OF_TEN = 10_000  # the least run length T = 10^k: the checks read the decades 10^{K−3…K}, so K ≥ 4
POWER_OF_TEN_TEXT = f"a power of 10 >= {LEAST_POWER_OF_TEN}"  # the refusal a ``power_of_ten`` parameter gives


def power_of_ten(v) -> bool:
    """A step budget T = 10^k ≥ 10⁴ (the decade checkpoints of the linear-GD checks fall on exact steps)."""
    return v >= LEAST_POWER_OF_TEN and 10 ** round(math.log10(v)) == v
