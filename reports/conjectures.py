"""The shipped conjectures in the report: one summary row and one section per conjecture that ran, and their
objects for ``results.json`` (the ``ibcheck conjecture --json`` object with ``"kind": "conjecture"``)."""
from __future__ import annotations

import html
import json

from . import status as S
from .blocks import badge, breakable

RAN = ("refuted", "survived", "inconclusive")


def ran(conj_runs: dict) -> dict:
    """The conjecture searches that ran (a conjecture the profile skips maps to ``{"status": "not run"}``)."""
    return {cid: r for cid, r in (conj_runs or {}).items() if r and r.get("status") in RAN}


def conjecture_json(conj_runs: dict) -> list[dict]:
    """One object per conjecture that ran, as ``ibcheck conjecture ID --json`` writes it (status, trials,
    decided/undecided/skipped trials, counterexample, first failure, replay command) plus ``"kind": "conjecture"``."""
    from ibcheck.checks.conjecture import replay_args
    out = []
    for cid, r in ran(conj_runs).items():
        cx = r.get("counterexample")
        obj = {"kind": "conjecture", "conjecture": cid, **{k: v for k, v in r.items() if not k.startswith("_")}}
        obj["replay"] = f"ibcheck conjecture {cid} --replay \"{replay_args(cx['params'])}\"" if cx else None
        out.append(obj)
    return out


def not_run_note(conj_runs: dict) -> str:
    """A line under the summary naming the selected conjectures this profile skipped, and why."""
    skipped = {cid: r for cid, r in (conj_runs or {}).items() if cid not in ran(conj_runs)}
    if not skipped:
        return ""
    return "<p class=muted>not run in this profile: " + "; ".join(
        f'<a href="#{cid}">{cid}</a> — {html.escape((r or {}).get("reason", ""))}' for cid, r in skipped.items()) + "</p>"


def conjecture_rows_and_sections(conj_runs: dict) -> tuple[list[str], list[str]]:
    from ibcheck.checks.conjectures import SHIPPED
    rows, secs = [], []
    for cid, r in (conj_runs or {}).items():  # the selected conjectures: a row for each that ran
        conj = SHIPPED[cid]
        ran = bool(r) and r.get("status") in RAN
        text = S.conjecture_status(r if ran else None, conj.expected)
        setting = f"budget {r['budget']}, seed {r['seed']}" if ran else "—"
        secs_txt = f"{r['seconds']:.2f}" if ran else ""
        if ran and r.get("counterexample"):
            key = "counterexample: " + html.escape(json.dumps(r["counterexample"]["params"]))
        else:
            key = f"{r['decided_trials']} decided, {r['undecided_trials']} undecided, {r['skipped_trials']} skipped" \
                if ran else ""
        if ran:
            rows.append(f'<tr data-verdict="{S.CONJECTURE}" data-role="conjecture"><td><a href="#{cid}">{breakable(cid)}</a></td>'
                        f"<td>{html.escape(setting)}</td><td>{html.escape(conj.source)}</td><td>conjecture</td>"
                        f"<td>conjecture</td><td>{badge(S.CONJECTURE, text)}</td><td></td><td>{key}</td>"
                        f"<td class=num>{secs_txt}</td></tr>")
        cx = (f"<p>counterexample (shrunk): <code>{html.escape(json.dumps(r['counterexample']['params']))}</code> "
              f"measured <code>{html.escape(json.dumps(r['counterexample']['quantities'], default=str))}</code></p>"
              if ran and r.get("counterexample") else "")
        run = (f"<p>{badge(S.CONJECTURE, text)} {r['trials']} trials ({r['decided_trials']} decided, "
               f"{r['undecided_trials']} undecided, {r['skipped_trials']} skipped; at least {r['min_decided']} decided "
               f"needed), {r['trials_per_minute']:.0f}/min, budget {r['budget']}; documented outcome: "
               f"<b>{html.escape(conj.expected)}</b></p>" if ran else
               f"<p>{badge(S.CONJECTURE, text)} {html.escape((r or {}).get('reason', ''))}; documented outcome: "
               f"<b>{html.escape(conj.expected)}</b></p>")
        secs.append(f'<section class="claim" id="{cid}" data-claim="{cid}"><h3>{cid} — {html.escape(conj.title)}</h3>'
                    f"<p>source <b>{html.escape(conj.source)}</b>, a conjecture</p><p>{html.escape(conj.statement)}</p>"
                    f"{run}{cx}<p class=muted>space: "
                    f"{html.escape(', '.join(f'{k}={d}' for k, d in conj.space.items()))}</p></section>")
    return rows, secs
