"""Inline SVG for the report's figures: matplotlib on the Agg backend (no files, no network), page-unique ids.

``series`` finds the recorded trajectories a figure draws (the ``_series`` of a result run with ``keep_series``).
"""
from __future__ import annotations

import io
import itertools
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "figure.dpi": 100})


_FIGURES = itertools.count(1)
_ID = re.compile(r'(\bid="|url\(#|href="#)([^"#)]+)')


def unique_ids(text: str, prefix: str) -> str:
    """Every element id of one inline SVG, and every reference to it (``url(#…)``, ``href="#…"``), prefixed: several
    matplotlib figures in one page would otherwise repeat ids such as ``patch_1`` (invalid HTML, and a clip path may
    resolve to another figure's)."""
    return _ID.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", text)


def svg(fig) -> str:
    """The figure as inline SVG markup whose ids are unique in the page (``fig<N>-…``)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return unique_ids(text[text.index("<svg"):], f"fig{next(_FIGURES)}")


def series(results):
    """The first result with a recorded series (``keep_series``) and that series: ``(result, series)``."""
    for r in results:
        for s in r.get("_series") or []:
            if s:
                return r, s
    return None, None
