"""sun2022's margin row cannot tell ℓ3 from ℓ2 at the default (the ℓ2 max-margin direction's own ℓ3-margin gap lies
in its band), while the direction row excludes the ℓ2 direction: the claim is inconclusive and says so."""
import json

from ibcheck.testing.cli import run_cli


def test_default_margin_row_cannot_tell_l3_from_l2_but_the_direction_row_can(tmp_path):
    p = run_cli("check", "sun2022.direction", "--json", str(tmp_path / "r.json"))
    assert p.returncode == 4, p.stdout[-2000:]
    rows = {c["name"]: c for c in json.loads((tmp_path / "r.json").read_text())["conclusions"]}
    margin = rows["γ_p(w_t) → γ_p (the ℓp max margin)"]
    (alt,) = margin["alternatives"]
    assert alt["declared"] and alt["excluded"] is False and abs(alt["value"] - 0.0298) < 5e-4
    assert alt["band"][0] < 0 < alt["value"] < alt["band"][1] < 0.06
    assert "cannot yet tell 0 from the ℓ2 max-margin direction's ℓp margin (0.02978" in margin["judgement"]
    direction = rows["w_t/‖w_t‖_p → w_p⋆ (the ℓp max-margin direction)"]
    (alt,) = direction["alternatives"]
    assert direction["holds"] is True and alt["excluded"] is True and alt["value"] > 0.2
