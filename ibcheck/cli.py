"""The ``ibcheck`` command line (CONTRACT.md): the parser, ``main`` and ``kkt``; the other commands live in
``ibcheck.cli_commands`` (list, check, report, docs, sweep) and ``ibcheck.cli_conjecture``, the shared helpers in
``ibcheck.cli_io``. Nothing heavy is imported here: ``--version``, ``--help`` and argument errors answer at once."""
from __future__ import annotations

import argparse
import contextlib
import os
import sys

from ibcheck.numerics.runtime.threads import default_single_threaded_env

default_single_threaded_env()  # before torch/numpy start their pools: this process is ours (numerics.runtime.threads)

from ibcheck.cli_commands import cmd_check, cmd_docs, cmd_list, cmd_report, cmd_sweep  # noqa: E402
from ibcheck.cli_conjecture import cmd_conjecture  # noqa: E402
from ibcheck.cli_io import HelpFormatter  # noqa: E402
from ibcheck.kkt_defaults import DELTA as KKT_DELTA, EPS as KKT_EPS  # noqa: E402
from ibcheck.cli_io import write_json as _write_json  # noqa: E402
from ibcheck.numerics.runtime.errors import InputError  # noqa: E402


EXIT_CODES = ("exit status: 0 verified (report/list/kkt: completed), 1 violated, 2 usage or input error, "
              "3 outside-hypotheses, 4 inconclusive, 5 internal error (one line; --debug for the traceback)")
DEBUG_HELP = "print the traceback of an internal error"


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse would print the whole usage)
        print(f"ibcheck: error: {message} (see `ibcheck -h`)", file=sys.stderr)
        raise SystemExit(2)


def cmd_kkt(args) -> int:
    from ibcheck.cli_io import writable_file
    writable_file(args.json, "--json")  # probed before the model loads (root and /proc defeat a permissions test)
    from ibcheck.model_kkt import run_cli
    return run_cli(args, _write_json)


def build_parser() -> argparse.ArgumentParser:
    from ibcheck import __version__
    fmt = HelpFormatter
    p = _Parser(prog="ibcheck", description="Verify implicit-bias theorems of gradient descent against numerics.",
                epilog=EXIT_CODES, formatter_class=fmt)
    p.add_argument("--version", action="version", version=f"ibcheck {__version__}")
    p.add_argument("--debug", action="store_true", help=DEBUG_HELP)
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
    pc.add_argument("--explain", action="store_true",
                    help="print, per parameter and data property, the hypothesis that reads it (or why it is inert); "
                         "run nothing")
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
                    help="run only the claim and conjecture IDs matching this shell pattern, e.g. 'PAPER.*' "
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
    ps.add_argument("--backend", default="auto", choices=["auto", "local", "ray", "serial"],
                    help="local: a process pool over the cores; ray: Ray tasks; serial: in this process; auto: the "
                         "first point here, the rest on the pool only when it pays (checks.backends.pool_pays)")
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
    pk.add_argument("--eps", type=float, default=KKT_EPS, metavar="E",
                    help="stationarity bound ‖θ̃ − Σλ_k g_k‖/‖θ̃‖ ≤ E of an (ε, δ)-KKT point (Lyu–Li)")
    pk.add_argument("--delta", type=float, default=KKT_DELTA, metavar="D",
                    help="complementarity bound max_k λ_k(q_k − 1)/mean λ ≤ D of an (ε, δ)-KKT point")
    pk.add_argument("--loss", default="exp", choices=["exp", "logistic"],
                    help="training loss (log L̂ and cos(θ, −∇L̂); the KKT conditions do not depend on it)")
    pk.add_argument("--kink-tol", type=float, default=None, metavar="TOL",
                    help="pre-activations with |z| ≤ TOL·scale count as near their kink (default: each one's float64 "
                         "rounding bound, ~1e-13): each is decided by exact arithmetic where possible, else evaluated on "
                         "both sides, and the certified bound is the largest side; kkt_stationarity_kinks treats them as "
                         "kinks (not a bound); below the rounding bound the result is not certified")
    pk.add_argument("--model-class", default=None, metavar="PKG.MODULE:CLASS",
                    help="--model is a state_dict checkpoint of this class (importable; the current folder is on the path)")
    pk.add_argument("--model-kwargs", default=None, metavar="JSON",
                    help="the class's constructor keyword arguments, as a JSON object")
    pk.add_argument("--chunk-size", type=int, default=None, metavar="N",
                    help="stream per-example gradients into their Gram in chunks of N examples (automatic for large "
                         "models: n·C·P > 5e7)")
    pk.add_argument("--json", metavar="FILE", help="write every quantity as JSON")
    pk.set_defaults(func=cmd_kkt)
    from ibcheck.cli_diff import add_parser as add_diff
    add_diff(sub, fmt)
    from ibcheck.scaffold import add_parser as add_new_parser
    add_new_parser(sub, fmt)  # `ibcheck new paper|claim`
    for sp in sub.choices.values():  # `--debug` also after the command (the error lines name it)
        sp.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=DEBUG_HELP)
    return p


def dry_run_check(argv: list[str]) -> dict:
    """Parse ``ibcheck check ...`` (``argv`` without the leading ``ibcheck``) as ``main`` would and validate it as
    ``ibcheck check`` validates before any work — the claim ID, each ``--set`` through the claim's own ``Param``,
    ``--seeds``, ``--data`` readable — without running the check. Returns the resolved parameters; a refusal raises
    ``InputError`` or ``SystemExit(2)``, as the command would exit 2. (The suite runs every command it prints
    through this: a horizon's ``ibcheck check ... --set steps=10000000`` must be accepted.)"""
    from ibcheck.checks.index import ALIASES, spec
    from ibcheck.checks.params import resolve
    from ibcheck.cli_commands import refuse_non_check
    from ibcheck.cli_io import parse_sets
    args = build_parser().parse_args(argv)
    if args.cmd != "check":
        raise InputError(f"not an `ibcheck check` command: {' '.join(argv)}")
    refuse_non_check(args.claim)
    if args.seeds < 1:
        raise InputError(f"--seeds must be >= 1, got {args.seeds}")
    if args.data is not None and not os.path.isfile(args.data):
        raise InputError(f"--data {args.data}: no such file")
    return resolve(spec(ALIASES.get(args.claim, args.claim)).params, parse_sets(args.set), args.claim)


@contextlib.contextmanager
def quiet_float_warnings(quiet: bool = True):
    """Silence numpy's floating-point RuntimeWarnings (overflow, invalid value) here and in the worker processes
    started meanwhile: an overflow is already in the verdict (±inf decides, NaN is inconclusive with its reason), so
    the warning's source line on stderr only alarms; ``--debug`` shows them. Restores both on exit."""
    if not quiet:
        yield
        return
    import warnings
    before = os.environ.get("PYTHONWARNINGS")
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [before, "ignore::RuntimeWarning"]))
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=RuntimeWarning)
            yield
    finally:
        if before is None:
            os.environ.pop("PYTHONWARNINGS", None)
        else:
            os.environ["PYTHONWARNINGS"] = before


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):  # bare `ibcheck`: the commands, not just "arguments are required"
        parser.print_help(sys.stderr)
        return 2
    try:
        with quiet_float_warnings(not args.debug):
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
        from ibcheck.theory.paper_health import describe
        from ibcheck.theory.papers import culprit as paper_culprit
        culprit = paper_culprit(exc)  # an installed paper's own code raised: its error (exit 2), named, not ibcheck's
        if args.debug:
            import traceback
            traceback.print_exc()
        if culprit is not None:
            print(f"ibcheck: error: {describe(exc, culprit)}"
                  + ("" if args.debug else " (run with --debug for the traceback)"), file=sys.stderr)
            return 2
        if not args.debug:
            msg = str(exc).splitlines()[0] if str(exc) else ""
            print(f"ibcheck: internal error: {type(exc).__name__}: {msg[:300]} (run with --debug for the traceback)",
                  file=sys.stderr)
        return 5
