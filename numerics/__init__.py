"""What actually happens: data generators and PyTorch gradient-descent trainers (float64, CPU or CUDA), in five wings.

* ``runtime`` — device and dtype, threads, memory, progress, the input error: what every computation runs on;
* ``data`` — the data sets of the checks (Gaussian features and labels, their Gram law, linear and binary
  classification fixtures, initialisations, degenerate user data);
* ``integrators`` — the generic ODE pieces (Dormand–Prince, the event-aware integrator, the horizon engine);
* ``trainers`` — the flows and gradient methods of each model family, and what they record about float64;
* ``probe`` — what ``ibcheck kkt`` computes on a user's model (constraints, kinks, Clarke pieces, gradient checks).

Beside the wings, one module: ``trajectory`` — the ``Trajectory`` every trainer returns (clock, states, log-loss, the
engine that ran, stats); it imports no wing, so every wing may use it.

Dependencies run one way: ``trainers`` → ``data``, ``integrators``, ``runtime``; ``data`` and ``probe`` → ``runtime``.

The flat module paths of 0.1 (``ibcheck.numerics.flow``, …) still import, until 0.3.0: ``_Moved`` answers each with
its new module (the same module object) and a ``DeprecationWarning`` naming the new path. No other module stands at
this level; ``ibcheck.numerics.data``'s former names are served by ``data/__init__.py`` (``data.sets``). The record
classes of 0.1 (``AdamRun``, ``FlowResult``, …) are answered by their modules with ``Trajectory`` and a warning
(``trajectory.former_names``), also until 0.3.0.
"""
import importlib
import importlib.abc
import importlib.util
import sys
import warnings

if __name__ != "ibcheck.numerics":  # the folder is installed as ibcheck.numerics; a top-level `numerics` would shadow users' code
    raise ImportError("`numerics` is part of ibcheck: import ibcheck.numerics")

WINGS = {"runtime": ("errors", "device", "threads", "memory", "progress"),
         "data": ("linear_data", "gram_law", "inits", "degenerate", "classification", "spectra"),
         "integrators": ("dopri", "flow_events", "horizon"),
         "trainers": ("flow", "relu_gd", "smooth_gd", "linear_gd", "two_layer", "homogeneous_net", "relu_square", "adam",
                      "adam_incremental", "adagrad", "linear_geometry", "leaky_modes", "leaky_horizon", "frozen"),
         "probe": ("homogeneous_probe", "homogeneous", "homogeneous_gram", "clarke_kinks", "clarke_ties", "kink_sides",
                   "gradient_check")}
# former module path → its module now (``ibcheck.numerics.data`` itself is a package now: see data/__init__.py)
MOVED = {f"{__name__}.{m}": f"{__name__}.{w}.{m}" for w, ms in WINGS.items() for m in ms}


def _warn(old: str, stacklevel: int) -> None:
    warnings.warn(f"{old} moved to {MOVED[old]}; the old path is removed in 0.3.0", DeprecationWarning,
                  stacklevel=stacklevel + 1)


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a former module path as its new module: the import system's entry is the new module object itself,
    so ``import ibcheck.numerics.flow`` and ``import ibcheck.numerics.trainers.flow`` give one module (one state)."""

    def find_spec(self, fullname, path=None, target=None):
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec):
        return None  # a placeholder; exec_module puts the real module in its place

    def exec_module(self, module):
        _warn(module.__name__, 2)  # the import system's own frames are skipped: the warning names the importer
        sys.modules[module.__name__] = importlib.import_module(MOVED[module.__name__])


if not any(isinstance(f, _Moved) for f in sys.meta_path):
    sys.meta_path.append(_Moved())  # last: every real module is found before a former path is considered


def __getattr__(name: str):
    """``ibcheck.numerics.flow`` as an attribute (``from ibcheck.numerics import flow``): the new module, warned."""
    old = f"{__name__}.{name}"
    if old not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    _warn(old, 2)
    module = importlib.import_module(MOVED[old])
    sys.modules.setdefault(old, module)
    globals()[name] = module  # warned once, as an import of the old path is: later look-ups find it here
    return module
