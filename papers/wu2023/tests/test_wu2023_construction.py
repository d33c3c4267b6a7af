"""wu2023.exp_divergence: the two-point construction blows the exponential loss up, the logistic loss at the same
step converges, and the wrong answers (the logistic run offered, a hidden small step, a frozen trainer) are rejected."""
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.papers.wu2023.wrong_answers import LOGISTIC_AS_EXP

ROW = "the loss blows up: max_t log L(w_t) ≥ log L(w₀) + 100"


def _failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


def test_default_construction_blows_up_within_a_few_steps_and_logistic_does_not():
    r = run_check("wu2023.exp_divergence", {})
    q = r["quantities"]
    assert r["verdict"] == "verified" and 0 < q["blow_up_step"] <= 5
    assert q["logistic_log_loss_final"] < q["logistic_log_loss_initial"] - 3  # converging: e^{−3} below its start


@pytest.mark.parametrize("hooks", [LOGISTIC_AS_EXP.hooks(), Hooks(trainer={"step_factor": 0.01})],
                         ids=["logistic-as-exp", "hidden-small-step"])
def test_a_converging_run_offered_as_the_construction_is_violated(hooks):
    r = run_check("wu2023.exp_divergence", {}, hooks=hooks)
    assert r["verdict"] == "violated" and _failed(r) == [ROW]


@pytest.mark.parametrize("setting,row", [({"eta": 1.0}, "EoS: ηλ_max(∇²L(w₀)) > 2 (the start is beyond the stability threshold)"),
                                         ({"gamma": 0.5, "eta": 3.0}, "γ ≤ 0.1 (the construction's small margin; a level chosen here)"),
                                         ({"delta": 0.0}, "|δ| ≥ 0.1 (the start is off the max-margin axis; a level chosen here)")])
def test_settings_outside_the_construction_name_the_failing_hypothesis(setting, row):
    r = run_check("wu2023.exp_divergence", setting)
    assert r["verdict"] == "outside-hypotheses" and row in [h["name"] for h in r["hypotheses"] if h["holds"] is False]
