"""numerics/ in wings: no module at its top level but the trajectory (the record every trainer returns, importing no
wing), dependencies one way between the wings, and every flat module path of 0.1 still importing (until 0.3.0) as
the very module it moved to, with a ``DeprecationWarning`` naming the new path (``numerics/__init__.py``; the former
names of ``ibcheck.numerics.data``: ``numerics/data/__init__.py``)."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import ibcheck.numerics as N
from tests.test_architecture import GRAPH

ROOT = Path(__file__).resolve().parent.parent
# every flat module of 0.1 (numerics/<name>.py) and where it lives now; data.py's contents are data/sets.py
FLAT = {"errors": "runtime", "device": "runtime", "threads": "runtime", "memory": "runtime", "progress": "runtime",
        "linear_data": "data", "gram_law": "data", "inits": "data", "degenerate": "data", "classification": "data",
        "spectra": "data", "dopri": "integrators", "flow_events": "integrators", "horizon": "integrators",
        "flow": "trainers", "relu_gd": "trainers", "smooth_gd": "trainers", "linear_gd": "trainers",
        "two_layer": "trainers", "homogeneous_net": "trainers", "relu_square": "trainers", "adam": "trainers",
        "adam_incremental": "trainers", "adagrad": "trainers", "linear_geometry": "trainers", "leaky_modes": "trainers",
        "leaky_horizon": "trainers", "frozen": "trainers", "homogeneous_probe": "probe", "homogeneous": "probe",
        "homogeneous_gram": "probe", "clarke_kinks": "probe", "clarke_ties": "probe", "kink_sides": "probe",
        "gradient_check": "probe"}
# what each wing may import of numerics (besides itself): one way, no wing back up
MAY_IMPORT = {"runtime": set(), "data": {"runtime"}, "integrators": set(), "probe": {"runtime"},
              "trainers": {"runtime", "data", "integrators"}}


def test_no_module_at_the_top_level_but_the_trajectory():
    top = sorted(p.name for p in (ROOT / "numerics").glob("*.py"))
    assert top == ["__init__.py", "trajectory.py"]  # the one record every trainer returns, below every wing
    assert sorted(p.name for p in (ROOT / "numerics").iterdir() if (p / "__init__.py").exists()) == sorted(MAY_IMPORT)
    assert (ROOT / "numerics" / "data" / "sets.py").exists()


def test_the_shim_knows_every_flat_module():
    assert N.MOVED == {f"ibcheck.numerics.{m}": f"ibcheck.numerics.{w}.{m}" for m, w in FLAT.items()}


def test_wings_depend_one_way():
    def wing(mod: str) -> str | None:
        parts = mod.split(".")
        return parts[2] if len(parts) > 3 and parts[:2] == ["ibcheck", "numerics"] else None
    bad = [f"{m} imports {t}" for m, ts in GRAPH.items() if wing(m) for t in sorted(ts)
           if wing(t) and wing(t) != wing(m) and wing(t) not in MAY_IMPORT[wing(m)]]
    assert bad == []


def test_the_trajectory_imports_no_wing():
    assert not {t for t in GRAPH["ibcheck.numerics.trajectory"] if t.startswith("ibcheck.")}


def _forget(name: str) -> None:
    """As if the old path had never been imported in this process (the new module stays)."""
    sys.modules.pop(f"ibcheck.numerics.{name}", None)
    vars(N).pop(name, None)


@pytest.mark.parametrize("name", sorted(FLAT))
def test_old_path_is_the_new_module(name):
    new = importlib.import_module(f"ibcheck.numerics.{FLAT[name]}.{name}")
    _forget(name)
    moved = rf"ibcheck\.numerics\.{name} moved to ibcheck\.numerics\.{FLAT[name]}\.{name};"
    with pytest.warns(DeprecationWarning, match=moved):
        old = importlib.import_module(f"ibcheck.numerics.{name}")
    assert old is new and sys.modules[f"ibcheck.numerics.{name}"] is new
    _forget(name)
    with pytest.warns(DeprecationWarning, match=rf"{FLAT[name]}\.{name}"):
        got = getattr(importlib.import_module("ibcheck.numerics"), name)  # from ibcheck.numerics import <name>
    assert got is new
    _forget(name)


def test_old_data_names_are_the_objects_of_data_sets():
    import ibcheck.numerics.data as D
    import ibcheck.numerics.data.sets as S
    defined = {n for n, v in vars(S).items() if getattr(v, "__module__", None) == S.__name__}  # its functions, classes
    constants = {n for n in vars(S) if n.isupper() and n != "DEFAULT_DTYPE"}  # DEFAULT_DTYPE: runtime.device's
    assert defined | constants | {"Spectrum", "parse_spectrum"} == set(D.FORMER)  # the last two: re-exported there
    for name in D.FORMER:
        vars(D).pop(name, None)
        with pytest.warns(DeprecationWarning, match=rf"data\.{name} moved to ibcheck\.numerics\.data\.sets\.{name}"):
            assert getattr(D, name) is getattr(S, name)
        vars(D).pop(name, None)
    with pytest.raises(AttributeError):
        D.no_such_name  # noqa: B018
    assert importlib.import_module("ibcheck.numerics.data.gram_law").__name__ == "ibcheck.numerics.data.gram_law"


def test_a_pickle_naming_an_old_path_still_loads():
    """A result pickled before the move names ``ibcheck.numerics.errors.InputError`` or
    ``ibcheck.numerics.data.Dataset``: it loads as today's class."""
    import pickle

    import ibcheck.numerics.data as D
    from ibcheck.numerics.data.sets import Dataset
    from ibcheck.numerics.runtime.errors import InputError
    _forget("errors")
    vars(D).pop("Dataset", None)
    for obj, new, old in ((InputError("x"), b"ibcheck.numerics.runtime.errors", b"ibcheck.numerics.errors"),
                          (Dataset, b"ibcheck.numerics.data.sets", b"ibcheck.numerics.data")):
        with pytest.warns(DeprecationWarning):
            back = pickle.loads(pickle.dumps(obj, protocol=2).replace(new, old))
        assert type(back) is type(obj) if isinstance(obj, Exception) else back is obj
    _forget("errors")
    vars(D).pop("Dataset", None)
