"""Triage of the judge_envelope group's survivors (theory/asymptotic_envelope.py): the value-level test that kills
each, or why no input tells it from the original."""
T = "tests/judge/test_envelope_values.py::"
# the judge's noise is NOISE·max|q| + the least normal float, its stall level max(STALL·|e_K|, noise): > 0 always
NOISE_POSITIVE = "every caller passes a noise > 0 (the judge: max(STALL·|e_K|, NOISE·max|q| + float_info.min))"
TRIAGE: dict[str, str] = {
    # ---- oscillation ----
    "d968351a29": f"killed by {T}test_a_change_of_exactly_the_noise_is_a_flat_step",
    "60e2d45aa1": "equivalent: s is read only as s != last, and 2 and −1 differ as 1 and −1 do",
    "48f6236dbe": "equivalent: s is read only as s != last, and 1 and −2 differ as 1 and −1 do",
    "b7c570aaaa": f"equivalent: a step x = 0 passes |x| ≤ noise only for a noise < 0; {NOISE_POSITIVE}",
    "ea28659977": f"killed by {T}test_a_sign_change_needs_both_sides_strictly_above_the_noise",
    "634a383ab3": f"killed by {T}test_a_sign_change_needs_both_sides_strictly_above_the_noise",
    "2e92a8ee62": f"equivalent: e = 0 passes |e| > noise only for a noise < 0; {NOISE_POSITIVE}",
    "bdba2ca03d": f"equivalent: e = 0 passes |e| > noise only for a noise < 0; {NOISE_POSITIVE}",
    "248a09c247": f"killed by {T}test_two_turning_points_have_a_period_but_are_no_oscillation",
    "487f2c4b45": f"killed by {T}test_two_turning_points_have_a_period_but_are_no_oscillation",
    # ---- peaks, records, envelope ----
    "1f8478b676": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "f1c3249bf1": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "a6ba9ab18f": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "b6d71b87f5": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "e5ba1cf99c": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "a2e47e9691": f"killed by {T}test_peaks_on_plateaus_edges_and_the_noise",
    "42432f3451": f"killed by {T}test_records_keep_ties",
    "a4fd607803": f"killed by {T}test_the_envelope_is_the_running_maximum_from_the_end",
    "7e8fec9a9d": f"killed by {T}test_the_envelope_is_the_running_maximum_from_the_end",
    "91072b89cc": f"killed by {T}test_the_envelope_is_the_running_maximum_from_the_end",
    "b162dcf21b": f"killed by {T}test_the_envelope_is_the_running_maximum_from_the_end",
    "1a69896767": f"killed by {T}test_the_envelope_is_the_running_maximum_from_the_end",
    # ---- sampling_allowance ----
    "f8510e11a3": f"killed by {T}test_the_sampling_allowance_reads_the_steps_after_both_peaks_inside_the_grid",
    "3b70528f75": f"killed by {T}test_the_sampling_allowance_reads_the_steps_after_both_peaks_inside_the_grid",
    "fdbada5248": f"killed by {T}test_the_sampling_allowance_reads_the_steps_after_both_peaks_inside_the_grid",
    "4572b725a2": f"killed by {T}test_the_sampling_allowance_reads_the_steps_after_both_peaks_inside_the_grid",
    # ---- implied_growth ----
    "e370db4c5f": f"killed by {T}test_a_constant_error_of_exactly_the_noise_has_no_implied_constant",
    "6fd03e20f9": f"killed by {T}test_a_constant_error_of_exactly_the_noise_has_no_implied_constant",
    "85bdfdf372": f"killed by {T}test_a_record_at_a_zero_rate_is_skipped_not_divided_by",
    "3d92481bdd": f"killed by {T}test_a_declared_log_factor_skips_a_rate_of_one",
    "c50e6c63e2": f"killed by {T}test_a_declared_log_factor_skips_a_rate_of_one",
    "a84bbd7391": f"killed by {T}test_an_implied_constant_in_the_subnormal_range_is_read_exactly",
    "b5152c9448": f"killed by {T}test_an_inverse_constant_near_overflow_is_read_exactly",
    "8c9d7936f4": ("equivalent: starting the scan one record earlier moves n only when c does not grow at the last "
                   "record, and then the tail's last three-point triple is not monotone (NaN): None either way"),
    "5e2528fbd2": ("equivalent: n reaches 0 only when c grows at every record, so c[−1] < c[0] is false there and "
                   "the scan stops at 0 as before"),
    "c3bdc7d596": f"killed by {T}test_the_growing_tail_stops_at_a_tie",
    "ca1c2a3b46": f"killed by {T}test_the_growing_tail_stops_at_a_tie",
    "a50281cd63": f"killed by {T}test_the_growing_tail_must_span_a_decade_less_its_rounding_allowance",
    "ae712077cc": f"killed by {T}test_the_growing_tail_must_span_a_decade_less_its_rounding_allowance",
    "48e51fedad": f"killed by {T}test_a_growth_of_exactly_growth_fold_refutes",
    "183fa81166": "equivalent: three_point reads only z[0], z[1], z[2]; a four-wide slice of z has those three",
    "63f09d1f58": "equivalent: three_point reads only q[0], q[1], q[2]; a four-wide slice of c has those three",
    "408426440e": ("equivalent: ≤ vs < at a tolerance's edge: the exponents are roots found by regula falsi to "
                   "1e-13, whose spread no input puts exactly at STEADY = 0.1 but by coincidence"),
    "03ee76b12d": ("equivalent: ≤ vs < at a tolerance's edge: the exponents are roots found by regula falsi to "
                   "1e-13, none of which an input puts exactly at LEVEL_EXP = 0.1 but by coincidence"),
    # ---- constant_level, _level_side ----
    "e3092f1604": f"killed by {T}test_a_constant_envelope_levels_without_noise_by_default",
    "0addedb634": f"killed by {T}test_a_constant_envelope_levels_without_noise_by_default",
    "d19c99e099": f"killed by {T}test_a_constant_envelope_levels_without_noise_by_default",
    "46602f34e0": f"killed by {T}test_a_rate_of_zero_has_no_implied_constant",
    "dfee8d9f68": f"killed by {T}test_the_noise_is_carried_to_c_at_the_smallest_rate_and_the_order",
    "597383e174": f"killed by {T}test_the_noise_is_carried_to_c_at_the_smallest_rate_and_the_order",
    "ad05f320ce": f"killed by {T}test_the_lower_envelope_carries_the_noise_to_one_over_c",
    "07ad37f555": f"killed by {T}test_the_lower_envelope_carries_the_noise_to_one_over_c",
    "8ef6da3014": f"killed by {T}test_the_lower_envelope_carries_the_noise_to_one_over_c",
    "11f43a9c12": f"killed by {T}test_the_lower_envelope_carries_the_noise_to_one_over_c",
    "d66c79296e": "equivalent: _level_side's default noise is never read: its one caller, constant_level, passes it",
    "2cbb5ac4c8": f"killed by {T}test_a_run_ending_level_with_its_last_peak_has_not_risen_above_it",
    "4ea60d4b4c": f"killed by {T}test_a_value_before_the_last_peak_above_it_is_no_rise_after_it",
    "30e3aae5f1": f"killed by {T}test_a_rise_right_after_the_last_peak_by_more_than_the_noise_is_a_peak_not_yet_seen",
    "310d9cd59b": ("equivalent: with no peak neither side has two, so the loop leaves best = None, which the guard "
                   "returned"),
    "037ff5d1a6": "equivalent: side is read only as side > 0, which 2 satisfies as 1 does",
    "1156b48f4b": "equivalent: side is read only as side > 0, which −2 fails as −1 does",
    "2677bc7d29": "equivalent: side is ±1, so side ≥ 0 ⇔ side > 0",
    "5862196ce3": ("equivalent: e = 0 never reaches _level_side: constant_level returns None unless every "
                   "c = |e|/u^p > 0"),
    "f34f8148cc": ("equivalent: both sides are checked whichever comes first, and the one with the earlier first peak "
                   "is kept (their first peaks differ: a peak's e has one sign)"),
    "859a1fd18f": f"killed by {T}test_a_later_peak_grown_exactly_growth_fold_still_levels",
    "220d815ad7": "equivalent: the two sides' first peaks never tie (the sides split the peaks by the sign of e)",
    "019b355f1c": f"killed by {T}test_the_side_with_the_earlier_first_peak_is_reported",
}
