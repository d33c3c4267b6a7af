"""Packaging: the repository keeps theory/, numerics/, checks/, reports/, papers/ at the top level (the design card),
installed as the sub-packages ibcheck.theory, ibcheck.numerics, ibcheck.checks, ibcheck.reports, ibcheck.papers —
so `pip install .` adds exactly one top-level module, `ibcheck`. Every package below ibcheck/ itself
(ibcheck.testing, …) and below each root is found, not listed: a wheel holds every folder with an __init__.py
(tests/test_packaging.py compares this list with the source tree). Metadata lives in pyproject.toml."""
from setuptools import find_packages, setup

ROOTS = ("theory", "numerics", "checks", "reports", "papers")


def packages() -> list[str]:
    """``ibcheck``, its own sub-packages, and each root with its sub-packages under the ``ibcheck.`` prefix."""
    return (["ibcheck"] + [f"ibcheck.{p}" for p in find_packages("ibcheck")]
            + [f"ibcheck.{r}" for r in ROOTS] + [f"ibcheck.{r}.{p}" for r in ROOTS for p in find_packages(r)])


if __name__ == "__main__":
    setup(packages=packages(), package_dir={"ibcheck": "ibcheck", **{f"ibcheck.{r}": r for r in ROOTS}})
