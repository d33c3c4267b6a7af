import sympy as sp
from ibcheck.checks.conjecture import Conjecture, Int
conjecture = Conjecture(id="x", title="x", space={"n": Int(1, 3)},
    experiment=lambda p: {"q": 1.0}, quantities=("q",), conclusion=sp.Ge(sp.Symbol("bogus"), 0))
