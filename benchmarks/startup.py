"""Start-up benchmark: how long the commands a researcher types first take, wall clock, as fresh processes.

Each command runs ``--repeat`` times (the best and the median are printed) with plugins off: ``--version``,
``--help``, ``list``, an unknown claim ("did you mean") and an argument error, on any built-in claim (the first by
name: these commands read the light index only, whichever claim it is); then which heavy libraries ``ibcheck list``
imported (``-X importtime``: torch, cvxpy, sympy, scipy.stats, matplotlib). A whole check in a fresh process, its
imports and ``sweep --backend auto`` against ``serial`` and ``local`` are timed by its paper's benchmark
(``papers/<paper>/benchmarks/startup.py``).

Then the same light commands with a plugin installed (``examples/ibcheck-example-plugin``, pip-installed into a
scratch folder, plugins on): discovery reads its entry point's metadata, its manifest and its light index only, so
``ibcheck list`` and an unknown ID stay within 0.5 s.

Targets (an idle 2-core machine): ``ibcheck list`` ≤ 1 s (≤ 0.5 s with the plugin installed); ``--version``,
``--help`` and an unknown claim well under 1 s. Prints numbers; it asserts nothing.

Usage: python benchmarks/startup.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HEAVY = ("torch", "cvxpy", "sympy", "scipy.stats", "matplotlib", "hypothesis", "flint")
PLUGIN_COMMANDS = [["list"], ["check", "NOSUCH"]]
_ENV: dict = {}


def some_claim() -> str:
    """Any built-in claim, the first by name (the light commands and the "did you mean" do not depend on which)."""
    from ibcheck.checks.index import table
    from ibcheck.theory.papers import discover
    builtin = {p.name for p in discover() if p.builtin}
    return min(c for c in table("CLAIMS") if table("PAPER_OF")[c] in builtin)


def commands() -> list[list[str]]:
    cid = some_claim()
    return [
        ["--version"],
        ["--help"],
        ["list"],
        ["check", cid[:-1]],  # an unknown claim, one character short: "did you mean"
        ["check", cid, "--seeds", "x"],  # an argument error
    ]


def env() -> dict:
    return _ENV or dict(os.environ, IBCHECK_NO_PLUGINS="1")


def with_plugin(repeat: int) -> None:
    """The light commands with the example plugin pip-installed into a scratch folder (plugins on)."""
    import shutil
    import tempfile
    from pathlib import Path
    src = Path(__file__).resolve().parents[1] / "examples" / "ibcheck-example-plugin"
    with tempfile.TemporaryDirectory() as d:
        shutil.copytree(src, Path(d) / "src", ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(Path(d) / "site"), str(Path(d) / "src")], check=True)
        _ENV.update({k: v for k, v in os.environ.items() if k != "IBCHECK_NO_PLUGINS"},
                    PYTHONPATH=str(Path(d) / "site"))
        try:
            for args in PLUGIN_COMMANDS:
                runs = [timed(args) for _ in range(repeat)]
                times = [w for w, _ in runs]
                print(f"{'ibcheck ' + ' '.join(args) + ' (plugin installed)':<52} {min(times):>7.2f} "
                      f"{statistics.median(times):>9.2f} {min(c for _, c in runs):>6.2f}")
            print(f"imports of `ibcheck list` (plugin installed): "
                  f"{', '.join(imported(['list'])) or 'none of ' + ', '.join(HEAVY)}")
        finally:
            _ENV.clear()


def timed(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process): on a shared machine the CPU time is what an idle one would wait."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, env=env())
    w = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return w, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported(args: list[str]) -> list[str]:
    """The heavy top-level packages the command's process imported."""
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "ibcheck", *args], capture_output=True, text=True,
                       env=env())
    names = {line.rsplit("|", 1)[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    return [h for h in HEAVY if h in names]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'command':<52} {'best s':>7} {'median s':>9} {'CPU s':>6}")
    for args in commands():
        runs = [timed(args) for _ in range(a.repeat)]
        times = [w for w, _ in runs]
        print(f"{'ibcheck ' + ' '.join(args):<52} {min(times):>7.2f} {statistics.median(times):>9.2f} "
              f"{min(c for _, c in runs):>6.2f}")
    with_plugin(a.repeat)
    print(f"imports of `ibcheck list`: {', '.join(imported(['list'])) or 'none of ' + ', '.join(HEAVY)}")

if __name__ == "__main__":
    main()
