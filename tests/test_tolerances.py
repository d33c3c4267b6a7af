"""Tolerances from conditioning (theory/tolerances.py) and the rule that no absolute tolerance below 1e-8 stands
without its reason.

A comparison of two float64 computations agrees only to the quantity's rounding error (ε times its condition
number); a bare ``atol=1e-10`` that one CPU meets may fail on another BLAS kernel (σ₃/σ₁ of a nearly rank-2 matrix
moved by 1e-10 between two kernels). So every absolute tolerance below 1e-8 in tests/, checks/ and theory/ either
comes from ``theory.tolerances`` or carries a one-line reason next to it: a ``#`` comment on its line or the line
above, or the ``reason=`` of the statement row it belongs to.
"""
import ast
import math
import re
from pathlib import Path

import numpy as np
import pytest
import torch

from ibcheck.theory import tolerances as T

ROOT = Path(__file__).resolve().parents[1]
SCOPE = ("tests", "checks", "theory", "papers")
_LIT = r"(\d+(?:\.\d+)?e-\d+)"
_SCALED = r"(?!\s*\*)"  # 1e-12 * scale is a relative tolerance: its reason is the scale
_PATTERNS = (re.compile(r"\b(?:atol|abs|epsabs)\s*=\s*" + _LIT + _SCALED), re.compile(r"(?:<=?|>=?)\s*" + _LIT + _SCALED),
             re.compile(r"\(\s*[0-9.e+-]+\s*,\s*" + _LIT + r"\s*\)"))  # a pinned (rtol, atol) pair


def _statement_starts(tree) -> dict[int, int]:
    """Line → first line of the innermost simple statement holding it (a reason may sit above a long call)."""
    out: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            for ln in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                out[ln] = max(out.get(ln, 0), node.lineno)
    return out


def bare_tolerances() -> list[str]:
    """``path:line: text`` of each absolute tolerance literal below 1e-8 without a reason next to it: a comment on
    its line, in the two lines above its statement, or the ``reason=`` of the row it belongs to."""
    out = []
    for folder in SCOPE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            starts = None
            for i, line in enumerate(lines):
                code = re.sub(r"(\"[^\"]*\"|'[^']*')", "''", line.split("#")[0])  # strings hold prose, not code
                if not any(0 < float(m.group(1)) < 1e-8 for p in _PATTERNS for m in p.finditer(code)):
                    continue
                starts = starts if starts is not None else _statement_starts(ast.parse(text))
                first = starts.get(i + 1, i + 1) - 1
                near = lines[max(first - 2, 0):i + 4]
                if "#" in line or any(x.strip().startswith("#") for x in near[:i + 1 - max(first - 2, 0)]) \
                        or any("reason=" in x for x in near):
                    continue
                out.append(f"{path.relative_to(ROOT)}:{i + 1}: {line.strip()}")
    return out


def test_no_bare_absolute_tolerance_below_1e_8():
    bare = bare_tolerances()
    assert not bare, ("absolute tolerances below 1e-8 without a reason (use ibcheck.theory.tolerances, or say why "
                      "in a comment next to it):\n" + "\n".join(bare))


def test_summation_bound_holds_for_every_order():
    """Two orders of one sum differ by at most ``summation`` (here: sorted, reversed, pairwise, numpy's)."""
    rng = np.random.default_rng(0)
    for n in (10, 1000, 100000):
        x = rng.normal(size=n) * np.exp(rng.normal(size=n) * 3)
        sums = [sum(x.tolist()), sum(sorted(x.tolist())), sum(sorted(x.tolist(), reverse=True)), float(x.sum()),
                math.fsum(x.tolist())]
        tol = T.summation(np.abs(x).sum(), n, safety=1.0)
        assert max(sums) - min(sums) <= tol, n


def test_singular_ratio_covers_the_gram_route_on_nearly_rank_deficient_matrices():
    """σ₃/σ₁ by √eigvalsh(WWᵀ) against the SVD, for ratios from 1e-1 to 1e-8: within ``singular_ratio`` (Weyl),
    and the bound is not vacuous (below the ratio itself down to ~1e-6)."""
    rng = np.random.default_rng(1)
    for r in (1e-1, 1e-3, 1e-5, 2e-7, 1e-8):
        U, _ = np.linalg.qr(rng.normal(size=(6, 6)))
        V, _ = np.linalg.qr(rng.normal(size=(40, 6)))
        W = U @ np.diag([1.0, 0.5, r, r / 2, r / 3, r / 4]) @ V.T
        via_svd = np.linalg.svd(W, compute_uv=False)
        ev = np.sqrt(np.clip(np.linalg.eigvalsh(W @ W.T)[::-1], 0, None))
        got, want = ev[2] / ev[0], via_svd[2] / via_svd[0]
        assert abs(got - want) <= T.singular_ratio(want, 46), r
        # the SVD route's bound at size 46 is ~2e-13: a check that the bound is sharp, not a comparison
        assert T.singular_ratio(want, 46, via="svd") < 1e-12
        if r >= 1e-5:
            assert T.singular_ratio(want, 46) < r / 10


@pytest.mark.parametrize("dtype, e", [(torch.float64, 2.220446049250313e-16), (torch.float32, 1.1920928955078125e-07)])
def test_keyed_by_dtype(dtype, e):
    assert T.eps(dtype) == e and T.gamma(10, dtype) == pytest.approx(10 * e, rel=1e-5)
    assert T.relative(100, 10, dtype) == pytest.approx(T.SAFETY * 2 * 100 * T.gamma(10, dtype))
    assert T.gap(1e-9, 2.0, dtype) == pytest.approx(1e-9 + T.SAFETY * e * 2.0)
    with pytest.raises(ValueError):
        T.singular_ratio(0.1, 4, dtype, via="qr")
