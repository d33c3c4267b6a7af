"""Symbolic sanity of frei2023's statements (theory.sanity, theory.implications; docs/sanity.md), negative controls:
mis-scaled statements are rejected with the condition and the offending unit named, and Lemma 3.3 ⟹ (H) fails when a
statement changes."""
from ibcheck.testing.sanity import only_failure as _only_failure, swap as _swap
from ibcheck.testing.sanity import sym as _sym
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.implications import IMPLICATIONS
from ibcheck.theory.sanity import check_claim
from ibcheck.theory.statement import Sym

LEM33 = next(i for i in IMPLICATIONS if i.id.endswith("⟹ (H)"))


def test_h_with_r_max_instead_of_the_ratio_is_rejected_under_x():
    """(H) with R_max (x) instead of R = R_max/R_min: rhs ~ x⁴ vs lhs x². The n exemption does not mask it."""
    r_max = Sym("R_max", r"R_{\max}", "largest ‖x_i‖", dims="x")
    bad = _swap(CATALOGUE["frei2023.thm3.2.margins"], "(H) near-orthogonality",
                lambda rel: rel.xreplace({_sym("R_ratio"): r_max.s}), [r_max])
    r = check_claim(bad)
    msg = _only_failure(r, "(H) near-orthogonality", "x")
    assert "c^2" in msg and "c^4" in msg
    assert [i.unit for i, _ in r.exempted] == ["n"]  # the declared, unit-specific exemption is still reported


def test_margin_against_an_unnormalised_weight_norm_is_rejected_under_w():
    """'normalised margin = 1/‖W‖_F' with the trained ‖W‖ (w x⁻¹, a free scale) instead of ‖W*‖ (x⁻¹)."""
    w_norm = Sym("W_norm", r"\|W\|_F", "norm of the trained weights (free scale along the flow)", dims="w x^-1")
    bad = _swap(CATALOGUE["frei2023.thm3.2.global"], "normalised margin = 1/‖W*‖_F (finite time)",
                lambda rel: rel.xreplace({_sym("w_star_norm"): w_norm.s}), [w_norm])
    msg = _only_failure(check_claim(bad), "normalised margin = 1/‖W*‖_F (finite time)", "w")
    assert "do not share a degree" in msg


def test_unnormalised_margin_is_rejected_under_x_and_w():
    """min_i y_i f(x_i;W) (~ w for W ~ w x⁻¹) compared with 1/‖W*‖: fails under x and under w."""
    raw = Sym("raw_margin", r"\min_i y_if(x_i;W)", "unnormalised margin of the trained network", dims="w")
    bad = _swap(CATALOGUE["frei2023.thm3.2.global"], "normalised margin = 1/‖W*‖_F (finite time)",
                lambda rel: rel.xreplace({_sym("normalized_margin"): raw.s}), [raw])
    r = check_claim(bad)
    assert {(i.condition, i.unit) for i in r.failures} == {("normalised margin = 1/‖W*‖_F (finite time)", u) for u in "xw"}


def test_lemma_3_3_implication_fails_when_a_statement_changes():
    assert not LEM33.run(c=0.2).holds  # c > 1/(3b) = 1/6: (H) fails even as d → ∞
    margins = CATALOGUE["frei2023.thm3.2.margins"]
    r_max = _sym("R_max")
    bad_h = _swap(margins, "(H) near-orthogonality", lambda rel: rel.xreplace({_sym("R_ratio"): r_max}))
    res = LEM33.run({**CATALOGUE, "frei2023.thm3.2.margins": bad_h})
    assert not res.holds
