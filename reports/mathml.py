"""A claim's statement as MathML in its own notation: each condition's LaTeX (the symbols' ``Sym.latex``,
``Claim.condition_latex``) converted offline by latex2mathml, one ``<math>`` per condition so that a long
statement wraps between conditions on a narrow screen (the LaTeX source is each formula's tooltip)."""
from __future__ import annotations

import html

from latex2mathml.converter import convert


def latex_to_mathml(latex: str) -> str:
    """Inline MathML of one formula; on a converter gap, the LaTeX as code (never a broken report)."""
    try:
        m = convert(latex, display="inline")
    except Exception:  # noqa: BLE001  (a formula the converter cannot read is shown as its source)
        return f"<code>{html.escape(latex)}</code>"
    return m.replace("<math ", f'<math title="{html.escape(latex)}" ', 1)


def condition_mathml(claim, cond) -> str:
    return latex_to_mathml(claim.condition_latex(cond))


def statement_html(claim) -> str:
    """``h₁ ∧ h₂ ⟹ c₁ ∧ c₂``: the hypotheses, an implication arrow, the conclusions, each a wrapping item."""
    def items(conds):
        out = []
        for i, c in enumerate(conds):
            sep = '<span class="op">∧</span>' if i < len(conds) - 1 else ""
            out.append(f'<span class="cond">{condition_mathml(claim, c)}{sep}</span>')
        return "".join(out)
    hyp = items(claim.hypotheses) + '<span class="op imp">⟹</span>' if claim.hypotheses else ""
    return f'<div class="conds">{hyp}{items(claim.conclusions)}</div>'
