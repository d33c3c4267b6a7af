"""The generated docs are current, the docs cite files in the repository, the seed quotes are readable."""
import re
from pathlib import Path

import pytest

from ibcheck.reports.docs import (builtin_claims, builtin_expected, catalogue_markdown, covering, expected_fingerprint,
                                  findings_markdown, listed_papers)
from ibcheck.theory.papers import discover

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _listed() -> set[str]:
    return listed_papers((DOCS / "catalogue.md").read_text(encoding="utf-8"))


def test_catalogue_md_is_what_the_code_generates():
    """The committed file is the code's text for the papers it lists (a paper folder added since is the next test's)."""
    committed = (DOCS / "catalogue.md").read_text(encoding="utf-8")
    with covering(_listed()):
        assert committed == catalogue_markdown(), "docs/catalogue.md is stale: run `ibcheck docs --catalogue-only`"


@pytest.mark.parametrize("paper", [p.name for p in discover() if p.builtin])
def test_every_paper_is_in_the_generated_docs(paper):
    if paper not in _listed():
        pytest.skip(f"{paper} is not in docs/catalogue.md and docs/findings.md yet: run `ibcheck docs` (and "
                    "`ibcheck docs --discrimination`, `python -m tests.pinned.listing > docs/pinned.md`)")


def test_findings_md_matches_the_expected_table():
    """findings.md needs a run to regenerate; its staleness is judged against EXPECTED (the table it documents)."""
    with covering(_listed()):
        _findings_current()


def _findings_current():
    text = (DOCS / "findings.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- expected-sha256: ([0-9a-f]{64}) -->", text)
    assert m and m.group(1) == expected_fingerprint(), "docs/findings.md is stale: run `ibcheck docs`"
    for key, e in builtin_expected().items():
        assert f"`{key.split('[', 1)[1].rstrip(']')}`" in text and e.reason in text, key
    assert "**differs**" not in text  # every measured case behaved as documented when it was generated
    skeleton = findings_markdown({})  # the generator lists every documented case even without a run
    assert all(key.split("[", 1)[1].rstrip("]") in skeleton for key in builtin_expected())


def test_docs_cite_files_that_exist():
    for md in [ROOT / "README.md", *DOCS.glob("*.md")]:
        if md.name in ("claims.md", "claims-ext.md"):  # verbatim specification documents
            continue
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", md.read_text(encoding="utf-8")):
            assert (md.parent / target).exists(), f"{md.name} links to a missing {target}"


def test_no_text_cites_a_file_outside_the_repository():
    texts = []
    for c in builtin_claims().values():
        texts += [c.summary, *c.references] + [s.meaning for s in c.symbols]
        texts += [f"{x.reason} {x.note}" for x in c.hypotheses + c.conclusions]
    texts += [e.reason for e in builtin_expected().values()]
    assert not [t for t in texts if "CLAIMS.md" in t or "CLAIMS-EXT" in t or "shared/" in t]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "CLAIMS.md" not in readme
    for name in ("claims.md", "claims-ext.md"):
        assert (DOCS / name).read_text(encoding="utf-8").startswith("> **Where this comes from.**")


def test_dutch_seed_quotes_are_translated():
    dutch = [c for c in builtin_claims().values() if re.search(r"\b(het|de|een|voorbeelden|patronen)\b", c.summary)]
    assert dutch, "the summaries of the Dutch-seeded paper quote the Dutch seed"
    for c in dutch:
        assert "Dutch" in c.summary and re.search(r"'\s*\[[^\]]{15,}\]", c.summary), c.id
