"""An HTML page for a conjecture search, in the report's style (self-contained)."""
from __future__ import annotations

import html
import json
from pathlib import Path

from ibcheck.checks.schema import stamp

from .blocks import badge
from .html import CSS
from .status import CONJECTURE, conjecture_status


def _table(d: dict) -> str:
    return "<table>" + "".join(f"<tr><td>{html.escape(str(k))}</td><td class=num>{html.escape(str(v))}</td></tr>"
                               for k, v in d.items()) + "</table>"


def write_page(result: dict, conj, out_dir: str | Path) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    status = result["status"]
    parts = [f"<h1>{html.escape(conj.id)}</h1><p>{badge(CONJECTURE, conjecture_status(result, conj.expected))} "
             f"<b>{status}</b> after {result['trials']} trials "
             f"({result['decided_trials']} decided, {result['undecided_trials']} undecided, "
             f"{result['skipped_trials']} skipped) in {result['seconds']:.1f} s — "
             f"{result['trials_per_minute']:.1f} trials/minute; budget {result['budget']}, seed {result['seed']}</p>",
             f"<p>{html.escape(conj.title)}</p><p class=muted>{html.escape(conj.statement)}</p>"]
    if result.get("counterexample"):
        cx, fx = result["counterexample"], result["first_failure"]
        parts += ["<h2>Counterexample (shrunk)</h2>", _table(cx["params"]), "<h3>measured</h3>", _table(cx["quantities"]),
                  f"<p>Reproduce: <code>{html.escape(result.get('replay') or '')}</code></p>"]
        if result.get("replay_check"):
            parts.append(f"<p>Or the check itself: <code>{html.escape(result['replay_check'])}</code></p>")
        parts += ["<h2>First failure (before shrinking)</h2>", _table(fx["params"]), _table(fx["quantities"])]
    parts += ["<h2>Parameter coverage</h2><pre>" + html.escape(json.dumps(result["coverage"], indent=1)) + "</pre>"]
    page = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(conj.id)}</title>'
            f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>")
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "result.json").write_text(json.dumps(stamp(result), indent=1, default=str), encoding="utf-8")
    return out / "index.html"
