"""The ``ibcheck`` commands that run claims: list, check, report, docs and sweep (``kkt`` and ``conjecture`` have
their own modules). Each imports what it uses inside the function, so ``ibcheck list`` and argument errors start
without torch, cvxpy or sympy (``checks.index``)."""
from __future__ import annotations

import sys

from ibcheck.cli_io import clip, columns, key_number, parse_grids, parse_sets, write_json, writable_dir, writable_file
from ibcheck.numerics.runtime.errors import InputError


def _list_rows(verbose: bool) -> tuple[list[list[str]], dict[int, list[str]], list[str]]:
    """The rows of ``ibcheck list`` from the light index, or from the live catalogue when parameters (``-v``) or
    installed plugins are asked for; both give the same rows for the built-ins (tests/test_startup.py)."""
    from ibcheck.checks import index
    rows = [["ID", "SOURCE", "PROVENANCE", "TYPE", "TITLE"]]
    details: dict[int, list[str]] = {}
    footer: list[str] = [f"# deprecated alias {old} -> {new} (removed in the next release)"
                         for old, new in index.ALIASES.items()]
    if not verbose and not index.plugins_installed():
        broken = index.BROKEN
        for cid, (source, kind, title, _module) in index.CLAIMS.items():
            rows.append([cid, source, index.EXPLORATORY.get(cid, kind), "broken" if index.PAPER_OF.get(cid) in broken
                         else "exploratory" if kind == "exploratory" else "claim", title])
        planned, conjectures = index.PLANNED, index.CONJECTURES
        for cid, (source, title, where) in planned.items():
            rows.append([cid, source, "-", "planned", f"{title} [{where}]"])
        for cid, (source, title, expected, _module) in conjectures.items():
            rows.append([cid, source, "-", "conjecture", f"{title} [expected: {expected}]"])
        for line in broken.values():  # once on stderr too, as discovery's warnings are
            print(f"ibcheck: warning: {line}", file=sys.stderr)
        return rows, details, footer + index.notes()
    from ibcheck.checks.conjectures import SHIPPED
    from ibcheck.checks.registry import PLUGINS, REGISTRY
    from ibcheck.theory.catalogue import CATALOGUE, PLANNED
    for cid, claim in CATALOGUE.items():
        rows.append([cid, claim.source, claim.provenance, "exploratory" if claim.exploratory else "claim", claim.title])
        spec = REGISTRY.get(cid)
        if verbose and spec:
            from ibcheck.checks.binding import bindings
            bound = bindings(spec)
            details[len(rows) - 1] = [line for k, p in spec.params.items()
                                      for line in ("    " + p.describe(), "      " + bound[k].line())] + [
                "    " + b.line() for k, b in bound.items() if k not in spec.params] + [
                f"    {', '.join(a.old)}: deprecated aliases of {a.new} ({a.meaning}; removed in {a.removed_in})"
                for a in spec.aliases]
    for cid, (source, title, where) in PLANNED.items():
        rows.append([cid, source, "-", "planned", f"{title} [{where}]"])
    for cid, conj in SHIPPED.items():
        rows.append([cid, conj.source or "-", "-", "conjecture", f"{conj.title} [expected: {conj.expected}]"])
        if verbose:
            details[len(rows) - 1] = [f"    {k}: {dim}" for k, dim in conj.space.items()] + [
                f"    default budget {conj.default_budget}"]
    footer += [f"# plugin {p.name} ({p.dist}, {p.target}): {', '.join(c.id for c in p.claims)}"
              for p in PLUGINS.plugins] + [f"# warning: {line}" for line in PLUGINS.errors]
    return rows, details, footer


def cmd_list(args) -> int:
    rows, details, footer = _list_rows(args.verbose)
    for i, line in enumerate(columns(rows, [0, 0, 0, 0, None])):
        print(line)
        for d in details.get(i, []):
            print(d)
    for line in footer:
        print(line)
    return 0


def _progress_listener(claim: str):
    """A progress line on a terminal for runs longer than ~2 s (nothing when stderr is not a terminal)."""
    if not sys.stderr.isatty():
        return None
    from ibcheck.reports.progress import Progress
    return Progress(1, delay=2.0)


def refuse_non_check(claim: str) -> None:
    """A planned claim or a conjecture ID given to ``check``/``sweep``: say what to run instead (exit 2)."""
    from ibcheck.checks.index import CONJECTURES, PLANNED
    if claim in PLANNED:
        raise InputError(f"{claim} is catalogued but not implemented yet ({PLANNED[claim][2]})")
    if claim in CONJECTURES:
        raise InputError(f"{claim} is a conjecture: run `ibcheck conjecture {claim}`")


def cmd_check(args) -> int:
    refuse_non_check(args.claim)
    writable_file(args.json, "--json")
    if not isinstance(args.seeds, int) or args.seeds < 1:
        raise InputError(f"--seeds must be >= 1, got {args.seeds}")
    from ibcheck.checks.index import ALIASES, spec
    if args.claim in ALIASES:
        print(f"note: {args.claim} is deprecated and will be removed in the next release; it now runs "
              f"{ALIASES[args.claim]} (the name says what is checked)", file=sys.stderr)
    spec(ALIASES.get(args.claim, args.claim))  # an unknown ID fails here, before the heavy imports
    if getattr(args, "explain", False):
        return explain_check(ALIASES.get(args.claim, args.claim))
    from ibcheck.checks.runner import run_check
    from ibcheck.numerics.runtime.progress import listening
    from ibcheck.table import render
    from ibcheck.theory.verdict import EXIT_CODE
    prog = _progress_listener(args.claim)
    if prog:
        prog.show(args.claim)
    try:
        with listening(prog.note if prog else (lambda _t: None)):
            result = run_check(args.claim, parse_sets(args.set), data=args.data, seeds=args.seeds,
                               device=args.device)
    finally:
        if prog:
            prog.close()
    print(render(result))
    if args.data and args.seeds > 1:
        print("note: --data fixes the data, so the seeds differ only in what is random besides them (initial "
              "weights, test points); rows are identical where nothing else is random", file=sys.stderr)
    if args.json:
        write_json(args.json, result)
    return EXIT_CODE[result["verdict"]]


def explain_check(claim: str) -> int:
    """``ibcheck check ID --explain``: the claim's hypotheses and, per parameter and data property, the hypothesis
    row that reads it or why it is inert (``checks.binding``); nothing is run."""
    from ibcheck.checks.binding import explain
    from ibcheck.checks.index import spec
    s = spec(claim)
    print(f"{claim}: {s.claim.title}")
    print("hypotheses:" if s.claim.hypotheses else "hypotheses: none")
    for h in s.claim.hypotheses:
        print(f"  {h.name} [{h.provenance}]")
    print("inputs (each read by a hypothesis, or inert with its reason):")
    for line in explain(s):
        print("  " + line)
    return 0


def cmd_report(args) -> int:
    import time

    from ibcheck.numerics.runtime.device import resolve_device
    resolve_device(args.device)  # a bad --device is an input error before any work
    writable_dir(args.out, "--out")
    from ibcheck.reports.html import environment, write_report
    from ibcheck.reports.run import run_catalogue
    t0 = time.perf_counter()
    backend = None if args.backend == "auto" else args.backend
    if args.claims:
        from ibcheck.checks.conjectures import SHIPPED
        from ibcheck.checks.registry import REGISTRY
        from ibcheck.reports.run import selected
        known = list(REGISTRY) + list(SHIPPED)
        for pat in args.claims:
            if not any(selected(c, [pat]) for c in known):
                from ibcheck.checks.index import suggest
                raise InputError(f"--claims {pat!r} matches no claim or conjecture ID{suggest(pat, known)} "
                                 "(see `ibcheck list`)")
    results, sup = run_catalogue(args.profile, device=args.device, backend=backend, address=args.address,
                                 claims=args.claims)
    meta = environment(args.profile, args.device, time.perf_counter() - t0, results)
    try:
        path = write_report(results, sup, args.out, meta)
    except OSError as exc:
        raise InputError(f"--out {args.out}: cannot write ({exc.strerror})") from None
    from ibcheck.reports.status import summary_line, unexpected
    print(f"wrote {path} and {path.parent / 'results.json'}: {summary_line(results, sup.get('_conjectures'))}")
    return 1 if args.fail_on_unexpected and unexpected(results) else 0


def cmd_docs(args) -> int:
    writable_dir(args.out, "--out")
    if args.discrimination:
        from ibcheck.reports.discrimination import write_discrimination
        print(f"wrote {write_discrimination(args.out)}")
        return 0
    from ibcheck.reports.docs import write_docs
    for path in write_docs(args.out, results=args.results, catalogue_only=args.catalogue_only):
        print(f"wrote {path}")
    return 0


def cmd_sweep(args) -> int:
    import itertools
    refuse_non_check(args.claim)
    writable_file(args.json, "--json")
    grids = parse_grids(args.grid)
    if args.seeds < 1:
        raise InputError(f"--seeds must be >= 1, got {args.seeds}")
    from ibcheck.checks.index import spec as get_spec
    from ibcheck.checks.params import apply_aliases, resolve
    spec = get_spec(args.claim)
    base = parse_sets(args.set)
    flags = {k: "--grid" for k, _ in grids}
    tasks = []
    for combo in itertools.product(*[[(k, v) for v in vs] for k, vs in grids]):
        point = apply_aliases(spec.aliases, dict(base, **dict(combo)), args.claim, flags)  # deprecated names
        first = int(point.get("seed", spec.params["seed"].default if "seed" in spec.params else 0))
        for s in range(args.seeds):
            params = dict(point, **({"seed": first + s} if "seed" in spec.params else {}))
            resolve(spec.params, params, args.claim, flags)  # validate every point before any work
            tasks.append({"claim": args.claim, "params": params, "device": args.device})
    from ibcheck.checks.backends import run_tasks
    from ibcheck.reports.progress import Progress
    from ibcheck.theory.verdict import ORDER, VIOLATED
    keys = [k for k, _ in grids] + (["seed"] if "seed" in spec.params else [])
    label = lambda t: " ".join(f"{k}={t['params'].get(k)}" for k in keys)  # noqa: E731
    prog = Progress(len(tasks))
    results = run_tasks(tasks, args.backend, address=args.address,
                        on_result=lambda i, r: prog.step(f"{args.claim} {label(tasks[i])}", r["verdict"]))
    prog.close()
    rows = [["POINT", "VERDICT", "KEY NUMBER", "REASON"]]
    for t, r in zip(tasks, results):
        rows.append([label(t), r["verdict"], key_number(r), clip(r.get("reason", ""), 100)])
    for line in columns(rows, [0, 0, 0, None]):
        print(line)
    counts = {v: sum(r["verdict"] == v for r in results) for v in ORDER}
    print(f"{len(results)} points: " + ", ".join(f"{v} {c}" for v, c in counts.items() if c))
    if args.json:
        write_json(args.json, results)
    sys.stdout.flush()
    return 1 if any(r["verdict"] == VIOLATED for r in results) else 0
