"""Interval certificates of lai2026's m=1 min-norm reference: certified where the reference is right, failed — naming
the condition — where the data or the float active set make a condition fail or undecidable; enclosures contain the
float values; the CLI carries the certificate in its JSON."""
import json
import subprocess
import sys

import numpy as np
import pytest

from ibcheck.papers.lai2026.checks import certify as LCERT
from ibcheck.checks.base import Context, Hooks
from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.theory.certify.certificate import NOT_PROVABLE, REFUTED
from ibcheck.papers.lai2026.theory.certify import certify_min_norm_m1, float_active_set
from ibcheck.papers.lai2026.theory.minnorm import min_norm_m1

Q = {"n": 40, "d": 4000}


def close_to(enc, value, rtol=1e-12):
    """The float64 ``value`` lies in the enclosure up to its own rounding error (``rtol``·|value|)."""
    lo, hi = enc
    slack = rtol * abs(value)
    return lo - slack <= value <= hi + slack


def overlap(a, b):
    return a[0] <= b[1] and b[0] <= a[1]


@pytest.fixture(scope="module")
def lai_data():
    ds = make_gaussian(40, 4000, 0)
    X, y, K = ds.X.numpy(), ds.y.numpy(), ds.K.numpy()
    ref = min_norm_m1(K, y, ds.trace_sigma)
    return X, y, K, ref


def boundary_dataset():
    """A negative exactly on the boundary with a zero multiplier: integer features (exact differences),
    x_1 = x_0 − x_2 + z with y_0 = y_2 = 1 and z on a coordinate no other example uses, so ⟨w*,x_1⟩ = 0 and
    α*_1 = 0 exactly: neither 'tight with μ ≥ 0' nor 'free with β ≤ 0' can be shown by balls."""
    rng = np.random.default_rng(3)
    X = rng.integers(-5, 6, (8, 40)).astype(float)
    y = np.where(np.arange(8) % 2 == 0, 1.0, -1.5)
    X[:, -1] = 0.0
    X[1] = X[0] - X[2]
    X[1, -1] = 3.0
    return X, y


def test_m1_certified_on_generated_data_via_the_check():
    plain = run_check("lai2026.m1.gap", Q)
    r = run_check("lai2026.m1.gap", {**Q, "certify": True})
    assert "certificate" not in plain
    c = r["certificate"]
    assert c["status"] == "certified", c["reason"]
    assert all(x["holds"] and x["outcome"] == "proved" for x in c["conditions"])
    assert c["data"]["gram"] == "given-K" and "about this" in c["data"]["why"]
    # the float path is unchanged by certify
    assert r["quantities"] == plain["quantities"] and r["verdict"] == plain["verdict"]
    # enclosures contain the float64 values (up to the floats' own rounding)
    q = r["quantities"]
    assert close_to(c["enclosures"]["w_star_norm"], q["w_star_norm"])
    assert close_to(c["enclosures"]["gap"], q["gap"], rtol=1e-9)
    names = [x["name"] for x in c["conditions"]]
    for need in ("K_positive_definite", "kkt_system_nonsingular", "positives_interpolated", "free_negatives_feasible",
                 "tight_multipliers_nonnegative", "complementarity", "stationarity", "global_optimality"):
        assert need in names


def test_m1_certified_on_user_data_in_every_gram_mode(lai_data):
    X, y, K, ref = lai_data
    certs = {g: certify_min_norm_m1(y, tight=ref.tight, X=X, alpha_limit=ref.alpha * 1.01, gram=g)
             for g in ("apriori", "exact")}
    certs["given-K"] = certify_min_norm_m1(y, tight=ref.tight, K=K, alpha_limit=ref.alpha * 1.01)
    for g, c in certs.items():
        assert c.status == "certified", (g, c.reason)
        assert c.data["gram"] == g
        assert close_to(c.enclosures["w_star_norm"], ref.norm), (g, c.enclosures["w_star_norm"], ref.norm)
        assert close_to(c.enclosures["gap"], 0.01 * ref.norm, rtol=1e-9)
    # the a-priori and exact enclosures both contain the exact ‖w*‖ of XXᵀ: they must overlap
    assert overlap(certs["apriori"].enclosures["w_star_norm"], certs["exact"].enclosures["w_star_norm"])
    assert certs["apriori"].data["max_relative_radius"] < 1e-11  # γ_d at d = 4000


def test_m1_wrong_active_set_released_tight_negative_fails():
    """A perturbed KKT point: release one tight constraint — that example's β_i > 0 is proved."""
    ds = make_gaussian(40, 4000, 1)
    X, y = ds.X.numpy(), ds.y.numpy()
    tight, ref = float_active_set(ds.K.numpy(), y)
    assert tight.sum() >= 1
    bad = tight.copy()
    bad[np.flatnonzero(tight)[0]] = False
    c = certify_min_norm_m1(y, tight=bad, X=X)
    assert c.status == "failed"
    assert c.condition("free_negatives_feasible").outcome == REFUTED
    assert np.flatnonzero(tight)[0] in c.condition("free_negatives_feasible").where
    assert c.condition("global_optimality").outcome == REFUTED
    assert "free_negatives_feasible refuted" in c.reason
    # the same point is certified with the right active set
    assert certify_min_norm_m1(y, tight=tight, X=X).status == "certified"


def test_m1_wrong_active_set_extra_tight_negative_fails():
    """Forcing a free negative onto the boundary needs a multiplier of the wrong sign (α_i > 0 proved)."""
    ds = make_gaussian(40, 4000, 1)
    X, y = ds.X.numpy(), ds.y.numpy()
    tight, _ = float_active_set(ds.K.numpy(), y)
    free = np.flatnonzero((y <= 0) & ~tight)
    bad = tight.copy()
    bad[free[0]] = True
    c = certify_min_norm_m1(y, tight=bad, X=X)
    assert c.status == "failed"
    assert c.condition("tight_multipliers_nonnegative").outcome == REFUTED
    assert c.condition("tight_multipliers_nonnegative").where == [int(free[0])]


@pytest.mark.parametrize("flip", [False, True])
def test_m1_boundary_negative_with_zero_multiplier_is_not_provable(flip):
    X, y = boundary_dataset()
    tight, ref = float_active_set(X @ X.T, y)
    if flip:  # whichever side the float solve puts example 1 on, it cannot be proved
        tight[1] = ~tight[1]
    c = certify_min_norm_m1(y, tight=tight, X=X)
    name = "tight_multipliers_nonnegative" if tight[1] else "free_negatives_feasible"
    assert c.status == "failed"
    assert c.condition(name).outcome == NOT_PROVABLE and c.condition(name).where == [1]
    assert c.condition("K_positive_definite").holds and c.condition("kkt_system_nonsingular").holds
    assert name in c.reason and "at 256 bits" in c.reason
    # retried at higher precision and with the exact Gram before giving up
    tried = [(a["gram"], a["precision_bits"]) for a in c.attempts]
    assert tried == [("apriori", 64), ("exact", 128), ("exact", 256)]


def test_m1_precision_ladder_decides_a_tiny_margin():
    """β_3 = −2⁻⁸⁰/6 for this exact K: 64-bit balls straddle 0, 128-bit balls decide."""
    e = 2.0 ** -80
    K = np.array([[4, 1, 1, 1], [1, 4, 1, -1], [1, 1, 4, -e], [1, -1, -e, 4]], dtype=float)
    y = np.array([1.0, 1.0, 1.0, -1.0])
    c = certify_min_norm_m1(y, tight=np.zeros(4, bool), K=K)
    assert c.status == "certified", c.reason
    assert [a["outcome"] for a in c.attempts] == ["not-provable", "proved"] and c.precision == 128
    lo, hi = c.enclosures["max_beta_free_negatives"]
    assert lo <= -e / 6 <= hi < 0


def test_m1_singular_gram_fails_with_its_reason():
    rng = np.random.default_rng(5)
    X = rng.standard_normal((10, 50))
    y = np.where(np.arange(10) < 5, 1.0, -1.0) * (1 + rng.random(10))
    X[1], y[1] = X[0], y[0]  # a duplicated positive example: K and K_EE are singular
    tight, _ = float_active_set(X @ X.T, y)
    c = certify_min_norm_m1(y, tight=tight, X=X)
    assert c.status == "failed"
    assert c.condition("K_positive_definite").outcome == REFUTED and "exact rank 9 < n = 10" in c.reason
    assert c.condition("kkt_system_nonsingular").outcome == REFUTED
    # with only K (no exact arithmetic available) it is not provable, and says why
    c = certify_min_norm_m1(y, tight=tight, K=X @ X.T)
    assert c.status == "failed" and c.condition("K_positive_definite").outcome == NOT_PROVABLE
    assert "K_positive_definite not-provable at 256 bits" in c.reason


def test_m1_hooked_gram_is_certified_as_given(lai_data):
    """When a test hook replaced K, the certificate is about that K (never about the unhooked X)."""
    X, y, K, ref = lai_data

    class DS:
        pass
    ds = DS()
    ds.X = X
    ctx = Context(params={"certify": True}, seeds=[0], device=None, hooks=Hooks(gram=lambda k: k))
    c = LCERT.m1(ctx, ds, K, y, ref.alpha, ref)
    assert c["status"] == "certified" and c["data"]["gram"] == "given-K" and "test hook" in c["data"]["why"]
    c = LCERT.m1(Context(params={"certify": True}, seeds=[0], device=None), ds, K, y, ref.alpha, ref)
    assert c["data"]["gram"] == "apriori"


def test_m1_failed_float_solve_gives_a_failed_certificate():
    ctx = Context(params={"certify": True}, seeds=[0], device=None)
    c = LCERT.m1(ctx, None, np.eye(3), np.ones(3), np.zeros(3), None)
    assert c["status"] == "failed" and c["conditions"][0]["name"] == "float_active_set"
    assert LCERT.m1(Context(params={}, seeds=[0], device=None), None, None, None, None, None) is None


def test_m1_certificate_per_seed():
    r = run_check("lai2026.m1.limit", {**Q, "certify": True}, seeds=2)
    assert [p["certificate"]["status"] for p in r["per_seed"]] == ["certified", "certified"]
    assert r["certificate"]["status"] == "certified" and r["certificate"]["seed"] in (0, 1)


def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=300)


def test_cli_acceptance_certified_and_failed(tmp_path):
    rng = np.random.default_rng(11)
    X = rng.standard_normal((30, 3000))
    y = np.where(rng.random(30) < 0.5, 1.0, -1.0) * (1 + rng.random(30))
    good, bad = tmp_path / "good.npz", tmp_path / "boundary.npz"
    np.savez(good, X=X, y=y)
    Xb, yb = boundary_dataset()
    np.savez(bad, X=Xb, y=yb)
    out = tmp_path / "out.json"
    p = ibcheck("check", "lai2026.m1.gap", "--data", str(good), "--set", "certify=true", "--json", str(out))
    assert p.returncode in (0, 1, 3, 4), p.stderr
    c = json.loads(out.read_text())["certificate"]
    assert set(c) >= {"status", "conditions", "enclosures"}
    assert c["status"] == "certified", c["reason"]
    assert c["data"]["gram"] == "apriori" and "rounding_model" in c["data"]
    assert "certificate: CERTIFIED" in p.stdout
    p = ibcheck("check", "lai2026.m1.gap", "--data", str(bad), "--set", "certify=true", "--json", str(out))
    assert p.returncode in (0, 1, 3, 4), p.stderr
    c = json.loads(out.read_text())["certificate"]
    assert c["status"] == "failed"
    failing = [x["name"] for x in c["conditions"] if not x["holds"]]
    assert failing[0] in ("tight_multipliers_nonnegative", "free_negatives_feasible"), c["reason"]
    assert "certificate: FAILED" in p.stdout and failing[0] in p.stdout


def test_report_block_shows_the_certificate():
    from ibcheck.reports.certificate import certificate_html
    r = run_check("lai2026.m1.gap", {"n": 10, "d": 2000, "certify": True})
    h = certificate_html(r)
    assert "Interval certificate" in h and "certified" in h and "free_negatives_feasible" in h and "given-K" in h
    assert certificate_html({"verdict": "verified"}) == ""
