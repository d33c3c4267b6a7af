"""ibcheck's conformance suite on this paper: one line (``ibcheck.testing.conformance``)."""
from ibcheck.testing.conformance import conformance_tests

test_ibcheck_conformance = conformance_tests("example")
