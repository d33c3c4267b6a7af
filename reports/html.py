"""The self-contained HTML verification report: summary, per-claim sections, findings, environment.

No network: styles and a tiny filter script are inline, figures are inline SVG, statements are MathML
printed by sympy from the claim's own relations (LaTeX source on hover).
"""
from __future__ import annotations

import datetime as _dt
import html
import json
import platform
from pathlib import Path

import sympy as sp

from ibcheck.theory import verdict as V
from ibcheck.theory.catalogue import CATALOGUE, PLANNED

from .certificate import certificate_html
from .fmt import fmt
from .plots import PLOTS

CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1180px;padding:1em 2em;color:#222}
h1{margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0;font-size:13px}td,th{border:1px solid #ddd;padding:3px 7px;vertical-align:top}
th{background:#f3f3f3;text-align:left}.num{font-family:ui-monospace,Menlo,monospace;text-align:right}
.badge{display:inline-block;border-radius:9px;padding:1px 8px;font-size:12px;font-weight:600;color:#fff}
.verified{background:#2e7d32}.violated{background:#c62828}.outside-hypotheses{background:#ef6c00}
.inconclusive{background:#6d6d6d}.planned{background:#9e9e9e}
.yes{color:#2e7d32;font-weight:600}.no{color:#c62828;font-weight:600}
section.claim{border:1px solid #e0e0e0;border-radius:6px;padding:.5em 1em;margin:1em 0}
section.finding{border-left:6px solid #c62828;background:#fff8f8}
.stmt{background:#fafafa;border:1px solid #eee;padding:.4em .8em;overflow-x:auto}
.figs{display:flex;flex-wrap:wrap;gap:1em}.figs svg{max-width:520px;height:auto}
.filters button{margin-right:.4em}.muted{color:#777}code{font-size:12px}
"""

JS = """
function filt(v){document.querySelectorAll('#summary tbody tr').forEach(function(r){
 r.style.display=(v==='all'||r.dataset.verdict===v)?'':'none';});}
"""


def _fmt(v) -> str:
    return html.escape(fmt(v, missing="—"))


def badge(verdict: str) -> str:
    return f'<span class="badge {verdict}">{verdict}</span>'


def mathml(claim) -> str:
    """The statement as MathML from sympy's presentation printer: hypotheses ⟹ conclusions."""
    def one(c):
        try:
            return sp.mathml(c.rel, printer="presentation")
        except Exception:  # noqa: BLE001  (a printer gap must not break the report)
            return f"<mtext>{html.escape(str(c.rel))}</mtext>"
    parts = [one(c) for c in claim.hypotheses]
    concl = [one(c) for c in claim.conclusions]
    sep = "<mo>∧</mo>"
    body = (sep.join(parts) + "<mo>⟹</mo>" if parts else "") + sep.join(concl)
    return f'<math display="block" title="{html.escape(claim.statement_latex())}"><mrow>{body}</mrow></math>'


def rows_table(rows: list[dict], kind: str) -> str:
    if not rows:
        return '<p class="muted">none</p>'
    head = ("<tr><th>hypothesis</th><th>measured</th><th></th><th>required</th><th>holds</th><th>provenance</th></tr>"
            if kind == "h" else
            "<tr><th>conclusion</th><th>measured</th><th></th><th>bound</th><th>slack</th><th>tolerance</th>"
            "<th>holds</th><th>why this tolerance</th><th>provenance</th></tr>")
    out = []
    for r in rows:
        cls = "yes" if r.get("holds") else "no"
        hold = f'<td class="{cls}">{_fmt(r.get("holds"))}</td>'
        if kind == "h":
            out.append(f"<tr><td>{html.escape(r['name'])}</td><td class=num>{_fmt(r['lhs'])}</td><td>{r['relation']}</td>"
                       f"<td class=num>{_fmt(r['rhs'])}</td>{hold}<td>{r.get('provenance', '')}</td></tr>")
        else:
            out.append(f"<tr><td>{html.escape(r['name'])}</td><td class=num>{_fmt(r['lhs'])}</td><td>{r['relation']}</td>"
                       f"<td class=num>{_fmt(r['rhs'])}</td><td class=num>{_fmt(r.get('slack'))}</td>"
                       f"<td class=num>{_fmt(r.get('tolerance'))}</td>{hold}"
                       f"<td>{html.escape(r.get('tolerance_reason', ''))}</td><td>{r.get('provenance', '')}</td></tr>")
    return f"<table>{head}{''.join(out)}</table>"


def quantities_table(q: dict) -> str:
    items = [(k, v) for k, v in q.items() if not isinstance(v, (list, dict))]
    cells = "".join(f"<tr><td>{html.escape(k)}</td><td class=num>{_fmt(v)}</td></tr>" for k, v in items)
    nested = [(k, v) for k, v in q.items() if isinstance(v, (list, dict))]
    extra = "".join(f"<details><summary>{html.escape(k)}</summary><pre>{html.escape(json.dumps(v, indent=1)[:6000])}</pre>"
                    f"</details>" for k, v in nested)
    return f"<table><tr><th>quantity</th><th>value</th></tr>{cells}</table>{extra}"


def key_number(r: dict) -> str:
    c = next((c for c in r.get("conclusions", []) if c.get("holds") is False), None) or \
        (r["conclusions"][0] if r.get("conclusions") else None)
    if not c:
        return "—"
    return f"{html.escape(c['name'])}: {_fmt(c['lhs'])} {c['relation']} {_fmt(c['rhs'])}"


def _worst(rs):
    return V.worst(r["verdict"] for r in rs)


def render(results: list[dict], supplements: dict, meta: dict) -> str:
    by_claim: dict[str, list[dict]] = {}
    for r in results:
        by_claim.setdefault(r["claim"], []).append(r)
    counts = {v: sum(1 for rs in by_claim.values() if _worst([x for x in rs if x.get("_role") != "finding"] or rs) == v)
              for v in V.ORDER}
    # summary
    srows = []
    for cid, claim in CATALOGUE.items():
        rs = by_claim.get(cid, [])
        main = [x for x in rs if x.get("_role") != "finding"] or rs
        if not main:
            continue
        w = _worst(main)
        secs = sum(x.get("env", {}).get("seconds", 0) or 0 for x in main)
        kind = "exploratory" if claim.exploratory else claim.provenance
        srows.append(f'<tr data-verdict="{w}"><td><a href="#{cid}">{cid}</a></td><td>{claim.source}</td><td>{kind}</td>'
                     f"<td>{badge(w)}</td><td>{key_number(next(x for x in main if x['verdict'] == w))}</td>"
                     f"<td class=num>{secs:.2f}</td></tr>")
    for cid, (src, title, where) in PLANNED.items():
        srows.append(f'<tr data-verdict="planned"><td><a href="#{cid}">{cid}</a></td><td>{src}</td><td>planned</td>'
                     f"<td>{badge('planned')}</td><td>{html.escape(title)}</td><td></td></tr>")
    buttons = "".join(f'<button onclick="filt(\'{v}\')">{v} ({counts.get(v, 0)})</button>'
                      for v in V.ORDER) + '<button onclick="filt(\'all\')">all</button>'
    def summary_html():
        return (f'<h2>Summary</h2><div class="filters">{buttons}</div><table id="summary"><thead><tr><th>claim</th>'
                f"<th>source</th><th>provenance</th><th>verdict</th><th>key number vs bound</th><th>seconds</th></tr>"
                f"</thead><tbody>{''.join(srows)}</tbody></table>")
    # findings
    frows = []
    for r in results:
        claim = CATALOGUE.get(r["claim"])
        is_finding = (r["verdict"] == V.VIOLATED or r.get("_role") == "finding" or (claim and claim.exploratory)
                      or (r["verdict"] == V.OUTSIDE and r.get("conclusions") and all(c["holds"] for c in r["conclusions"])))
        if is_finding:
            what = ("conclusions hold outside the hypotheses" if r["verdict"] == V.OUTSIDE else
                    "exploratory measurement" if claim and claim.exploratory else "statement fails")
            setting = ", ".join(f"{k}={v}" for k, v in r["params"].items() if k != "max_steps")
            frows.append(f'<tr><td><a href="#{r["claim"]}">{r["claim"]}</a></td><td>{badge(r["verdict"])}</td>'
                         f"<td>{what}</td><td>{key_number(r)}</td><td><code>{html.escape(setting)}</code></td>"
                         f"<td>{html.escape(r.get('reason', ''))}</td></tr>")
    findings = ('<h2 id="findings">Findings</h2><section class="claim finding"><p>Violated reconstructed statements, '
                "exploratory measurements, and conclusions that hold outside their hypotheses.</p><table><tr><th>claim"
                "</th><th>verdict</th><th>what</th><th>measured</th><th>setting</th><th>reason</th></tr>"
                f"{''.join(frows)}</table></section>")
    # sections
    secs = []
    for cid, claim in CATALOGUE.items():
        rs = by_claim.get(cid, [])
        if not rs:
            continue
        figs = []
        if cid in PLOTS:
            try:
                figs = PLOTS[cid](rs, supplements.get(cid, {}))
            except Exception as exc:  # noqa: BLE001  (a figure failure is reported, not fatal)
                figs = [f'<p class="muted">figure failed: {html.escape(repr(exc))}</p>']
        body = []
        for r in rs:
            setting = ", ".join(f"{k}={_fmt(v)}" for k, v in r["params"].items() if k != "max_steps")
            d = r.get("data", {})
            body.append(
                f"<h4>{badge(r['verdict'])} <code>{html.escape(setting)}</code> <span class=muted>({r.get('_role', '')}, "
                f"{(r.get('env') or {}).get('seconds', 0):.2f} s)</span></h4>"
                + (f"<p>{html.escape(r['reason'])}</p>" if r.get("reason") else "")
                + f"<p class=muted>data: {html.escape(json.dumps(d))}</p>"
                + "<h5>Hypotheses</h5>" + rows_table(r.get("hypotheses", []), "h")
                + "<h5>Conclusions</h5>" + rows_table(r.get("conclusions", []), "c")
                + f"<details><summary>all quantities</summary>{quantities_table(r.get('quantities', {}))}</details>"
                + certificate_html(r))
        cls = "claim finding" if any(r["verdict"] == V.VIOLATED for r in rs) else "claim"
        refs = "".join(f"<li>{html.escape(x)}</li>" for x in claim.references)
        secs.append(
            f'<section class="{cls}" id="{cid}" data-claim="{cid}"><h3>{cid} — {html.escape(claim.title)}</h3>'
            f"<p>{badge(_worst(rs))} source <b>{claim.source}</b>, provenance <b>{claim.provenance}</b>"
            f"{' (exploratory)' if claim.exploratory else ''}</p><p>{html.escape(claim.summary)}</p>"
            f'<div class="stmt">{mathml(claim)}<details><summary>LaTeX</summary><code>'
            f"{html.escape(claim.statement_latex())}</code></details></div>"
            + (f"<p>Exact reference:</p><ul>{refs}</ul>" if refs else "")
            + f'<div class="figs">{"".join(figs)}</div>' + "".join(body) + "</section>")
    for cid, (src, title, where) in PLANNED.items():
        secs.append(f'<section class="claim" id="{cid}" data-claim="{cid}"><h3>{cid} — {html.escape(title)}</h3>'
                    f"<p>{badge('planned')} {src}: statement and check land with {where}.</p></section>")
    from ibcheck.checks.conjectures import SHIPPED
    conj_runs = supplements.get("_conjectures", {})
    for cid, conj in SHIPPED.items():
        r = conj_runs.get(cid)
        status = r["status"] if r else "not run"
        v = "violated" if status == "refuted" else "verified" if status == "survived" else "inconclusive"
        cx = (f"<p>counterexample: <code>{html.escape(json.dumps(r['counterexample']['params']))}</code> measured "
              f"<code>{html.escape(json.dumps(r['counterexample']['quantities'], default=str))}</code></p>"
              if r and r.get("counterexample") else "")
        run = (f"<p>{badge(v)} <b>{status}</b> in {r['trials']} trials ({r['trials_per_minute']:.0f}/min, budget "
               f"{r['budget']}); documented outcome: <b>{conj.expected}</b></p>" if r else "")
        secs.append(f'<section class="claim" id="{cid}" data-claim="{cid}"><h3>{cid} — {html.escape(conj.title)}</h3>'
                    f"<p>{html.escape(conj.statement)}</p>{run}{cx}<p class=muted>space: "
                    f"{html.escape(', '.join(f'{k}={d}' for k, d in conj.space.items()))}</p></section>")
        srows.append(f'<tr data-verdict="{v}"><td><a href="#{cid}">{cid}</a></td><td>conjecture</td><td>{conj.source}</td>'
                     f"<td>{badge(v)}</td><td>{status} (expected {conj.expected})</td><td></td></tr>")
    env = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(str(v))}</td></tr>" for k, v in meta.items())
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>ibcheck verification report</title>'
            f"<style>{CSS}</style><script>{JS}</script></head><body><h1>ibcheck verification report</h1>"
            f"<p class=muted>profile {html.escape(str(meta.get('profile')))} · {html.escape(str(meta.get('date')))} · "
            f"{len(results)} check runs over {len(by_claim)} claims</p>{summary_html()}{findings}<h2>Claims</h2>{''.join(secs)}"
            f"<h2>Environment</h2><table>{env}</table></body></html>")


def environment(profile: str, device: str, seconds: float, results: list[dict]) -> dict:
    import cvxpy
    import torch
    first = next((r["env"] for r in results if r.get("env")), {})
    return {"profile": profile, "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(), "torch": torch.__version__, "cvxpy": cvxpy.__version__,
            "sympy": sp.__version__, "solver": first.get("solver"), "device": device, "dtype": "float64",
            "seeds": sorted({r.get("params", {}).get("seed", 0) for r in results if isinstance(r.get("params"), dict)}),
            "git": first.get("git"), "total seconds": round(seconds, 1), "machine": platform.platform()}


def write_report(results: list[dict], supplements: dict, out_dir: str | Path, meta: dict) -> Path:
    """``DIR/index.html`` and ``DIR/results.json`` (the contract's objects, without plot series)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(render(results, supplements, meta), encoding="utf-8")
    clean = [{k: v for k, v in r.items() if not k.startswith("_")} for r in results]
    (out / "results.json").write_text(json.dumps(clean, indent=1, allow_nan=False), encoding="utf-8")
    return out / "index.html"
