"""Implications between claims: where a statement is derived from others, the derivation is checked here.

Each implication reads the relations it links from the catalogue (never a restated copy), so a change of one statement
breaks the implication instead of drifting silently. The method is said per implication: ``symbolic`` (sympy, under
positive assumptions: a worst-case substitution, then a certificate — a rational function whose numerator and
denominator are polynomials with nonnegative coefficients in positive variables is ≥ 0 — or the exact roots of a
polynomial), ``numeric`` (a grid, constants stated), or both.

Each paper keeps its implications in ``<paper>/theory/implications.py`` (an ``IMPLICATIONS`` tuple); ``IMPLICATIONS``
here collects them from the discovered papers (``theory.papers``), with the shared machinery: ``Implication``,
``condition`` (a relation read from the catalogue), ``positive_names``/``on_positive`` and
``nonnegative_certificate``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import sympy as sp


@dataclass(frozen=True)
class ImplicationResult:
    holds: bool
    method: str  # "symbolic", "numeric" or "symbolic + numeric"
    detail: str  # what was shown, with the constants
    numbers: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Implication:
    """``premises ⟹ conclusion``, checked by ``fn(catalogue, **constants)``."""

    id: str
    premises: tuple
    conclusion: str
    method: str
    constants: dict
    fn: Callable

    def run(self, catalogue: dict | None = None, **overrides) -> ImplicationResult:
        if catalogue is None:
            from .catalogue import CATALOGUE as catalogue
        return self.fn(catalogue, **{**self.constants, **overrides})


def condition(catalogue: dict, claim_id: str, name: str):
    """The condition ``name`` of claim ``claim_id`` (a hypothesis or a conclusion)."""
    claim = catalogue[claim_id]
    for c in claim.hypotheses + claim.conclusions:
        if c.name == name:
            return c
    raise KeyError(f"{claim_id} has no condition {name!r}")


def positive_names(*exprs) -> dict:
    """Positive sympy symbols for every free symbol of ``exprs``, by name."""
    return {s.name: sp.Symbol(s.name, positive=True) for e in exprs for s in e.free_symbols}


def on_positive(expr, pos: dict, subs: dict | None = None):
    """``expr`` over the positive symbols ``pos``, then ``subs`` (by name)."""
    e = expr.xreplace({s: pos[s.name] for s in expr.free_symbols})
    return e.xreplace({pos[k]: v for k, v in (subs or {}).items()})


def nonnegative_certificate(expr) -> tuple[bool, str]:
    """``expr ≥ 0`` for all positive values of its (positive) symbols, shown by a rational form whose numerator and
    denominator are polynomials with nonnegative coefficients. A sufficient certificate: False means not shown."""
    num, den = sp.fraction(sp.cancel(sp.together(expr)))
    gens = sorted(expr.free_symbols, key=lambda s: s.name)
    parts = []
    for part in (num, den):
        poly = sp.Poly(sp.expand(part), *gens)
        if any(c < 0 for c in poly.coeffs()):
            return False, f"{sp.sstr(part)} has a negative coefficient"
        parts.append(sp.sstr(sp.factor(part)))
    return True, f"({parts[0]})/({parts[1]})"


def _collect() -> tuple:
    from .papers import discover, skipped
    out = []
    for p in discover():
        if p.has("theory.implications"):
            try:
                out += list(p.module("theory.implications").IMPLICATIONS)
            except Exception as exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
                skipped(p, exc)
    return tuple(out)


def __getattr__(name):
    if name == "IMPLICATIONS":  # collected on first use: the papers' statements load with the catalogue anyway
        globals()["IMPLICATIONS"] = _collect()
        return globals()["IMPLICATIONS"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

