"""ibcheck: verification suite for implicit-bias theorems of GD on shallow (leaky-)ReLU networks.

Python API (imported lazily: ``import ibcheck`` loads neither torch nor the catalogue):
``ibcheck.kkt(model, X, y)`` (a trained homogeneous model against the max-margin KKT conditions),
``ibcheck.run_check(claim_id, **params)`` (the contract's JSON result), ``ibcheck.testing`` (pytest helpers
``assert_kkt``, ``assert_verified``). See docs/api.md.
"""
__version__ = "0.2.0"

_LAZY = {
    "kkt": ("ibcheck.model_kkt", "kkt"),
    "KKTResult": ("ibcheck.model_kkt", "KKTResult"),
    "run_check": ("ibcheck.api", "run_check"),
    "InputError": ("ibcheck.numerics.runtime.errors", "InputError"),
    "testing": ("ibcheck.testing", None),
}
__all__ = ["__version__", *_LAZY]


def __getattr__(name):
    if name in _LAZY:
        import importlib
        mod, attr = _LAZY[name]
        m = importlib.import_module(mod)
        return m if attr is None else getattr(m, attr)
    raise AttributeError(f"module 'ibcheck' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
