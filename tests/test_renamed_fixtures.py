"""Fixtures renamed by shape (they were named after the first paper that read them) keep their former names until
0.3: each former name answers with the new object and a ``DeprecationWarning`` naming the replacement; the data
are the same arrays."""
import pytest

from ibcheck.numerics.data import linear_data
from ibcheck.testing import fixed_cases


@pytest.mark.parametrize("module", [linear_data, fixed_cases], ids=["linear_data", "fixed_cases"])
def test_every_former_name_answers_with_its_replacement(module):
    assert module._RENAMED
    for old, new in module._RENAMED.items():
        assert old not in vars(module)  # only through the deprecation path
        with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated: use {new}"):
            assert getattr(module, old) is getattr(module, new)
    with pytest.raises(AttributeError):
        module.no_such_fixture  # noqa: B018

