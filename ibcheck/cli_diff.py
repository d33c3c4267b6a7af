"""``ibcheck diff OLD.json NEW.json``: verdict changes, flipped rows and moved quantities between two result sets
(the logic in ``ibcheck.result_diff``). Light: no torch, no catalogue."""
from __future__ import annotations

import sys

DIFF_EXIT = ("exit status: 0 no verdict regressed (with --strict: no verdict changed and no result added or "
             "removed), 1 a verdict regressed (verified/observed -> inconclusive or outside-hypotheses -> violated; "
             "--strict: any change), 2 bad input, 5 internal error")


def add_parser(sub, fmt) -> None:
    """The ``diff`` subcommand on the ``ibcheck`` parser's subparsers."""
    pd = sub.add_parser("diff", help="compare two results.json / check --json outputs: verdicts, rows, quantities",
                        epilog=DIFF_EXIT, formatter_class=fmt)
    pd.add_argument("old", metavar="OLD.json", help="the earlier results (a report's results.json, sweep or check --json)")
    pd.add_argument("new", metavar="NEW.json", help="the later results, same kind")
    pd.add_argument("--json", metavar="FILE", help="write every difference as JSON")
    pd.add_argument("--rtol", type=float, default=1e-6,
                    help="relative change (beyond a row's own tolerance) that counts as a moved quantity")
    pd.add_argument("--strict", action="store_true",
                    help="exit 1 on any verdict change and on results added or removed, not only on regressions "
                         "(a committed baseline: CI fails when it is stale)")
    pd.add_argument("--limit", type=int, default=40, help="lines printed per section (--json has all)")
    pd.set_defaults(func=cmd_diff)


def cmd_diff(args) -> int:
    import math

    from ibcheck.cli_io import write_json, writable_file
    from ibcheck.numerics.runtime.errors import InputError
    from ibcheck.result_diff import compare, diff_object, lines, load, strict_failures
    if not (math.isfinite(args.rtol) and args.rtol >= 0):
        raise InputError(f"--rtol must be a finite number >= 0, got {args.rtol}")
    writable_file(args.json, "--json")
    d = compare(load(args.old), load(args.new), rtol=args.rtol)
    for line in lines(d, max(args.limit, 1)):
        print(line)
    strict = strict_failures(d)
    if args.json:
        write_json(args.json, diff_object(args.old, args.new, args.rtol, d))
    sys.stdout.flush()
    if d["regressed"]:
        return 1
    if args.strict and strict:
        print(f"ibcheck diff --strict: {len(strict)} change(s) against {args.old}; if intended, record them by "
              "regenerating it", file=sys.stderr)
        return 1
    return 0
