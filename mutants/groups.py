"""The module groups of the standard mutation tool (``mutants/run.py``): the code that decides verdicts, each with
the fast tests that cover it (the test-selection map).

A group's ``paths`` are mutated by the tool one mutant at a time; each mutant runs the group's ``tests``
(``pytest -x``, one process, no xdist): a mutant is killed when they fail. The tests are the value-level tests of
that module — they compare computed numbers and verdicts, never a generated document's text — chosen so that one
mutant costs seconds, not minutes (the run records its time per group in ``mutants/results/<group>.json``).
"""
from __future__ import annotations

GROUPS: dict[str, dict] = {
    "persistence": dict(
        paths=["checks/persistence.py"],
        tests=["tests/test_persistence.py"],
        what="whether a failure under a chosen-threshold hypothesis persists deeper inside it"),
    "svm": dict(
        paths=["theory/svm.py"],
        tests=["tests/test_svm_nnls.py", "tests/test_maxmargin_references.py"],
        what="the certified hard-margin SVM reference (NNLS, interior point, polish, re-verification)"),
    "norm_margin": dict(
        paths=["theory/norm_margin.py"],
        tests=["tests/test_norm_margin.py"],
        what="the max-margin references in other norms (ℓ1, ℓp, mirror-descent potentials)"),
    "result_diff": dict(
        paths=["ibcheck/result_diff.py"],
        tests=["tests/test_diff.py", "-k", "not cli and not bad_input"],  # in process: no `ibcheck` subprocess
        what="`ibcheck diff`: verdict ranks, row flips, moved quantities, --strict"),
    "kkt": dict(
        paths=["theory/kkt_verdict.py", "theory/kkt_columns.py"],
        tests=["tests/test_kkt_values.py"],
        what="`ibcheck kkt`: the (ε, δ)-KKT verdict (least-stationarity witness, joint SOCP) and its columns"),
    "kkt_probe": dict(
        paths=["numerics/probe/homogeneous_probe.py"],
        tests=["tests/test_kkt_model.py"],
        what="`ibcheck kkt`: the forward-pass probe (activations, refused functions, ties, homogeneity degree)"),
    "conformance": dict(
        paths=["ibcheck/testing/conformance.py"],
        tests=["tests/test_conformance_values.py"],  # a stand-in paper: ≈ 1 s (the real papers: ≈ 70 s)
        what="the paper conformance suite (every claim's rows, hooks and wrong-answer rejections)"),
    "judge": dict(
        paths=["theory/asymptotic.py", "theory/asymptotic_fit.py", "theory/asymptotic_rules.py",
               "theory/asymptotic_settled.py", "theory/asymptotic_withhold.py", "theory/asymptotic_free.py",
               "theory/asymptotic_calibration.py"],
        tests=["tests/test_asymptotic.py", "tests/judge"],
        what="the asymptotic judge (rate, limit, settled, withheld refutations)"),
}
