"""How the report reads, on the committed quick-profile results (.ci/baseline/quick.json, rendered in seconds): a
colour for every verdict with readable contrast (WCAG ≥ 4.5, measured on the badges Chromium renders); the key-row
column shows the row that decided each verdict, and tells claims apart; documented findings are styled as findings,
apart from violations; ``limit`` and ``rate`` rows read ``→`` and ``O(·)``, never ``=``; no badge overflows its cell
and the page never scrolls sideways, at 390 and 1280 px (screenshots kept next to the page for a human look)."""
from __future__ import annotations

import html as H
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ibcheck.reports import status as S
from ibcheck.reports.blocks import badge, common_rows, decides, key_row
from ibcheck.reports.html import CSS, render

ROOT = Path(__file__).resolve().parents[1]
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-quic"]
needs_browser = pytest.mark.skipif(BROWSER is None and not os.environ.get("CI"),
                                   reason="no Chromium installed (apt-get install chromium); CI installs it")
BADGES = [*S.STATUSES, S.PLANNED, S.CONJECTURE]


def baseline() -> list[dict]:
    """The committed quick-profile results, each with its setting back (from its case id) and re-annotated."""
    from ibcheck.checks.cases import cases
    settings = {case: dict(s) for _, s, case in cases("quick")}
    out = []
    for r in json.loads((ROOT / ".ci" / "baseline" / "quick.json").read_text()):
        r = {k: v for k, v in r.items() if k not in ("role", "expected", "matches_expected")}
        r.setdefault("env", {})
        r["_setting"] = settings.get(r.get("case"), {})
        out.append(S.ensure(r))
    return out


@pytest.fixture(scope="module")
def results():
    return baseline()


@pytest.fixture(scope="module")
def page(results, tmp_path_factory):
    path = tmp_path_factory.mktemp("look") / "index.html"
    path.write_text(render(results, {}, {"profile": "quick", "date": "baseline"}), encoding="utf-8")
    return path


def _dom(url: str, tmp: Path, *extra) -> str:
    return subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={tmp}", "--virtual-time-budget=8000", *extra,
                           "--dump-dom", url], capture_output=True, text=True, timeout=180).stdout


def _probe(dom: str, pre_id: str) -> dict:
    m = re.search(rf'<pre id="{pre_id}">(.*?)</pre>', dom, re.S)
    assert m, dom[-2000:]
    return json.loads(H.unescape(m.group(1)))


# WCAG 2.x contrast of the text colour on the badge's own background, computed from Chromium's computed styles
_CONTRAST = """<script>addEventListener('load',function(){function lum(c){var m=c.match(/[\\d.]+/g).map(Number);
return m.slice(0,3).map(function(x){x/=255;return x<=0.03928?x/12.92:Math.pow((x+0.055)/1.055,2.4);})
.reduce(function(a,x,i){return a+[0.2126,0.7152,0.0722][i]*x;},0);}
var o=[];document.querySelectorAll('.badge').forEach(function(b){var s=getComputedStyle(b),
bg=s.backgroundColor,fg=s.color,a=lum(bg),c=lum(fg),hi=Math.max(a,c),lo=Math.min(a,c);
o.push({cls:b.className,bg:bg,fg:fg,alpha:(bg.match(/[\\d.]+/g)||[]).length>3?Number(bg.match(/[\\d.]+/g)[3]):1,
ratio:(hi+0.05)/(lo+0.05),page:(lum('rgb(255,255,255)')+0.05)/(a+0.05)});});
var p=document.createElement('pre');p.id='contrast';p.textContent=JSON.stringify(o);document.body.appendChild(p);});
</script>"""


@needs_browser
def test_every_verdict_has_its_own_colour_with_readable_contrast(tmp_path):
    assert BROWSER, "CI must install Chromium (.ci/run)"
    badges = "".join(badge(s) + " " + (badge(s, documented=True) if s in S.STATUSES[1:] else "") for s in BADGES)
    page = tmp_path / "badges.html"
    page.write_text(f"<!DOCTYPE html><html><head><style>{CSS}</style></head><body><p>{badges}</p>{_CONTRAST}"
                    "</body></html>", encoding="utf-8")
    got = _probe(_dom(page.as_uri(), tmp_path / "profile"), "contrast")
    assert len(got) == len(BADGES) + len(S.STATUSES) - 1
    for b in got:
        assert b["alpha"] == 1 and b["bg"] != "rgba(0, 0, 0, 0)", b  # a colour of its own, not the page's white
        assert b["ratio"] >= 4.5, b  # WCAG AA for its 12 px text
        assert b["page"] >= 3, b  # the badge stands out from the white page (WCAG 1.4.11, non-text contrast)
    plain = {b["cls"].split()[-1]: b["bg"] for b in got if "finding" not in b["cls"].split()[:-1]}
    assert set(plain) == set(BADGES) and len(set(plain.values())) == len(BADGES), plain  # every verdict its own
    findings = {b["bg"] for b in got if b["cls"].split()[1] == "finding"}
    assert len(findings) == 1 and not findings & {plain["violated"], plain["outside-hypotheses"]}


def test_the_key_row_is_the_row_that_decided(results):
    common = common_rows(results)
    seen = 0
    for r in results:
        c = key_row(r, common)
        v = r["verdict"]
        if v == "verified":
            assert c in r["conclusions"] and c["holds"] is not False and decides(c), (r["case"], c)
        elif v == "outside-hypotheses":
            assert c in r["hypotheses"] and c["holds"] is False and c["kind"] != "diagnostic", (r["case"], c)
        elif v in ("violated", "observed"):
            assert c in r["conclusions"] and c["holds"] is False and decides(c), (r["case"], c)
        elif v == "inconclusive":
            assert c["holds"] is None or (c["holds"] is False and c["provenance"] == "threshold"), (r["case"], c)
        seen += 1
    assert seen == len(results) > 100


def test_the_key_rows_tell_a_papers_claims_apart(results):
    """No two claims of a paper show the same key row at their verified defaults where each has a row of its own —
    above all in a paper whose claims share a precondition row (a shared row is not what any of them is about)."""
    by_paper: dict[str, dict[str, str]] = {}
    sharing: dict[str, int] = {}
    common = common_rows(results)
    for r in results:
        if r["role"] == "default" and r["verdict"] == "verified":
            own = [c for c in r["conclusions"] if decides(c) and c["name"] not in common]
            paper = r["claim"].split(".")[0]
            sharing[paper] = sharing.get(paper, 0) + any(c["name"] in common for c in r["conclusions"])
            if own:
                by_paper.setdefault(paper, {})[r["claim"]] = key_row(r, common)["name"]
    for paper, rows in by_paper.items():
        assert len(set(rows.values())) == len(rows), (paper, rows)
        assert not set(rows.values()) & common, (paper, rows)
    assert max(sharing.values()) >= 5  # the case that matters is in the data: one paper, five claims, one shared row


def test_a_failing_diagnostic_never_stands_for_a_verified_verdict():
    r = {"claim": "x.y", "verdict": "verified", "hypotheses": [], "conclusions": [
        {"name": "q(T) ≤ 1e-3 at the end", "kind": "diagnostic", "provenance": "threshold", "holds": False},
        {"name": "q → 0", "kind": "limit", "provenance": "paper", "holds": True, "relation": "→"}]}
    assert key_row(r)["name"] == "q → 0"


def test_documented_findings_are_styled_as_findings_apart_from_violations(results, page):
    text = page.read_text()
    rows = re.findall(r'<tr data-verdict="([^"]+)"[^>]*?( data-documented="1")?>(.*?)</tr>', text, re.S)
    documented = [(v, body) for v, d, body in rows if d and v != "verified"]
    assert documented and any(v == "violated" for v, _ in documented)
    for v, body in documented:
        assert f'class="badge finding {v}"' in body, body[:500]
    injected = dict(next(r for r in results if r["verdict"] == "verified" and r["role"] == "default"))
    injected.update(verdict="violated", conclusions=[dict(c, holds=False) for c in injected["conclusions"]])
    out = render([injected], {}, {})
    assert 'class="badge violated"' in out and "badge finding" not in out.split('id="summary"')[1].split("</table>")[0]


def test_limit_and_rate_rows_read_as_limits_and_rates():
    from ibcheck.reports.mathml import condition_mathml
    from ibcheck.theory.catalogue import CATALOGUE
    n = 0
    for claim in CATALOGUE.values():
        for c in claim.conclusions:
            if c.kind in ("limit", "rate"):
                tex, mml = claim.condition_latex(c), condition_mathml(claim, c)
                if c.kind == "limit":
                    assert r"\to" in tex and "&#x02192;" in mml and "&#x0003D;" not in mml, (claim.id, tex)
                else:
                    assert re.search(r"= (O|\\Theta)\\left\(", tex) and "&#x02192;" not in mml, (claim.id, tex)
                n += 1
    assert n > 30


_LAYOUT = """<script>addEventListener('load',function(){var W=document.documentElement.clientWidth,o={width:W,
page:document.documentElement.scrollWidth,badges:0,overflowing:[]};
document.querySelectorAll('.badge').forEach(function(b){var r=b.getBoundingClientRect();if(!r.width)return;o.badges++;
var cell=b.closest('td,th,h3,h4,p');if(!cell)return;var c=cell.getBoundingClientRect();
if(b.scrollWidth>b.clientWidth+1||r.right>c.right+1||r.left<c.left-1)o.overflowing.push(b.textContent+' in '+
cell.textContent.trim().slice(0,40));});
var p=document.createElement('pre');p.id='layout';p.textContent=JSON.stringify(o);document.body.appendChild(p);
if(parent!==window)parent.postMessage(p.textContent,'*');});</script>"""
_FRAME = """<!DOCTYPE html><html><body style="margin:0"><iframe src="phone.html" width="390" height="2400"
style="border:0"></iframe><script>addEventListener('message',function(e){var o=document.createElement('pre');
o.id='layout';o.textContent=e.data;document.body.appendChild(o);});</script></body></html>"""


@needs_browser
def test_no_badge_overflows_at_390_and_1280_px_screenshots_kept(page, tmp_path):
    assert BROWSER, "CI must install Chromium (.ci/run)"
    wide, phone = page.parent / "wide.html", page.parent / "phone.html"
    for p in (wide, phone):
        p.write_text(page.read_text().replace("</body>", _LAYOUT + "</body>"), encoding="utf-8")
    (page.parent / "frame.html").write_text(_FRAME, encoding="utf-8")
    got = {1280: _probe(_dom(wide.as_uri(), tmp_path / "p1", "--window-size=1280,2400"), "layout"),
           390: _probe(_dom((page.parent / "frame.html").as_uri(), tmp_path / "p2", "--window-size=800,2400"),
                       "layout")}
    for width, o in got.items():
        assert abs(o["width"] - width) <= 20 and o["page"] <= o["width"], (width, o)
        assert o["badges"] > 100 and o["overflowing"] == [], (width, o["overflowing"][:10])
    shots = Path(os.environ.get("IBCHECK_SCREENSHOTS", page.parent))
    shots.mkdir(parents=True, exist_ok=True)
    for name, url, size in (("report-1280.png", page.as_uri(), "1280,2400"),
                            ("report-390.png", (page.parent / "frame.html").as_uri(), "800,2400")):
        subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={tmp_path / name}", f"--window-size={size}",
                        "--hide-scrollbars", f"--screenshot={shots / name}", url], capture_output=True, timeout=180)
        assert (shots / name).stat().st_size > 20000, name  # a laid-out page, not a blank one
