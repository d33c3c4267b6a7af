"""``ibcheck conjecture``: search a conjecture for a counterexample, or replay one point, and print the outcome."""
from __future__ import annotations

import json

from ibcheck.cli_io import write_json, writable_dir, writable_file
from ibcheck.numerics.runtime.errors import InputError


def conclusion_text(conj, values: dict) -> str:
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
    writable_file(args.json, "--json")
    writable_dir(args.out, "--out")
    if args.budget is not None and args.budget < 1:
        raise InputError(f"--budget must be >= 1, got {args.budget}")
    if args.min_decided is not None and args.min_decided < 0:
        raise InputError(f"--min-decided must be >= 0, got {args.min_decided}")
    from ibcheck.checks.conjecture import load, parse_replay, replay, replay_args, search
    from ibcheck.reports.conjecture_page import write_page
    conj, src = load(args.target)
    if args.replay is not None:
        r = replay(conj, parse_replay(conj, args.replay))
        from ibcheck.checks.schema import stamp
        print(json.dumps(stamp(r), indent=1, default=str))
        return 1 if r["status"] == "refuted" else 0
    if args.backend == "ray":  # the whole (sequential) search runs as one Ray task, e.g. on a cluster node
        from ibcheck.checks.backends import ray_init
        ray = ray_init(args.address)
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
        print("  fails: " + conclusion_text(conj, {**cx["params"], **cx["quantities"]}))
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
        write_json(args.json, r)
    return {"refuted": 1, "survived": 0, "inconclusive": 4}[r["status"]]
