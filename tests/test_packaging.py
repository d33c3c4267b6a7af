"""What a non-editable install ships: every package of the source tree (``ibcheck.testing`` included — the
conformance suite, ``assert_verified``, the pinning helpers a paper package's own tests import), compared with the
tree itself, and a wheel built from the checkout holding every module. (``.ci/run`` installs that wheel without
extras in a fresh virtual environment and runs the conformance suite on examples/ibcheck-example-plugin from it.)"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setup_module():
    spec = importlib.util.spec_from_file_location("ibcheck_setup", ROOT / "setup.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # guarded by __main__: defines packages() without running setup()
    return mod


def _tree() -> dict[str, Path]:
    """Every folder with an ``__init__.py`` under ibcheck/ and the installed roots, by its installed name."""
    out = {}
    for top in ("ibcheck", *_setup_module().ROOTS):
        for init in sorted((ROOT / top).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT)
            name = ".".join(rel.parts) if top == "ibcheck" else "ibcheck." + ".".join(rel.parts)
            if "__pycache__" not in rel.parts:
                out[name] = init.parent
    return out


def test_the_package_list_is_the_source_tree():
    listed, tree = set(_setup_module().packages()), set(_tree())
    assert "ibcheck.testing" in listed
    assert listed == tree, {"missing from setup.py": sorted(tree - listed), "not in the tree": sorted(listed - tree)}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """A wheel built as pip builds it for ``pip install .`` (no build isolation: the environment's setuptools)."""
    import shutil
    out = tmp_path_factory.mktemp("wheel")
    # built from a copy: setuptools writes build/ and *.egg-info into the source folder, and two builds of one folder
    # at once (xdist workers, a developer's own `pip install .`) collide there ("File exists: build/bdist…")
    src = tmp_path_factory.mktemp("src") / "ibcheck"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__", "mutants",
                                                             ".pytest_cache", "docs", "benchmarks"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                        str(out), str(src)], capture_output=True, text=True, timeout=300)
    if r.returncode and "No module named pip" in r.stderr:
        pytest.skip("no pip in this environment")
    assert r.returncode == 0, r.stderr[-2000:]
    [whl] = out.glob("ibcheck-*.whl")
    return whl


def test_a_wheel_holds_every_module_of_every_package(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    want = set()
    for name, folder in _tree().items():
        base = name.replace(".", "/")
        want |= {f"{base}/{py.name}" for py in folder.glob("*.py")}
    assert not want - names, sorted(want - names)[:20]
    assert "ibcheck/testing/conformance.py" in names
    assert not any(n.startswith(("theory/", "checks/", "tests/")) for n in names)  # one top-level module only


def test_the_wheel_runs_the_conformance_suite_on_the_example_plugin(wheel, tmp_path):
    """The wheel and the example plugin installed (not editable) into a folder that comes first on the path, run from
    outside the checkout: ``ibcheck`` is the wheel's, and the plugin's one-line conformance test passes with it."""
    import os
    import shutil
    src = tmp_path / "example"  # a copy: pip builds in the source folder, and the checkout gets no build files
    shutil.copytree(ROOT / "examples" / "ibcheck-example-plugin", src,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    site = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(wheel), str(src)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    env = {k: v for k, v in os.environ.items() if k not in ("IBCHECK_NO_PLUGINS", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    r = subprocess.run([sys.executable, "-c", "import ibcheck.testing.conformance as c; print(c.__file__)"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith(str(site)), (r.stdout, r.stderr)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                        "--pyargs", "ibcheck_example_plugin.tests"], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=900)
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]
