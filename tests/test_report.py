"""The HTML report: one count per status everywhere, roles and expectations in the JSON, the claims' own
notation, self-containment, an injected failure, and a headless render in Chromium (required in CI)."""
import html
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from ibcheck.checks.cases import EXPECTED, case_id
from ibcheck.checks.conjectures import SHIPPED
from ibcheck.checks.registry import REGISTRY
from ibcheck.reports import status as S
from ibcheck.reports.html import render
from ibcheck.reports.run import quick_skip
from ibcheck.theory.catalogue import CATALOGUE, PLANNED

CONTRACT_KEYS = ["claim", "source", "provenance", "statement_latex", "params", "data", "hypotheses", "quantities",
                 "conclusions", "verdict", "reason", "env"]


class Structure(HTMLParser):
    """Summary rows (status, badge class, cells), filter buttons, claim sections and their default badge."""

    def __init__(self):
        super().__init__()
        self.claims, self.links, self.svgs, self.maths = [], [], 0, 0
        self.rows, self.buttons, self.section_badges = [], {}, {}
        self._row = self._cell = None
        self._section = self._claim_badge = None
        self.math_text, self._in_math = [], 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and "data-claim" in a:
            self.claims.append(a["data-claim"])
            self._section = a["data-claim"]
        if tag == "span" and a.get("class") == "claim-badge":
            self.section_badges[self._section] = a.get("data-default-verdict")
        for k in ("src", "href"):
            if k in a:
                self.links.append(a[k])
        if tag == "tr" and "data-verdict" in a:
            self._row = {"verdict": a["data-verdict"], "unexpected": "data-unexpected" in a,
                         "documented": "data-documented" in a, "badges": [], "cells": []}
            self.rows.append(self._row)
        if self._row is not None and tag == "td":
            self._row["cells"].append("")
            self._cell = True
        if self._row is not None and tag == "span" and "badge" in a.get("class", ""):
            self._row["badges"].append(a["class"].split()[-1])
        if tag == "button" and "data-filter" in a and "data-count" in a:
            self.buttons[a["data-filter"]] = int(a["data-count"])
        self.svgs += tag == "svg"
        if tag == "math":
            self.maths += 1
            self._in_math += 1

    def handle_endtag(self, tag):
        if tag == "tr":
            self._row = None
        if tag == "math":
            self._in_math -= 1

    def handle_data(self, data):
        if self._row is not None and self._row["cells"]:
            self._row["cells"][-1] += data
        if self._in_math:
            self.math_text.append(data)


# one worker runs this module: the module-scoped quick report below is computed once, not once per xdist worker
pytestmark = pytest.mark.xdist_group("report")


@pytest.fixture(scope="session")
def report(quick_report):
    """The quick profile's report with one injected failure (tests/session_results.py: ``quick_report``)."""
    return quick_report


@pytest.fixture(scope="session")
def injected(injected_failure):
    return injected_failure


def parsed(path) -> Structure:
    p = Structure()
    p.feed(path.read_text())
    return p


def test_every_claim_once_and_self_contained(report):
    path, results, sup = report
    p = parsed(path)
    listed = list(CATALOGUE) + list(PLANNED) + list(SHIPPED)  # every ID of `ibcheck list`, once
    assert sorted(p.claims) == sorted(listed)
    ran = [c for c, r in sup["_conjectures"].items() if r.get("status") != "not run"]
    assert len(p.rows) == len(results) + len(PLANNED) + len(ran)  # one row per check run, planned, conjecture run
    external = [u for u in p.links if u.startswith(("http:", "https:", "//", "ftp:"))]
    assert not external, external
    assert all(u.startswith("#") for u in p.links)
    assert p.svgs >= 8 and p.maths >= len(CATALOGUE)
    assert "CLAIMS.md" not in path.read_text()  # the docs cite files in the repository


def test_counts_agree_everywhere(report):
    """Buttons = rows with that status = badges of those rows = the terminal line; a claim's badge is its default."""
    path, results, sup = report
    p = parsed(path)
    by_status = {}
    for row in p.rows:
        by_status[row["verdict"]] = by_status.get(row["verdict"], 0) + 1
        assert row["badges"][0] == row["verdict"], row  # the row's badge says what the row is counted as
    for k, n in p.buttons.items():
        if k == "unexpected":
            assert n == sum(r["unexpected"] for r in p.rows) == len(S.unexpected(results))
        elif k == "documented":
            assert n == sum(r["documented"] for r in p.rows) == sum(S.as_documented(r) for r in results)
        else:
            assert n == by_status.get(k, 0), (k, n, by_status)
    assert set(by_status) <= set(p.buttons)
    line = S.summary_line(results, sup["_conjectures"])  # what `ibcheck report` prints
    for k, n in S.report_counts(results, sup["_conjectures"]).items():
        assert f"{S.label(k)} {n}" in line and p.buttons[k] == n
    assert p.buttons["documented"] >= 7 and p.buttons["unexpected"] == 1
    assert p.buttons["violated"] == sum(r["verdict"] == "violated" for r in results) >= 2  # documented ones too
    for r in results:  # the section badge is the default setting's status
        if r["role"] == "default" and r["claim"] in CATALOGUE:
            assert p.section_badges[r["claim"]] == S.status(r), r["claim"]


def test_summary_counts_are_the_verdicts_of_results_json(report):
    """The summary counts verdicts as verdicts: each verdict's button, the summary rows with that verdict and the
    terminal line all equal the number of check objects of results.json with that verdict — an inconclusive default
    counts as inconclusive even when it is documented; "as documented" is a separate count."""
    path, results, sup = report
    data = [r for r in json.loads((path.parent / "results.json").read_text()) if r["kind"] == "check"]
    p = parsed(path)
    line = S.summary_line(results, sup["_conjectures"])
    for v in S.STATUSES:
        n = sum(r["verdict"] == v for r in data)
        assert p.buttons[v] == n == sum(row["verdict"] == v for row in p.rows), v
        assert f"{v} {n}," in line or f"{v} {n};" in line, (v, n, line)
    inconclusive_defaults = {r["claim"] for r in data if r["role"] == "default" and r["verdict"] == "inconclusive"}
    documented = {c for c in CATALOGUE if getattr(EXPECTED.get(case_id(c, {})), "verdict", "") == "inconclusive"}
    assert documented and inconclusive_defaults >= documented  # a documented inconclusive default is inconclusive
    documented = [r for r in data if r.get("expected") and r["matches_expected"]]
    assert p.buttons["documented"] == len(documented) and f"as documented {len(documented)} of " in line
    rows = {(row["cells"][0], row["cells"][1]): row for row in p.rows if row["verdict"] in S.STATUSES}
    assert all(row["cells"][6] in ("as documented", "—", "differs") for row in rows.values())


def test_every_summary_row_shows_the_key_row_that_decided_with_its_kind(report):
    """Each check row's key number names its row's kind and provenance, and is the row that decided the verdict: a
    verified row never shows a failing (diagnostic or threshold) row, a violated one shows its failing row
    (tests/test_report_look.py checks the choice row by row)."""
    path, results, _ = report
    p = parsed(path)
    checks = [row for row in p.rows if row["verdict"] in S.STATUSES]
    assert checks and all(re.search(r"\[(bound|limit|rate|diagnostic), (seed|paper|standard|reconstructed|threshold)\]",
                                    row["cells"][7]) for row in checks if row["cells"][7] != "—")
    assert not [row["cells"][0] for row in checks if row["verdict"] == "verified" and "✗" in row["cells"][7]]
    assert all("✗" in row["cells"][7] for row in checks if row["verdict"] == "violated")


def test_roles_and_expectations(report, injected):
    path, results, _ = report
    data = [r for r in json.loads((path.parent / "results.json").read_text()) if r["kind"] == "check"]
    assert isinstance(data, list) and len(data) == len(results)
    for r in data:
        assert all(k in r for k in CONTRACT_KEYS), r["claim"]
        assert r["verdict"] in ("verified", "observed", "violated", "outside-hypotheses", "inconclusive")
        assert not any(k.startswith("_") for k in r)
        assert r["role"] in S.ROLES and isinstance(r["matches_expected"], bool)
        if r["case"] in EXPECTED:
            e = EXPECTED[r["case"]]
            assert r["role"] in ("finding", "default"), r["case"]
            if r["role"] == "default":  # a claim whose default setting is itself a documented finding
                assert r["case"] == case_id(r["claim"], {}), r["case"]
            claim = CATALOGUE[r["claim"]]  # the rows by name; "holds" keeps the positional display form
            assert r["expected"] == {"verdict": e.verdict, "reason": e.reason, "holds": e.pattern(claim),
                                     "rows": e.rows(claim)}
        else:
            assert "expected" not in r
    assert {r["claim"] for r in data if r["role"] == "default"} == set(CATALOGUE)
    findings = [r for r in data if r["role"] == "finding"]
    assert findings and all(r["matches_expected"] for r in findings)
    assert [r["case"] for r in data if not r["matches_expected"]] == [injected[2]]  # the injected one


def test_conjecture_rows(report):
    path, _, sup = report
    p = parsed(path)
    rows = {r["cells"][0]: r for r in p.rows if r["verdict"] == S.CONJECTURE}
    skipped = {c for c, r in sup["_conjectures"].items() if r.get("status") == "not run"}
    assert skipped == set(quick_skip()) and set(rows) == set(SHIPPED) - skipped  # a row for each search that ran
    assert f'href="#{next(iter(skipped))}"' in path.read_text().split("<h2>Claims</h2>")[0]  # named as not run
    for cid, conj in SHIPPED.items():
        if cid in skipped:
            continue
        cells = rows[cid]["cells"]
        assert cells[2] == conj.source and cells[3] == "conjecture"  # source, provenance
        assert cells[5] == S.conjecture_status(sup["_conjectures"][cid], conj.expected)  # what the search found
    # each conjecture's own outcome in the quick report: papers/<paper>/tests/test_report_conjectures.py


def test_results_json_holds_the_conjectures_that_ran(report):
    """results.json: one object per conjecture search that ran, the `ibcheck conjecture --json` fields with
    "kind": "conjecture"; a skipped one is absent, and every check object says "kind": "check"."""
    path, results, sup = report
    data = json.loads((path.parent / "results.json").read_text())
    conj = {r["conjecture"]: r for r in data if r["kind"] == "conjecture"}
    assert {r["kind"] for r in data} == {"check", "conjecture"}
    assert set(conj) == {c for c, r in sup["_conjectures"].items() if r.get("status") != "not run"}
    for cid, r in conj.items():
        for k in ("status", "trials", "decided_trials", "undecided_trials", "skipped_trials", "min_decided",
                  "budget", "seed", "seconds", "counterexample", "first_failure", "replay"):
            assert k in r, (cid, k)
        assert r["status"] == sup["_conjectures"][cid]["status"] and r["trials"] == sup["_conjectures"][cid]["trials"]
        if r["status"] == "refuted":  # a refutation carries its counterexample and the command replaying it
            assert r["counterexample"]["params"] and r["replay"].startswith(f"ibcheck conjecture {cid} --replay ")
        else:
            assert r["replay"] is None or r["counterexample"]


def test_counts_are_of_what_ran(report):
    """With --claims the summary counts only the conjectures selected and run (none here)."""
    r = dict(next(x for x in report[1] if x["role"] == "default" and x["verdict"] == "verified"))
    line = S.summary_line([r], {})
    assert "conjecture" not in line and "verified 1" in line
    html_text = render([r], {"_conjectures": {}}, {})
    assert 'data-filter="conjecture"' not in html_text and 'data-role="conjecture"' not in html_text


def test_inline_svg_ids_are_unique():
    """Two matplotlib figures in one page: every id (and each reference to it) prefixed per figure."""
    import matplotlib.pyplot as plt

    from ibcheck.reports.plots import svg
    a, b = [], []
    for out in (a, b):
        fig, ax = plt.subplots()
        ax.plot([0, 1], [1, 0])
        out.append(svg(fig))
    ids = re.findall(r'\bid="([^"]+)"', a[0] + b[0])
    assert ids and len(ids) == len(set(ids))
    for text in (a[0], b[0]):  # every url(#…) and href="#…" points at an id of its own figure
        own = set(re.findall(r'\bid="([^"]+)"', text))
        assert set(re.findall(r'url\(#([^)]+)\)', text)) <= own
        assert set(re.findall(r'href="#([^"]+)"', text)) <= own


def test_report_has_no_duplicate_ids(report):
    path, _, _ = report
    ids = re.findall(r'\sid="([^"]+)"', path.read_text())
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, sorted(dup)[:10]


def test_false_relation_in_blocks_is_marked():
    from ibcheck.reports.blocks import measured_vs_bound
    assert measured_vs_bound({"lhs": 1.0, "rhs": 2.0, "relation": ">=", "holds": False}).endswith("✗</span>")
    assert "✗" not in measured_vs_bound({"lhs": 3.0, "rhs": 2.0, "relation": ">=", "holds": True})
    assert "✗" not in measured_vs_bound({"lhs": None, "rhs": 2.0, "relation": ">=", "holds": None})


def test_a_false_relation_is_marked(report):
    """A finding row's key number whose relation is false carries ✗ (the summary, the findings table, the blocks)."""
    path, results, _ = report
    text = path.read_text()
    findings = text[text.index('<h2 id="findings">'):text.index("<h2>Claims</h2>")]
    found = next(r for r in results if r["role"] == "finding" and r["verdict"] == "violated")
    row = findings[findings.index(f'href="#{found["claim"]}"'):]
    row = row[:row.index("</tr>")]
    assert EXPECTED[found["case"]].fails[0] in row and "✗" in row
    r = next(x for x in results if x["verdict"] == "verified" and x.get("conclusions"))
    from ibcheck.reports.blocks import key_number
    assert "✗" not in key_number(r)


def test_notation_relations_booleans_and_details(report):
    path, results, _ = report
    text = path.read_text()
    p = parsed(path)
    maths = " ".join(p.math_text)
    for internal in ("label_spread", "lam_l2", "orth_dev", "init_min", "eta_lmax", "trace_sigma", "srank_"):
        assert internal not in maths, internal  # symbols in their own LaTeX, not internal names
    assert "δ" in maths and "λ" in maths
    assert "&lt;=" not in text and "&gt;=" not in text and "1 == 1" not in text and " ≤ " in text
    groups: dict = {}  # a measurement shared by claims (one flow) is charged once: the others say "shared"
    for r in results:
        if r["claim"] in REGISTRY and REGISTRY[r["claim"]].shared:
            groups.setdefault((REGISTRY[r["claim"]].shared, repr(sorted(r["params"].items()))), set()).add(r["claim"])
    assert text.count(">shared</span>") >= max((len(g) - 1 for g in groups.values()), default=0) >= 1


def test_injected_failure_shows_as_violated_with_numbers(report, injected):
    path, _, _ = report
    html_text = path.read_text()
    row = html_text[html_text.index('<tr data-verdict="violated" data-role="setting" data-unexpected="1"><td>'
                                    f'<a href="#{injected[0]["claim"]}">'):]
    row = row[:row.index("</tr>")]
    assert injected[1] in row and re.search(r"\d", row) and "unexpected" in row


def test_setting_notes_are_shown(report):
    """A setting a check annotates (``CheckSpec.notes``, found by discovery) shows its note."""
    from ibcheck.reports.run import setting_of
    _, results, _ = report
    cid, setting, note = next((c, setting_of(f"{c}[{k}]")[1], n) for c, spec in REGISTRY.items()
                              for k, n in spec.notes.items() if any(x["claim"] == c for x in results)
                              and case_id(c, setting_of(f"{c}[{k}]")[1]) not in EXPECTED)  # a setting, not a finding
    r = dict(next(x for x in results if x["claim"] == cid))
    S.annotate(r, cid, setting)
    assert r["role"] == "setting" and note in S.note(r)
    assert html.escape(note, quote=False) in render([r], {}, {}) or note in render([r], {}, {})


def test_pytest_fails_where_the_report_exits_zero(injected):
    """The same violated result: `ibcheck report` only records it; the catalogue test fails on it."""
    import ibcheck.checks.test_catalogue as tc
    with pytest.raises(AssertionError, match="violated"):
        tc.assert_expected(injected[2], dict(injected[0]))


# a cut-down run through the CLI (the full quick profile is exercised by the fixture above), on cases found by
# discovery: the catalogue's first claim whose default is expected verified, and the first documented violated finding
FINDING = next(k for k, e in EXPECTED.items() if e.verdict == "violated" and "[" in k)
VERIFIED = next(c for c in CATALOGUE if case_id(c, {}) not in EXPECTED and not CATALOGUE[c].exploratory)


def _cut_down(tmp_path, extra: str, *flags):
    return subprocess.run(
        [sys.executable, "-c", "import sys; from ibcheck.cli import main; import ibcheck.reports.run as R; "
         f"R.settings = lambda profile, claims=None: [({VERIFIED!r}, {{}}, 'default'), (*R.setting_of({FINDING!r}), "
         f"'finding')]; {extra}; R.SUPPLEMENTS = {{}}; R.run_conjectures = lambda *a, **k: {{}}; "
         f"sys.exit(main(['report', '--out', r'{tmp_path}', *{list(flags)!r}]))"], capture_output=True, text=True)


def test_report_command_exits_zero_and_prints_the_button_counts(tmp_path):
    p = _cut_down(tmp_path, "pass", "--fail-on-unexpected")
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "index.html").is_file()
    assert "verified 1, observed 0, violated 1, outside-hypotheses 0, inconclusive 0; as documented 1 of 1 " \
        "documented" in p.stdout
    assert "0 unexpected" in p.stdout


def test_fail_on_unexpected(tmp_path, monkeypatch, capsys):
    """An undocumented violation (the finding with its documentation removed): recorded with exit 0, exit 1 with
    --fail-on-unexpected (for CI). The same cut-down run as above, through ``main`` in this process (the process's
    own exit status is the test above's)."""
    import ibcheck.reports.run as R
    from ibcheck.cli import main
    monkeypatch.setattr(R, "settings", lambda profile, claims=None: [(VERIFIED, {}, "default"),
                                                                     (*R.setting_of(FINDING), "finding")])
    monkeypatch.setattr(R, "SUPPLEMENTS", {})
    monkeypatch.setattr(R, "run_conjectures", lambda *a, **k: {})
    # the finding's documentation removed, and the table restored in its order afterwards (monkeypatch.delitem
    # re-inserts the key at the end: the generated docs list EXPECTED in its order, so a later test in the same
    # process — tests/test_docs.py — read them as stale)
    saved = dict(EXPECTED)
    del EXPECTED[FINDING]
    try:
        assert main(["report", "--out", str(tmp_path / "a"), "--backend", "serial"]) == 0
        capsys.readouterr()
        assert main(["report", "--out", str(tmp_path / "b"), "--backend", "serial", "--fail-on-unexpected"]) == 1
        out = capsys.readouterr().out
    finally:
        EXPECTED.clear()
        EXPECTED.update(saved)
    assert f"1 unexpected ({FINDING})" in out, out


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--disable-quic"]

# Measures in the page itself after layout: the page's and each statement's overflow, and the summary rows by status.
_PROBE = """<script>addEventListener('load',function(){var o=document.createElement('pre');o.id='probe';
var w=document.documentElement.clientWidth,bad=0;document.querySelectorAll('.stmt').forEach(function(s){
if(s.scrollWidth>s.clientWidth+1)bad++;});o.textContent=JSON.stringify({page:document.documentElement.scrollWidth,
width:w,stmt_overflow:bad});document.body.appendChild(o);});</script>"""


# At phone width (390 px): the page does not scroll sideways, no badge overlaps text (each badge's box against every
# text box of its row or heading), every table cell is shown (no column dropped) and reachable — on screen, or inside a
# box that scrolls sideways, never clipped — the summary's verdict badges on screen, no duplicate ids, and claim IDs
# wrapped only after a dot (a line of an ID cell ending without its dot).
_PHONE = """<script>addEventListener('load',function(){
var W=document.documentElement.clientWidth,o={width:W,page:document.documentElement.scrollWidth,overlaps:[],hidden:[],
unreachable:[],badges:0,cells:0,badge_right:0,dup_ids:0,id_breaks_mid_word:0};
function hit(a,b){return a.left<b.right-0.5&&b.left<a.right-0.5&&a.top<b.bottom-0.5&&b.top<a.bottom-0.5;}
function texts(root,skip){var rs=[],w=document.createTreeWalker(root,NodeFilter.SHOW_TEXT),n;while((n=w.nextNode())){
if(!n.textContent.trim()||skip.contains(n))continue;var r=document.createRange();r.selectNodeContents(n);
var c=r.getClientRects();for(var i=0;i<c.length;i++)if(c[i].width>0)rs.push([c[i],n.textContent.trim().slice(0,30)]);}return rs;}
document.querySelectorAll('.badge').forEach(function(b){var br=b.getBoundingClientRect();if(!br.width)return;o.badges++;
if(b.closest('#summary'))o.badge_right=Math.max(o.badge_right,Math.round(br.right));
texts(b.closest('tr')||b.closest('h4')||b.closest('p')||b.parentNode,b).forEach(function(t){
if(hit(br,t[0]))o.overlaps.push([b.textContent,t[1]]);});});
function clipped(el,r){for(var a=el.parentElement;a&&a!==document.body;a=a.parentElement){var s=getComputedStyle(a);
if(s.overflowX==='auto'||s.overflowX==='scroll')return false;if(s.overflowX==='hidden'||s.overflowX==='clip'){
var ar=a.getBoundingClientRect();if(r.right>ar.right+1||r.left<ar.left-1)return true;}}return r.right>W+1||r.left<-1;}
document.querySelectorAll('table').forEach(function(t){if(!t.getBoundingClientRect().width)return;
t.querySelectorAll('td,th').forEach(function(c){if(t.id==='summary'&&c.tagName==='TH')return;
if(!c.textContent.trim())return;var d=c.closest('details');if(d&&!d.open)return;o.cells++;var r=c.getBoundingClientRect();
if(getComputedStyle(c).display==='none'||!r.width){o.hidden.push(c.textContent.trim().slice(0,30));return;}
if(clipped(c,r))o.unreachable.push(c.textContent.trim().slice(0,30));});});
var ids={};document.querySelectorAll('[id]').forEach(function(e){if(ids[e.id])o.dup_ids++;ids[e.id]=1;});
document.querySelectorAll('#summary tbody td:first-child a').forEach(function(a){var r=document.createRange();
var n=a.childNodes;for(var i=0;i<n.length;i++){if(n[i].nodeType!==3)continue;r.selectNodeContents(n[i]);
if(r.getClientRects().length>1)o.id_breaks_mid_word++;}});
var p=document.createElement('pre');p.id='phone';p.textContent=JSON.stringify(o);document.body.appendChild(p);
parent.postMessage(p.textContent,'*');});</script>"""
_FRAME = """<!DOCTYPE html><html><body><iframe src="phone.html" width="390" height="900" style="border:0"></iframe>
<script>addEventListener('message',function(e){var o=document.createElement('pre');o.id='phone';o.textContent=e.data;
document.body.appendChild(o);});</script></body></html>"""


@pytest.mark.skipif(BROWSER is None and not os.environ.get("CI"),
                    reason="no Chromium installed (apt-get install chromium); CI installs it and requires this test")
def test_renders_headless_in_chromium(report, tmp_path):
    assert BROWSER, "CI must install Chromium (.ci/run)"
    path, results, _ = report
    shot = tmp_path / "report.png"
    subprocess.run([BROWSER, *_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,2000",
                    f"--screenshot={shot}", path.as_uri()], capture_output=True, timeout=120)
    assert shot.is_file() and shot.stat().st_size > 20000  # a laid-out page, not a blank one
    dom = subprocess.run([BROWSER, *_FLAGS, f"--user-data-dir={tmp_path / 'profile2'}", "--dump-dom", path.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    p = Structure()
    p.feed(dom)  # the DOM Chromium built: its summary counts against its rows
    assert p.rows and p.buttons
    for k, n in p.buttons.items():
        if k not in ("unexpected", "all", "documented"):
            assert n == sum(r["verdict"] == k for r in p.rows), k
    assert sorted(p.claims) == sorted(list(CATALOGUE) + list(PLANNED) + list(SHIPPED))
    narrow = tmp_path / "narrow.html"  # a phone-width window: statements wrap, the page never scrolls sideways
    narrow.write_text(path.read_text().replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    dom = subprocess.run([BROWSER, *_FLAGS, f"--user-data-dir={tmp_path / 'profile3'}", "--window-size=420,900",
                          "--virtual-time-budget=5000", "--dump-dom", narrow.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    probe = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom).group(1).replace("&quot;", '"'))
    assert probe["stmt_overflow"] == 0 and probe["page"] <= probe["width"], probe
    phone = path.parent / "phone.html"  # 390 px: every column reachable, no badge over text, no sideways page
    phone.write_text(path.read_text().replace("</body>", _PHONE + "</body>"), encoding="utf-8")
    frame = path.parent / "frame.html"  # a 390 px viewport: an iframe (headless windows are at least ~500 px wide)
    frame.write_text(_FRAME, encoding="utf-8")
    dom = subprocess.run([BROWSER, *_FLAGS, f"--user-data-dir={tmp_path / 'profile4'}", "--window-size=800,1000",
                          "--virtual-time-budget=8000", "--dump-dom", frame.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    probe = json.loads(re.search(r'<pre id="phone">(.*?)</pre>', dom).group(1).replace("&quot;", '"'))
    assert probe["width"] <= 400 and probe["dup_ids"] == 0 and probe["page"] <= probe["width"], probe
    assert probe["badges"] >= len(results) and probe["cells"] > 20 * len(results), probe
    assert probe["overlaps"] == [] and probe["hidden"] == [] and probe["unreachable"] == [], probe
    assert 0 < probe["badge_right"] <= probe["width"] and probe["id_breaks_mid_word"] == 0, probe
    shutil.copy(shot, path.parent / "screenshot.png")
