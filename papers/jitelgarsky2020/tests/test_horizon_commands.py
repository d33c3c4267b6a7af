"""Horizon commands on jitelgarsky2020.direction: a log-loss target rounds to an accepted value, and a cheap undecided
run prints a command the CLI accepts (every claim's synthetic horizons: tests/test_horizon_commands.py)."""
from __future__ import annotations

from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import accepted_command


def test_log_loss_rounds_to_an_accepted_target():
    spec = REGISTRY["jitelgarsky2020.direction"]
    run = {k: p.default for k, p in spec.params.items()}
    assert spec.horizon.settings(3.26e4, run, "ell") == {"target_log_loss": -40000.0}


def test_a_real_run_prints_a_command_the_cli_accepts(capsys):
    """A cheap undecided run end to end through `ibcheck check`: the verdict line ends with the command (the path
    length of θ/‖θ‖ to log(1/𝓛) = 1e3: its limit interval is still 0.08 wide; the fitted model asks ≈ 7e4)."""
    from ibcheck.cli import main
    code = main(["check", "jitelgarsky2020.direction", "--set", "target_log_loss=-1000"])
    out = capsys.readouterr().out
    assert code == 4
    verdict = next(line for line in out.splitlines() if line.startswith("verdict: INCONCLUSIVE"))
    cmd = verdict[verdict.index("ibcheck check"):]
    assert cmd.startswith("ibcheck check jitelgarsky2020.direction --set target_log_loss=-"), cmd
    target = accepted_command(cmd)["target_log_loss"]
    needed = float(verdict.split("needs log(1/𝓛) ≈ ")[1].split(";")[0])
    assert -target >= needed and -target <= 2 * needed, (target, needed)  # rounded up to one significant digit
    assert f"run to it: {cmd}" in out  # the asymptotic line of the table too
