"""The kkt section of docs/api.md runs as written from the repository root: every bash command (the examples in
examples/kkt/ and the ``ibcheck kkt`` calls on what they save) and every Python block, in order — once per session
(``tests/kkt_api_section.py``, shared with tests/test_docs_run.py) — and prints what its prose promises."""
import re

import pytest

from tests.kkt_api_section import blocks

pytestmark = pytest.mark.xdist_group("docs-run")  # the worker that runs the section for tests/test_docs_run.py


def test_kkt_section_of_api_md_runs_as_written(kkt_api_section):
    kinds = [k for k, _ in blocks()]
    assert kinds.count("bash") >= 3 and "python" in kinds
    results = kkt_api_section["_order"]
    statuses = []
    for r in results:
        assert "Traceback" not in r["err"], (r["cmd"], r["err"][-2000:])
        if " ibcheck kkt " in f" {r['cmd']}":  # each documents its exit status: `# verified, exit 0`, `# exit 2`
            m = re.search(r"#.*\bexit (\d)\b", r["cmd"])
            assert m, f"{r['cmd']!r}: say its exit status in a comment"
            assert r["rc"] == int(m.group(1)), (r["cmd"], r["rc"], r["out"][-1000:], r["err"][-1000:])
            statuses.append(r["rc"])
        else:
            assert r["rc"] == 0, (r["cmd"], r["out"][-2000:], r["err"][-2000:])
    assert {0, 1, 2} <= set(statuses)
    out = "".join(r["out"] + r["err"] for r in results)
    # the trained MLP is an approximate KKT point at the default tolerances; its early checkpoint is not
    assert "verdict: verified (ε = 0.001, δ = 0.01)" in out and "verdict: violated (ε = 0.001, δ = 0.01)" in out
    assert "the scaling of parameter fc2.bias breaks it" in out
    assert "the scaling of parameters fc3.bias, fc2.bias breaks it: scaled as c^3, c^2" in out  # every bias named
    # the CNN with a first-layer bias: its blank-background max-pool ties are not kinks, the residuals certified
    assert "C=3 classes, P=152" in out and "degree 3 (measured 3" in out
    assert "at 9 of 9 examples (not kinks); certified: True" in out
    assert "9 example(s) with tied max-pool / maximum entries that are the same function of θ" in out
    assert "trained in float32" in out and "(×2)" in out and "certified: False" in out
    # a surrogate gradient (custom backward) is never certified
    assert "custom autograd.Function(s) ModifiedReluFunc" in out and "verdict inconclusive" in out
    # a state_dict with its class and labels 0/1; raw data: the warning comes first, before any KKT number
    assert "labels 0/1 read as ±1 (y ↦ 2y − 1" in out and "P=384 trainable parameters" in out
    assert "ibcheck kkt: WARNING (data): 20 of 40 examples are misclassified" in out
    raw = out[out.index("WARNING (data): 20 of 40"):]
    assert raw.index("WARNING (data)") < raw.index("stationarity") and "see the data warning first" in raw
