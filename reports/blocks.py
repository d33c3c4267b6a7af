"""The report's building blocks for one claim's results: badges, hypothesis/conclusion tables, the key number,
per-setting blocks and groups of near-identical settings, and the seconds of shared measurements."""
from __future__ import annotations

import html
import json

from ibcheck.checks.cases import describe, pattern, setting_key
from ibcheck.checks.registry import REGISTRY

from . import status as S
from .certificate import certificate_html
from .fmt import fmt
from .rownote import alternatives_text, decides, kind_text, note, slack_text

REL = {"<=": "≤", ">=": "≥", "==": "="}


def prose(text: str) -> str:
    """A verdict's reason for the page: relations as symbols (the JSON keeps the contract's ASCII), escaped."""
    for a, b in ((" <= ", " ≤ "), (" >= ", " ≥ "), (" == ", " = ")):
        text = text.replace(a, b)
    return html.escape(text)


def _fmt(v) -> str:
    return html.escape(fmt(v, missing="—"))


FINDING_TITLE = "a documented finding: this outcome is expected, pinned in checks/cases.py:EXPECTED"


def badge(status: str, text: str | None = None, documented: bool = False) -> str:
    """A verdict's badge; a documented finding's (``finding``) is styled as a finding, apart from violations (the
    verdict's class stays last: it is what the badge counts as)."""
    if documented:
        return (f'<span class="badge finding {status}" title="{FINDING_TITLE}">'
                f"{html.escape(text or S.label(status))}</span>")
    return f'<span class="badge {status}">{html.escape(text or S.label(status))}</span>'


def is_finding(r: dict) -> bool:
    """A documented case that behaves as documented and is not ``verified``: a finding, not a counterexample."""
    return S.as_documented(r) and S.status(r) != "verified"


def status_html(r: dict) -> str:
    """A result's verdict badge, followed by "as documented" for a documented case that behaves as documented."""
    return badge(S.status(r), documented=is_finding(r)) + (
        ' <span class="doc">as documented</span>' if S.as_documented(r) else "")


def breakable(claim_id: str) -> str:
    """An ID that may wrap only after its dots, hyphens and underscores (``author2024.<wbr>m1.<wbr>gap``), never
    mid-word."""
    return "".join(html.escape(c) + ("<wbr>" if c in ".-_" else "") for c in claim_id)


def scroll_box(table: str) -> str:
    """A table that scrolls inside its box on a narrow screen, never the page."""
    return f'<div class="tw">{table}</div>'


def is_boolean(row: dict) -> bool:
    """An indicator compared with 1 (``𝟙[…] = 1``): shown as yes/no rather than ``1 = 1``."""
    return row.get("relation") == "==" and row.get("rhs") == 1 and row.get("lhs") in (0, 1, None)


def measured_vs_bound(row: dict) -> str:
    """``lhs ≤ rhs`` with the relation as a symbol; an indicator as yes/no."""
    if is_boolean(row):
        return "yes" if row.get("lhs") == 1 else "no" if row.get("lhs") == 0 else "undecided"
    text = f"{_fmt(row.get('lhs'))} {REL.get(row.get('relation'), row.get('relation', ''))} {_fmt(row.get('rhs'))}"
    return text + (' <span class="no" title="the relation is false">✗</span>' if row.get("holds") is False else "")


def rows_table(rows: list[dict], kind: str) -> str:
    if not rows:
        return '<p class="muted">none</p>'
    head = ("<tr><th>hypothesis</th><th>measured</th><th></th><th>required</th><th>holds</th>"
            "<th>kind, provenance</th></tr>" if kind == "h" else
            "<tr><th>conclusion</th><th>measured</th><th></th><th>bound</th><th>slack</th><th>tolerance</th>"
            "<th>holds</th><th>why this tolerance</th><th>kind, provenance</th></tr>")
    out = []
    for r in rows:
        cls = "yes" if r.get("holds") else "no"
        why_row = note(r, hypothesis=kind == "h")
        hold = (f'<td class="{cls}">{_fmt(r.get("holds")) if r.get("holds") is not None else "undecided"}'
                + (f' <span class="rownote">{html.escape(why_row)}</span>' if why_row else "") + "</td>")
        if is_boolean(r):
            lhs, rel, rhs = measured_vs_bound(r), "", "yes"
            extra = "<td></td><td></td>"
        else:
            lhs, rel, rhs = _fmt(r.get("lhs")), REL.get(r.get("relation"), r.get("relation")), _fmt(r.get("rhs"))
            extra = f"<td class=num>{slack_text(r)}</td><td class=num>{_fmt(r.get('tolerance'))}</td>"
        cells = f"<td>{html.escape(r['name'])}</td><td class=num>{lhs}</td><td>{rel}</td><td class=num>{rhs}</td>"
        if kind == "h":
            out.append(f"<tr>{cells}{hold}<td>{html.escape(kind_text(r))}</td></tr>")
        else:
            why = r.get("tolerance_reason", "") + (f" — {r['kind']}: {r['judgement']}" if "judgement" in r else "")
            if alternatives_text(r):
                why += f" — {alternatives_text(r)}"
            if r.get("horizon_command"):
                why += f" — run to it: {r['horizon_command']}"
            out.append(f"<tr>{cells}{extra}{hold}<td>{html.escape(why)}</td><td>{html.escape(kind_text(r))}</td></tr>")
    return scroll_box(f"<table>{head}{''.join(out)}</table>")


def quantities_table(q: dict) -> str:
    items = [(k, v) for k, v in q.items() if not isinstance(v, (list, dict))]
    cells = "".join(f"<tr><td>{html.escape(k)}</td><td class=num>{_fmt(v)}</td></tr>" for k, v in items)
    nested = [(k, v) for k, v in q.items() if isinstance(v, (list, dict))]
    extra = "".join(f"<details><summary>{html.escape(k)}</summary><pre>{html.escape(json.dumps(v, indent=1)[:6000])}</pre>"
                    f"</details>" for k, v in nested)
    return scroll_box(f"<table><tr><th>quantity</th><th>value</th></tr>{cells}</table>") + extra


ASYMPTOTIC = ("limit", "rate")


def common_rows(results: list[dict]) -> frozenset:
    """Names of conclusion rows that several claims share (a precondition such as "W̃ = W/q_min defined"): a key
    row should tell claims apart, so ``key_row`` picks one of these last."""
    claims: dict[str, set] = {}
    for r in results:
        for c in r.get("conclusions") or []:
            claims.setdefault(c.get("name", ""), set()).add(r.get("claim"))
    return frozenset(name for name, cs in claims.items() if len(cs) > 1)


def key_row(r: dict, common: frozenset = frozenset()) -> dict | None:
    """The row that decided the verdict: ``violated``/``observed`` — the first failing deciding conclusion;
    ``outside-hypotheses`` — the failing hypothesis; ``inconclusive`` — the first undecided deciding row (conclusion,
    then hypothesis), else the failing threshold row; ``verified`` — the deciding conclusion that says most about
    this claim: one not shared with other claims (``common``), not an indicator, asymptotic before finite-time. A
    failing diagnostic row never stands for a verdict it did not decide."""
    concl, hyp, v = r.get("conclusions") or [], r.get("hypotheses") or [], r.get("verdict")

    def first(rows, pick):
        return next((c for c in rows if pick(c)), None)
    picks = []
    if v == "outside-hypotheses":
        picks = [(hyp, lambda c: c.get("holds") is False and c.get("kind") != "diagnostic")]
    elif v in ("violated", "observed"):
        picks = [(concl, lambda c: c.get("holds") is False and decides(c))]
    elif v == "inconclusive":
        picks = [(concl, lambda c: c.get("holds") is None and decides(c)),
                 (hyp, lambda c: c.get("holds") is None and decides(c)),
                 (concl, lambda c: c.get("holds") is False and c.get("kind") != "diagnostic")]
    for rows, pick in picks:
        c = first(rows, pick)
        if c is not None:
            return c
    holding = [(i, c) for i, c in enumerate(concl) if decides(c) and c.get("holds") is not False]
    if holding:
        return min(holding, key=lambda ic: (ic[1].get("name") in common, is_boolean(ic[1]),
                                            ic[1].get("kind") not in ASYMPTOTIC, ic[0]))[1]
    return concl[0] if concl else None


def key_number(r: dict, common: frozenset = frozenset()) -> str:
    """The key row (``key_row``): ``name: measured ≤ bound`` (``→`` for a limit or rate), its kind and provenance,
    and for a row that fails or is undecided what that means for the verdict."""
    c = key_row(r, common)
    if not c:
        return "—"
    hypothesis = any(c is h for h in r.get("hypotheses") or [])
    why = note(c, hypothesis=hypothesis)
    return ((f'<span class=rowkind>hypothesis</span> ' if hypothesis else "")
            + f"{html.escape(c['name'])}: {measured_vs_bound(c)} <span class=rowkind>[{html.escape(kind_text(c))}]</span>"
            + (f' <span class="rownote">{html.escape(why)}</span>' if why else ""))


def setting_text(r: dict) -> str:
    s = r.get("_setting") or {}
    return ", ".join(f"{k}={v}" for k, v in s.items()) if s else "default setting"


# ---- seconds of memoised measurements shared by several claims (CheckSpec.shared) ---------------------------
def shared_seconds(results: list[dict]) -> dict[int, str]:
    """``id(result) -> seconds text``: a group of results that shared one memoised measurement shows the
    group's total on its first member and "shared" on the others (whose own time is only the evaluation)."""
    groups: dict[tuple, list[dict]] = {}
    for r in results:
        spec = REGISTRY.get(r["claim"])
        if spec is None or not spec.shared:
            continue
        consts = set(spec.claim.constants)
        key = (spec.shared, json.dumps({k: v for k, v in r.get("params", {}).items() if k not in consts},
                                       sort_keys=True, default=str), (r.get("env") or {}).get("device"))
        groups.setdefault(key, []).append(r)
    out = {}
    for (what, _, _), rs in groups.items():
        if len(rs) < 2:
            continue
        total = sum((x.get("env") or {}).get("seconds", 0) or 0 for x in rs)
        out[id(rs[0])] = (f'{total:.2f} <span class=muted title="{html.escape(what)}, shared by {len(rs)} claims">'
                          f"(shared ×{len(rs)})</span>")
        for x in rs[1:]:
            own = (x.get("env") or {}).get("seconds", 0) or 0
            out[id(x)] = (f'<span class=muted title="{html.escape(what)}: charged to {html.escape(rs[0]["claim"])}; '
                          f'own evaluation {own:.2f} s">shared</span>')
    return out


def seconds_cell(r: dict, shared: dict) -> str:
    return shared.get(id(r)) or f"{(r.get('env') or {}).get('seconds', 0) or 0:.2f}"


# ---- blocks ------------------------------------------------------------------------------------------------
def expectation_line(r: dict) -> str:
    e = r.get("expected")
    if e is None:
        return "" if r["matches_expected"] else ('<p class="flag">unexpected: a setting of the catalogue that is '
                                                  "expected to be verified</p>")
    head = f"documented outcome: <b>{html.escape(e['verdict'])}</b>, rows <code>{html.escape(str(e.get('holds')))}</code>"
    if r["matches_expected"]:
        return f"<p>{head} — <span class=yes>as documented</span>. {html.escape(e['reason'])}</p>"
    diff = describe(r, e.get("rows") or e["holds"]) if isinstance(e.get("holds"), str) and r["verdict"] == e["verdict"] else \
        f"verdict {r['verdict']}"
    return (f"<p>{head} — <span class=flag>differs from the documentation: {html.escape(diff)}</span>. "
            f"{html.escape(e['reason'])}</p>")


def result_block(r: dict, shared: dict) -> str:
    note = S.note(r)
    params = ", ".join(f"{k}={_fmt(v)}" for k, v in r["params"].items() if k != "max_steps")
    return (f'<div class="block"><h4>{status_html(r)} <code>{html.escape(setting_text(r))}</code> '
            + (f'<span class="note">{html.escape(note)}</span> ' if note else "")
            + f"<span class=muted>({r['role']}, {seconds_cell(r, shared)} s)</span></h4>"
            + expectation_line(r)
            + (f"<p>{prose(r['reason'])}</p>" if r.get("reason") else "")
            + f"<p class=muted>parameters: {html.escape(params)}; data: {html.escape(json.dumps(r.get('data', {})))}</p>"
            + "<h5>Hypotheses</h5>" + rows_table(r.get("hypotheses", []), "h")
            + "<h5>Conclusions</h5>" + rows_table(r.get("conclusions", []), "c")
            + f"<details><summary>all quantities</summary>{quantities_table(r.get('quantities', {}))}</details>"
            + certificate_html(r) + "</div>")


def _group_key(r: dict) -> tuple:
    e = r.get("expected") or {}
    return (S.status(r), r["role"], e.get("reason") or r.get("reason", ""), pattern(r),
            tuple(sorted((r.get("_setting") or {}).keys())))


def grouped(rs: list[dict]) -> list[list[dict]]:
    """Results in order, near-identical ones together: same status, role, reason, row pattern and setting keys."""
    groups: dict[tuple, list[dict]] = {}
    for r in rs:
        groups.setdefault(_group_key(r), []).append(r)
    return list(groups.values())


def varying(rs: list[dict]) -> list[str]:
    keys = list((rs[0].get("_setting") or {}).keys())
    return [k for k in keys if len({str((r.get("_setting") or {}).get(k)) for r in rs}) > 1] or keys


def group_block(rs: list[dict], shared: dict) -> str:
    """One block for several near-identical results (e.g. the η sweep's findings): a table, then the details."""
    if len(rs) == 1:
        return result_block(rs[0], shared)
    r0, keys = rs[0], varying(rs)
    fixed = {k: v for k, v in (r0.get("_setting") or {}).items() if k not in keys}
    head = "".join(f"<th>{html.escape(k)}</th>" for k in keys) + "<th>status</th>" + "".join(
        f"<th>{html.escape(c['name'])}</th>" for c in r0.get("conclusions", [])) + "<th>seconds</th>"
    body = []
    for r in rs:
        s = r.get("_setting") or {}
        cells = "".join(f"<td class=num>{html.escape(str(s.get(k)))}</td>" for k in keys)
        concl = "".join(f'<td class="num {"yes" if c.get("holds") else "no"}">{measured_vs_bound(c)}</td>'
                        for c in r.get("conclusions", []))
        body.append(f"<tr>{cells}<td>{status_html(r)}</td>{concl}<td class=num>{seconds_cell(r, shared)}</td></tr>")
    e = r0.get("expected")
    reason = e["reason"] if e else r0.get("reason", "")
    return (f'<div class="block"><h4>{status_html(r0)} {len(rs)} settings: '
            f"<code>{html.escape(', '.join(keys))}</code> varies"
            + (f", <code>{html.escape(setting_key(fixed))}</code>" if fixed else "")
            + f" <span class=muted>({r0['role']})</span></h4>"
            + (f"<p>{prose(reason)}</p>" if reason else "")
            + scroll_box(f"<table><tr>{head}</tr>{''.join(body)}</table>")
            + "<details><summary>full tables of each setting</summary>"
            + "".join(result_block(r, shared) for r in rs) + "</details></div>")
