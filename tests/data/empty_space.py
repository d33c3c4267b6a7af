from ibcheck.checks.conjecture import Conjecture, Int
conjecture = Conjecture(id="x", title="x", space={"n": Int(5, 3)},
    experiment=lambda p: {}, conclusion=lambda v: True)
