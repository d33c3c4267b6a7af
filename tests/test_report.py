"""The HTML report: structure, self-containment, contract JSON, an injected failure, headless rendering."""
import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.reports.html import environment, write_report
from ibcheck.reports.run import run_catalogue
from ibcheck.checks.conjectures import SHIPPED
from ibcheck.theory.catalogue import CATALOGUE, PLANNED

CONTRACT_KEYS = ["claim", "source", "provenance", "statement_latex", "params", "data", "hypotheses", "quantities",
                 "conclusions", "verdict", "reason", "env"]


class Structure(HTMLParser):
    def __init__(self):
        super().__init__()
        self.claims, self.badges, self.links, self.rows, self.svgs, self.maths = [], [], [], [], 0, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and "data-claim" in a:
            self.claims.append(a["data-claim"])
        if tag == "span" and "badge" in a.get("class", ""):
            self.badges.append(a["class"].split()[-1])
        for k in ("src", "href"):
            if k in a:
                self.links.append(a[k])
        if tag == "tr" and "data-verdict" in a:
            self.rows.append(a["data-verdict"])
        self.svgs += tag == "svg"
        self.maths += tag == "math"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    results, sup = run_catalogue("quick", progress=False)
    # an injected failure: the m=1 gap with a wrong upper constant
    bad = run_check("lai2026.linear", {}, hooks=Hooks(limit=lambda K, y, tr, a: a * 1.01), keep_series=True)
    bad["_role"] = "injected"
    results.append(bad)
    path = write_report(results, sup, out, environment("quick", "cpu", 1.0, results))
    return path, results


def test_every_claim_once_and_self_contained(report):
    path, results = report
    p = Structure()
    p.feed(path.read_text())
    listed = list(CATALOGUE) + list(PLANNED) + list(SHIPPED)  # every ID of `ibcheck list`, once
    assert sorted(p.claims) == sorted(listed)
    assert len(p.rows) == len(listed)
    assert set(p.badges) <= {"verified", "violated", "outside-hypotheses", "inconclusive", "planned"}
    assert "conj.relu-boundary" in path.read_text() and "refuted" in path.read_text()
    assert {r["verdict"] for r in results} <= set(p.badges)
    external = [u for u in p.links if u.startswith(("http:", "https:", "//", "ftp:"))]
    assert not external, external
    assert all(u.startswith("#") for u in p.links)
    assert p.svgs >= 8 and p.maths >= len(CATALOGUE)


def test_results_json_follows_the_contract(report):
    path, results = report
    data = json.loads((path.parent / "results.json").read_text())
    assert isinstance(data, list) and len(data) == len(results)
    for r in data:
        assert all(k in r for k in CONTRACT_KEYS), r["claim"]
        assert r["verdict"] in ("verified", "violated", "outside-hypotheses", "inconclusive")
        assert not any(k.startswith("_") for k in r)
    assert {r["claim"] for r in data} == set(CATALOGUE)


def test_injected_failure_shows_as_violated_with_numbers(report):
    path, _ = report
    html_text = path.read_text()
    row = html_text[html_text.index('<tr data-verdict="violated"><td><a href="#lai2026.linear">'):]
    row = row[:row.index("</tr>")]
    assert "limit = Xᵀ K⁻¹ y" in row and ("&lt;=" in row or "<=" in row)


def test_pytest_fails_where_the_report_exits_zero(monkeypatch):
    """The same violated result: `ibcheck report` only records it; the catalogue test fails on it."""
    import ibcheck.checks.test_catalogue as tc
    bad = run_check("lai2026.linear", {}, hooks=Hooks(limit=lambda K, y, tr, a: a * 1.01))
    with pytest.raises(AssertionError, match="violated"):
        tc.assert_expected("lai2026.linear[seed=0]", bad)


def test_report_command_exits_zero(tmp_path):
    # a cut-down run through the CLI: the full quick profile is exercised by the fixture above
    p = subprocess.run([sys.executable, "-c", "import sys; from ibcheck.cli import main; "
                        "import ibcheck.reports.run as R; R.settings = lambda profile: [('lai2026.linear', {}, 'default'), "
                        "('lai2026.m1.gap', {'eta_scale': 0.5}, 'finding')]; R.SUPPLEMENTS = {}; "
                        "R.run_conjectures = lambda *a: {}; "
                        f"sys.exit(main(['report', '--out', r'{tmp_path}']))"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "index.html").is_file() and "violated 1" in p.stdout


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(BROWSER is None, reason="no Chromium installed (apt-get install chromium)")
def test_renders_headless_in_chromium(report, tmp_path):
    path, _ = report
    shot = tmp_path / "report.png"
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,2000",
                    f"--screenshot={shot}", path.as_uri()], capture_output=True, timeout=120)
    assert shot.is_file() and shot.stat().st_size > 20000  # a laid-out page, not a blank one
    dom = subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--disable-background-networking", f"--user-data-dir={tmp_path / 'profile2'}",
                          "--dump-dom", path.as_uri()], capture_output=True, text=True, timeout=120).stdout
    assert 'id="summary"' in dom and "lai2026.m1.gap" in dom
    shutil.copy(shot, path.parent / "screenshot.png")
