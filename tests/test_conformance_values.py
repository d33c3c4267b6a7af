"""Value-level tests of the conformance suite (ibcheck/testing/conformance.py): each check on a small fake paper —
its claims, registry, documented outcomes, wrong answers and docs given as plain dicts in stand-in modules — passes
or fails (with the offending name) as its contract says. The real papers run the suite in tests/test_conformance.py
(≈ 70 s); these run in about a second, so each mutant of the module costs seconds (mutants/groups.py ``conformance``).
"""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field

import pytest

from ibcheck.testing import conformance as cf


@dataclass(frozen=True)
class NA:
    reason: str


@dataclass(frozen=True)
class Probe:
    what: str
    overrides: dict = field(default_factory=dict)
    heavy: bool = False
    hooks: object = None


@dataclass
class Expected:
    verdict: str
    reason: str
    named: bool = True
    unknown: tuple = ()

    def unknown_rows(self, claim):
        return list(self.unknown)


class Claim:
    def __init__(self, decides=(True,), exploratory=False):
        self.conclusions = [types.SimpleNamespace(decides=d) for d in decides]
        self.exploratory = exploratory


class Paper:
    def __init__(self, name="toy", builtin=True, modules=None, tests=()):
        self.name, self.package, self.builtin = name, f"pkg_{name}", builtin
        self.modules, self.tests = modules or {}, list(tests)

    def has(self, rel):
        return rel in self.modules

    def module(self, rel):
        return self.modules[rel]

    def submodules(self, rel):
        assert rel == "tests"
        return self.tests


def stub(monkeypatch, name, **attrs):
    """A stand-in module ``name`` (found by the suite's function-level imports before the real one)."""
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    monkeypatch.setitem(sys.modules, name, mod)
    return mod


def passes(thunk):
    """Run a check that must pass: a skip is a failure here (pytest.skip inside a test would only skip it)."""
    try:
        return thunk()
    except pytest.skip.Exception as exc:
        pytest.fail(f"skipped: {exc}")


def message(thunk, exc=AssertionError) -> str:
    """The message of the failure ``thunk`` must raise (an assertion's whole text)."""
    with pytest.raises(exc) as info:
        thunk()
    return str(info.value.msg if isinstance(info.value, pytest.skip.Exception) else info.value)


FAMS = {"random": "r", "reference": "f"}


@pytest.fixture
def world(monkeypatch):
    """Paper ``toy`` with claims ``toy.a`` and ``toy.b`` (and ``other.c`` of another paper)."""
    w = types.SimpleNamespace(calls=[])
    w.catalogue = {"toy.a": Claim(), "toy.b": Claim(), "other.c": Claim()}
    w.paper_of = {"toy.a": "toy", "toy.b": "toy", "other.c": "other"}
    stub(monkeypatch, "ibcheck.theory.catalogue", CATALOGUE=w.catalogue, PAPER_OF=w.paper_of)
    w.table = {"toy.a": {"random": [Probe("cheap"), Probe("heavy", heavy=True)], "reference": NA("no reference")},
               "toy.b": {"random": NA("exact"), "reference": [Probe("two", {"x": 1, "y": 2}), Probe("one", {"x": 1})]}}
    w.heavy = set()
    stub(monkeypatch, "ibcheck.checks.discrimination", FAMILIES=FAMS, NA=NA, REJECTING=("violated", "observed"),
         tables=lambda: (w.table, w.heavy), HEAVY=w.heavy,
         run_probe=lambda cid, p: (w.calls.append((cid, p.what)), {"verdict": w.verdicts.get(p.what, "verified")})[1])
    w.verdicts = {}
    return w


# ---- paper_of, _claims -------------------------------------------------------------------------------------------

def test_paper_of_finds_by_name_or_package_and_refuses_an_unknown_name(monkeypatch):
    a, b = Paper("alpha"), Paper("beta")
    stub(monkeypatch, "ibcheck.theory.papers", discover=lambda: [a, b])
    assert cf.paper_of("beta") is b and cf.paper_of("pkg_alpha") is a
    with pytest.raises(LookupError, match="'gamma'"):
        cf.paper_of("gamma")


def test_a_papers_claims_are_those_the_catalogue_assigns_to_it(world):
    assert cf._claims(Paper("toy")) == {"toy.a": world.catalogue["toy.a"], "toy.b": world.catalogue["toy.b"]}
    assert list(cf._claims(Paper("other"))) == ["other.c"]
    assert cf._claims(Paper("none")) == {}


# ---- manifest, claims, expected table ----------------------------------------------------------------------------

def test_manifest(world, monkeypatch, tmp_path):
    idx = tmp_path / "index.py"
    stub(monkeypatch, "ibcheck.checks.index_build", generate=lambda p: "INDEX", path_of=lambda p: idx)
    rebuilt = []
    stub(monkeypatch, "ibcheck.checks.index", paper_tables=lambda p: rebuilt.append(p.name))
    with pytest.raises(AssertionError, match="missing or stale"):
        cf.check_manifest(Paper("toy"))  # no index file
    idx.write_text("OLD")
    with pytest.raises(AssertionError, match="missing or stale"):
        cf.check_manifest(Paper("toy"))
    idx.write_text("INDEX")
    passes(lambda: cf.check_manifest(Paper("toy")))
    assert rebuilt == []  # a built-in paper's index is not rebuilt
    passes(lambda: cf.check_manifest(Paper("toy", builtin=False)))
    assert rebuilt == ["toy"]  # an installed paper's is
    with pytest.raises(AssertionError, match="no claims"):
        cf.check_manifest(Paper("none"))
    world.paper_of["bad.d"] = "toy"
    world.catalogue["bad.d"] = Claim()
    with pytest.raises(AssertionError, match=r"\['bad.d'\]"):
        cf.check_manifest(Paper("toy"))


def test_claims(world, monkeypatch):
    resolved = []
    registry = {"toy.a": types.SimpleNamespace(params={"p": 1}), "toy.b": types.SimpleNamespace(params={})}
    stub(monkeypatch, "ibcheck.checks.registry", REGISTRY=registry)
    stub(monkeypatch, "ibcheck.checks.params", resolve=lambda params, given, cid: resolved.append((params, given, cid)))
    sanity = {"toy.a": True, "toy.b": True}

    def check_claim(claim, catalogue):
        assert catalogue is world.catalogue
        ok = sanity[next(c for c, v in world.catalogue.items() if v is claim)]
        return types.SimpleNamespace(ok=ok, failures=[types.SimpleNamespace(message="m1"), types.SimpleNamespace(message="m2")])
    stub(monkeypatch, "ibcheck.theory.sanity", check_claim=check_claim)
    passes(lambda: cf.check_claims(Paper("toy")))
    assert resolved == [({"p": 1}, {}, "toy.a"), ({}, {}, "toy.b")]
    sanity["toy.b"] = False
    with pytest.raises(AssertionError, match="toy.b: symbolic sanity: m1; m2"):
        cf.check_claims(Paper("toy"))
    sanity["toy.b"] = True
    world.catalogue["toy.b"].conclusions = [types.SimpleNamespace(decides=False), types.SimpleNamespace(decides=False)]
    with pytest.raises(AssertionError, match="toy.b: no conclusion can decide"):
        cf.check_claims(Paper("toy"))
    world.catalogue["toy.b"].conclusions = [types.SimpleNamespace(decides=False), types.SimpleNamespace(decides=True)]
    passes(lambda: cf.check_claims(Paper("toy")))
    del registry["toy.a"]
    with pytest.raises(AssertionError, match="toy.a: no check"):
        cf.check_claims(Paper("toy"))


@pytest.mark.parametrize("entry, message", [
    (Expected("violated", "measured 0.5"), None),
    (Expected("outside-hypotheses", "1 row"), None),
    (Expected("inconclusive", "2 rows"), None),
    (Expected("verified", "measured 0.5"), "toy.a\\[x\\]"),
    (Expected("observed", "measured 0.5"), "only an exploratory claim"),
    (Expected("violated", "measured 0.5", named=False), "name the rows"),
    (Expected("violated", "measured 0.5", unknown=("gone",)), "no such row"),
    (Expected("violated", "measured nothing"), "quote what was measured"),
    (Expected("violated", ""), "quote what was measured"),
])
def test_expected_table(world, monkeypatch, entry, message):
    expected = {"toy.a[x]": entry, "other.c[y]": "not even an Expected"}  # another paper's entries are not read
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED=expected,
         cases=lambda profile: [("toy.a", {}, "toy.a[x]"), ("other.c", {}, "other.c[y]")] if profile == "full" else [])
    stub(monkeypatch, "ibcheck.checks.expected", Expected=Expected)
    if message is None:
        passes(lambda: cf.check_expected_table(Paper("toy")))
    else:
        with pytest.raises(AssertionError, match=message):
            cf.check_expected_table(Paper("toy"))


def test_expected_table_refuses_a_non_expected_and_an_unknown_case(world, monkeypatch):
    stub(monkeypatch, "ibcheck.checks.expected", Expected=Expected)
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED={"toy.a[x]": ("violated", "1")},
         cases=lambda profile: [("toy.a", {}, "toy.a[x]")])
    with pytest.raises(AssertionError, match=r"toy.a\[x\]"):
        cf.check_expected_table(Paper("toy"))
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED={"toy.a[z]": Expected("violated", "1")},
         cases=lambda profile: [("toy.a", {}, "toy.a[x]"), ("other.c", {}, "toy.a[z]")])  # a case of another claim
    with pytest.raises(AssertionError, match="documented outcome of no case"):
        cf.check_expected_table(Paper("toy"))
    exploratory = Claim(exploratory=True)
    world.catalogue["toy.a"] = exploratory
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED={"toy.a[x]": Expected("observed", "1")},
         cases=lambda profile: [("toy.a", {}, "toy.a[x]")])
    passes(lambda: cf.check_expected_table(Paper("toy")))  # an exploratory claim may be 'observed'


# ---- case[ID], same_as_stated ------------------------------------------------------------------------------------

def _alt(name, same):
    return {"name": name, "same": same}


def test_same_as_stated_reads_every_row_and_seed(monkeypatch):
    stub(monkeypatch, "ibcheck.theory.asymptotic_alternatives", coincident=lambda a: a["same"])
    r = {"conclusions": [{"name": "rate", "alternatives": [_alt("n", False), _alt("log n", True)]},
                         {"name": "plain"}, {"name": "empty", "alternatives": None}],
         "per_seed": [{"conclusions": [{"name": "limit", "alternatives": [_alt("0", True)]}]},
                      {"conclusions": None},
                      {"conclusions": [{"name": "rate", "alternatives": [_alt("log n", True)]}]}]}
    assert cf.same_as_stated(r) == ["limit: 0", "rate: log n"]
    assert cf.same_as_stated({"conclusions": [], "per_seed": None}) == []


@pytest.fixture
def case_world(monkeypatch):
    w = types.SimpleNamespace(result={"verdict": "verified", "reason": "r", "conclusions": []}, asserted=[], ran=[])
    stub(monkeypatch, "ibcheck.theory.asymptotic_alternatives", coincident=lambda a: a["same"])
    w.expected = {}
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED=w.expected,
         assert_expected=lambda case, r: w.asserted.append((case, r["verdict"])))
    stub(monkeypatch, "ibcheck.checks.runner",
         run_check=lambda cid, setting, hooks=None: (w.ran.append((cid, dict(setting))), w.result)[1])
    return w


def test_a_case_runs_and_is_compared_with_its_documented_outcome(case_world):
    w = case_world
    passes(lambda: cf.check_case("toy.a", {"n": 3}, "toy.a[n=3]")())
    assert w.ran == [("toy.a", {"n": 3})] and w.asserted == [("toy.a[n=3]", "verified")]
    w.result["verdict"] = "inconclusive"
    passes(lambda: cf.check_case("toy.a", {"n": 3}, "toy.a[n=3]")())  # not the defaults: inconclusive is allowed
    with pytest.raises(AssertionError, match="do not decide"):
        cf.check_case("toy.a", {}, "toy.a[default]")()
    w.expected["toy.a[default]"] = object()
    passes(lambda: cf.check_case("toy.a", {}, "toy.a[default]")())  # documented: allowed
    assert w.asserted[-1] == ("toy.a[default]", "inconclusive")


def test_at_the_defaults_no_alternative_may_equal_the_stated_answer(case_world):
    w = case_world
    w.result["conclusions"] = [{"name": "rate", "alternatives": [_alt("1/t", True)]}]
    with pytest.raises(AssertionError, match="rate: 1/t"):
        cf.check_case("toy.a", {}, "toy.a[default]")()
    passes(lambda: cf.check_case("toy.a", {"n": 1}, "toy.a[n=1]")())  # away from the defaults it is not asked


# ---- wrong answers, cheapest, quick_rejects, rejects[ID] ---------------------------------------------------------

def test_wrong_answers_table(world):
    passes(lambda: cf.check_wrong_answers(Paper("toy")))
    world.table["toy.b"]["random"] = NA("two\nlines")
    with pytest.raises(AssertionError, match="toy.b"):
        cf.check_wrong_answers(Paper("toy"))
    world.table["toy.b"]["random"] = NA("")
    with pytest.raises(AssertionError):
        cf.check_wrong_answers(Paper("toy"))
    world.table["toy.b"]["random"] = []
    with pytest.raises(AssertionError):
        cf.check_wrong_answers(Paper("toy"))
    world.table["toy.b"]["random"] = [Probe("")]
    with pytest.raises(AssertionError):
        cf.check_wrong_answers(Paper("toy"))
    world.table["toy.b"] = {"reference": [Probe("x")], "random": NA("r")}  # the families out of order
    with pytest.raises(AssertionError, match="the families are"):
        cf.check_wrong_answers(Paper("toy"))
    del world.table["toy.b"]
    with pytest.raises(AssertionError, match="toy.b: no row of wrong answers"):
        cf.check_wrong_answers(Paper("toy"))


def test_the_cheapest_probe_is_the_first_family_lightest_and_shortest(world):
    fam, p = cf.cheapest("toy.a")
    assert (fam, p.what) == ("random", "cheap")
    fam, p2 = cf.cheapest("toy.a", skip=p)
    assert (fam, p2.what) == ("random", "heavy")  # the same family, the next probe
    assert cf.cheapest("toy.a", skip=p2)[1].what == "cheap"
    assert [cf.cheapest("toy.b")[0], cf.cheapest("toy.b")[1].what] == ["reference", "one"]  # fewest overrides
    world.table["toy.a"] = {"random": [Probe("only")], "reference": [Probe("next")]}
    only = cf.cheapest("toy.a")[1]
    assert cf.cheapest("toy.a", skip=only)[1].what == "next"  # an emptied family passes to the next
    assert cf.cheapest("toy.z") == (None, None)
    world.table["toy.b"] = {"random": NA("x"), "reference": NA("y")}
    assert cf.cheapest("toy.b") == (None, None)


def test_undecided_reads_the_papers_table():
    assert cf.undecided(Paper("toy")) == {}
    wa = types.SimpleNamespace(UNDECIDED={("toy.a", "random"): "why"})
    assert cf.undecided(Paper("toy", modules={"wrong_answers": wa})) == {("toy.a", "random"): "why"}
    assert cf.undecided(Paper("toy", modules={"wrong_answers": types.SimpleNamespace()})) == {}


def test_quick_rejects_prefers_light_claims_and_keeps_one_otherwise(world):
    assert cf.quick_rejects(Paper("toy")) == ["toy.a", "toy.b"]
    world.heavy.add("toy.a")
    assert cf.quick_rejects(Paper("toy")) == ["toy.b"]
    world.table["toy.b"]["reference"] = [Probe("h", heavy=True)]
    assert cf.quick_rejects(Paper("toy")) == ["toy.a"]  # every claim heavy: the first with a probe
    world.table["toy.a"] = {"random": NA("x"), "reference": NA("y")}
    assert cf.quick_rejects(Paper("toy")) == ["toy.b"]
    passes(lambda: cf.check_rejects_run(Paper("toy")))
    world.table["toy.b"] = {"random": NA("x"), "reference": NA("y")}
    assert cf.quick_rejects(Paper("toy")) == []
    with pytest.raises(AssertionError, match="toy: no claim"):
        cf.check_rejects_run(Paper("toy"))


def test_rejects_runs_the_cheapest_probe_and_asks_it_be_rejected(world):
    toy = Paper("toy")
    world.verdicts = {"cheap": "violated"}
    passes(lambda: cf.check_rejects(toy, "toy.a")("quick"))
    assert world.calls == [("toy.a", "cheap")]
    world.verdicts = {"cheap": "verified"}
    with pytest.raises(AssertionError, match="toy.a"):
        cf.check_rejects(toy, "toy.a")("quick")
    world.verdicts = {"cheap": "observed"}
    passes(lambda: cf.check_rejects(toy, "toy.a")("quick"))  # an exploratory claim's rejection
    world.table["toy.z"] = {"random": NA("x"), "reference": NA("y")}
    with pytest.raises(pytest.skip.Exception, match="every family is not applicable"):
        cf.check_rejects(toy, "toy.z")("quick")
    world.heavy.add("toy.a")
    world.verdicts = {"one": "violated"}
    with pytest.raises(pytest.skip.Exception, match="heavy"):
        cf.check_rejects(toy, "toy.a")("quick")  # toy.b is light: toy.a is not among the quick ones
    world.verdicts = {"cheap": "violated"}
    passes(lambda: cf.check_rejects(toy, "toy.a")("full"))


def test_an_undecided_cell_must_stay_undecided_and_the_next_probe_is_rejected(world):
    wa = types.SimpleNamespace(UNDECIDED={("toy.a", "random"): "rows cannot decide"})
    toy = Paper("toy", modules={"wrong_answers": wa})
    world.verdicts = {"cheap": "inconclusive", "heavy": "violated"}
    passes(lambda: cf.check_rejects(toy, "toy.a")("quick"))
    assert world.calls == [("toy.a", "cheap"), ("toy.a", "heavy")]
    world.verdicts = {"cheap": "violated"}
    with pytest.raises(AssertionError, match="delete its UNDECIDED entry"):
        cf.check_rejects(toy, "toy.a")("quick")
    world.verdicts = {"cheap": "inconclusive", "heavy": "verified"}
    with pytest.raises(AssertionError):
        cf.check_rejects(toy, "toy.a")("quick")
    world.table["toy.a"] = {"random": [Probe("cheap")], "reference": NA("x")}
    world.calls.clear()
    passes(lambda: cf.check_rejects(toy, "toy.a")("quick"))  # no next probe: nothing more to reject
    assert world.calls == [("toy.a", "cheap")]


# ---- pinned, docs, bad input -------------------------------------------------------------------------------------

def test_pinned_tables_merge_pinned_py_and_the_papers_pinned_tests(world, monkeypatch):
    mods = {"pinned": types.SimpleNamespace(PINNED={"toy.a": "A"}),
            "tests.test_pinned_b": types.SimpleNamespace(PINNED={"toy.b": "B"}),
            "tests.test_other": types.SimpleNamespace(PINNED={"toy.z": "Z"})}
    paper = Paper("toy", modules=mods, tests=["test_other", "test_pinned_b"])
    assert cf._pinned_tables(paper) == {"toy.a": "A", "toy.b": "B"}
    assert cf._pinned_tables(Paper("toy")) == {}
    compared = []
    stub(monkeypatch, "ibcheck.testing.pinning",
         measure=lambda cid, overrides, dataset=None: [("m", cid, overrides, dataset)],
         compare=lambda cid, m, re, table, **tol: compared.append((cid, m, re, table, tol)))
    passes(lambda: cf.check_pinned(paper))  # no CASES: nothing recomputed
    assert compared == []
    mods["pinned"].CASES = {"toy.a": {"overrides": {"n": 2}, "dataset": "d", "recompute": lambda m: "R",
                                      "tolerances": {"rtol": 0.1}}}
    passes(lambda: cf.check_pinned(paper))
    assert compared == [("toy.a", ("m", "toy.a", {"n": 2}, "d"), "R", "A", {"rtol": 0.1})]
    mods["pinned"].CASES = {"toy.b": {"recompute": lambda m: "R"}}
    compared.clear()
    passes(lambda: cf.check_pinned(paper))
    assert compared == [("toy.b", ("m", "toy.b", {}, None), "R", "B", {})]
    with pytest.raises(AssertionError, match=r"\['toy.a', 'toy.b'\]"):
        cf.check_pinned(Paper("toy"))


def _docs(tmp_path, catalogue, discrimination):
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "catalogue.md").write_text(catalogue, encoding="utf-8")
    (tmp_path / "docs" / "discrimination.md").write_text(discrimination, encoding="utf-8")


def test_docs_list_every_claim_with_its_cells(world, monkeypatch, tmp_path):
    monkeypatch.setattr(cf, "ROOT", tmp_path)
    stub(monkeypatch, "ibcheck.reports.docs", listed_papers=lambda text: ["toy"] if "## toy" in text else [])
    toy = Paper("toy")
    cat = "## toy\n`toy.a` `toy.b`\n"
    good = ("| `toy.a` | **cheap** · **heavy** | n/a: no reference |\n"
            "| `toy.b` | n/a: exact | **two** · **one** |\n")
    with pytest.raises(pytest.skip.Exception, match="installed paper"):
        cf.check_docs(toy)  # no docs/catalogue.md
    _docs(tmp_path, cat, good)
    with pytest.raises(pytest.skip.Exception, match="installed paper"):
        cf.check_docs(Paper("toy", builtin=False))
    passes(lambda: cf.check_docs(toy))
    _docs(tmp_path, "## other\n", good)
    with pytest.raises(pytest.skip.Exception, match="not in the generated docs"):
        cf.check_docs(toy)
    _docs(tmp_path, "## toy\n`toy.a`\n", good)
    with pytest.raises(AssertionError, match="toy.b: docs/catalogue.md is stale"):
        cf.check_docs(toy)
    _docs(tmp_path, cat, good.splitlines(True)[0])
    with pytest.raises(AssertionError, match="toy.b: docs/discrimination.md is stale"):
        cf.check_docs(toy)
    _docs(tmp_path, cat, good.replace("no reference", "another reason"))
    with pytest.raises(AssertionError, match="toy.a reference"):
        cf.check_docs(toy)
    _docs(tmp_path, cat, good.replace("**heavy**", "heavy"))
    with pytest.raises(AssertionError, match="stale docs/discrimination.md"):
        cf.check_docs(toy)
    _docs(tmp_path, cat, good.replace("**cheap** · **heavy**", "**verified** **heavy**"))
    with pytest.raises(AssertionError, match="a wrong answer is verified"):
        cf.check_docs(toy)
    world.table["toy.a"]["reference"] = NA("a|b")
    _docs(tmp_path, cat, good.replace("no reference", "a/b"))
    passes(lambda: cf.check_docs(toy))  # a '|' in a reason is written '/' in the table


def test_cli_returns_the_status_and_stderr_without_notes(monkeypatch):
    def main(argv):
        print("stdout is dropped")
        print("ibcheck: note: index rebuilt", file=sys.stderr)
        print("ibcheck: error: " + " ".join(argv), file=sys.stderr)
        return 2
    stub(monkeypatch, "ibcheck.cli", main=main)
    assert cf._cli("check", "x") == (2, "ibcheck: error: check x\n")


@pytest.mark.parametrize("outcome, message", [
    ({}, None),
    ({"no_such_parameter_xyz": (1, "e")}, r"\(1"),
    ({"no_such_parameter_xyz": (2, "a\nb")}, "a"),
    ({"no_such_parameter_xyz": (2, "bad parameter")}, "bad parameter"),
    ({"n": (1, "n bad")}, r"\(1"),
    ({"n": (2, "n bad\nsecond")}, "second"),
    ({"n": (2, "bad value")}, "bad value"),
])
def test_bad_input_is_one_line_exit_2_naming_the_parameter(world, monkeypatch, outcome, message):
    seen = []

    def main(argv):
        seen.append(argv)
        key = argv[3].split("=")[0]
        rc, err = outcome.get(key, (2, f"ibcheck: error: {key} is not valid"))
        print(err, file=sys.stderr)
        return rc
    stub(monkeypatch, "ibcheck.cli", main=main)
    params = {"name": types.SimpleNamespace(type=str), "n": types.SimpleNamespace(type=int)}
    stub(monkeypatch, "ibcheck.checks.registry", REGISTRY={"toy.a": types.SimpleNamespace(params=params)})
    if message is None:
        passes(lambda: cf.check_bad_input(Paper("toy")))
        assert seen == [["check", "toy.a", "--set", "no_such_parameter_xyz=1"], ["check", "toy.a", "--set", "n=not-a-number"]]
    else:
        with pytest.raises(AssertionError, match=message):
            cf.check_bad_input(Paper("toy"))


def test_bad_input_without_a_numeric_parameter_tries_the_unknown_one_only(world, monkeypatch):
    seen = []
    stub(monkeypatch, "ibcheck.cli", main=lambda argv: (seen.append(argv), print("no_such_parameter_xyz", file=sys.stderr), 2)[2])
    stub(monkeypatch, "ibcheck.checks.registry",
         REGISTRY={"toy.a": types.SimpleNamespace(params={"s": types.SimpleNamespace(type=str)})})
    passes(lambda: cf.check_bad_input(Paper("toy")))
    assert len(seen) == 1
    stub(monkeypatch, "ibcheck.checks.registry",
         REGISTRY={"toy.a": types.SimpleNamespace(params={"s": types.SimpleNamespace(type=str), "k": types.SimpleNamespace(type=float)})})
    with pytest.raises(AssertionError):  # the float parameter is tried: the message does not name 'k'
        cf.check_bad_input(Paper("toy"))
    assert seen[-1] == ["check", "toy.a", "--set", "k=not-a-number"]


# ---- checks_for, conformance_tests, failed_rows ------------------------------------------------------------------

def _suite(world, monkeypatch):
    stub(monkeypatch, "ibcheck.theory.papers", discover=lambda: [Paper("toy")])
    stub(monkeypatch, "ibcheck.checks.cases",
         cases=lambda profile: [("toy.a", {}, "toy.a[d]"), ("other.c", {}, "other.c[d]"), ("toy.b", {"n": 1}, "toy.b[n=1]")]
         if profile == "quick" else [])
    reg = {"toy.a": types.SimpleNamespace(accepts_data=True), "toy.b": types.SimpleNamespace(accepts_data=False)}
    stub(monkeypatch, "ibcheck.checks.registry", REGISTRY=reg)
    got = []
    stub(monkeypatch, "ibcheck.testing.bindings",
         check_bindings=lambda claims, profile: got.append(("bound", sorted(claims), profile)),
         check_sweep=lambda claims, profile: got.append(("sweep", sorted(claims), profile)),
         check_degenerate=lambda cid, degenerate: ("degenerate", cid, degenerate))
    return got


def test_checks_for_lists_every_check_of_the_paper(world, monkeypatch):
    got = _suite(world, monkeypatch)
    ids = [i for i, _ in cf.checks_for("toy")]
    assert ids == ["toy-manifest", "toy-claims", "toy-expected-table", "toy-wrong-answers", "toy-pinned", "toy-docs",
                   "toy-bad-input", "toy-rejects-run", "toy-inputs-bound", "toy-inputs-sweep", "case[toy.a[d]]",
                   "case[toy.b[n=1]]", "rejects[toy.a]", "rejects[toy.b]", "degenerate[toy.a]"]
    checks = dict(cf.checks_for(Paper("toy"), run_cases=False, degenerate=("duplicated",)))
    assert not any(i.startswith("case[") for i in checks)
    assert checks["degenerate[toy.a]"] == ("degenerate", "toy.a", ("duplicated",))
    checks["toy-inputs-bound"]("full")
    checks["toy-inputs-sweep"]()
    assert got == [("bound", ["toy.a", "toy.b"], "full"), ("sweep", ["toy.a", "toy.b"], "quick")]
    assert "degenerate[toy.a]" not in dict(cf.checks_for("toy", degenerate=()))
    assert cf.DEGENERATE == ("rank-deficient", "duplicated", "zero-projection")
    assert dict(cf.checks_for("toy"))["degenerate[toy.a]"][2] == cf.DEGENERATE


def test_checks_for_binds_each_check_to_its_paper(world, monkeypatch, tmp_path):
    _suite(world, monkeypatch)
    calls = []
    for name in ("check_manifest", "check_claims", "check_expected_table", "check_wrong_answers", "check_pinned",
                 "check_docs", "check_bad_input", "check_rejects_run"):
        monkeypatch.setattr(cf, name, lambda paper, profile="quick", _n=name: calls.append((_n, paper.name, profile)))
    for cid, fn in cf.checks_for("toy"):
        if cid.startswith("toy-") and not cid.startswith("toy-inputs"):
            fn("full")
    assert [c[0] for c in calls] == ["check_manifest", "check_claims", "check_expected_table", "check_wrong_answers",
                                     "check_pinned", "check_docs", "check_bad_input", "check_rejects_run"]
    assert {c[1] for c in calls} == {"toy"} and {c[2] for c in calls} == {"quick"}


def test_conformance_tests_is_one_parametrized_test_over_the_papers(world, monkeypatch):
    _suite(world, monkeypatch)
    test = cf.conformance_tests("toy", run_cases=False, degenerate=())
    mark = test.pytestmark[0]
    assert mark.name == "parametrize" and mark.args[0] == "check"
    ids = [p.id for p in mark.args[1]]
    assert ids == ["toy-manifest", "toy-claims", "toy-expected-table", "toy-wrong-answers", "toy-pinned", "toy-docs",
                   "toy-bad-input", "toy-rejects-run", "toy-inputs-bound", "toy-inputs-sweep", "rejects[toy.a]",
                   "rejects[toy.b]"]
    assert "case[toy.a[d]]" in [p.id for p in cf.conformance_tests("toy").pytestmark[0].args[1]]
    seen = []
    request = types.SimpleNamespace(config=types.SimpleNamespace(getoption=lambda name, default=None: (
        seen.append((name, default)), "full")[1]))
    test(lambda profile: seen.append(profile), request)
    assert seen == [("--profile", "quick"), "full"]


def test_failed_rows_names_the_failing_and_deciding_rows(world, monkeypatch):
    rows = [{"name": "h", "holds": False, "provenance": "threshold"}, {"name": "d", "holds": False, "kind": "diagnostic"},
            {"name": "c", "holds": False}, {"name": "ok", "holds": True}, {"name": "nan", "holds": None}]
    res = {"verdict": "violated", "reason": "r", "conclusions": rows}
    ran = []
    stub(monkeypatch, "ibcheck.checks.runner",
         run_check=lambda cid, setting, hooks=None: (ran.append((cid, setting, hooks)), res)[1])
    probe = types.SimpleNamespace(what="w", overrides={"n": 1}, hooks=lambda: "H")
    assert cf.failed_rows("toy.a", probe) == {"h", "d", "c"}
    assert cf.failed_rows("toy.a", probe, deciding=True) == {"c"}
    assert ran[0] == ("toy.a", {"n": 1}, "H")
    res["verdict"] = "observed"
    with pytest.raises(AssertionError, match="observed"):
        cf.failed_rows("toy.a", probe)
    world.catalogue["toy.a"] = Claim(exploratory=True)
    assert cf.failed_rows("toy.a", probe, deciding=True) == {"c"}
    res["verdict"] = "violated"
    with pytest.raises(AssertionError):
        cf.failed_rows("toy.a", probe)


# ---- each failure's whole message (what a paper's author reads), added for the mutation run's survivors ----------

def test_the_suite_reads_the_checkouts_docs():
    from pathlib import Path
    assert cf.ROOT == Path(__file__).resolve().parents[1]


def test_messages_of_paper_of_manifest_and_claims(world, monkeypatch, tmp_path):
    stub(monkeypatch, "ibcheck.theory.papers", discover=lambda: [])
    assert message(lambda: cf.paper_of("gamma"), LookupError) == (
        "no discovered paper 'gamma' (installed with its entry point in group 'ibcheck.papers'?)")
    idx = tmp_path / "index.py"
    stub(monkeypatch, "ibcheck.checks.index_build", generate=lambda p: "INDEX", path_of=lambda p: idx)
    assert message(lambda: cf.check_manifest(Paper("toy"))) == (
        f"toy: {idx} is missing or stale: run `python -m ibcheck.checks.index_build toy`")
    assert message(lambda: cf.check_manifest(Paper("none"))) == "none: no claims (theory/statements.py CLAIMS)"
    world.paper_of["bad.d"] = "toy"
    world.catalogue["bad.d"] = Claim()
    assert message(lambda: cf.check_manifest(Paper("toy"))) == "toy: claim IDs must start with 'toy.': ['bad.d']"
    del world.paper_of["bad.d"]
    stub(monkeypatch, "ibcheck.checks.registry", REGISTRY={"toy.a": types.SimpleNamespace(params={})})
    stub(monkeypatch, "ibcheck.checks.params", resolve=lambda *a: None)
    stub(monkeypatch, "ibcheck.theory.sanity", check_claim=lambda c, cat: types.SimpleNamespace(
        ok=False, failures=[types.SimpleNamespace(message="m1"), types.SimpleNamespace(message="m2")]))
    assert message(lambda: cf.check_claims(Paper("toy"))) == "toy.a: symbolic sanity: m1; m2"
    world.catalogue["toy.a"].conclusions = [types.SimpleNamespace(decides=False)]
    assert message(lambda: cf.check_claims(Paper("toy"))) == (
        "toy.a: no conclusion can decide (every row is a threshold or a diagnostic)")
    world.catalogue["toy.a"] = Claim()
    assert message(lambda: cf.check_claims(Paper("toy"))).startswith("toy.a: symbolic sanity")
    stub(monkeypatch, "ibcheck.checks.registry", REGISTRY={})
    assert message(lambda: cf.check_claims(Paper("toy"))) == "toy.a: no check (a CheckSpec in pkg_toy.checks)"


@pytest.mark.parametrize("entry, text", [
    (Expected("verified", "measured 0.5"), "toy.a[x]"),
    (Expected("observed", "measured 0.5"), "toy.a[x]: only an exploratory claim is 'observed'"),
    (Expected("violated", "measured 0.5", named=False), "toy.a[x]: name the rows (fails=…, undecided=…), not their positions"),
    (Expected("violated", "measured 0.5", unknown=("gone",)), "toy.a[x]: no such row of toy.a: ['gone']"),
    (Expected("violated", "measured nothing"), "toy.a[x]: the reason must quote what was measured"),
])
def test_messages_of_the_expected_table(world, monkeypatch, entry, text):
    # another paper's entry first: it is passed over, and the paper's own entry after it is still read
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED={"other.c[y]": "not read", "toy.a[x]": entry},
         cases=lambda profile: [("toy.a", {}, "toy.a[x]")])
    stub(monkeypatch, "ibcheck.checks.expected", Expected=Expected)
    assert message(lambda: cf.check_expected_table(Paper("toy"))) == text


def test_message_of_an_outcome_of_no_case(world, monkeypatch):
    stub(monkeypatch, "ibcheck.checks.expected", Expected=Expected)
    stub(monkeypatch, "ibcheck.checks.cases", EXPECTED={"toy.a[z]": Expected("violated", "1")}, cases=lambda p: [])
    assert message(lambda: cf.check_expected_table(Paper("toy"))) == "toy.a[z]: documented outcome of no case of any profile"


def test_messages_of_a_case(case_world):
    case_world.result["conclusions"] = [{"name": "rate", "alternatives": [_alt("1/t", True)]}]
    assert message(lambda: cf.check_case("toy.a", {}, "toy.a[d]")()) == (
        "toy.a[d]: at the defaults an alternative equals its row's stated answer, so the row cannot show what it rules "
        "out: ['rate: 1/t']; choose data on which they differ")
    case_world.result.update(conclusions=[], verdict="inconclusive", reason="budget spent")
    assert message(lambda: cf.check_case("toy.a", {}, "toy.a[d]")()) == (
        "toy.a[d]: the defaults do not decide within their horizon budget (budget spent); choose defaults that decide, "
        "or document the outcome in checks/expected.py")


def test_messages_of_the_wrong_answers_and_rejects(world):
    toy = Paper("toy")
    world.table["toy.b"] = {"reference": [Probe("x")], "random": NA("r")}
    assert message(lambda: cf.check_wrong_answers(toy)) == "toy.b: the families are ['random', 'reference']"
    del world.table["toy.b"]
    assert message(lambda: cf.check_wrong_answers(toy)) == "toy.b: no row of wrong answers (pkg_toy.wrong_answers TABLE)"
    world.table["toy.z"] = {"random": NA("x"), "reference": NA("y")}
    assert message(lambda: cf.check_rejects(toy, "toy.z")("quick"), pytest.skip.Exception) == (
        "toy.z: every family is not applicable (with its reason)")
    world.table["toy.b"] = {"random": NA("x"), "reference": [Probe("light")]}
    world.heavy.add("toy.a")
    assert message(lambda: cf.check_rejects(toy, "toy.a")("quick"), pytest.skip.Exception) == "heavy: --profile full"
    world.verdicts = {"cheap": "violated"}
    passes(lambda: cf.check_rejects(toy, "toy.a")("full"))
    world.table.clear()
    assert message(lambda: cf.check_rejects_run(toy)) == (
        "toy: no claim has an applicable wrong answer (wrong_answers.py): none of its rejects[...] checks can run")


def test_message_of_an_undecided_cell_rejected_now(world):
    wa = types.SimpleNamespace(UNDECIDED={("toy.a", "random"): "rows cannot decide"})
    world.verdicts = {"cheap": "violated"}
    assert message(lambda: cf.check_rejects(Paper("toy", modules={"wrong_answers": wa}), "toy.a")("quick")) == str((
        "toy.a random: listed as undecided but rejected now: delete its UNDECIDED entry", {"verdict": "violated"}))


def test_messages_of_pinned_and_docs(world, monkeypatch, tmp_path):
    stub(monkeypatch, "ibcheck.testing.pinning", measure=None, compare=None)
    assert message(lambda: cf.check_pinned(Paper("toy"))) == (
        "claims without a pinned case (pinned.py PINNED): ['toy.a', 'toy.b']")
    monkeypatch.setattr(cf, "ROOT", tmp_path)
    stub(monkeypatch, "ibcheck.reports.docs", listed_papers=lambda text: ["toy"] if "## toy" in text else [])
    toy = Paper("toy")
    assert message(lambda: cf.check_docs(toy), pytest.skip.Exception) == (
        "an installed paper: the checkout's generated docs do not list it")
    cat = "## toy\n`toy.a` `toy.b`\n"
    good = "| `toy.a` | **cheap** · **heavy** | n/a: no reference |\n| `toy.b` | n/a: exact | **two** · **one** |\n"
    _docs(tmp_path, "## other\n", good)
    assert message(lambda: cf.check_docs(toy), pytest.skip.Exception) == (
        "toy is not in the generated docs yet: run `ibcheck docs` and `ibcheck docs --discrimination` "
        "(tests/test_docs.py lists it as skipped too)")
    _docs(tmp_path, "## toy\n`toy.a`\n", good)
    assert message(lambda: cf.check_docs(toy)) == "toy.b: docs/catalogue.md is stale: run `ibcheck docs --catalogue-only`"
    _docs(tmp_path, cat, good.splitlines(True)[0])
    assert message(lambda: cf.check_docs(toy)) == (
        "toy.b: docs/discrimination.md is stale: run `ibcheck docs --discrimination`")
    _docs(tmp_path, cat, good.replace("no reference", "another reason"))
    assert message(lambda: cf.check_docs(toy)) == (
        "toy.a reference: docs/discrimination.md is stale: run `ibcheck docs --discrimination`")
    _docs(tmp_path, cat, good.replace("**heavy**", "heavy"))
    assert message(lambda: cf.check_docs(toy)) == str(("toy.a", "random", "stale docs/discrimination.md"))
    bad = good.replace("**cheap** · **heavy**", "**verified** **heavy**")
    _docs(tmp_path, cat, bad)
    assert message(lambda: cf.check_docs(toy)) == str(("toy.a", "random", "a wrong answer is verified",
                                                      "**verified** **heavy**"))


def test_cli_keeps_every_error_line(monkeypatch):
    def main(argv):
        print("ibcheck: error: one\nibcheck: note: skipped\nibcheck: error: two", file=sys.stderr)
        return 2
    stub(monkeypatch, "ibcheck.cli", main=main)
    assert cf._cli("check") == (2, "ibcheck: error: one\nibcheck: error: two\n")


def test_the_inputs_checks_run_in_the_quick_profile_by_default(world, monkeypatch):
    got = _suite(world, monkeypatch)
    checks = dict(cf.checks_for("toy", run_cases=False))
    checks["toy-inputs-bound"]()
    checks["toy-inputs-sweep"]()
    assert [g[2] for g in got] == ["quick", "quick"]
