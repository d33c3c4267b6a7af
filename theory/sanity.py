"""Symbolic sanity of statements: every relation is invariant under the base scalings of ``statement.UNITS``.

For a unit u (``x``, ``y``, ``w``, ``n``, ``t``) every symbol s becomes ``s·c_u^{dims_u(s)}`` (``c_u`` a positive sympy
symbol). A side e of a relation is homogeneous of degree k when ``e(scaled)/e = c_u^k``, decided by sympy on the whole
side (``powsimp``/``simplify`` of the ratio; its log-derivative ``c·∂_c log ratio`` must be the constant k); sums,
differences, ``Abs``, ``Min`` and ``Max`` are also read term by term (every term must share the degree), which names
the offending terms and decides the ``Min``/``Max`` that sympy does not simplify. Both sides must have the same degree;
a side that is 0 is invariant under any scaling (``x ≥ 0`` is fine for any dims); a pure number has degree 0. An
absolute tolerance (``atol``) is a number, so it needs sides of degree 0. A claim may declare why a relation is not
invariant under a unit (``Claim.scaling_exempt``); every exemption is reported, and one that no longer exempts
anything is itself a failure (stale). ``Claim.rate_of`` links a stated slope to the bound it is the slope of, checked
by ``check_rates``. No dependency on ``checks`` or ``reports``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from .statement import UNITS, Claim, Condition, RateOf

C = {u: sp.Symbol(f"c_{u}", positive=True) for u in UNITS}
ANY = "any"  # the degree of 0: invariant under every scaling


class NotHomogeneous(Exception):
    """A side is not a monomial in the unit's scale (the message names the offending terms)."""


@dataclass(frozen=True)
class Issue:
    """One failed check: ``kind`` is ``undeclared``, ``scaling``, ``tolerance``, ``exemption`` or ``rate``."""

    claim: str
    condition: str
    unit: str | None
    kind: str
    message: str


@dataclass
class ClaimSanity:
    """The sanity of one claim: failures, exempted issues with their declared reasons, degrees, rate links."""

    claim: str
    failures: list = field(default_factory=list)  # [Issue]
    exempted: list = field(default_factory=list)  # [(Issue, reason)]
    degrees: list = field(default_factory=list)  # [(condition, unit, lhs degree, rhs degree)] where a unit acts
    rates: list = field(default_factory=list)  # [(slope symbol, link, stated, computed)]
    unused_undeclared: list = field(default_factory=list)  # symbols declared without dims but used nowhere

    @property
    def ok(self) -> bool:
        return not self.failures


def _fmt(k) -> str:
    return "any" if k == ANY else str(k)


# ---- degrees -----------------------------------------------------------------------------------------
def _whole(expr: sp.Expr, ks: dict, c: sp.Symbol):
    """Degree of ``expr`` from the substitution itself: ``ratio = e(scaled)/e`` must be ``c^k``; None when sympy
    cannot show a monomial (e.g. ``Min`` it does not simplify, or a genuinely inhomogeneous side)."""
    scaled = expr.xreplace({s: s * c ** k for s, k in ks.items() if k})
    ratio = sp.powsimp(sp.simplify(scaled / expr), force=True)
    if not ratio.has(c):
        return sp.Integer(0) if sp.simplify(ratio - 1) == 0 else None
    k = sp.simplify(c * sp.diff(ratio, c) / ratio)
    if k.free_symbols or not k.is_number:
        return None
    k = sp.nsimplify(k)
    return k if sp.simplify(ratio - c ** k) == 0 else None


def _walk(expr: sp.Expr, dims: dict, unit: str):
    """Degree by structure: terms of sums/``Abs``/``Min``/``Max`` share it, products add, numeric powers scale."""
    if expr.is_number:
        return ANY if expr == 0 else sp.Integer(0)
    if isinstance(expr, sp.Symbol):
        return sp.Rational(dims[expr.name].get(unit, 0))
    if isinstance(expr, (sp.Add, sp.Min, sp.Max)):
        degs = [(t, _walk(t, dims, unit)) for t in expr.args]
        real = {d for _, d in degs if d != ANY}
        if len(real) > 1:
            terms = ", ".join(f"{sp.sstr(t)} ~ c^{_fmt(d)}" for t, d in degs)
            raise NotHomogeneous(f"the terms of {sp.sstr(expr)} do not share a degree ({terms})")
        return real.pop() if real else ANY
    if isinstance(expr, sp.Abs):
        return _walk(expr.args[0], dims, unit)
    if isinstance(expr, sp.Mul):
        degs = [_walk(f, dims, unit) for f in expr.args]
        return ANY if ANY in degs else sum(degs, sp.Integer(0))
    if isinstance(expr, sp.Pow):
        b, e = expr.args
        if e.is_number:
            db = _walk(b, dims, unit)
            return db if db == ANY else db * sp.nsimplify(e)
        if _walk(b, dims, unit) in (0, ANY) and _walk(e, dims, unit) in (0, ANY):
            return sp.Integer(0)
        raise NotHomogeneous(f"{sp.sstr(expr)} raises a scaled quantity to a symbolic power")
    # any other function (log, exp, erf, ...): a power law only of dimensionless arguments
    bad = [a for a in expr.args if _walk(a, dims, unit) not in (0, ANY)]
    if bad:
        raise NotHomogeneous(f"{sp.sstr(expr)} is not a power law in {unit}: its argument {sp.sstr(bad[0])} scales")
    return sp.Integer(0)


def degree(expr, dims: dict, unit: str):
    """The degree of ``expr`` in the unit's scale ``c_unit`` (``ANY`` for 0), or ``NotHomogeneous``.

    ``dims`` maps a symbol name to its parsed dims (``statement.parse_dims``). sympy decides on the whole side; the
    term-by-term reading must agree where both conclude (a disagreement is a bug here, raised as ``RuntimeError``).
    """
    expr = sp.sympify(expr)
    if expr.is_number:
        return ANY if expr == 0 else sp.Integer(0)
    ks = {s: sp.Rational(dims[s.name].get(unit, 0)) for s in expr.free_symbols}
    if not any(ks.values()):
        return sp.Integer(0)  # no symbol scales: invariant
    whole = _whole(expr, ks, C[unit])
    try:
        walked = _walk(expr, dims, unit)  # names the offending terms
    except NotHomogeneous:
        if whole is not None:  # sympy proved the side a monomial after all (terms that cancel)
            return whole
        raise
    if whole is not None and walked != ANY and whole != walked:
        raise RuntimeError(f"degree of {sp.sstr(expr)} in {unit}: substitution gives {whole}, structure {walked}")
    return whole if whole is not None else walked


# ---- one claim ---------------------------------------------------------------------------------------
def _exemption(claim: Claim, cond: Condition, unit: str | None):
    ex = claim.scaling_exempt or {}
    for key in (f"{cond.name}:{unit}", cond.name):
        if key in ex:
            return key, ex[key]
    return None, None


def _parse_exempt_key(claim: Claim, key: str):
    names = {c.name for c in claim.hypotheses + claim.conclusions}
    if key in names:
        return key, None
    name, _, unit = key.rpartition(":")
    if name in names and unit in UNITS:
        return name, unit
    return None, None


def check_claim(claim: Claim, catalogue: dict | None = None) -> ClaimSanity:
    """Dims declared on every used symbol, every relation invariant under every unit (or exempt, with its reason),
    absolute tolerances only on degree-0 sides, no stale exemption, and the ``rate_of`` links (given ``catalogue``)."""
    out = ClaimSanity(claim.id)
    dims = {s.name: s.scaling for s in claim.symbols}
    used = set().union(*(c.symbols for c in claim.hypotheses + claim.conclusions)) if (
        claim.hypotheses or claim.conclusions) else set()
    out.unused_undeclared = sorted(n for n, d in dims.items() if d is None and n not in used)
    used_keys: set = set()

    def report(cond, unit, kind, message):
        issue = Issue(claim.id, cond.name, unit, kind, message)
        key, why = _exemption(claim, cond, unit) if kind in ("scaling", "tolerance") else (None, None)
        if key is None:
            out.failures.append(issue)
        else:
            used_keys.add(key)
            out.exempted.append((issue, why))

    for cond in claim.hypotheses + claim.conclusions:
        undeclared = sorted(n for n in cond.symbols if dims.get(n) is None)
        if undeclared:
            for name in undeclared:
                out.failures.append(Issue(claim.id, cond.name, None, "undeclared",
                                          f"condition {cond.name!r}: symbol {name!r} has no dims (declare "
                                          f"Sym(..., dims=...) in the units of theory.statement.UNITS)"))
            continue
        for unit in UNITS:
            try:
                dl = degree(cond.rel.lhs, dims, unit)
                dr = degree(cond.rel.rhs, dims, unit)
            except NotHomogeneous as exc:
                report(cond, unit, "scaling", f"condition {cond.name!r} is not invariant under {unit} "
                                              f"({UNITS[unit]}): {exc}")
                continue
            if any(d not in (0, ANY) for d in (dl, dr)):
                out.degrees.append((cond.name, unit, _fmt(dl), _fmt(dr)))
            if dl != ANY and dr != ANY and dl != dr:
                report(cond, unit, "scaling", f"condition {cond.name!r} is not invariant under {unit} ({UNITS[unit]}): "
                                              f"lhs {sp.sstr(cond.rel.lhs)} scales as c^{dl}, rhs "
                                              f"{sp.sstr(cond.rel.rhs)} as c^{dr}")
            elif cond.atol > 0 and any(d not in (0, ANY) for d in (dl, dr)):
                k = dl if dl != ANY else dr
                report(cond, unit, "tolerance", f"condition {cond.name!r}: absolute tolerance atol={cond.atol:g} on "
                                                f"sides that scale as c^{k} under {unit} ({UNITS[unit]}): "
                                                f"compare a dimensionless ratio instead")
    for key in claim.scaling_exempt or {}:
        name, unit = _parse_exempt_key(claim, key)
        if name is None:
            out.failures.append(Issue(claim.id, key, None, "exemption",
                                      f"exemption {key!r} names no condition of the claim (or no unit of UNITS)"))
        elif key not in used_keys:
            out.failures.append(Issue(claim.id, name, unit, "exemption",
                                      f"stale exemption {key!r}: the condition is invariant"
                                      + (f" under {unit}" if unit else "") + ": remove the exemption"))
    if catalogue is not None:
        check_rates(claim, catalogue, out)
    return out


# ---- rates -------------------------------------------------------------------------------------------
def _positive(expr: sp.Expr) -> tuple[sp.Expr, dict]:
    """``expr`` over positive symbols of the same names (a log–log slope lives where every quantity is positive)."""
    pos = {s: sp.Symbol(s.name, positive=True) for s in expr.free_symbols}
    return expr.xreplace(pos), {s.name: p for s, p in pos.items()}


def stated_slope(claim: Claim, name: str):
    """The slope a rate claim states for symbol ``name``: the centre of ``|s − a| ≤ τ`` (solved by sympy) or of
    ``s ≤ a + τ`` (the tolerance symbols set to 0); None when the conclusions compare it with a measured symbol."""
    s = sp.Symbol(name, real=True)
    found = []
    for cond in claim.conclusions:
        lhs, rhs = cond.rel.lhs, cond.rel.rhs
        if s not in lhs.free_symbols:
            continue
        if isinstance(lhs, sp.Abs):
            sol = sp.solve(lhs.args[0], s)
            if len(sol) == 1 and sol[0].is_number:
                found.append(sp.nsimplify(sol[0]))
        elif lhs == s:
            centre = sp.sympify(rhs.xreplace({t: 0 for t in rhs.free_symbols}))
            if centre.is_number:
                found.append(sp.nsimplify(centre))
    if len(set(found)) > 1:
        raise ValueError(f"{claim.id}: conclusions state different slopes for {name}: {sorted(set(found))}")
    return found[0] if found else None


def log_slope(expr: sp.Expr, variable: str, along=()) -> tuple[sp.Expr, bool]:
    """``∂ log expr / ∂ log variable`` by sympy, after the ``along`` substitutions (pairs of name, expression), and
    whether the expression involves the variable at all (a slope 0 by absence is said in the message)."""
    e, pos = _positive(sp.sympify(expr))
    v = pos.get(variable) or sp.Symbol(variable, positive=True)
    names = {**pos, variable: v}
    for name, sub in along:
        target = pos.get(name) or sp.Symbol(name, positive=True)
        e = e.xreplace({target: sp.sympify(sub, locals=names)})
    return sp.simplify(v * sp.diff(sp.log(e), v)), v in e.free_symbols


def _links(value) -> tuple:
    return (value,) if isinstance(value, RateOf) else tuple(value)


def check_rates(claim: Claim, catalogue: dict, out: ClaimSanity) -> None:
    """Every ``rate_of`` link: the linked bound is a power law in its variable whose exponent is the stated slope."""
    symbols = {s.name for s in claim.symbols}
    for name, links in (claim.rate_of or {}).items():
        problems = []
        try:
            stated = stated_slope(claim, name) if name in symbols else None
        except ValueError as exc:
            problems.append(str(exc))
            stated = None
        if name not in symbols:
            problems.append(f"rate_of names {name!r}, which is not a symbol of the claim")
        for link in _links(links) if not problems else ():
            value = stated if link.value is None else sp.nsimplify(link.value)
            target = catalogue.get(link.claim)
            conds = {c.name: c for c in target.hypotheses + target.conclusions} if target else {}
            if stated is not None and link.value is not None and value != stated:
                problems.append(f"slope {name}: the conclusions state {stated}, the link says {link.value}")
            elif value is None:
                problems.append(f"slope {name}: no numeric slope in the conclusions; give RateOf(value=...)")
            elif link.condition not in conds:
                problems.append(f"slope {name}: {link.claim!r} has no condition {link.condition!r}")
            else:
                bound = getattr(conds[link.condition].rel, link.side)
                computed, involved = log_slope(bound, link.variable, link.along)
                out.rates.append((name, link, value, computed))
                if computed.free_symbols or sp.simplify(computed - value) != 0:
                    problems.append(
                        f"slope {name} = {value} (stated) but ∂log({sp.sstr(bound)})/∂log {link.variable} = "
                        f"{sp.sstr(computed)} in {link.claim} / {link.condition!r}"
                        + (f" along {dict(link.along)}" if link.along else "")
                        + ("" if involved else " (the bound does not involve it)"))
        out.failures += [Issue(claim.id, name, None, "rate", m) for m in problems]


# ---- the catalogue -----------------------------------------------------------------------------------
def check_catalogue(catalogue: dict) -> dict[str, ClaimSanity]:
    return {cid: check_claim(c, catalogue) for cid, c in sorted(catalogue.items())}


def main() -> int:  # pragma: no cover - a reading aid: python -m ibcheck.theory.sanity
    from .catalogue import CATALOGUE
    from .implications import IMPLICATIONS
    bad = 0
    for cid, r in check_catalogue(CATALOGUE).items():
        status = "ok" if r.ok else "FAIL"
        bad += not r.ok
        print(f"{status:4} {cid}")
        for i in r.failures:
            print(f"     FAIL {i.message}")
        for i, why in r.exempted:
            print(f"     exempt [{i.unit}] {i.condition}: {why}")
        for name, link, value, computed in r.rates:
            print(f"     rate {name} = {value}: ∂log/∂log {link.variable} of {link.claim} / {link.condition!r} = {computed}")
    for imp in IMPLICATIONS:
        res = imp.run()
        bad += not res.holds
        print(f"{'ok' if res.holds else 'FAIL':4} implication {imp.id} [{res.method}]: {res.detail}")
    return 1 if bad else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
