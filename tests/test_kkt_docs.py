"""The kkt section of docs/api.md runs as written from the repository root: every bash command (the examples in
examples/kkt/ and the ``ibcheck kkt`` calls on what they save) and every Python block, in order."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_kkt_section_of_api_md_runs_as_written():
    text = (ROOT / "docs" / "api.md").read_text()
    section = text[text.index("## 1. A trained model"):text.index("## 2. Python API")]
    blocks = re.findall(r"```(bash|python)\n(.*?)```", section, re.S)
    kinds = [k for k, _ in blocks]
    assert kinds.count("bash") >= 3 and "python" in kinds
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = ""
    for kind, body in blocks:
        if kind == "bash":  # each documented `ibcheck kkt` line reports its exit status instead of stopping the block
            body = "\n".join(f'{ln.split("  #")[0].rstrip()} || echo "exit status $?"' if "ibcheck kkt" in ln else ln
                             for ln in body.splitlines())
        cmd = ["bash", "-e", "-c", body] if kind == "bash" else [sys.executable, "-c", body]
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
        assert p.returncode == 0, (body, p.stdout[-2000:], p.stderr[-2000:])
        out += p.stdout + p.stderr
    # the trained MLP is an approximate KKT point at the default tolerances; its early checkpoint is not
    assert "verdict: verified (ε = 0.001, δ = 0.01)" in out and "verdict: violated (ε = 0.001, δ = 0.01)" in out
    assert "exit status 1" in out
    assert "the scaling of parameter fc2.bias breaks it" in out and "exit status 2" in out
    assert "the scaling of parameters fc3.bias, fc2.bias breaks it: scaled as c^3, c^2" in out  # every bias named
    # the CNN with a first-layer bias: its blank-background max-pool ties are not kinks, the residuals certified
    assert "C=3 classes, P=152" in out and "degree 3 (measured 3" in out
    assert "at 9 of 9 examples (not kinks); certified: True" in out
    assert "9 example(s) with tied max-pool / maximum entries that are the same function of θ" in out
    assert "trained in float32" in out and "(×2)" in out and "certified: False" in out
    # a surrogate gradient (custom backward) is never certified
    assert "custom autograd.Function(s) ModifiedReluFunc" in out and "verdict inconclusive" in out
    # a state_dict with its class and labels 0/1; raw data: the warning comes first, before any KKT number
    assert "labels 0/1 read as ±1 (y ↦ 2y − 1" in out and "P=384 trainable parameters" in out
    assert "ibcheck kkt: WARNING (data): 20 of 40 examples are misclassified" in out
    raw = out[out.index("WARNING (data): 20 of 40"):]
    assert raw.index("WARNING (data)") < raw.index("stationarity") and "see the data warning first" in raw
