from ibcheck.checks.conjecture import Conjecture
conjecture = Conjecture(id="x", title="x", space={}, experiment=lambda p: {}, conclusion=lambda v: True)
