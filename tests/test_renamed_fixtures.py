"""Fixtures renamed by shape (they were named after the first paper that read them) keep their former names until
0.3: each former name answers with the new object and a ``DeprecationWarning`` naming the replacement; the data
are the same arrays. ``fixed_cases``' former names are declared by the papers that read each case first (their
manifests' ``former_fixtures``), so the shared module names no paper."""
import pytest

from ibcheck.numerics.data import linear_data
from ibcheck.testing import fixed_cases


@pytest.mark.parametrize("module, renamed", [(linear_data, lambda: linear_data._RENAMED),
                                             (fixed_cases, fixed_cases.former_names)],
                         ids=["linear_data", "fixed_cases"])
def test_every_former_name_answers_with_its_replacement(module, renamed):
    assert len(renamed()) >= (16 if module is fixed_cases else 3)  # every name 0.1 had
    for old, new in renamed().items():
        assert old not in vars(module)  # only through the deprecation path
        with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated: use {new}"):
            assert getattr(module, old) is getattr(module, new)
    with pytest.raises(AttributeError):
        module.no_such_fixture  # noqa: B018

