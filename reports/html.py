"""The self-contained HTML verification report: summary, findings, per-claim sections, environment.

No network: styles and a tiny filter script are inline, figures are inline SVG, statements are MathML
converted from the claims' own LaTeX (``reports.mathml``). Every row of the summary has one status
(``reports.status``): the filter buttons, the rows, their badges and the terminal line count the same.
"""
from __future__ import annotations

import datetime as _dt
import html
import json
import platform
from pathlib import Path

from ibcheck.checks.runner import jsonable
from ibcheck.checks.schema import stamp

from ibcheck.theory import verdict as V
from ibcheck.theory.catalogue import CATALOGUE, PLANNED

from . import status as S
from .blocks import (scroll_box, badge, breakable, common_rows, group_block, grouped, is_finding, key_number, prose,
                     result_block, seconds_cell, setting_text, shared_seconds, status_html, varying)
from .conjectures import conjecture_json, conjecture_rows_and_sections, not_run_note
from .mathml import statement_html
from .plots import PLOTS

CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1180px;padding:1em 2em;color:#222}
@media (max-width:700px){body{padding:.5em .7em}.stmt math{font-size:100%}}
h1{margin-bottom:.2em}h3,h4{overflow-wrap:anywhere}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
.tw{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;margin:.5em 0;font-size:13px}td,th{border:1px solid #ddd;padding:3px 7px;vertical-align:top}
#summary{table-layout:fixed;width:100%}#summary td{overflow-wrap:break-word}#summary code{overflow-wrap:anywhere}#summary td:first-child{overflow-wrap:normal}#summary td:nth-child(3),#summary td:nth-child(7){overflow-wrap:normal}#summary th:nth-child(1){width:12em}#summary th:nth-child(2){width:9em}#summary th:nth-child(3){width:7.5em}#summary th:nth-child(4){width:7em}#summary th:nth-child(5){width:4.5em}#summary th:nth-child(6){width:10.5em}#summary th:nth-child(7){width:7.5em}#summary th:nth-child(9){width:4.5em}
@media (max-width:900px){#summary{table-layout:auto;width:100%}}
@media (max-width:640px){#summary,#summary tbody,#summary tr,#summary td{display:block;width:auto}#summary thead{display:none}
#summary tr{border:1px solid #ddd;border-radius:4px;margin:.45em 0;padding:.25em .5em}#summary td{border:0;padding:1px 0}
#summary td:empty{display:none}#summary td::before{color:#666;font-size:12px;margin-right:.35em}
#summary td:nth-child(2)::before{content:"setting:"}#summary td:nth-child(3)::before{content:"source:"}
#summary td:nth-child(4)::before{content:"provenance:"}#summary td:nth-child(5)::before{content:"role:"}
#summary td:nth-child(6)::before{content:"verdict:"}#summary td:nth-child(7)::before{content:"as documented:"}
#summary td:nth-child(8)::before{content:"key row:";display:block}#summary td:nth-child(9)::before{content:"seconds:"}
#summary td.num{text-align:left}}
#summary .badge{white-space:normal;max-width:100%;overflow-wrap:anywhere}
th{background:#f3f3f3;text-align:left}.num{font-family:ui-monospace,Menlo,monospace;text-align:right}
.badge{display:inline-block;border-radius:9px;padding:1px 8px;font-size:12px;font-weight:600;color:#fff;white-space:nowrap}
.verified{background:#2e7d32}.violated{background:#c62828}.outside-hypotheses{background:#a84300}.observed{background:#00695c}
.inconclusive{background:#6d6d6d}.planned{background:#5d4037}.finding{background:#6a1b9a}.conjecture{background:#1565c0}
.badge.finding{background:#6a1b9a;box-shadow:inset 0 0 0 2px #e1bee7}
.doc{color:#6a1b9a;font-weight:600}.rowkind{color:#666;font-size:12px}.rownote{color:#555;font-size:12px;font-style:italic}
.yes{color:#2e7d32;font-weight:600}.no{color:#c62828;font-weight:600}.flag{color:#c62828;font-weight:600}
section.claim{border:1px solid #e0e0e0;border-radius:6px;padding:.5em 1em;margin:1em 0}
section.alert{border-left:6px solid #c62828;background:#fff8f8}section.documented{border-left:6px solid #6a1b9a}
.stmt{background:#fafafa;border:1px solid #eee;padding:.4em .8em}.stmt math{font-size:125%}
.conds{display:flex;flex-wrap:wrap;align-items:center;gap:.35em .5em}.cond{max-width:100%;overflow-x:auto;overflow-y:hidden}.op{padding:0 .35em}
.block{border-top:1px solid #eee;margin-top:.6em}.note{color:#555;font-style:italic}
.figs{display:flex;flex-wrap:wrap;gap:1em}.figs svg{max-width:100%;height:auto}
.filters button{margin:0 .4em .3em 0}.muted{color:#666;overflow-wrap:anywhere}code{font-size:12px;overflow-wrap:break-word}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
"""

JS = """
function filt(v){document.querySelectorAll('#summary tbody tr').forEach(function(r){
 r.style.display=(v==='all'||r.dataset.verdict===v||(v==='unexpected'&&r.dataset.unexpected)
 ||(v==='documented'&&r.dataset.documented))?'':'none';});}
"""

# ---- the page ----------------------------------------------------------------------------------------------
def _by_claim(results: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in results:
        out.setdefault(r["claim"], []).append(r)
    for cid, rs in out.items():  # the default first, then the order of the run
        rs.sort(key=lambda r: r["role"] != "default")
    return out


def _kind(claim) -> str:
    return claim.provenance + (" (exploratory)" if claim.exploratory else "")


def documented_cell(r: dict) -> str:
    """The "as documented" column: a documented case that behaves as documented, one that differs, or neither."""
    if r.get("expected") is None:
        return '<span class="muted">—</span>'
    if r["matches_expected"]:
        return '<span class="doc" title="verdict and row pattern as documented in checks/cases.py:EXPECTED">as documented</span>'
    return '<span class="flag">differs</span>'


def summary_rows(by_claim, shared, common: frozenset = frozenset()) -> list[str]:
    rows = []
    for cid, rs in by_claim.items():
        claim = CATALOGUE.get(cid)
        for r in rs:
            st = S.status(r)
            note = S.note(r)
            unexp = "" if r["matches_expected"] else ' data-unexpected="1"'
            doc = ' data-documented="1"' if S.as_documented(r) else ""
            flag = "" if r["matches_expected"] else ' <span class="flag" title="differs from its expectation">unexpected</span>'
            rows.append(
                f'<tr data-verdict="{st}" data-role="{r["role"]}"{unexp}{doc}><td><a href="#{cid}">{breakable(cid)}</a></td>'
                f"<td><code>{html.escape(setting_text(r))}</code>"
                + (f'<br><span class="note">{html.escape(note)}</span>' if note else "")
                + f"</td><td>{claim.source if claim else r.get('source', '')}</td>"
                f"<td>{_kind(claim) if claim else r.get('provenance', '')}</td><td>{r['role']}</td>"
                f"<td>{badge(st, documented=is_finding(r))}{flag}</td><td>{documented_cell(r)}</td>"
                f"<td>{key_number(r, common)}</td>"
                f"<td class=num>{seconds_cell(r, shared)}</td></tr>")
    return rows


def findings_html(by_claim, common: frozenset = frozenset()) -> str:
    """Documented findings (grouped), exploratory measurements, and anything that differs from its expectation."""
    rows = []
    for cid, rs in by_claim.items():
        claim = CATALOGUE.get(cid)
        picked = [r for r in rs if r.get("expected") or not r["matches_expected"]
                  or (claim and claim.exploratory and r["role"] == "default")]
        for g in grouped(picked):
            r0 = g[0]
            if not r0["matches_expected"]:
                what = "<span class=flag>unexpected</span>"
            elif claim and claim.exploratory and not r0.get("expected"):
                what = "exploratory measurement"
            elif r0["verdict"] == V.OUTSIDE:
                what = ("conclusions hold outside the hypotheses" if all(c["holds"] for c in r0.get("conclusions", []))
                        else "outside the hypotheses, conclusions fail")
            elif r0["verdict"] == V.VIOLATED:
                what = "statement fails"
            else:
                what = html.escape(r0["verdict"])
            if len(g) > 1:  # the fixed part once, then one line per value of what varies
                keys = varying(g)
                fixed = {k: v for k, v in (r0.get("_setting") or {}).items() if k not in keys}
                label = lambda r: ", ".join(f"{k}={(r.get('_setting') or {}).get(k)}" for k in keys)  # noqa: E731
                settings = (f"<code>{html.escape(', '.join(f'{k}={v}' for k, v in fixed.items()))}</code><br>"
                            if fixed else "") + f"{len(g)} values of <code>{html.escape(', '.join(keys))}</code>"
                measured = "<br>".join(f"<code>{html.escape(label(r))}</code>: {key_number(r, common)}" for r in g)
            else:
                settings = f"<code>{html.escape(setting_text(r0))}</code>"
                measured = key_number(r0, common)
            e = r0.get("expected")
            reason = e["reason"] if e else r0.get("reason", "")
            rows.append(f'<tr><td><a href="#{cid}">{cid}</a></td><td>{status_html(r0)}</td><td>{what}</td>'
                        f"<td>{settings}</td><td>{measured}</td><td>{prose(reason)}</td></tr>")
    return ('<h2 id="findings">Findings</h2><section class="claim documented"><p>Documented findings (each pinned in '
            "<code>checks/cases.py:EXPECTED</code> and listed in <code>docs/findings.md</code>), exploratory "
            "measurements, and any result that differs from its expectation.</p>"
            + scroll_box("<table><tr><th>claim</th><th>status</th><th>what</th><th>settings</th><th>measured</th>"
                  f"<th>reason</th></tr>{''.join(rows)}</table>") + "</section>")


def claim_section(cid, claim, rs, supplements, shared) -> str:
    figs = []
    if cid in PLOTS:
        try:
            figs = PLOTS[cid](rs, supplements.get(cid, {}))
        except Exception as exc:  # noqa: BLE001  (a figure failure is reported, not fatal)
            figs = [f'<p class="muted">figure failed: {html.escape(repr(exc))}</p>']
    default = next((r for r in rs if r["role"] == "default"), None)
    head = (badge(S.status(default), documented=is_finding(default))
            + (" " + documented_cell(default) if default.get("expected") else "")
            if default else '<span class="muted">no default run</span>')
    others = [r for r in rs if r is not default]
    if any(not r["matches_expected"] for r in rs):
        cls = "claim alert"
    elif any(r.get("expected") for r in rs):
        cls = "claim documented"
    else:
        cls = "claim"
    extra = ""
    if others:
        c = S.counts(others)
        extra = (" · other settings: " + ", ".join(f"{v} {S.label(k)}" for k, v in c.items() if v))
    refs = "".join(f"<li>{html.escape(x)}</li>" for x in claim.references)
    body = (result_block(default, shared) if default else "") + "".join(group_block(g, shared) for g in grouped(others))
    return (f'<section class="{cls}" id="{cid}" data-claim="{cid}"><h3>{breakable(cid)} — {html.escape(claim.title)}</h3>'
            f'<p><span class="claim-badge" data-default-verdict="{S.status(default) if default else ""}">{head}</span> '
            f"{'default setting' if default else ''}{html.escape(extra)} · source <b>{claim.source}</b>, provenance <b>{claim.provenance}</b>"
            f"{' (exploratory)' if claim.exploratory else ''}</p><p>{html.escape(claim.summary)}</p>"
            f'<div class="stmt">{statement_html(claim)}<details><summary>LaTeX</summary><code>'
            f"{html.escape(claim.statement_latex())}</code></details></div>"
            + (f"<p>Exact reference:</p><ul>{refs}</ul>" if refs else "")
            + f'<div class="figs">{"".join(figs)}</div>' + body + "</section>")


def render(results: list[dict], supplements: dict, meta: dict) -> str:
    for r in results:
        S.ensure(r)
    by_claim = _by_claim(results)
    order = [c for c in CATALOGUE if c in by_claim] + [c for c in by_claim if c not in CATALOGUE]
    by_claim = {c: by_claim[c] for c in order}
    shared = shared_seconds(results)
    conj_runs = supplements.get("_conjectures", {})
    counts = S.report_counts(results, conj_runs)
    common = common_rows(results)
    srows = summary_rows(by_claim, shared, common)
    for cid, (src, title, where) in PLANNED.items():
        srows.append(f'<tr data-verdict="{S.PLANNED}" data-role="planned"><td><a href="#{cid}">{cid}</a></td><td>—</td>'
                     f"<td>{src}</td><td>planned</td><td>planned</td><td>{badge(S.PLANNED)}</td><td></td>"
                     f"<td>{html.escape(title)}</td><td></td></tr>")
    crow, csecs = conjecture_rows_and_sections(conj_runs)
    srows += crow
    n_unexp = len(S.unexpected(results))
    buttons = "".join(f'<button data-filter="{k}" data-count="{v}" onclick="filt(\'{k}\')">{html.escape(S.label(k))} '
                      f"({v})</button>" for k, v in counts.items())
    n_doc, n_docs = S.documented_counts(results)
    buttons += (f'<button data-filter="documented" data-count="{n_doc}" onclick="filt(\'documented\')" '
                f'title="of {n_docs} documented cases">as documented ({n_doc})</button>')
    buttons += (f'<button data-filter="unexpected" data-count="{n_unexp}" onclick="filt(\'unexpected\')">unexpected '
                f'({n_unexp})</button><button data-filter="all" onclick="filt(\'all\')">all ({len(srows)})</button>')
    summary = (f'<h2>Summary</h2><p class=muted>One row per check run: a claim at its default setting, its other '
               f"settings, its documented findings; then the shipped conjectures. {html.escape(S.summary_line(results, conj_runs))}"
               f'</p><div class="filters">{buttons}</div>'
               + scroll_box('<table id="summary"><thead><tr><th>claim</th><th>setting</th><th>source</th><th>provenance</th>'
                     "<th>role</th><th>verdict</th><th>as documented</th><th>key row vs bound [kind, provenance]</th>"
                     "<th>seconds</th></tr></thead>"
                     f"<tbody>{''.join(srows)}</tbody></table>") + not_run_note(conj_runs))
    secs = [claim_section(cid, CATALOGUE[cid], rs, supplements, shared) for cid, rs in by_claim.items()
            if cid in CATALOGUE]
    for cid, (src, title, where) in PLANNED.items():
        secs.append(f'<section class="claim" id="{cid}" data-claim="{cid}"><h3>{cid} — {html.escape(title)}</h3>'
                    f"<p>{badge('planned')} {src}: statement and check land with {where}.</p></section>")
    secs += csecs
    env = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(str(v))}</td></tr>" for k, v in meta.items())
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>ibcheck verification report</title>'
            f"<style>{CSS}</style><script>{JS}</script></head><body><h1>ibcheck verification report</h1>"
            f"<p class=muted>profile {html.escape(str(meta.get('profile')))} · {html.escape(str(meta.get('date')))} · "
            f"{len(results)} check runs over {len(by_claim)} claims</p>{summary}{findings_html(by_claim, common)}"
            f"<h2>Claims</h2>{''.join(secs)}<h2>Environment</h2>{scroll_box(f'<table>{env}</table>')}</body></html>")


def environment(profile: str, device: str, seconds: float, results: list[dict]) -> dict:
    from importlib.metadata import version
    first = next((r["env"] for r in results if r.get("env")), {})
    return {"profile": profile, "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(), "torch": version("torch"), "cvxpy": version("cvxpy"),
            "sympy": version("sympy"), "solver": first.get("solver"), "device": device, "dtype": "float64",
            "seeds": sorted({r.get("params", {}).get("seed", 0) for r in results if isinstance(r.get("params"), dict)}),
            "git": first.get("git"), "total seconds": round(seconds, 1), "machine": platform.platform()}


def clean(results: list[dict]) -> list[dict]:
    """The sidecar's check objects: the contract's keys plus ``kind``, ``case``, ``role``, ``expected``,
    ``matches_expected``."""
    return [{"kind": "check", **{k: v for k, v in S.ensure(r).items() if not k.startswith("_")}} for r in results]


def write_report(results: list[dict], supplements: dict, out_dir: str | Path, meta: dict) -> Path:
    """``DIR/index.html`` and ``DIR/results.json``: the contract's check objects (``"kind": "check"``, without plot
    series), then one object per conjecture search that ran (``"kind": "conjecture"``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(render(results, supplements, meta), encoding="utf-8")
    rows = clean(results) + conjecture_json(supplements.get("_conjectures", {}))
    (out / "results.json").write_text(json.dumps(jsonable(stamp(rows)), indent=1, allow_nan=False), encoding="utf-8")
    return out / "index.html"
