"""The triage of every mutant that survived a first mutmut run (``mutants/run.py``), keyed by its stable key.

``"killed by <test>: ..."`` — a value-level test added for it (the re-test, ``--survivors``, records that it now
fails the group's tests); ``"equivalent: <one-line reason>"`` — the mutant changes no behaviour a caller can see.
docs/mutation.md lists every survivor with its entry here.
"""

P = "tests/test_persistence.py::"
S = "tests/test_svm_nnls.py::"

TRIAGE: dict[str, str] = {
    # ---- checks/persistence.py ----------------------------------------------------------------------------------
    "4c9e1f368d": f"killed by {P}test_every_fading_row_is_named_in_the_fade_note",
    "756a85ba4b": f"killed by {P}test_a_failure_that_fades_like_sqrt_n_over_d_is_no_counterexample",
    "922390ec8e": f"killed by {P}test_the_extrapolation_reads_the_three_deepest_sizes",
    "cd297589b1": f"killed by {P}test_exactly_half_the_size_still_persists",
    "6af7278e8c": f"killed by {P}test_a_size_that_cannot_be_computed_is_shown_as_na",
    "f164bf4e26": f"killed by {P}test_a_growing_failure_persists",
    "49253b0fab": "equivalent: three_point reads z[0], z[1], z[2] only; a fourth setting in z is never read",
    "055a4a0d4a": "equivalent: `rhs and` already excludes 0 and None; a truthy rhs has |rhs| > 0 ⇔ |rhs| ≥ 0 (NaN fails both)",
    "c130452c03": "equivalent: for geometric settings the three-point limit depends on the ratio r only through "
                  "r^p = (s₁−s₂)/(s₂−s₃), and p's sign (all that is read of p) does not change with r",
    "c4d8e15cea": "equivalent: p > 0 vs p ≥ 0 differ only at p = 0 exactly, which the root finder returns for no "
                  "sequence of sizes but by coincidence (p → 0 is the log branch, never exactly 0)",
    "cd5b1eaade": "equivalent: s[-1] = s[-2] makes three_point return NaN (a zero difference), so isfinite(p) "
                  "already fails the guard",
    "d4ccb82ad2": "equivalent: s[-2] = s[-3] makes three_point return NaN (a zero difference), so isfinite(p) "
                  "already fails the guard",
    "bb9631ebf5": "equivalent: ≤ vs < at the edge of Roache's band, an equality of two computed floats (the size and "
                  "F_s·|size − limit|) that no size sequence reaches but by coincidence",
    "96ecfe9883": "equivalent: the probe's `persists` text is read only in a conclusion-fails reason, and the deeper "
                  "evaluation's reason is read only when a hypothesis fails (whose reason precedes it)",
    # ---- theory/svm.py -------------------------------------------------------------------------------------------
    "8546195d77": f"killed by {S}test_not_separable",
    "387e9f0dba": f"killed by {S}test_the_polish_falls_back_to_nnls_and_rejects_an_infeasible_support_set",
    "68c2bbfac7": f"killed by {S}test_an_unpolished_answer_is_recorded_as_the_solver_gave_it",
    "a7d0415f67": f"killed by {S}test_an_unpolished_answer_is_recorded_as_the_solver_gave_it",
    "cfa482891d": f"killed by {S}test_enumeration_refuses_non_separable_and_large_inputs",
    "bac9eb397c": "equivalent: an exact 0 from least squares is a valid multiplier; NNLS returns the same solution of "
                  "K_SS a = 𝟙 (a rounding-level negative goes to NNLS either way)",
    "7aa0bc8192": "equivalent: a zero multiplier in the enumeration gives the ŵ of the smaller support set, which is "
                  "enumerated first and kept on a tie (strict <)",
    "fd92fb947c": "equivalent: NNLS's iteration cap 100·|S| vs 101·|S|; Lawson–Hanson ends in ≤ a few |S| iterations",
}
