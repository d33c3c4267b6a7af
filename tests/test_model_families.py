"""One ``Net`` per model family: the leaky two-layer net (``LeakyNet``), ReLU regression (``ReluSquareNet``) and
homogeneous two-layer nets (``HomogeneousNet``); each class says in its docstring why it is a family of its own. The
former names (two modules' ``Net``, ``FixedModeNet``) still answer, with the new class and a ``DeprecationWarning``
naming it, until 0.3.0."""
from __future__ import annotations

import importlib

import pytest

from ibcheck.numerics.trainers.homogeneous_net import HomogeneousNet
from ibcheck.numerics.trainers.leaky_horizon import FixedModePiece
from ibcheck.numerics.trainers.relu_square import ReluSquareNet
from ibcheck.numerics.trainers.two_layer import LeakyNet

FAMILIES = (LeakyNet, ReluSquareNet, HomogeneousNet)


@pytest.mark.parametrize("module, old, new", [
    ("two_layer", "Net", LeakyNet), ("relu_square", "Net", ReluSquareNet), ("leaky_horizon", "FixedModeNet", FixedModePiece)])
def test_a_former_name_answers_with_the_one_class_and_a_warning(module, old, new):
    mod = importlib.import_module(f"ibcheck.numerics.trainers.{module}")
    with pytest.warns(DeprecationWarning, match=rf"{old} is {new.__module__}\.{new.__name__} now \(one Net per model family\)"):
        assert getattr(mod, old) is new
    with pytest.raises(AttributeError):
        mod.NoSuchNet  # noqa: B018


@pytest.mark.parametrize("cls", FAMILIES)
def test_each_family_says_why_it_is_not_the_others(cls):
    doc = cls.__doc__
    assert "Its own family" in doc and all(o.__name__ in doc for o in FAMILIES if o is not cls)


def test_one_net_class_per_family():
    """Every class named ``…Net`` in the trainers is one of the families (a view such as ``FixedModePiece`` is not)."""
    import inspect
    import pkgutil

    import ibcheck.numerics.trainers as T
    nets = set()
    for info in pkgutil.iter_modules(T.__path__):
        mod = importlib.import_module(f"{T.__name__}.{info.name}")
        nets |= {c for n, c in vars(mod).items() if inspect.isclass(c) and n.endswith("Net")
                 and c.__module__ == mod.__name__}
    assert nets == set(FAMILIES)
