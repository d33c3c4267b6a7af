"""The Gram-law engine under lai2026.m1.gap: its numbers are equal in distribution under sampler=gram and
sampler=explicit, the JSON names the law, d = 1e9 runs, and bad sampler parameters are refused in one line (exit 2)
(the law itself: tests/test_gram_law.py)."""
import json
import subprocess
import sys

import pytest
from scipy.stats import ks_2samp

from ibcheck.checks.runner import run_check
from ibcheck.numerics.runtime.errors import InputError

KS_LEVEL = 1e-3  # a correct sampler fails one KS comparison with probability 1e-3 (as tests/test_gram_law.py)


def test_check_quantities_agree_in_distribution_between_the_laws():
    """The same check's numbers from sampler=gram and sampler=explicit at d = 2000 (30 seeds each):
    lai2026.m1.gap's gap/lower is equal in distribution (KS)."""
    def gaps(smp):
        r = run_check("lai2026.m1.gap", {"n": 20, "d": 2000, "sampler": smp}, seeds=30)
        return [s["quantities"]["gap"] / s["quantities"]["lower"] for s in r["per_seed"]]
    assert ks_2samp(gaps("gram"), gaps("explicit")).pvalue > KS_LEVEL


def test_json_names_the_law(tmp_path):
    r = run_check("lai2026.m1.gap", {"n": 100, "d": 10 ** 9})
    assert r["verdict"] == "verified" and r["data"]["sampler"]["law"] == "gram" and r["data"]["d"] == 10 ** 9
    assert run_check("lai2026.m1.gap", {"sampler": "explicit"})["data"]["sampler"]["law"] == "explicit"


def test_bad_sampler_parameters():
    with pytest.raises(InputError, match="sampler"):
        run_check("lai2026.m1.gap", {"sampler": "wishart"})
    with pytest.raises(InputError, match="use sampler=gram"):
        run_check("lai2026.m1.gap", {"n": 100000, "d": 10 ** 10, "sampler": "explicit"})
    with pytest.raises(InputError, match="reduce n"):
        run_check("lai2026.m1.gap", {"n": 10 ** 7, "d": 10 ** 10})


@pytest.mark.parametrize("args,msg", [
    (["--set", "sampler=wishart"], "sampler"),
    (["--set", "n=100000", "--set", "d=10000000000", "--set", "sampler=explicit"], "use sampler=gram"),
])
def test_bad_sampler_cli_exit_2(args, msg):
    p = subprocess.run([sys.executable, "-m", "ibcheck", "check", "lai2026.m1.gap", *args], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 2 and msg in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_acceptance_d_1e9_json(tmp_path):
    j = tmp_path / "out.json"
    p = subprocess.run([sys.executable, "-m", "ibcheck", "check", "lai2026.m1.gap", "--set", "n=100", "--set",
                        "d=1000000000", "--json", str(j)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert json.loads(j.read_text())["data"]["sampler"]["law"] == "gram"
