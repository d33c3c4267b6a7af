"""`verified` must mean something: every check rejects plausible wrong answers (tests/discrimination).

* the table covers every claim × family, each cell a probe or a one-line reason;
* docs/discrimination.md (``ibcheck docs --discrimination``) has no cell `verified` and is not stale: its
  claims × families (probe or not applicable) are the code's — compared without running anything;
* each claim's cheapest probe is run at quick settings (heavier ones under ``--profile full``);
* the issue's probes: woodworth2020.rich fed the min-ℓ2 interpolant at every α, kou2023.leaky_srank_to_1 under
  gradient ascent, frei2023.sec5.xor fed a random W plus a label-fitting component at γ = ½ and γ = 1.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ibcheck.theory.catalogue import CATALOGUE

from .discrimination import FAMILIES, NA, REJECTING, TABLE
from .discrimination.run import run_probe

DOC = Path(__file__).resolve().parents[1] / "docs" / "discrimination.md"
# Claims whose cheapest probe takes more than a few seconds at its defaults: run under --profile full only.
HEAVY = {"lai2026.m1.rate", "lai2026.random-init", "lai2026.moderate-d", "lai2026.m-gt-2", "soudry2018.asymptotic",
         "soudry2018.margin_loss_rates", "soudry2018.stepsize", "soudry2018.rank_condition", "frei2023.thm3.4",
         "frei2023.thm3.1", "frei2023.thm3.2.margins", "frei2023.thm3.2.neurons", "frei2023.thm3.2.rank",
         "frei2023.thm3.2.global", "frei2023.thm3.2.boundary", "frei2023.thm3.2.margin-factor",
         "jitelgarsky2020.direction", "jitelgarsky2020.alignment", "razincohen2020.norms_diverge",
         "razincohen2020.det_sign", "razincohen2020.effective_rank", "woodworth2020.transition",
         "woodworth2020.kernel", "boursier2022.saddle_to_saddle", "boursier2022.min_variation_norm",
         "kou2023.relu_srank_bounded", "kou2023.margin_equalization", "kou2023.loss_rate", "kou2023.full_srank",
         "frei2023.thm4.2.loss", "frei2023.thm4.2.norm", "frei2023.thm4.2.srank", "frei2023.fig1", "frei2023.fig2",
         "frei2023.sec5.gmm-bayes", "lai2026.m1.gap", "lai2026.m2.gap", "boursier2022.convergence",
         "boursier2022.early_alignment"}
HEAVY |= {c for c in CATALOGUE if c.startswith("lyuli2020.") or c.startswith("jitelgarsky2019.")}


# Cells where a wrong answer is still `verified`: open work, each with why. The test fails on any other verified cell,
# and on a listed cell that no longer says verified (then delete its line): the list only shrinks.
PENDING: dict = {}


def test_every_claim_and_family_has_a_probe_or_a_reason():
    assert set(TABLE) == set(CATALOGUE)
    for cid, cells in TABLE.items():
        assert list(cells) == list(FAMILIES), cid
        for fam, cell in cells.items():
            if isinstance(cell, NA):
                assert cell.reason and "\n" not in cell.reason, (cid, fam)
            else:
                assert cell and all(p.what for p in cell), (cid, fam)


def _doc_cells() -> dict[str, list[str]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `([^`]+)` \| (.*) \|$", line)
        if m:
            rows[m.group(1)] = [c.strip() for c in m.group(2).split(" | ")]
    return rows


def test_the_table_is_not_stale_and_no_cell_is_verified():
    """Cheap: the generated table's claims × families (probes per cell, or a reason) are the code's."""
    rows = _doc_cells()
    assert set(rows) == set(CATALOGUE), ("regenerate: ibcheck docs --discrimination",
                                         set(rows) ^ set(CATALOGUE))
    header = next(ln for ln in DOC.read_text(encoding="utf-8").splitlines() if ln.startswith("| claim |"))
    assert [h.strip() for h in header.strip("|").split("|")][1:] == list(FAMILIES)
    for cid, cells in rows.items():
        for fam, text in zip(FAMILIES, cells):
            cell = TABLE[cid][fam]
            if isinstance(cell, NA):
                assert text.endswith(cell.reason.replace("|", "/")), ("stale", cid, fam)
            else:
                assert text.count("**") == 2 * len(cell), ("stale", cid, fam)
                assert ("**verified**" in text) == ((cid, fam) in PENDING), (cid, fam, text)


def _cheapest(cid: str, skip=None):
    """The claim's first applicable family and its cheapest probe (``skip``: a probe passed over)."""
    for fam, cell in TABLE[cid].items():
        left = [] if isinstance(cell, NA) else [p for p in cell if p is not skip]
        if left:
            return fam, min(left, key=lambda p: (p.heavy, len(p.overrides)))
    return None, None


# Cheapest probes the claim's rows cannot decide (measured `inconclusive`, not a verified cell): the test xfails
# strict=True on exactly these (claim, family), and the claim's next-cheapest probe, if any, must be rejected instead.
# A listed cell that comes out rejected fails the test (then delete its line): the list only shrinks.
UNDECIDED = {
    ("soudry2018.asymptotic", "random"): "independent random directions at GD's norms: ‖ρ‖/log t stays O(1) with "
    "erratic observed orders (10.7, −41.1, …), so the rate judge cannot tell them from a slow approach at this horizon "
    "(asks t ≈ 3e6); the growth row that fails is a diagnostic (a bound with an unknown constant)",
    ("jitelgarsky2019.separable_edge", "random"): "random directions at GD's norms: e(t) ≈ 1 with unstable observed "
    "orders (asks t ≈ 1e7); the rows that fail (e decreasing, ln t·e bounded) are diagnostics",
    ("lyuli2020.lemma5_1", "dynamics"): "Lemma 5.1 is pointwise at θ with 𝓛 < 1; a frozen trainer's states are the "
    "init, where 𝓛 ≥ 1: 0 of 4,000 draws qualify and LHS ≥ RHS is NaN — the same statement holds at any θ the "
    "trainer gives",
    ("lai2026.random-init", "dynamics"): "linear GD (σ' ≡ 1) converges in none of the runs at any init scale "
    "(measured 0 of 16 at each of 1e-3, 1e-2, 0.1, 1): the exploratory rows are about GD's end state, so the "
    "answer is not yet one",
}


def _cheap_params():
    out = []
    for c in CATALOGUE:
        f, p = _cheapest(c)
        if f is None:
            continue
        heavy = [pytest.mark.full] if c in HEAVY or p.heavy else []
        if (c, f) in UNDECIDED:
            out.append(pytest.param(c, f, p, id=f"{c}-{f}", marks=heavy + [
                pytest.mark.xfail(strict=True, reason=UNDECIDED[(c, f)])]))
            f2, p2 = _cheapest(c, skip=p)
            if f2 is not None:
                out.append(pytest.param(c, f2, p2, id=f"{c}-{f2}-next",
                                        marks=[pytest.mark.full] if c in HEAVY or p2.heavy else []))
        else:
            out.append(pytest.param(c, f, p, marks=heavy, id=f"{c}-{f}"))
    return out


@pytest.mark.parametrize("cid,fam,probe", _cheap_params())
def test_each_claim_rejects_its_cheapest_wrong_answer(cid, fam, probe, request):
    if (cid in HEAVY or probe.heavy) and request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("heavy: --profile full")
    res = run_probe(cid, probe)
    assert res["verdict"] in REJECTING, (cid, fam, res)


def test_undecided_cells_are_cheapest_probes():
    """Each UNDECIDED entry names a claim's cheapest cell (a stale entry is an error, not a silent pass)."""
    for c, f in UNDECIDED:
        assert _cheapest(c)[0] == f, (c, f)


def _failed_rows(cid, probe, deciding: bool = False) -> set[str]:
    """Names of the failed conclusion rows; ``deciding``: only rows that decide (not threshold, not diagnostic)."""
    from ibcheck.checks.runner import run_check
    r = run_check(cid, dict(probe.overrides), hooks=probe.hooks())
    want = "observed" if CATALOGUE[cid].exploratory else "violated"  # an exploratory claim's "violated"
    assert r["verdict"] == want, (cid, probe.what, r["verdict"], r["reason"])
    return {c["name"] for c in r["conclusions"] if c["holds"] is False
            and not (deciding and (c.get("provenance") == "threshold" or c.get("kind") == "diagnostic"))}


# The issue's probes, with the rows that must reject them (a deleted or reversed row changes the set).
PROBES = [
    ("woodworth2020.rich", "reference", {"ℓ1 excess → 0 as α → 0", "limit = argmin Q_α at every α of the sweep",
                                         "ℓ1 excess shrinks as α falls"}),  # the last: a diagnostic, shown failing
    ("kou2023.leaky_srank_to_1", "dynamics", {"GD descends: the loss falls between recorded checkpoints"}),
    ("frei2023.sec5.xor", "structure", {"rank(W) ≤ 2 (Theorem 3.2): σ₃/σ₁ → 0",  # limit rows, deciding
                                        "all margins equal (Theorem 3.2): spread → 0"}),
    ("woodworth2020.limit", "rescaled", {"limit = argmin Q_α"}),
    # rows that state what the source states (limits, rates, non-equalities at the flows' resolution)
    ("woodworth2020.kernel", "random", {"distance to w_ℓ2 → 0 at rate α⁻⁴"}),
    ("woodworth2020.kernel", "dynamics", {"limit = argmin Q_α at every α of the sweep"}),
    ("woodworth2020.transition", "dynamics", {"equidistant at the bisected α*"}),
    ("vardishamir2021.single_neuron_construction", "reference", {"w₃(∞) depends on γ"}),
    ("vardishamir2021.single_neuron_construction", "dynamics", {"GF reaches zero loss"}),
    ("vardishamir2021.not_min_norm", "reference", {"GF limit ≠ argmin_Z ‖w‖"}),
]


@pytest.mark.parametrize("cid,fam,rows", PROBES, ids=[f"{c}-{f}" for c, f, _ in PROBES])
def test_the_issue_probes_are_violated_by_their_rows(cid, fam, rows):
    gammas = set()
    for probe in TABLE[cid][fam]:
        # frei2023.sec5.xor: its finite-time tolerances are thresholds; its limit rows must reject the probes
        assert rows <= _failed_rows(cid, probe, deciding=cid == "frei2023.sec5.xor"), probe.what
        gammas.add(probe.overrides.get("gamma", "default"))
    if cid == "frei2023.sec5.xor":  # γ = ½ (the default) and γ = 1 both fed a random W + a label-fitting part
        assert gammas == {"default", 1.0}


def test_balancedness_rejects_ascent_frozen_and_a_wrong_speed_by_their_rows():
    want = ["the loss never grows along the flow", "the loss falls: L(T) < L(0)", "a_j² − ‖w_j‖² conserved"]
    for probe, row in zip(TABLE["vardishamir2021.balancedness_conserved"]["dynamics"], want):
        assert row in _failed_rows("vardishamir2021.balancedness_conserved", probe), probe.what


def test_the_writer_needs_a_checkout(monkeypatch, tmp_path):
    """The families are test code: outside a source checkout `ibcheck docs --discrimination` says so (exit 2)."""
    from ibcheck.numerics.errors import InputError
    from ibcheck.reports import discrimination
    monkeypatch.setattr(discrimination, "ROOT", tmp_path)
    with pytest.raises(InputError, match="source checkout"):
        discrimination.discrimination_markdown(progress=False)


_EU_T = "eq. (6) in real time on the given states: ½Δ‖θ‖² = ∫LΣe^{−q}q dt between checkpoints"
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail): a deleted or reversed row, or a hook the check ignores,
# changes the set. Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("lyuli2020.euler_identity", "dynamics", 1, {_EU_T}),  # the mean loss: the same path n× slower in t
    ("lyuli2020.euler_identity", "random", 0, {_EU_T}),
    ("lyuli2020.smoothed_margin_monotone", "rescaled", 2, {"the trajectory is Theorem 4.1's GF: " + _EU_T}),
    ("lyuli2020.rates", "random", 0, {"log(𝓛T)/log T → 0: 𝓛 = T^{−1+o(1)}"}),
    ("razincohen2020.det_sign", "structure", 0, {"det W > 0 while resolved", "det W > 0 at every decade checkpoint to T"}),
    ("razincohen2020.norms_diverge", "rescaled", 0, {"L(t) → 0 (judged on the decade checkpoints)"}),
    ("boursier2022.min_variation_norm", "rescaled", 1, {"the limit interpolates: L ≤ 1e-20 at every λ"}),
    ("boursier2022.min_variation_norm", "structure", 0, {"the gap shrinks at every step as λ falls"}),
    ("boursier2022.saddle_to_saddle", "structure", 0, {"the loss leaves both saddles, fast class first, within the run"}),
    ("boursier2022.saddle_to_saddle", "reference", 0, {"plateau level"}),
    ("boursier2022.balancedness", "rescaled", 0, {"GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid"}),
    ("boursier2022.balancedness_gd", "random", 0, {"exact per-step identity"}),
    ("vardishamir2021.balancedness_conserved", "rescaled", 0,
     {"GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid"}),  # ½·(a, W)(t): conserved law, falling loss
    ("kou2023.loss_rate", "rescaled", 0, {"t·L_S in a band (max/min ≤ 2)"}),  # a hook added: L(½W) ~ t^{−½}
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= _failed_rows(cid, TABLE[cid][fam][k])
