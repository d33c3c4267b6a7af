"""wu2023's real cases of a verdict without power: the projection ratio's misread coefficients (0.8, 0.9 fit the same
band), and a step so large that float64 freezes the iterate at step 7 (read as frozen, never as a settled limit)."""
import json

from ibcheck.testing.cli import run_cli


def test_margin_growth_default_names_the_coefficients_it_cannot_exclude(tmp_path):
    p = run_cli("check", "wu2023.margin_growth", "--json", str(tmp_path / "r.json"))
    assert p.returncode == 4, p.stdout[-2000:]
    row = next(c for c in json.loads((tmp_path / "r.json").read_text())["conclusions"] if c["kind"] == "rate")
    alts = {a["name"]: a for a in row["alternatives"]}
    # the band at t = 10⁶ is [0.657, 1.341] (ratio 0.73): the declared 0.8 and 0.9 and the generic 1.1 all fit it
    for name, v in (("coefficient ×0.8", 0.8), ("coefficient ×0.9", 0.9), ("the coefficient ×1.1", 1.1)):
        assert alts[name]["excluded"] is False and abs(alts[name]["value"] - v) < 1e-12
        assert 0.6 < alts[name]["band"][0] < 0.7 and 1.3 < alts[name]["band"][1] < 1.4
    assert alts["coefficient ×0.8"]["declared"] and not alts["the coefficient ×1.1"]["declared"]
    assert "cannot yet tell 1 from coefficient ×0.8 (0.8): both in [0.65" in row["judgement"]
    assert row["holds"] is None and row["horizon_needed"] > 1e20  # a steady model separates them only at t ≈ 1e21


def test_a_step_that_freezes_the_iterate_is_inconclusive_not_violated():
    for cid in ("wu2023.loss", "wu2023.orthogonal"):
        p = run_cli("check", cid, "--set", "eta=1000")
        assert p.returncode == 4, (cid, p.stdout[-2000:])
        assert "frozen by float64 rounding at t = 7" in p.stdout and "frozen_at_step = 7" in p.stdout
        assert "verdict: INCONCLUSIVE" in p.stdout
