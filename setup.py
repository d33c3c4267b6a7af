"""Packaging: the repository keeps theory/, numerics/, checks/, reports/ at the top level (the design card),
installed as the sub-packages ibcheck.theory, ibcheck.numerics, ibcheck.checks, ibcheck.reports — so
`pip install .` adds exactly one top-level module, `ibcheck`. Metadata lives in pyproject.toml."""
from setuptools import find_packages, setup

ROOTS = ("theory", "numerics", "checks", "reports", "papers")
packages = ["ibcheck"] + [f"ibcheck.{r}" for r in ROOTS] + [
    f"ibcheck.{r}.{p}" for r in ROOTS for p in find_packages(r)]
setup(packages=packages, package_dir={"ibcheck": "ibcheck", **{f"ibcheck.{r}": r for r in ROOTS}})
