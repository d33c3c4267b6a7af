"""Compare theory with numerics: one check per claim, run by the CLI and by the pytest suite."""
import sys as _sys

# Installed as ibcheck.checks. pytest imports this folder a second time as `checks` to collect its test
# modules (which import everything from ibcheck.checks); any other top-level import is a mistake.
if __name__ != "ibcheck.checks" and "_pytest" not in _sys.modules:
    raise ImportError("`checks` is part of ibcheck: import ibcheck.checks")
