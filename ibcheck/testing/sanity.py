"""Helpers for negative controls of the symbolic sanity checks (theory.sanity; docs/sanity.md): a statement with one
condition's relation rewritten (a mis-scaled statement), and the failure it must produce — named condition, named unit.
"""
from __future__ import annotations

from dataclasses import replace


def sym(name):
    """The real sympy symbol ``name`` (how the statements' relations name their symbols)."""
    import sympy as sp
    return sp.Symbol(name, real=True)


def messages(r):
    """Every failure message of a sanity result, one per line."""
    return "\n".join(i.message for i in r.failures)


def swap(claim, cond_name, new_rel_fn, extra_syms=()):
    """``claim`` with condition ``cond_name``'s relation rewritten by ``new_rel_fn(rel)``."""
    def fix(conds):
        return tuple(replace(c, rel=new_rel_fn(c.rel)) if c.name == cond_name else c for c in conds)
    return replace(claim, symbols=claim.symbols + tuple(extra_syms), hypotheses=fix(claim.hypotheses),
                   conclusions=fix(claim.conclusions))


def only_failure(r, cond, unit):
    """The result fails at exactly (``cond``, ``unit``), and its message names both; returns the message."""
    assert not r.ok
    msg = messages(r)
    assert {(i.condition, i.unit) for i in r.failures} == {(cond, unit)}, msg
    assert repr(cond) in msg and f"under {unit}" in msg, msg
    return msg
