"""Every horizon an inconclusive verdict names comes with the exact command that runs to it, and that command is
accepted: the check declares which parameter moves its clock (``CheckSpec.horizon``), the value is rounded to one
the parameter accepts (``steps``: a power of 10 ≥ 10⁴), and the command passes the CLI's own validation
(``ibcheck.cli.dry_run_check``: the parser, the claim ID, each ``--set`` through its ``Param``) without training.
The quick catalogue (``checks/test_catalogue.py``) does the same for every command a real run prints, the three
inconclusive defaults included."""
from __future__ import annotations

import pytest

from ibcheck.checks import horizon as H
from ibcheck.checks.cases import EXPECTED, case_id
from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import accepted_command

ASYMPTOTIC = {cid: spec for cid, spec in REGISTRY.items()
              if any(c.asymptotic for c in spec.claim.hypotheses + spec.claim.conclusions)}


def test_every_claim_with_a_limit_or_rate_row_declares_its_horizon():
    assert len(ASYMPTOTIC) >= 25
    missing = [cid for cid, spec in ASYMPTOTIC.items() if spec.horizon is None]
    assert missing == []
    for cid, spec in ASYMPTOTIC.items():
        h = spec.horizon
        assert h.param in spec.params, cid
        clocks = {c.clock for c in spec.claim.hypotheses + spec.claim.conclusions if c.asymptotic}
        assert not h.clocks or clocks <= set(h.clocks), (cid, clocks, h.clocks)


@pytest.mark.parametrize("cid", sorted(ASYMPTOTIC))
def test_a_synthetic_horizon_gives_an_accepted_command_that_reaches_it(cid):
    """Each claim, its default parameters and a user override kept: a horizon 3.16× past the default run and one
    10⁴× past it map to a command the CLI accepts, whose horizon parameter reaches the needed clock value (or, past
    the parameter's range, to an explicit "no accepted value")."""
    spec = ASYMPTOTIC[cid]
    params = {k: p.default for k, p in spec.params.items()}
    seed_set = {"seed": 7} if "seed" in spec.params else {}
    run = dict(params, **seed_set)
    conds = [c for c in spec.claim.hypotheses + spec.claim.conclusions if c.asymptotic]
    answered = 0
    for cond in conds:
        for tau in (3.16e3, 3.16e6, 5.5e1):
            s = spec.horizon.settings(tau, run, cond.clock)
            if s is None:  # past the range of the parameter: the message says so, and the range really ends
                continue
            assert H.accepted(spec, s) == s, (cid, tau, s)
            cmd = H.command(cid, spec, run, s)
            resolved = accepted_command(cmd)
            assert all(resolved[k] == spec.params[k].parse(v if isinstance(v, str) else repr(v)) for k, v in s.items())
            if seed_set:
                assert resolved["seed"] == 7, cmd  # the user's own settings are kept
            p, v = spec.horizon.param, resolved[spec.horizon.param]
            if p in ("steps", "t_end"):
                assert v >= tau * (1 - 1e-12) or v == spec.horizon.settings(1.0, run, cond.clock)[p], (cid, v, tau)
            elif p == "target_log_loss" and cond.clock == "ell":
                assert -v >= tau, (cid, v, tau)
            answered += 1
    assert answered, cid


def test_log_loss_and_grids_round_to_one_significant_digit():
    """The rounding the log-loss targets and grids use (on a paper's claims: its tests/test_horizon_commands.py)."""
    assert H.ceil_1sig(3.26e4) == 4e4 and H.ceil_1sig(2e4) == 2e4 and H.ceil_1sig(9.7) == 10


def test_the_inconclusive_defaults_name_a_horizon_their_check_declares():
    """The defaults documented inconclusive are judged by limit/rate rows whose clock their horizon moves: the quick
    catalogue's run of each checks the printed command (checks/test_catalogue.py); which claims they are: their
    papers' tests/test_horizon_commands.py."""
    defaults = [cid for cid in REGISTRY if (e := EXPECTED.get(case_id(cid, {}))) and e.verdict == "inconclusive"]
    assert defaults
    for cid in defaults:
        assert cid in ASYMPTOTIC and ASYMPTOTIC[cid].horizon is not None, cid
