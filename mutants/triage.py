"""The triage of every mutant that survived a first mutmut run (``mutants/run.py``), keyed by its stable key.

``"killed by <test>: ..."`` — a value-level test added for it (the re-test, ``--survivors``, records that it now
fails the group's tests); ``"equivalent: <one-line reason>"`` — the mutant changes no behaviour a caller can see.
docs/mutation.md lists every survivor with its entry here.
"""

TRIAGE: dict[str, str] = {
}
