"""The ``ibcheck`` command line (CONTRACT.md): list, check, report, conjecture, kkt."""
from __future__ import annotations

import argparse
import json
import os
import sys

from ibcheck.numerics.threads import default_single_threaded_env

default_single_threaded_env()  # before torch/numpy start their pools: this process is ours (numerics.threads)

from ibcheck.numerics.errors import InputError  # noqa: E402


EXIT_CODES = ("exit status: 0 verified (report/list/kkt: completed), 1 violated, 2 usage or input error, "
              "3 outside-hypotheses, 4 inconclusive, 5 internal error (one line; --debug for the traceback)")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse would print the whole usage)
        print(f"ibcheck: error: {message} (see `ibcheck -h`)", file=sys.stderr)
        raise SystemExit(2)


def _parse_sets(items: list[str], flag: str = "--set") -> dict:
    out = {}
    for it in items or []:
        if "=" not in it or not it.split("=", 1)[0]:
            raise InputError(f"{flag} {it!r}: expected KEY=VALUE")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _writable_file(path: str | None, flag: str) -> None:
    """Refuse an output file that cannot be written, before any work starts (exit 2)."""
    if not path:
        return
    from pathlib import Path
    p = Path(path)
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise InputError(f"{flag} {path}: is a directory")
    if not parent.is_dir():
        raise InputError(f"{flag} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise InputError(f"{flag} {path}: not writable")


def _writable_dir(path: str | None, flag: str) -> None:
    """Create an output folder (or refuse it, exit 2) before any work starts."""
    if not path:
        return
    from pathlib import Path
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{flag} {path}: cannot create the folder ({exc.strerror})") from None
    if not os.access(p, os.W_OK):
        raise InputError(f"{flag} {path}: not writable")


def _write_json(path: str, obj) -> None:
    """Write ``obj`` as strict JSON; an unwritable path is an input error (exit 2)."""
    from ibcheck.checks.runner import jsonable
    try:
        with open(path, "w") as fh:
            json.dump(jsonable(obj), fh, indent=1, allow_nan=False, default=str)
    except OSError as exc:
        raise InputError(f"--json {path}: cannot write ({exc.strerror})") from None


def _columns(rows: list[list[str]], widths: list[int | None]) -> list[str]:
    """Aligned columns; a column of width None takes the rest of the line."""
    w = [max((len(r[i]) for r in rows), default=0) if wd is None or wd == 0 else wd for i, wd in enumerate(widths)]
    w[-1] = 0
    return ["  ".join(c.ljust(w[i]) if w[i] else c for i, c in enumerate(r)).rstrip() for r in rows]


def cmd_list(args) -> int:
    from ibcheck.checks.conjectures import SHIPPED
    from ibcheck.checks.registry import PLUGINS, REGISTRY
    from ibcheck.theory.catalogue import CATALOGUE, PLANNED
    rows = [["ID", "SOURCE", "KIND", "TITLE"]]
    details: dict[int, list[str]] = {}
    for cid, claim in CATALOGUE.items():
        kind = "exploratory" if claim.exploratory else claim.provenance
        rows.append([cid, claim.source, kind, claim.title])
        spec = REGISTRY.get(cid)
        if args.verbose and spec:
            details[len(rows) - 1] = ["    " + p.describe() for p in spec.params.values()]
    for cid, (source, title, where) in PLANNED.items():
        rows.append([cid, source, "planned", f"{title} [{where}]"])
    for cid, conj in SHIPPED.items():
        rows.append([cid, "conjecture", conj.source or "-", f"{conj.title} [expected: {conj.expected}]"])
        if args.verbose:
            details[len(rows) - 1] = [f"    {k}: {dim}" for k, dim in conj.space.items()] + [
                f"    default budget {conj.default_budget}"]
    lines = _columns(rows, [0, 0, 0, None])
    for i, line in enumerate(lines):
        print(line)
        for d in details.get(i, []):
            print(d)
    from ibcheck.theory.catalogue import ALIASES
    for old, new in ALIASES.items():
        print(f"# deprecated alias {old} -> {new} (removed in the next release)")
    for p in PLUGINS.plugins:
        print(f"# plugin {p.name} ({p.dist}, {p.target}): {', '.join(c.id for c in p.claims)}")
    for line in PLUGINS.errors:
        print(f"# warning: {line}")
    return 0


def _progress_listener(claim: str):
    """A progress line on a terminal for runs longer than ~2 s (nothing when stderr is not a terminal)."""
    from ibcheck.reports.progress import Progress
    return Progress(1, delay=2.0) if sys.stderr.isatty() else None


def cmd_check(args) -> int:
    from ibcheck.checks.runner import run_check
    from ibcheck.numerics.progress import listening
    from ibcheck.table import render
    from ibcheck.theory.catalogue import PLANNED
    from ibcheck.theory.verdict import EXIT_CODE
    if args.claim in PLANNED:
        raise InputError(f"{args.claim} is catalogued but not implemented yet ({PLANNED[args.claim][2]})")
    from ibcheck.checks.conjectures import SHIPPED
    if args.claim in SHIPPED:
        raise InputError(f"{args.claim} is a conjecture: run `ibcheck conjecture {args.claim}`")
    from ibcheck.theory.catalogue import deprecation
    if deprecation(args.claim):
        print(deprecation(args.claim), file=sys.stderr)
    _writable_file(args.json, "--json")
    prog = _progress_listener(args.claim)
    if prog:
        prog.show(args.claim)
    try:
        with listening(prog.note if prog else (lambda _t: None)):
            result = run_check(args.claim, _parse_sets(args.set), data=args.data, seeds=args.seeds,
                               device=args.device)
    finally:
        if prog:
            prog.close()
    print(render(result))
    if args.data and args.seeds > 1:
        print("note: --data fixes the data, so the seeds differ only in what is random besides them (initial "
              "weights, test points); rows are identical where nothing else is random", file=sys.stderr)
    if args.json:
        _write_json(args.json, result)
    return EXIT_CODE[result["verdict"]]


def cmd_report(args) -> int:
    import time

    from ibcheck.numerics.device import resolve_device
    from ibcheck.reports.html import environment, write_report
    from ibcheck.reports.run import run_catalogue
    resolve_device(args.device)  # a bad --device is an input error before any work
    _writable_dir(args.out, "--out")
    t0 = time.perf_counter()
    backend = None if args.backend == "auto" else args.backend
    if args.claims:
        from ibcheck.checks.conjectures import SHIPPED
        from ibcheck.checks.registry import REGISTRY
        from ibcheck.reports.run import selected
        known = list(REGISTRY) + list(SHIPPED)
        for pat in args.claims:
            if not any(selected(c, [pat]) for c in known):
                raise InputError(f"--claims {pat!r} matches no claim or conjecture ID (see `ibcheck list`)")
    results, sup = run_catalogue(args.profile, device=args.device, backend=backend, address=args.address,
                                 claims=args.claims)
    meta = environment(args.profile, args.device, time.perf_counter() - t0, results)
    try:
        path = write_report(results, sup, args.out, meta)
    except OSError as exc:
        raise InputError(f"--out {args.out}: cannot write ({exc.strerror})") from None
    from ibcheck.reports.status import summary_line, unexpected
    print(f"wrote {path} and {path.parent / 'results.json'}: {summary_line(results)}")
    return 1 if args.fail_on_unexpected and unexpected(results) else 0


def cmd_docs(args) -> int:
    if args.discrimination:
        from ibcheck.reports.discrimination import write_discrimination
        print(f"wrote {write_discrimination(args.out)}")
        return 0
    from ibcheck.reports.docs import write_docs
    for path in write_docs(args.out, results=args.results, catalogue_only=args.catalogue_only):
        print(f"wrote {path}")
    return 0


def _key_number(r: dict) -> str:
    """The first failing conclusion (else the first conclusion) as ``name: measured rel bound``."""
    from ibcheck.reports.fmt import fmt
    rows = r.get("conclusions") or []
    c = next((c for c in rows if c.get("holds") is False), rows[0] if rows else None)
    if not c:
        return ""
    return f"{c['name']}: {fmt(c['lhs'])} {_REL.get(c['relation'], c['relation'])} {fmt(c['rhs'])}"


_REL = {"<=": "≤", ">=": "≥", "==": "="}


def _clip(text: str, width: int) -> str:
    """Shorten at a word boundary with an ellipsis (never mid-word)."""
    if len(text) <= width:
        return text
    cut = text[:width - 1].rsplit(" ", 1)[0]
    return cut + "…"


def cmd_sweep(args) -> int:
    import itertools

    from ibcheck.checks.backends import run_tasks
    from ibcheck.checks.params import resolve
    from ibcheck.checks.runner import get_spec
    from ibcheck.reports.progress import Progress
    from ibcheck.theory.verdict import ORDER, VIOLATED
    spec = get_spec(args.claim)
    _writable_file(args.json, "--json")
    grids = []
    for g in args.grid or []:
        if "=" not in g:
            raise InputError(f"--grid {g!r}: expected KEY=V1,V2,...")
        k, vals = g.split("=", 1)
        values = [v for v in vals.split(",") if v != ""]
        if not values:
            raise InputError(f"--grid {g!r}: no values")
        grids.append((k, values))
    if args.seeds < 1:
        raise InputError(f"--seeds must be >= 1, got {args.seeds}")
    base = _parse_sets(args.set)
    flags = {k: "--grid" for k, _ in grids}
    tasks = []
    for combo in itertools.product(*[[(k, v) for v in vs] for k, vs in grids]):
        point = dict(base, **dict(combo))
        first = int(point.get("seed", spec.params["seed"].default if "seed" in spec.params else 0))
        for s in range(args.seeds):
            params = dict(point, **({"seed": first + s} if "seed" in spec.params else {}))
            resolve(spec.params, params, args.claim, flags)  # validate every point before any work
            tasks.append({"claim": args.claim, "params": params, "device": args.device})
    keys = [k for k, _ in grids] + (["seed"] if "seed" in spec.params else [])
    label = lambda t: " ".join(f"{k}={t['params'].get(k)}" for k in keys)  # noqa: E731
    prog = Progress(len(tasks))
    results = run_tasks(tasks, args.backend, address=args.address,
                        on_result=lambda i, r: prog.step(f"{args.claim} {label(tasks[i])}", r["verdict"]))
    prog.close()
    rows = [["POINT", "VERDICT", "KEY NUMBER", "REASON"]]
    for t, r in zip(tasks, results):
        rows.append([label(t), r["verdict"], _key_number(r), _clip(r.get("reason", ""), 100)])
    for line in _columns(rows, [0, 0, 0, None]):
        print(line)
    counts = {v: sum(r["verdict"] == v for r in results) for v in ORDER}
    print(f"{len(results)} points: " + ", ".join(f"{v} {c}" for v, c in counts.items() if c))
    if args.json:
        _write_json(args.json, results)
    sys.stdout.flush()
    return 1 if any(r["verdict"] == VIOLATED for r in results) else 0


def _conclusion_text(conj, values: dict) -> str:
    """The conclusion at a counterexample: the relation with both sides evaluated, e.g. ``gap ≥ lower: 0.0424 ≥
    0.0732 is false``."""
    import sympy as sp

    from ibcheck.reports.fmt import fmt
    rel = conj.conclusion
    if not isinstance(rel, sp.Basic):
        return "the conclusion (a predicate) is false"
    sub = lambda e: float(e.subs({s: values[s.name] for s in e.free_symbols}))  # noqa: E731
    op = {sp.GreaterThan: "≥", sp.StrictGreaterThan: ">", sp.LessThan: "≤", sp.StrictLessThan: "<",
          sp.Equality: "="}.get(type(rel), str(type(rel).__name__))
    return f"{rel.lhs} {op} {rel.rhs}: {fmt(sub(rel.lhs))} {op} {fmt(sub(rel.rhs))} is false"


def _rounded(d: dict) -> dict:
    from ibcheck.reports.fmt import fmt
    return {k: (fmt(v) if isinstance(v, float) else v) for k, v in d.items()}


def cmd_conjecture(args) -> int:
    from ibcheck.checks.conjecture import load, parse_replay, replay, replay_args, search
    from ibcheck.reports.conjecture_page import write_page
    _writable_file(args.json, "--json")
    _writable_dir(args.out, "--out")
    conj, src = load(args.target)
    if args.replay is not None:
        r = replay(conj, parse_replay(conj, args.replay))
        print(json.dumps(r, indent=1, default=str))
        return 1 if r["status"] == "refuted" else 0
    if args.backend == "ray":  # the whole (sequential) search runs as one Ray task, e.g. on a cluster node
        try:
            import ray
        except ImportError:
            raise InputError("--backend ray needs the ray extra: pip install -e '.[ray]'") from None
        ray.init(address=args.address, include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            r = ray.get(ray.remote(search).remote(conj, args.budget, args.seed, args.out, None, args.min_decided))
        finally:
            ray.shutdown()
    else:
        r = search(conj, args.budget, args.seed, args.out, min_decided=args.min_decided)
    cx = r["counterexample"]
    r["replay"] = (f"ibcheck conjecture {src} --replay \"{replay_args(cx['params'])}\"" if cx else None)
    if cx and conj.replay_check:
        r["replay_check"] = conj.replay_check(cx["params"])
    if r["status"] == "refuted":
        print(f"{conj.id}: REFUTED after {r['trials']} trials ({r['seconds']:.1f} s)")
        print("  counterexample (shrunk): " + ", ".join(f"{k}={v}" for k, v in _rounded(cx["params"]).items()))
        print("  fails: " + _conclusion_text(conj, {**cx["params"], **cx["quantities"]}))
        print("  measured: " + ", ".join(f"{k}={v}" for k, v in _rounded(cx["quantities"]).items()))
        print("  first failure (before shrinking): " + ", ".join(
            f"{k}={v}" for k, v in _rounded(r["first_failure"]["params"]).items()))
        print(f"  reproduce: {r['replay']}" + (f"\n  or: {r['replay_check']}" if r.get("replay_check") else ""))
    else:
        head = "survived" if r["status"] == "survived" else "INCONCLUSIVE"
        print(f"{conj.id}: {head} — no counterexample in {r['trials']} trials: {r['decided_trials']} decided "
              f"(at least {r['min_decided']} needed), {r['undecided_trials']} undecided, "
              f"{r['outside_hypotheses_trials']} outside the hypotheses, {r['skipped_trials']} skipped (cap)")
        print("  coverage: " + json.dumps(r["coverage"]))
    print(f"  throughput: {r['trials_per_minute']:.1f} trials/minute")
    if args.out:
        print(f"  page: {write_page(r, conj, args.out)} (and result.json with the replay command)")
    if args.json:
        _write_json(args.json, r)
    return {"refuted": 1, "survived": 0, "inconclusive": 4}[r["status"]]


def cmd_kkt(args) -> int:
    from ibcheck.model_kkt import run_cli
    return run_cli(args, _write_json)


def build_parser() -> argparse.ArgumentParser:
    from ibcheck import __version__
    fmt = argparse.ArgumentDefaultsHelpFormatter
    p = _Parser(prog="ibcheck", description="Verify implicit-bias theorems of gradient descent against numerics.",
                epilog=EXIT_CODES, formatter_class=fmt)
    p.add_argument("--version", action="version", version=f"ibcheck {__version__}")
    p.add_argument("--debug", action="store_true", help="print the traceback of an internal error")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser, metavar="COMMAND")
    pl = sub.add_parser("list", help="every claim ID with source, provenance and title (and conjectures)",
                        formatter_class=fmt)
    pl.add_argument("-v", "--verbose", action="store_true", help="also print each check's parameters and defaults")
    pl.set_defaults(func=cmd_list)
    pc = sub.add_parser("check", help="run one claim's check and print its verification table", epilog=EXIT_CODES,
                        formatter_class=fmt)
    pc.add_argument("claim", help="a claim ID (see `ibcheck list`)")
    pc.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="override a parameter (repeatable; `ibcheck list -v` shows them)")
    pc.add_argument("--data", metavar="FILE.npz", help="user dataset: X (n×d), y (n), optional trace_sigma")
    pc.add_argument("--seeds", type=int, default=1, help="number of seeds (seed, seed+1, ...); verdict = worst")
    pc.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"], help="where tensors live")
    pc.add_argument("--json", metavar="FILE", help="write the contract's JSON result")
    pc.set_defaults(func=cmd_check)
    pr = sub.add_parser("report", help="run the catalogue and write the HTML report with a JSON sidecar",
                        formatter_class=fmt)
    pr.add_argument("--profile", default="quick", choices=["quick", "full"],
                    help="quick: every claim's default and the documented findings; full: every setting")
    pr.add_argument("--out", default="reports/out", help="output folder (index.html, results.json; default reports/out, git-ignored)")
    pr.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"], help="where tensors live")
    pr.add_argument("--backend", default="auto", choices=["auto", "serial", "local", "ray"],
                    help="auto: a process pool over the cores when there is more than one, else serial")
    pr.add_argument("--address", default=None, help="Ray address for --backend ray (auto, ray://host:10001)")
    pr.add_argument("--claims", action="append", metavar="PATTERN",
                    help="run only the claim and conjecture IDs matching this shell pattern, e.g. 'lai2026.m1.*' "
                         "(repeatable; default: all)")
    pr.add_argument("--fail-on-unexpected", action="store_true",
                    help="exit 1 when any result differs from its expectation (verified, or its documented entry in "
                         "checks/cases.py:EXPECTED, row pattern included): for CI")
    pr.set_defaults(func=cmd_report)
    pd = sub.add_parser("docs", help="write docs/catalogue.md (from the code) and docs/findings.md (from a run)",
                        formatter_class=fmt)
    pd.add_argument("--out", default="docs", help="output folder (default docs)")
    pd.add_argument("--results", default=None, metavar="FILE.json",
                    help="take the measured numbers of docs/findings.md from a report's results.json instead of "
                         "running the documented quick cases (about a minute)")
    pd.add_argument("--catalogue-only", action="store_true", help="write docs/catalogue.md only (no run)")
    pd.add_argument("--discrimination", action="store_true",
                    help="write docs/discrimination.md only: every claim fed wrong answers (needs a source checkout)")
    pd.set_defaults(func=cmd_docs)
    ps = sub.add_parser("sweep", help="run a claim's check over the Cartesian product of grids", epilog=EXIT_CODES,
                        formatter_class=fmt)
    ps.add_argument("claim", help="a claim ID (see `ibcheck list`)")
    ps.add_argument("--grid", action="append", metavar="KEY=V1,V2,...", help="a parameter's values (repeatable)")
    ps.add_argument("--set", action="append", metavar="KEY=VALUE", help="fixed overrides for every point")
    ps.add_argument("--seeds", type=int, default=1, help="seeds per grid point")
    ps.add_argument("--backend", default="local", choices=["local", "ray", "serial"],
                    help="local: a process pool over the cores; ray: Ray tasks; serial: in this process")
    ps.add_argument("--address", default=None, help="Ray address (auto, ray://host:10001); none: start a local Ray")
    ps.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"], help="where tensors live")
    ps.add_argument("--json", default=None, metavar="FILE", help="write the list of result objects")
    ps.set_defaults(func=cmd_sweep)
    pj = sub.add_parser("conjecture", help="search for a counterexample to a conjecture (file or conj.* ID)",
                        epilog="exit status: 0 survived, 1 refuted, 4 inconclusive (too few decided trials), "
                               "2 usage or input error, 5 internal error", formatter_class=fmt)
    pj.add_argument("target", metavar="FILE.py|CONJ_ID", help="a conjecture file or a shipped conjecture's ID")
    pj.add_argument("--budget", type=int, default=None, help="examples to generate (default: the conjecture's)")
    pj.add_argument("--min-decided", type=int, default=None,
                    help="decided trials needed to report survived (default: half the budget); else inconclusive")
    pj.add_argument("--seed", type=int, default=0, help="makes the search deterministic")
    pj.add_argument("--out", default=None, help="folder for the HTML page and result.json (counterexample, replay)")
    pj.add_argument("--json", default=None, metavar="FILE", help="write the search result")
    pj.add_argument("--replay", default=None, metavar="K=V,...", help="evaluate one parameter point only")
    pj.add_argument("--backend", default="serial", choices=["serial", "ray"],
                    help="serial: in this process; ray: the whole search as one Ray task")
    pj.add_argument("--address", default=None, help="Ray address for --backend ray")
    pj.set_defaults(func=cmd_conjecture)
    pk = sub.add_parser("kkt", help="a trained homogeneous PyTorch model against the max-margin KKT conditions",
                        epilog="exit status: 0 an (ε, δ)-KKT point, 1 not one, 4 undecidable (residuals not "
                               "certified), 2 usage or input error (a model that is not homogeneous: the parameter "
                               "named), 5 internal error", formatter_class=fmt)
    pk.add_argument("--model", required=True, metavar="FILE.pt",
                    help="TorchScript file (torch.jit.save) or a pickled nn.Module (torch.save(model)); loading a "
                         "pickle runs the code it names (weights_only=False), as for any pickle: use files you trust")
    pk.add_argument("--data", required=True, metavar="FILE.npz",
                    help="X (n × the model's input shape) and y (n: ±1 for one output, class indices for C outputs)")
    pk.add_argument("--eps", type=float, default=1e-3, metavar="E",
                    help="stationarity bound ‖θ̃ − Σλ_k g_k‖/‖θ̃‖ ≤ E of an (ε, δ)-KKT point (Lyu–Li)")
    pk.add_argument("--delta", type=float, default=1e-2, metavar="D",
                    help="complementarity bound max_k λ_k(q_k − 1)/mean λ ≤ D of an (ε, δ)-KKT point")
    pk.add_argument("--loss", default="exp", choices=["exp", "logistic"],
                    help="training loss (log L̂ and cos(θ, −∇L̂); the KKT conditions do not depend on it)")
    pk.add_argument("--kink-tol", type=float, default=1e-9, metavar="TOL",
                    help="pre-activations with |z| ≤ TOL·scale count as at the kink")
    pk.add_argument("--json", metavar="FILE", help="write every quantity as JSON")
    pk.set_defaults(func=cmd_kkt)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):  # bare `ibcheck`: the commands, not just "arguments are required"
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.func(args)
    except InputError as exc:
        print(f"ibcheck: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` & co.: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("ibcheck: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001  (a crash is never a verdict: its own exit code, one line)
        if args.debug:
            import traceback
            traceback.print_exc()
        else:
            msg = str(exc).splitlines()[0] if str(exc) else ""
            print(f"ibcheck: internal error: {type(exc).__name__}: {msg[:300]} (run with --debug for the traceback)",
                  file=sys.stderr)
        return 5
