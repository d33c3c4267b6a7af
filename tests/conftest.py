"""tests/: the sanity test's declared exemptions (grouped), rate links and implications, printed after the run;
the session fixture that runs docs/api.md's kkt section once for the two tests reading it."""
from tests.kkt_api_section import kkt_api_section  # noqa: F401  (tests/test_docs_run.py, tests/test_kkt_docs.py)


def pytest_terminal_summary(terminalreporter):
    exempt: dict = {}
    lines = []
    for key in ("passed", "failed"):
        for rep in terminalreporter.stats.get(key, []):
            for name, value in getattr(rep, "user_properties", ()):
                if name == "sanity_exempt":
                    cond, unit, why, cid = value
                    exempt.setdefault((cond, unit, why), []).append(cid)
                elif name == "sanity":
                    lines.append(value)
    if not (exempt or lines):
        return
    terminalreporter.section("symbolic sanity: declared exemptions, rate links, implications (docs/sanity.md)")
    for (cond, unit, why), cids in exempt.items():
        terminalreporter.write_line(f"exempt {cond!r} under {unit} in {', '.join(sorted(cids))}: {why}")
    for line in lines:
        terminalreporter.write_line(line)
