"""Interval-certified references: python-flint arb balls turn "the float reference satisfies its
KKT conditions" into a proof about the given data, or a failed certificate naming the condition.

``arb``: ball helpers (precision, exact float conversion, outward endpoints, enclosed solves, a
positive-definiteness proof); ``gram``: rigorous enclosures of ``K = XXᵀ``; ``certificate``: the
``Condition``/``Certificate`` model and the precision ladder; ``kkt``: a generic active-set KKT system
solved in balls. The papers' own certificates live in their folders (``<paper>/theory/certify.py``).
"""
from .certificate import NOT_PROVABLE, PROVED, REFUTED, Certificate, Condition

__all__ = ["Certificate", "Condition", "PROVED", "REFUTED", "NOT_PROVABLE"]
