"""The ``ibcheck`` command line (CONTRACT.md): list, check, report, conjecture, kkt."""
from __future__ import annotations

import argparse
import json
import sys

from ibcheck.numerics.threads import default_single_threaded_env

default_single_threaded_env()  # before torch/numpy start their pools: this process is ours (numerics.threads)

from ibcheck.numerics.errors import InputError  # noqa: E402


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse would print the whole usage)
        print(f"ibcheck: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parse_sets(items: list[str]) -> dict:
    out = {}
    for it in items or []:
        if "=" not in it or not it.split("=", 1)[0]:
            raise InputError(f"--set {it!r}: expected KEY=VALUE")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _write_json(path: str, obj) -> None:
    """Write ``obj`` as strict JSON; an unwritable path is an input error (exit 2)."""
    from ibcheck.checks.runner import jsonable
    try:
        with open(path, "w") as fh:
            json.dump(jsonable(obj), fh, indent=1, allow_nan=False, default=str)
    except OSError as exc:
        raise InputError(f"--json {path}: cannot write ({exc.strerror})") from None


def cmd_list(args) -> int:
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.theory.catalogue import CATALOGUE, PLANNED
    for cid, claim in CATALOGUE.items():
        spec = REGISTRY.get(cid)
        defaults = {k: p.default for k, p in spec.params.items()} if spec else {}
        kind = "exploratory" if claim.exploratory else claim.provenance
        print(f"{cid:28s} {claim.source:9s} {kind:14s} {claim.title}")
        if args.verbose and defaults:
            print("    defaults: " + " ".join(f"{k}={v}" for k, v in defaults.items()))
    for cid, (source, title, where) in PLANNED.items():
        print(f"{cid:28s} {source:9s} {'planned':14s} {title} [{where}]")
    from ibcheck.checks.conjectures import SHIPPED
    for cid, conj in SHIPPED.items():
        print(f"{cid:28s} {'conj':9s} {'conjecture':14s} {conj.title} [expected: {conj.expected}]")
        if args.verbose:
            print("    space: " + ", ".join(f"{k}={v}" for k, v in conj.space.items()) +
                  f"; default budget {conj.default_budget}")
    from ibcheck.checks.registry import PLUGINS
    for p in PLUGINS.plugins:
        print(f"# plugin {p.name} ({p.dist}, {p.target}): {', '.join(c.id for c in p.claims)}")
    for line in PLUGINS.errors:
        print(f"# warning: {line}")
    return 0


def cmd_check(args) -> int:
    from ibcheck.checks.runner import run_check
    from ibcheck.table import render
    from ibcheck.theory.catalogue import PLANNED
    from ibcheck.theory.verdict import EXIT_CODE
    if args.claim in PLANNED:
        raise InputError(f"{args.claim} is catalogued but not implemented yet ({PLANNED[args.claim][2]})")
    from ibcheck.checks.conjectures import SHIPPED
    if args.claim in SHIPPED:
        raise InputError(f"{args.claim} is a conjecture: run `ibcheck conjecture {args.claim}`")
    result = run_check(args.claim, _parse_sets(args.set), data=args.data, seeds=args.seeds, device=args.device)
    print(render(result))
    if args.json:
        _write_json(args.json, result)
    return EXIT_CODE[result["verdict"]]


def cmd_report(args) -> int:
    import time

    from ibcheck.numerics.device import resolve_device
    from ibcheck.reports.html import environment, write_report
    from ibcheck.reports.run import run_catalogue
    resolve_device(args.device)  # a bad --device is an input error before any work
    t0 = time.perf_counter()
    results, sup = run_catalogue(args.profile, device=args.device, backend=args.backend, address=args.address)
    meta = environment(args.profile, args.device, time.perf_counter() - t0, results)
    try:
        path = write_report(results, sup, args.out, meta)
    except OSError as exc:
        raise InputError(f"--out {args.out}: cannot write ({exc.strerror})") from None
    from ibcheck.reports.status import summary_line, unexpected
    print(f"wrote {path} and {path.parent / 'results.json'}: {summary_line(results)}")
    return 1 if args.fail_on_unexpected and unexpected(results) else 0


def cmd_docs(args) -> int:
    from ibcheck.reports.docs import write_docs
    for path in write_docs(args.out, results=args.results, catalogue_only=args.catalogue_only):
        print(f"wrote {path}")
    return 0


def cmd_sweep(args) -> int:
    import itertools
    import sys as _sys

    from ibcheck.checks.backends import run_tasks
    from ibcheck.checks.params import resolve
    from ibcheck.checks.runner import get_spec
    from ibcheck.reports.run import Progress
    from ibcheck.theory.verdict import VIOLATED
    spec = get_spec(args.claim)
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
    tasks = []
    for combo in itertools.product(*[[(k, v) for v in vs] for k, vs in grids]):
        point = dict(base, **dict(combo))
        first = int(point.get("seed", spec.params["seed"].default if "seed" in spec.params else 0))
        for s in range(args.seeds):
            params = dict(point, **({"seed": first + s} if "seed" in spec.params else {}))
            resolve(spec.params, params, args.claim)  # validate every point before any work
            tasks.append({"claim": args.claim, "params": params, "device": args.device})
    prog = Progress(len(tasks))
    results = run_tasks(tasks, args.backend, address=args.address,
                        on_result=lambda i, r: prog.step(f"{args.claim} {tasks[i]['params']}"))
    prog.close()
    keys = [k for k, _ in grids] + (["seed"] if "seed" in spec.params else [])
    for t, r in zip(tasks, results):
        point = " ".join(f"{k}={t['params'].get(k)}" for k in keys)
        print(f"{point:40s} {r['verdict']:20s} {r.get('reason', '')[:80]}")
    if args.json:
        _write_json(args.json, results)
    _sys.stdout.flush()
    return 1 if any(r["verdict"] == VIOLATED for r in results) else 0


def cmd_conjecture(args) -> int:
    from ibcheck.checks.conjecture import load, parse_replay, replay, replay_args, search
    from ibcheck.reports.conjecture_page import write_page
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
        print("  counterexample (shrunk): " + json.dumps(cx["params"]))
        print("  measured: " + json.dumps(cx["quantities"], default=str))
        print("  first failure (before shrinking): " + json.dumps(r["first_failure"]["params"]))
        print(f"  reproduce: {r['replay']}" + (f"\n  or: {r['replay_check']}" if r.get("replay_check") else ""))
    else:
        head = "survived" if r["status"] == "survived" else "INCONCLUSIVE"
        print(f"{conj.id}: {head} — no counterexample in {r['trials']} trials: {r['decided_trials']} decided "
              f"(at least {r['min_decided']} needed), {r['undecided_trials']} undecided, "
              f"{r['outside_hypotheses_trials']} outside the hypotheses, {r['skipped_trials']} skipped (cap)")
        print("  coverage: " + json.dumps(r["coverage"]))
    print(f"  throughput: {r['trials_per_minute']:.1f} trials/minute")
    if args.out:
        print(f"  page: {write_page(r, conj, args.out)}")
    if args.json:
        _write_json(args.json, r)
    return {"refuted": 1, "survived": 0, "inconclusive": 4}[r["status"]]


def cmd_kkt(args) -> int:
    from ibcheck.model_kkt import kkt
    from ibcheck.numerics.homogeneous import load_data, load_model
    model = load_model(args.model)
    X, y = load_data(args.data)
    res = kkt(model, X, y, loss=args.loss, kink_tol=args.kink_tol, data_name=f"--data {args.data}")
    print(res.summary())
    if args.json:
        _write_json(args.json, res.to_json())
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ibcheck", description="Verify implicit-bias theorems against numerics.")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)
    pl = sub.add_parser("list", help="every claim ID with source, provenance and default settings")
    pl.add_argument("-v", "--verbose", action="store_true", help="also print each check's default parameters")
    pl.set_defaults(func=cmd_list)
    pc = sub.add_parser("check", help="run one claim's check and print its verification table")
    pc.add_argument("claim")
    pc.add_argument("--set", action="append", metavar="KEY=VALUE", help="override a parameter (repeatable)")
    pc.add_argument("--data", metavar="FILE.npz", help="user dataset: X (n×d), y (n), optional trace_sigma")
    pc.add_argument("--seeds", type=int, default=1, help="number of seeds (seed, seed+1, ...); verdict = worst")
    pc.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"])
    pc.add_argument("--json", metavar="FILE", help="write the contract's JSON result")
    pc.set_defaults(func=cmd_check)
    pr = sub.add_parser("report", help="run the catalogue and write the HTML report with a JSON sidecar")
    pr.add_argument("--profile", default="quick", choices=["quick", "full"])
    pr.add_argument("--out", default="reports/out", help="output folder (default reports/out, git-ignored)")
    pr.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"])
    pr.add_argument("--backend", default="serial", choices=["serial", "local", "ray"],
                    help="serial: in process (default; shares flows between claims); local: process pool; ray")
    pr.add_argument("--address", default=None, help="Ray address for --backend ray")
    pr.add_argument("--fail-on-unexpected", action="store_true",
                    help="exit 1 when any result differs from its expectation (verified, or its documented entry in "
                         "checks/cases.py:EXPECTED, row pattern included): for CI")
    pr.set_defaults(func=cmd_report)
    pd = sub.add_parser("docs", help="write docs/catalogue.md (from the code) and docs/findings.md (from a run)")
    pd.add_argument("--out", default="docs", help="output folder (default docs)")
    pd.add_argument("--results", default=None, metavar="FILE.json",
                    help="take the measured numbers of docs/findings.md from a report's results.json instead of "
                         "running the documented quick cases (about a minute)")
    pd.add_argument("--catalogue-only", action="store_true", help="write docs/catalogue.md only (no run)")
    pd.set_defaults(func=cmd_docs)
    ps = sub.add_parser("sweep", help="run a claim's check over the Cartesian product of grids")
    ps.add_argument("claim")
    ps.add_argument("--grid", action="append", metavar="KEY=V1,V2,...")
    ps.add_argument("--set", action="append", metavar="KEY=VALUE", help="fixed overrides for every point")
    ps.add_argument("--seeds", type=int, default=1)
    ps.add_argument("--backend", default="local", choices=["local", "ray", "serial"])
    ps.add_argument("--address", default=None, help="Ray address (auto, ray://host:10001); none: start a local Ray")
    ps.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"])
    ps.add_argument("--json", default=None)
    ps.set_defaults(func=cmd_sweep)
    pj = sub.add_parser("conjecture", help="search for a counterexample to a conjecture (file or conj.* ID)")
    pj.add_argument("target", metavar="FILE.py|CONJ_ID")
    pj.add_argument("--budget", type=int, default=None, help="examples to generate (default: the conjecture's)")
    pj.add_argument("--min-decided", type=int, default=None,
                    help="decided trials needed to report survived (default: half the budget); else inconclusive (4)")
    pj.add_argument("--seed", type=int, default=0)
    pj.add_argument("--out", default=None, help="folder for the HTML page and hypothesis' example database")
    pj.add_argument("--json", default=None)
    pj.add_argument("--replay", default=None, metavar="K=V,...", help="evaluate one parameter point only")
    pj.add_argument("--backend", default="local", choices=["local", "ray"])
    pj.add_argument("--address", default=None, help="Ray address for --backend ray")
    pj.set_defaults(func=cmd_conjecture)
    pk = sub.add_parser("kkt", help="a trained homogeneous PyTorch model against the max-margin KKT conditions")
    pk.add_argument("--model", required=True, metavar="FILE.pt",
                    help="TorchScript file (torch.jit.save) or a pickled nn.Module (torch.save(model)); loading a "
                         "pickle runs the code it names (weights_only=False), as for any pickle: use files you trust")
    pk.add_argument("--data", required=True, metavar="FILE.npz", help="X (n × the model's input shape) and y (n, ±1)")
    pk.add_argument("--loss", default="exp", choices=["exp", "logistic"],
                    help="training loss (log L̂ and cos(θ, −∇L̂); the KKT conditions do not depend on it)")
    pk.add_argument("--kink-tol", type=float, default=None, metavar="TOL",
                    help="pre-activations with |z| ≤ TOL·scale count as at the kink (default 1e-9)")
    pk.add_argument("--json", metavar="FILE", help="write every quantity as JSON")
    pk.set_defaults(func=cmd_kkt)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as exc:
        print(f"ibcheck: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` & co.: not an error of ours
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
