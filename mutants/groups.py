"""The module groups of the standard mutation tool (``mutants/run.py``): the code that decides verdicts, each with
the fast tests that cover it (the test-selection map).

A group's ``paths`` are mutated by the tool one mutant at a time; each mutant runs the group's ``tests``
(``pytest -x``, one process, no xdist): a mutant is killed when they fail. The tests are the value-level tests of
that module — they compare computed numbers and verdicts, never a generated document's text — chosen so that one
mutant costs seconds, not minutes (the run records its time per group in ``mutants/results/<group>.json``).
"""
from __future__ import annotations

JUDGE_FAST = ["tests/test_judge_values.py", "tests/test_asymptotic.py", "tests/judge/test_rules.py",
              "tests/judge/test_envelope.py", "tests/judge/test_alternatives.py", "tests/test_asymptotic_controls.py",
              "tests/test_rates.py", "tests/judge/test_sampling.py"]
# (the module-level value tests first: a killed mutant stops there, -x)
# the calibration battery is data for the judge: its value-level test pins every family's values, truth,
# resolvability and one verdict per family (≈ 3 s); tests/judge/test_calibration.py measures the whole battery and
# its rates (≈ 6 s a mutant on the shared cores: 683 mutants ≈ 70 min, over the hour)
JUDGE_CAL = ["tests/judge/test_calibration_values.py"]
# the judge's whole answer on every battery case and 400 held-out draws (≈ 5 s), after JUDGE_FAST: a mutant that
# moves a horizon, a reason's number or one case's verdict, which the rule-by-rule value tests do not probe
JUDGE_PINNED = ["tests/judge/test_judgements_pinned.py"]

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
        # the probe's own value-level tests (≈ 1 s; _values: those added for the first run's survivors), then
        # tests/test_kkt_model.py without the tests that train a network first (its `checkpoints` fixture: ≈ 5 s a
        # run) or run the CLI
        tests=["tests/test_homogeneous_probe.py", "tests/test_homogeneous_probe_values.py", "tests/test_kkt_model.py",
               "-k",
               "not trained_relu_net and not normalized_margin and not deterministic and not logistic_loss "
               "and not torchscript and not cli"],
        what="`ibcheck kkt`: the forward-pass probe (activations, refused functions, ties, homogeneity degree)"),
    "conformance": dict(
        paths=["ibcheck/testing/conformance.py"],
        tests=["tests/test_conformance_values.py"],  # a stand-in paper: ≈ 1 s (the real papers: ≈ 70 s)
        what="the paper conformance suite (every claim's rows, hooks and wrong-answer rejections)"),
    # the asymptotic judge, one group per module (a group of all seven, ≈ 2100 mutants, cannot finish in an hour);
    # JUDGE_FAST: its value-level tests without the held-out sweeps of tests/judge/test_heldout.py (≈ 90 s)
    **{f"judge_{short}": dict(paths=[f"theory/{mod}.py"], tests=tests, what=what) for short, mod, tests, what in [
        ("core", "asymptotic", ["tests/judge/test_core_values.py", "tests/judge/test_core_values2.py",
                                "tests/judge/test_confirmed.py", *JUDGE_FAST,
                                *JUDGE_PINNED],
         "the asymptotic judge: series, rules' order, the final verdict"),
        ("fit", "asymptotic_fit", JUDGE_FAST, "the judge's power-law fits, Roache's band, the clock solve"),
        ("rules", "asymptotic_rules", ["tests/judge/test_confirmed.py", "tests/judge/test_levelling_window.py",
                                       *JUDGE_FAST],
         "the judge's rules for a stated limit and rate"),
        ("settled", "asymptotic_settled", JUDGE_FAST, "the judge's settled-refutation rule"),
        ("withhold", "asymptotic_withhold", JUDGE_FAST, "the judge's withholding rules (bounded_by, slowest mode)"),
        ("free", "asymptotic_free", JUDGE_FAST, "the judge of a row without a stated limit (q converges)"),
        ("calibration", "asymptotic_calibration", JUDGE_CAL, "the judge's calibration families and rates"),
        ("order", "asymptotic_order",
         ["tests/judge/test_order_values.py", "tests/judge/test_order_values2.py", *JUDGE_FAST, *JUDGE_PINNED],
         "the judge's order rules (bare-limit decay, O and Θ slopes, slowest mode)"),
        ("envelope", "asymptotic_envelope", ["tests/judge/test_envelope_values.py", *JUDGE_FAST, *JUDGE_PINNED],
         "the judge's envelope rules (oscillation, implied growth, records)"),
        ("alternatives", "asymptotic_alternatives", ["tests/judge/test_alternatives_values.py",
                                                      "tests/judge/test_alternatives_values2.py",
                                                      "tests/judge/test_alternatives_theta.py",
                                                      "tests/judge/test_alternatives.py", *JUDGE_FAST, *JUDGE_PINNED],
         "a row's nearest wrong answers and which the evidence excludes"),
        ("heldout", "asymptotic_heldout", ["tests/judge/test_heldout_values2.py", "tests/judge/test_heldout_values.py",
                                             *JUDGE_PINNED],
         "the held-out generator: its families, truth labels and rates' bookkeeping"),
        ("sensitivity", "asymptotic_sensitivity",
         ["tests/judge/test_sensitivity_values2.py", "tests/judge/test_sensitivity_values.py"],
         "the decision constants found, classified, scaled and patched; the edge and sensitivity tables"),
        ("frozen", "asymptotic_frozen",
         ["tests/test_frozen.py", "tests/test_frozen_values.py", *JUDGE_FAST, *JUDGE_PINNED],
         "a series frozen by float64 rounding: inconclusive, never settled"),
    ]},
}
