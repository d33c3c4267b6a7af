"""The triage of every mutant that survived a first mutmut run (``mutants/run.py``), keyed by its stable key.

``"killed by <test>: ..."`` — a value-level test added for it (the re-test, ``--survivors``, records that it now
fails the group's tests); ``"equivalent: <one-line reason>"`` — the mutant changes no behaviour a caller can see.
docs/mutation.md lists every survivor with its entry here.
"""

P = "tests/test_persistence.py::"
S = "tests/test_svm_nnls.py::"
N = "tests/test_norm_margin.py::"
D = "tests/test_diff.py::"

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
    # ---- theory/norm_margin.py -----------------------------------------------------------------------------------
    "7467346de5": f"killed by {N}test_describe_is_the_record",
    "6054d27461": f"killed by {N}test_the_solver_margin_is_read_in_the_datas_own_scale",
    "ebcebe2afa": f"killed by {N}test_the_dual_is_the_solvers_even_when_its_weights_sum_below_one",
    "1bd2ecd63b": f"killed by {N}test_stationarity_is_read_only_for_smooth_norms",
    "cc56c06294": f"killed by {N}test_phi_derivatives_match_finite_differences",
    "a8c2719b5c": f"killed by {N}test_the_support_set_enumeration_refuses_more_than_its_budget",
    "59af171a74": "equivalent: Newton on the primal KKT system converges to the same point from the mis-scaled "
                  "start (its damped steps rescale w; the polish's gap test re-verifies the result)",
    "c5face77a4": "equivalent: γ = 0 is never certified either way: with γ = 0 the gap is 1 (or ∞), far above GAP_TOL",
    "a8468ad41c": "equivalent: ≤ vs < at ENUM_FEAS (1e-9) for the best vertex's margin, an equality of a computed "
                  "float that no data reach but by coincidence",
    "01998ada58": "equivalent: an unknown BFGS option is ignored with a warning; BFGS only seeds Newton, which "
                  "converges to rounding from either start",
    "e7fd3fa74f": "equivalent: an unknown BFGS option is ignored with a warning; BFGS only seeds Newton, which "
                  "converges to rounding from either start",
    "b747caf796": "equivalent: ≤ vs < at Newton's 1e-15 residual guard; at that residual a further step changes "
                  "nothing the tests or the certificate can see",
    "18ad6769f5": "equivalent: continuing instead of stopping at a residual ≤ 1e-15 repeats Newton steps of size "
                  "~1e-15 (the loop is bounded by its iteration count)",
    "5bb6396dbe": "equivalent: < vs ≤ at the enumeration's 1 − 1e-8 feasibility line, an equality of a computed "
                  "float that no data reach but by coincidence",
    "5e7586e4d7": "equivalent: the gradient at Z_Sᵀμ = 0 exactly, a point BFGS from the least-squares start never "
                  "visits (it is the dual's maximiser of nothing: the objective is −𝟙ᵀμ there)",
    "e916b584fb": f"killed by {N}test_non_separable_data_have_no_margin_record",
    "7033e5ee48": f"killed by {N}test_non_separable_data_have_no_margin_record",
    "22969ebc13": f"killed by {N}test_non_separable_data_have_no_margin_record",
    "7f8b66848b": f"killed by {N}test_non_separable_data_have_no_margin_record",
    "6582b2d1f5": f"killed by {N}test_pnorm_of_zero_and_bad_shapes",
    "ddb78da377": f"killed by {N}test_pnorm_of_zero_and_bad_shapes",
    "b33940f7f9": "equivalent: cp.OPTIMAL is the string 'optimal', so an optimal solve is labelled alike; only an "
                  "'optimal_inaccurate' solve would read 'optimal' (certified reads the recomputed bracket, not it)",
    "939be4c6e1": "equivalent: cvxpy's rational approximation of p only moves the solver's start; for 1 < p < ∞ "
                  "the polish re-solves on the support set with the exact p, for p ∈ {1, 2, ∞} approx is exact",
    "b3fa9afde6": f"killed by {N}test_the_record_of_a_polished_smooth_norm",
    "e108d01822": f"killed by {N}test_the_record_of_a_polished_smooth_norm",
    "d33b87bac6": f"killed by {N}test_the_record_of_a_polished_smooth_norm",
    "baed3547df": f"killed by {N}test_the_restricted_solve_reaches_the_kkt_point_from_a_rough_start",
    "3ab69dc23d": f"killed by {N}test_face_width_only_for_the_lp_norms",
    "deb0c5c61d": f"killed by {N}test_the_enumeration_finds_a_single_support_vector",
    "aa32a20260": f"killed by {N}test_the_vertex_enumeration_refuses_more_than_its_budget",
    "d1e07d523d": "equivalent: pnorm's stand-in divisor for an all-zero vector (1 or 2) divides zeros: the norm is 0",
    "973b1c47ad": "equivalent: a set of r + 1 rows has rank ≤ r < r + 1 and is skipped by the rank test",
    "c2ca06c0af": "equivalent: a tolerance doubled (1e-12 → 2e-12) that the re-verified |‖w‖_p − 1| (~1e-16) sits "
                  "far below; no reachable input lies between",
    "229d84611b": "equivalent: a tolerance doubled (1e-9 → 2e-9) on a vertex's feasibility, which is exact to "
                  "~1e-15 or off by O(1): no reachable vertex lies between",
    "1ae2ebeadf": "equivalent: the face LP's margin slack doubled (1e-9 → 2e-9): the face width it measures moves by "
                  "O(1e-9), below what the tests and the report read",
    "b6dd58cc0e": "equivalent: Newton's stop guard doubled (1e-15 → 2e-15): a residual between them ends one step "
                  "earlier with the same point to rounding",
    "2ce4639652": "equivalent: for p = 2 both Newton systems (dual and primal KKT) are linear and reach the same point",
    "bcca96ded4": "equivalent: ≤ vs < when the polished gap equals the interior point's exactly: a float coincidence",
    "572dcd4e51": "equivalent: the dual bound ‖Zᵀλ‖_q is 0 only for λ in the kernel of Zᵀ, which separable data's "
                  "duals (the only ones certified) never are",
    "636b809696": "equivalent: γ = 0 exactly: a computed margin that separable data's w never attains",
    "c385250616": "equivalent: the dual bound ‖Zᵀλ‖_q is 0 only for λ in the kernel of Zᵀ (see 572dcd4e51)",
    "7ef12b7b0a": "equivalent: ≤ vs < at ENUM_FEAS for a vertex's feasibility: a float coincidence",
    "ce532a3a3f": "equivalent: ≤ vs < at the 1e-8 feasibility line of a restricted solve: a float coincidence",
    "bcf236dcc8": "equivalent: every caller re-verifies what _restricted returns (the polish by its gap, the "
                  "enumeration by Zw ≥ 1 − 1e-8), so an unconverged finite answer is rejected there",
    # ---- ibcheck/result_diff.py ---------------------------------------------------------------------------------
    "3d7ed46435": f"killed by {D}test_conjecture_ranks_and_directions",
    "a84daa027f": f"killed by {D}test_conjecture_ranks_and_directions",
    "7a68920edc": f"killed by {D}test_conjecture_ranks_and_directions",
    "0c5a97b05f": f"killed by {D}test_conjecture_ranks_and_directions",
    "64e2fa0bf3": f"killed by {D}test_conjecture_ranks_and_directions",
    "f696aae25a": f"killed by {D}test_every_pair_is_compared_after_a_conjecture_and_every_removal_is_kept",
    "e59953d3f1": f"killed by {D}test_every_pair_is_compared_after_a_conjecture_and_every_removal_is_kept",
    "bb61c4823a": f"killed by {D}test_every_pair_is_compared_after_a_conjecture_and_every_removal_is_kept",
    "e193e6c827": f"killed by {D}test_a_rows_tolerance_is_the_larger_of_its_two_records",
    "8f1b0079e6": f"killed by {D}test_a_rows_tolerance_is_the_larger_of_its_two_records",
    "42c8d6d5fe": f"killed by {D}test_a_rows_tolerance_is_the_larger_of_its_two_records",
    "e84cc9db7b": f"killed by {D}test_a_rows_tolerance_is_the_larger_of_its_two_records",
    "55bde9b226": f"killed by {D}test_moved_edges_and_the_default_rtol",
    "aa7242a24a": f"killed by {D}test_moved_edges_and_the_default_rtol",
    "0425ff897e": f"killed by {D}test_moved_edges_and_the_default_rtol",
    "d98f63f058": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "042a47345c": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "7c2f76df4c": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "dc289a29b4": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "6140a4cccf": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "267768c6c8": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "21a67bda98": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "df973965f9": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "12087454db": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "2f26a68b7f": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "20b86c0be9": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "93bf9d1567": f"killed by {D}test_the_summarys_sections_and_their_limits",
    "eab4420bf9": "equivalent: a missing schema read as 0 or 1 is ≤ SCHEMA (1) either way, and nothing else reads it",
    "3ce3380a97": "equivalent: rb ≥ ra vs rb > ra after ra == rb was already answered 'changed'",
    # ---- theory/svm.py (the resumed run) ------------------------------------------------------------------------
    "be2c7a0126": f"killed by {S}test_not_separable",
    "ea58b0fa86": f"killed by {S}test_not_separable",
    "952e1c870d": f"killed by {S}test_an_unpolished_answer_is_recorded_as_the_solver_gave_it",
    "a2efd47c27": f"killed by {S}test_the_interior_point_answer_is_certified_in_the_datas_scale",
    "993043e82b": f"killed by {S}test_the_interior_point_answer_is_certified_in_the_datas_scale",
    "f20cdc05ec": f"killed by {S}test_the_interior_point_answer_is_certified_in_the_datas_scale",
    "6958361bcc": f"killed by {S}test_nnls_with_more_features_than_points_and_a_singular_gram",
    "c121ec3e17": f"killed by {S}test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit",
    "cf1c39c134": f"killed by {S}test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit",
    "b6eb104164": f"killed by {S}test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit",
    "ab46d30be8": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "6f1a58a2a1": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "39328f041e": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "571bbeefc0": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "555e56d06f": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "25b1131fb3": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "6631cead2d": 'equivalent: a tolerance doubled that every re-verified value of a certified answer sits orders of magnitude inside (residuals ~1e-15); no reachable input lies between',
    "a93f612ccc": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "5cbde9650a": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "f92acfdf8a": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "b0efcd2ac8": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "eee9e0931d": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "1df855b7b9": "equivalent: ≤ vs < at a tolerance's edge, an equality of a computed float that no data reach but by coincidence",
    "3e6bcebbb8": f"killed by {S}test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit",
    "2eda469df7": f"killed by {S}test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit",
    "956fd8295b": 'equivalent: exactly one support set is primal and dual feasible (the KKT point of a strictly convex program is unique; duplicates give the same ŵ), so the comparison between candidates never decides',
    "d9192a73a2": 'equivalent: exactly one support set is primal and dual feasible (the KKT point of a strictly convex program is unique; duplicates give the same ŵ), so the comparison between candidates never decides',
    "5140f47d10": 'equivalent: exactly one support set is primal and dual feasible (the KKT point of a strictly convex program is unique; duplicates give the same ŵ), so the comparison between candidates never decides',
    "1d709cbd3a": 'equivalent: S is relative to max α (scale-free) and the polish recomputes α_S, so a rescaled solver α changes neither S nor the answer',
    "4b598f7a90": 'equivalent: S is relative to max α (scale-free) and the polish recomputes α_S, so a rescaled solver α changes neither S nor the answer',
    "731655f2a0": 'equivalent: S is relative to max α (scale-free) and the polish recomputes α_S, so a rescaled solver α changes neither S nor the answer',
    "472aa2112f": "equivalent: for d = n the factor Zᵀ/√s and Cholesky's are both exact factors of K/s: NNLS solves the same problem",
    "8ba967e537": "equivalent: NNLS's iteration cap 50·n vs 51·n; Lawson–Hanson ends in ≤ a few n iterations",
    "096c059faf": "equivalent: a set of r + 1 rows has rank ≤ r and is skipped by the rank test",
}
