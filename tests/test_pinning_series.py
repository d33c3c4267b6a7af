"""``ibcheck.testing.pinning.compare`` on a ``Series`` (a limit/rate row's checkpoints): pinned as ``[clocks,
values]``, and a recomputation of another shape is refused with a message that says which shape is expected."""
import pytest

from ibcheck.checks.base import Measurement
from ibcheck.testing.pinning import RECOMPUTED, compare, series
from ibcheck.theory.asymptotic import Series

CLOCK, VALUES = [10.0, 100.0, 1000.0], [0.5, 0.05, 0.005]
M = Measurement(seed=0, values={"dist": Series(CLOCK, VALUES)}, quantities={})
PIN = {"dist": RECOMPUTED}


def test_a_series_pinned_as_clocks_and_values_passes():
    compare("c", M, {"dist": [CLOCK, VALUES]}, PIN)
    compare("c", M, {"dist": series(CLOCK, VALUES, [0, 1, 2])}, PIN)


@pytest.mark.parametrize("want,says", [
    (VALUES, "the values alone? pair them with their clocks"),
    (0.005, "the recomputation gave shape ()"),
    ([CLOCK[:2], VALUES[:2]], "the recomputation gave shape (2, 2)"),
])
def test_another_shape_names_the_expected_one(want, says):
    with pytest.raises(AssertionError) as exc:
        compare("c", M, {"dist": want}, PIN)
    msg = str(exc.value)
    assert "pinned as [clocks, values], two lists of 3 numbers each" in msg and says in msg, msg


def test_a_wrong_value_names_the_part_that_differs():
    with pytest.raises(AssertionError, match=r"dist: values reported .*recomputed") as exc:
        compare("c", M, {"dist": [CLOCK, [0.5, 0.05, 0.006]]}, PIN)
    assert "clocks" not in str(exc.value)
    with pytest.raises(AssertionError, match=r"dist: clocks reported"):
        compare("c", M, {"dist": [[10.0, 100.0, 999.0], VALUES]}, PIN)


def test_a_per_element_tolerance_goes_with_its_row():
    """A tolerance laid out as the pin ([clocks, values]): the clocks' row (0: exact) does not bind the values, and
    the values' row (0.002 absolute) does not loosen the clocks."""
    tol = [[0.0] * 3, [0.002] * 3]
    compare("c", M, {"dist": [CLOCK, [0.5, 0.05, 0.006]]}, PIN, rtol=0.0, atol=tol)
    with pytest.raises(AssertionError, match=r"dist: values reported"):
        compare("c", M, {"dist": [CLOCK, [0.5, 0.05, 0.008]]}, PIN, rtol=0.0, atol=tol)
    with pytest.raises(AssertionError, match=r"dist: clocks reported"):
        compare("c", M, {"dist": [[10.0, 100.0, 1000.001], VALUES]}, PIN, rtol=0.0, atol=tol)
