"""Triage of the judge_alternatives group's survivors past line 140 (theory/asymptotic_alternatives.py: the
order evidence, assess, coincident, _downgrade), and of the Θ lower side's alternative wherever it sits: the
value-level test that kills each, or why it is equivalent."""
T = "tests/judge/test_alternatives_values2.py::"
TRIAGE: dict[str, str] = {
    "10be0522fa": "equivalent: a 61st halving moves nothing once the bracket is two adjacent floats (60 halvings of "
                  "a bracket < 128·log h wide); else it moves log h by ≤ 2^-61 of a bracket ≲ 2 wide, below exp's "
                  "resolution of h ≈ 1: only exp's last bit could tell",
    "47d4e0f532": "equivalent: the default of a missing evidence, \"\" or \"XXXX\", starts with neither "
                  "\"coincides\": coincident is False for both",
}

# the lower side's alternative (one log factor fewer) and the direction an order alternative is read in
_TH = "tests/judge/test_alternatives_theta.py::"
TRIAGE.update({
    "6db9b15b05": f"killed by {_TH}test_the_lower_side_alternative_says_why_it_is_near",
    "ae7184bd3c": f"killed by {_TH}test_the_lower_side_alternative_says_why_it_is_near",
    "06626126a6": f"killed by {_TH}test_an_alternative_at_the_stated_order_is_read_as_faster_by_its_rise",
    "a7c3e75d0e": f"killed by {_TH}test_an_alternative_at_the_stated_order_is_read_as_faster_by_its_rise",
    "b35cc76118": "equivalent: the search's bound decides only whether one more doubling is tried at hi ≥ 690, and any "
                  "hi ≥ 690 quotes no horizon (the `if hi < 690` after the loop); evaluating the ratio there no "
                  "longer raises (_ratio returns NaN where a power underflows)",
    "173dad504b": "equivalent: the search's bound decides only whether one more doubling is tried at hi ≥ 690, and any "
                  "hi ≥ 690 quotes no horizon (the `if hi < 690` after the loop)",
})
