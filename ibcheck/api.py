"""The Python API behind ``ibcheck.run_check`` (``ibcheck.kkt`` lives in ``ibcheck.model_kkt``)."""
from __future__ import annotations


def run_check(claim_id: str, *, seeds: int = 1, device: str = "cpu", data_file: str | None = None,
              dataset=None, params: dict | None = None, **overrides) -> dict:
    """One claim's check as the contract's JSON dict (CONTRACT.md), like ``ibcheck check CLAIM_ID --json``.

    Parameters go as keywords (``n=40, d=4000``) or in ``params`` (for a parameter whose name is one of this
    function's keywords); ``data_file`` is a user ``.npz`` (``--data``), ``dataset`` an in-memory
    ``ibcheck.numerics.data.sets.Dataset``. Bad input raises ``ibcheck.InputError``.
    """
    from ibcheck.checks.runner import run_check as _run
    return _run(claim_id, {**(params or {}), **overrides}, data=data_file, seeds=seeds, device=device,
                dataset=dataset)
