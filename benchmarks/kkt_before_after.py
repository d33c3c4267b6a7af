"""``ibcheck kkt``'s numbers before and after the gradient check and the bound over kink sides, on the same models.

    python benchmarks/kkt_before_after.py [--rev 65bdd61]

The gradient check (finite differences of the forward) and the dtype-faithful loading add information; neither may
move a number. The bound over kink sides changes exactly one figure, by design: where a pre-activation lies within
the kink tolerance and exact arithmetic cannot place it, ``kkt_stationarity`` (and its multipliers) becomes the
largest residual over the sides, where the code before reported the Clarke box's minimum — which undercut the exact
value (0.0582 against 0.0745 on a pre-activation of −8.2e-16). That figure is still reported, unchanged, as
``kkt_stationarity_kinks``. So the claim this prints a table for is:

* every number of the earlier result equals today's to ≤ 1e-12 (relative, or absolute below 1e-12: two runs of the
  same float64 code on one machine, where only the new keys' order of work may move the last bits);
* except on a model with undecided kink sides, where the earlier ``kkt_stationarity`` equals today's
  ``kkt_stationarity_kinks`` to the same tolerance and today's ``kkt_stationarity`` is ≥ it (a bound).

The earlier code is the tree at ``--rev`` assembled as the installed package (``git archive`` into a temporary
folder, the roots copied under ``ibcheck/``) and run in a child process with that folder first on ``sys.path``.
The models are built in the child from fixed seeds with torch alone, so both children see the same tensors bit for
bit: two-layer ReLU and leaky-ReLU nets, a multi-class MLP, a CNN with a first-layer bias, a float32-trained net, a
±1-frozen second layer, and the planted near-kink pre-activations (−8.2e-16 and −1e-10 relative) at the default and
at a user ``kink_tol`` of 1e-9.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

ROOTS = ("theory", "numerics", "checks", "reports", "papers")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOL = 1e-12  # the same float64 operations on one machine; the new code only adds work around them


# ------------------------------------------------------------------------------------------------ the models (child)
def cone_data(n=24, d=6, seed=0):
    import torch
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(n, d, generator=g, dtype=torch.float64)
    y = torch.where(X[:, 0] + 0.3 * X[:, 1] > 0, 1.0, -1.0).double()
    X[:, 0] += 0.5 * y  # a margin along e1
    return X, y


def fit(net, X, y, steps, lr=0.05, radius=8.0):
    """Gradient descent on log L̂ = log Σ exp(−q_i) (the exponential loss in log space) with θ put back on the sphere
    ‖θ‖ = radius after each step: for a homogeneous net the direction climbs the soft normalised margin, towards a
    KKT point of the max-margin problem, without the parameters' growth."""
    import torch
    params = [p for p in net.parameters() if p.requires_grad]
    for _ in range(steps):
        grads = torch.autograd.grad(torch.logsumexp(-y * net(X).reshape(-1), 0), params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= lr * g
            norm = torch.sqrt(sum((p ** 2).sum() for p in params))
            for p in params:
                p *= radius / norm
    return net


def two_layer(act, m=16, d=6, steps=3000, seed=0, dtype="float64"):
    import torch
    from torch import nn
    X, y = cone_data(d=d)
    torch.manual_seed(seed)
    net = nn.Sequential(nn.Linear(d, m, bias=False), act, nn.Linear(m, 1, bias=False)).to(getattr(torch, dtype))
    fit(net, X.to(getattr(torch, dtype)), y.to(getattr(torch, dtype)), steps, lr=0.05)
    return net, X, y


def three_layer(m=10, d=6, steps=3000, seed=4):
    import torch
    from torch import nn
    X, y = cone_data(d=d)
    torch.manual_seed(seed)
    net = nn.Sequential(nn.Linear(d, m, bias=False), nn.ReLU(), nn.Linear(m, m, bias=False), nn.ReLU(),
                        nn.Linear(m, 1, bias=False)).double()
    return fit(net, X, y, steps, lr=0.05), X, y


def multiclass(C=3, n=18, d=5, m=12, seed=2):
    import torch
    from torch import nn
    g = torch.Generator().manual_seed(seed)
    centers = 3 * torch.randn(C, d, generator=g, dtype=torch.float64)
    y = torch.arange(C).repeat(n // C)
    X = centers[y] + torch.randn(n, d, generator=g, dtype=torch.float64)
    torch.manual_seed(seed)
    net = nn.Sequential(nn.Linear(d, m, bias=False), nn.ReLU(), nn.Linear(m, C, bias=False)).double()
    return sgd_cross_entropy(net, X, y, lr=0.05, steps=800), X, y


def sgd_cross_entropy(net, X, y, lr, steps):
    """Plain SGD on the multi-class cross-entropy (how the multi-class stand-ins are trained)."""
    import torch
    opt = torch.optim.SGD(net.parameters(), lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(X), y).backward()
        opt.step()
    return net


def cnn(seed=0):
    """A first-layer-bias CNN (Lyu & Li's structure: conv(+bias) → ReLU → max-pool → linear, no later bias) on
    strokes over a blank background whose place is the class."""
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 4, 3, bias=True)
            self.fc = nn.Linear(4 * 3 * 3, 3, bias=False)

        def forward(self, x):
            return self.fc(torch.nn.functional.max_pool2d(torch.relu(self.conv1(x)), 2).flatten(1))

    g = torch.Generator().manual_seed(1)
    y = torch.arange(3).repeat_interleave(3)
    X = torch.zeros(len(y), 1, 8, 8, dtype=torch.float64)
    for i, c in enumerate(y.tolist()):
        r0, c0 = [(1, 1), (1, 4), (4, 2)][c]
        X[i, 0, r0:r0 + 3, c0:c0 + 3] = 1.0 + 0.3 * torch.rand(3, 3, generator=g, dtype=torch.float64)
    torch.manual_seed(seed)
    return sgd_cross_entropy(Net().double(), X, y, lr=0.5, steps=300), X, y


def frozen_outer(m=16, d=6):
    import torch
    from torch import nn
    X, y = cone_data(d=d)
    torch.manual_seed(3)
    net = nn.Sequential(nn.Linear(d, m, bias=False), nn.LeakyReLU(0.1), nn.Linear(m, 1, bias=False)).double()
    with torch.no_grad():
        net[2].weight.copy_(torch.tensor([[1.0, -1.0] * (m // 2)], dtype=torch.float64) / math.sqrt(m))
    net[2].weight.requires_grad_(False)
    return fit(net, X, y, 3000, lr=0.05), X, y


def planted(rel, deep=False):
    """A trained net with an inactive pre-activation of a support example moved to ``rel``·scale: in the first layer
    (exact arithmetic on the stored values decides its side) or, ``deep``, in the second hidden layer (undecided)."""
    import torch
    net, X, y = three_layer() if deep else two_layer(torch.nn.ReLU())
    layer, nxt = (2, 4) if deep else (0, 2)
    with torch.no_grad():
        H = net[:layer](X)  # the layer's input
        W, a = net[layer].weight, net[nxt].weight.abs().sum(0)
        q = y * net(X).reshape(-1)
        i = int(torch.argmin(q))  # a support example: its gradient carries the KKT multiplier
        Z = H @ W.T
        j = max((j for j in range(W.shape[0]) if Z[i, j] < 0), key=lambda j: float(a[j]))
        for _ in range(3):
            scale = float(W[j].norm() * H[i].norm())
            W[j] -= (float(H[i] @ W[j]) - rel * scale) / float(H[i] @ H[i]) * H[i]
    return net, X, y


def two_exact_kinks():
    """Example 0 placed at a kink in layer 1 and in layer 2 by projection: the first decided by exact arithmetic on
    the stored values, the second within rounding (both its sides)."""
    import torch
    from torch import nn
    g = torch.Generator().manual_seed(0)
    X = torch.randn(8, 5, generator=g, dtype=torch.float64)
    torch.manual_seed(3)
    net = nn.Sequential(nn.Linear(5, 6, bias=False), nn.ReLU(), nn.Linear(6, 4, bias=False), nn.ReLU(),
                        nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        w = net[0].weight
        w[0] -= (w[0] @ X[0]) / (X[0] @ X[0]) * X[0]
        h = torch.relu(w @ X[0])
        v = net[2].weight
        v[0] -= (v[0] @ h) / (h @ h) * h
        y = torch.sign(net(X).squeeze(-1))
    return net, X, y


def cases():
    """(name, builder, kkt keyword arguments): built afresh in each child."""
    import torch
    return [
        ("relu", lambda: two_layer(torch.nn.ReLU()), {}),
        ("leaky", lambda: two_layer(torch.nn.LeakyReLU(0.1)), {}),
        ("float32", lambda: two_layer(torch.nn.ReLU(), dtype="float32"), {}),
        ("multiclass", multiclass, {}),
        ("cnn_first_bias", cnn, {}),
        ("frozen_outer", frozen_outer, {}),
        ("near_kink_8e-16", lambda: planted(-8.2e-16), {}),
        ("near_kink_1e-10", lambda: planted(-1e-10), {}),
        ("near_kink_1e-10_tol1e-9", lambda: planted(-1e-10), {"kink_tol": 1e-9}),
        ("relu_tol1e-9", lambda: two_layer(torch.nn.ReLU()), {"kink_tol": 1e-9}),
        ("three_layer", three_layer, {}),
        ("two_projected_kinks", two_exact_kinks, {}),
        ("deep_near_kink_8e-16", lambda: planted(-8.2e-16, deep=True), {}),
        ("deep_near_kink_1e-10_tol1e-9", lambda: planted(-1e-10, deep=True), {"kink_tol": 1e-9}),
    ]


def child(out):
    import ibcheck
    import torch
    results = {}
    for name, build, kw in cases():
        net, X, y = build()
        results[name] = ibcheck.kkt(net, X, y, **kw).to_json()
    with open(out, "w") as f:
        json.dump({"ibcheck": ibcheck.__file__, "results": results}, f)


# ------------------------------------------------------------------------------------------------ the comparison
def leaves(x, path=""):
    """Numeric leaves of a JSON value, keyed by their path (timings and memory excluded: they are measurements)."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("seconds", "gradients", "notes", "reason", "certification"):
                continue
            yield from leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from leaves(v, f"{path}[{i}]")
    elif isinstance(x, (int, float)) and not isinstance(x, bool):
        yield path, float(x)


def close(a, b):
    return abs(a - b) <= TOL * max(abs(a), abs(b)) or abs(a - b) <= TOL


def assemble(rev, where):
    """The tree at ``rev`` laid out as the installed package under ``where``."""
    src = os.path.join(where, "src")
    os.makedirs(src)
    archive = subprocess.run(["git", "-C", REPO, "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", src], input=archive, check=True)
    pkg = os.path.join(where, "pkg")
    shutil.copytree(os.path.join(src, "ibcheck"), os.path.join(pkg, "ibcheck"))
    for r in ROOTS:
        shutil.copytree(os.path.join(src, r), os.path.join(pkg, "ibcheck", r))
    return pkg


def run_child(pythonpath, out):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (pythonpath, HERE) if p), OMP_NUM_THREADS="1")
    subprocess.run([sys.executable, os.path.abspath(__file__), "--child", out], check=True, env=env, cwd=HERE)
    with open(out) as f:
        return json.load(f)


def compare(old, new):
    rows, bad = [], 0
    for name, o in old["results"].items():
        n = new["results"][name]
        lo, ln = dict(leaves(o)), dict(leaves(n))
        shared = [k for k in lo if k in ln]
        moved = [k for k in shared if not close(lo[k], ln[k])]
        sides = ((n.get("kinks") or {}).get("sides") or {})
        near = (o.get("kinks") or {}).get("count", 0)  # near-kink pre-activations: before, all Clarke boxes
        explained = bool(near) and all(k == "kkt_stationarity" or k.startswith(("multipliers", "kkt_", "verdict_",
                                                                                   "support", "worst_"))
                                        for k in moved)
        same_kinks = "kkt_stationarity" not in moved or (
            close(lo["kkt_stationarity"], n["kkt_stationarity_kinks"])
            and n["kkt_stationarity"] >= lo["kkt_stationarity"])
        ok = (not moved) or (explained and same_kinks)
        bad += not ok
        # relative to the larger of the two (a multiplier that became 0 is a change of 1, not of 1e300)
        worst = max((abs(lo[k] - ln[k]) / max(abs(lo[k]), abs(ln[k])) for k in shared if lo[k] != ln[k]),
                    default=0.0)
        rows.append((name, len(shared), len(moved), worst, lo.get("kkt_stationarity"), ln.get("kkt_stationarity"),
                     n.get("kkt_stationarity_kinks"),
                     f"{near} ({sides.get('decided_sides', 0)} decided, {sides.get('undecided', 0)} undecided)", "yes" if ok else "NO"))
    return rows, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="65bdd61", help="the code before the gradient check and the kink-side bound")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        return child(a.child)
    with tempfile.TemporaryDirectory() as tmp:
        pkg = assemble(a.rev, tmp)
        old = run_child(pkg, os.path.join(tmp, "old.json"))
        new = run_child("", os.path.join(tmp, "new.json"))
    assert old["ibcheck"].startswith(tmp) and not new["ibcheck"].startswith(tmp), (old["ibcheck"], new["ibcheck"])
    rows, bad = compare(old, new)
    print(f"kkt before ({a.rev}) and now, numbers equal to ≤ {TOL:g} unless a kink side is undecided")
    print("| model | numbers compared | moved | largest relative change | stationarity before | now | now, kinks "
          "(not a bound) | near-kink (sides) | as claimed |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(f"{v:.6g}" if isinstance(v, float) else str(v) for v in r) + " |")
    total = sum(r[1] for r in rows)
    print(f"{total} numbers compared over {len(rows)} models; {sum(r[2] for r in rows)} moved; "
          f"{bad} model(s) not as claimed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
