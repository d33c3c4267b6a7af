"""Triage of the judge_core group's survivors (theory/asymptotic.py): killed by a value test, or equivalent."""
T = "tests/judge/test_core_values.py::"
TRIAGE: dict[str, str] = {
    "c5a2c4c01a": f"killed by {T}test_an_envelope_whose_last_peak_is_exactly_one_still_fell_only_its_ratio",
    "40e0315ae2": f"killed by {T}test_settled_reason_quotes_the_last_value",
    "42988fc4df": f"killed by {T}test_a_negative_decreasing_rate_is_no_rate",
    "ef04ddbc8b": f"killed by {T}test_excludes_nothing_its_band_contains_at_a_rounding_tie",
    "d49f754ef0": "equivalent: every path of _judge (and judge_free, bare_row, rate_row, _flat_envelope, "
                  "envelope_level) calls Judgement.decide, which overwrites reason, before anything reads or "
                  "appends to it",
    "c81ab15573": f"killed by {T}test_an_error_exactly_at_the_floor_is_reached",
    "35dbde9beb": f"killed by {T}test_two_peaks_with_records_before_the_first_decide_by_the_records",
    "b4399f2b78": f"killed by {T}test_a_collapse_still_moving_withholds_with_the_undecidable_rule",
    "e991a97af5": f"killed by {T}test_a_near_margin_exclusion_on_six_checkpoints_is_confirmed_over_four_triples",
    "25e72901fe": f"killed by {T}test_turning_points_are_read_against_the_last_distance",
    "442c2882e1": f"killed by {T}test_series_at_picks_the_nearest_distinct_states",
    "75a20945ce": f"killed by {T}test_a_clock_with_a_non_positive_checkpoint_is_refused_as_not_finite",
    "a87c05f9dc": f"killed by {T}test_a_repeated_checkpoint_is_a_rate_that_does_not_decrease",
    "d8d3b2c80a": f"killed by {T}test_admissible_mode_defaults_to_the_tau_clock",
    "26dc15a189": f"killed by {T}test_the_flat_envelope_names_the_rows_own_rate_to_its_power",
    "dec1b244e7": f"killed by {T}test_excludes_holds_the_limits_spread_to_sigma_of_the_distance",
    "a94591705f": "equivalent: an annotation, never evaluated under `from __future__ import annotations` (no "
                  "get_type_hints anywhere)",
    "3c7dc166f1": f"killed by {T}test_series_converts_its_clock_to_a_tuple_of_floats",
    "e889a6e82b": f"killed by {T}test_an_envelope_constant_growing_exactly_growth_fold_refutes",
    "2a5b213185": f"killed by {T}test_series_at_picks_the_nearest_distinct_states",
    "0bf5b45c52": f"killed by {T}test_two_peaks_with_records_before_the_first_decide_by_the_records",
    "e3518759fc": f"killed by {T}test_a_rate_that_reaches_zero_at_a_checkpoint_is_no_rate",
    "357f45de69": f"killed by {T}test_a_limit_exactly_at_the_settled_bands_edge_is_not_excluded",
    "f977ee43a7": f"killed by {T}test_excludes_accepts_a_spread_of_exactly_sigma_of_the_distance",
    "425c62e97b": f"killed by {T}test_excludes_measures_the_distance_beyond_the_tolerance",
    "7b7e10124b": f"killed by {T}test_a_collapse_is_still_moving_when_its_last_value_has_not_stopped",
    "17db34bda0": f"killed by {T}test_the_judgement_row_carries_its_orders",
    "50a5c9e1ac": f"killed by {T}test_a_collapse_to_another_value_with_a_large_correction_is_not_verified (a strict "
                  "xfail: the mutant's KAPPA/d happens to withhold a false verification the real judge makes)",
    "0cf09f57bc": f"killed by {T}test_a_collapse_whose_band_reaches_the_limit_within_its_tolerance_refutes_nothing",
    "084688d340": f"killed by {T}test_a_collapse_whose_band_reaches_the_limit_within_its_tolerance_refutes_nothing",
    "527d20ba9e": f"killed by {T}test_a_collapse_still_moving_withholds_with_the_undecidable_rule",
    "e5bd17eab2": f"killed by {T}test_a_collapse_excludes_a_limit_above_its_band",
    "eb8cf3b900": f"killed by {T}test_an_undecided_judgement_has_no_orders_yet",
    "4b9099747d": f"killed by {T}test_the_default_mode_is_put_on_the_rows_real_clock",
}
