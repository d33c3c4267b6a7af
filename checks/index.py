"""A light index of the built-in catalogue, so that ``ibcheck list``, ``--help`` and an unknown-ID error start in
well under a second and ``ibcheck check ID`` imports only the module holding that check.

The tables below are generated from the live catalogue (``python -m ibcheck.checks.index_build`` rewrites the file;
``tests/test_startup.py`` fails when they differ from ``theory.catalogue``, ``checks.registry`` and
``checks.conjectures``). This module imports nothing heavy: no torch, cvxpy, sympy or scipy. Plugins are not here:
they are found through their entry points (``checks.plugins``) and loaded with the full registry.
"""
from __future__ import annotations

import difflib
import importlib

from ibcheck.numerics.errors import InputError

# claim ID → (source, kind: provenance or "exploratory", title, module holding its check or None)
CLAIMS: dict[str, tuple[str, str, str, str | None]] = {
    'lai2026.gram': ('lai2026', 'reconstructed', 'Gram matrix concentrates around ‖λ‖₁ I', 'ibcheck.checks.lai2026.gram'),
    'lai2026.m1.pattern': ('lai2026', 'reconstructed', 'm=1: activation pattern freezes to 𝟙{y>0} after one step', 'ibcheck.checks.lai2026.m1'),
    'lai2026.m1.limit': ('lai2026', 'reconstructed', 'm=1: GD interpolates positives, predicts 0 on negatives (global minimum)', 'ibcheck.checks.lai2026.m1'),
    'lai2026.m1.gap': ('lai2026', 'reconstructed', 'm=1: √(n₋y_min²/‖λ‖₁) ≤ ‖w^∞ − w*‖ ≤ √(16 n₋ y_max²/‖λ‖₁)', 'ibcheck.checks.lai2026.m1'),
    'lai2026.m1.rate': ('lai2026', 'seed', 'm=1: the gap is Θ(√(n/‖λ‖₁))', 'ibcheck.checks.lai2026.m1'),
    'lai2026.m2.decoupling': ('lai2026', 'reconstructed', 'm=2: the neurons decouple onto positives and negatives', 'ibcheck.checks.lai2026.m2'),
    'lai2026.m2.gap': ('lai2026', 'reconstructed', 'm=2: ‖(w₊,w₋)^∞ − (w₊,w₋)*‖ = Θ(√(n/‖λ‖₁))', 'ibcheck.checks.lai2026.m2'),
    'lai2026.linear': ('lai2026', 'standard', 'baseline: linear GD from 0 converges to the min-norm interpolant', 'ibcheck.checks.lai2026.linear'),
    'lai2026.random-init': ('lai2026', 'exploratory', 'exploratory: random Gaussian init leaves positives dead and misses the global minimum', 'ibcheck.checks.lai2026.exploratory'),
    'lai2026.moderate-d': ('lai2026', 'exploratory', 'exploratory: at moderate d/n the pattern stops matching sign(y) and depends on the init', 'ibcheck.checks.lai2026.exploratory'),
    'lai2026.m-gt-2': ('lai2026', 'exploratory', 'exploratory: m > 2 neurons with disjoint initial patterns', 'ibcheck.checks.lai2026.exploratory'),
    'frei2023.lem3.3': ('frei2023', 'reconstructed', '(H) holds w.h.p. for Gaussian data once n ≤ cγ³√(d/log n)', 'ibcheck.checks.frei2023.lem33'),
    'frei2023.thm3.4': ('frei2023', 'seed', 'gradient flow reaches L̂ < log(2)/n in finite time under (H)', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.1': ('frei2023', 'reconstructed', 'gradient flow converges in direction to a KKT point of Problem (1)', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.margins': ('frei2023', 'reconstructed', 'under (H) every KKT point has all margins equal to 1', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.neurons': ('frei2023', 'reconstructed', 'all positive neurons are equal and all negative neurons are equal', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.rank': ('frei2023', 'reconstructed', 'rank(W) ≤ 2 at the limit', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.global': ('frei2023', 'reconstructed', 'the limit is a global optimum of Problem (1)', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.boundary': ('frei2023', 'reconstructed', 'linear decision boundary: sign f(x;W) = sign⟨z,x⟩', 'ibcheck.checks.frei2023.gf'),
    'frei2023.thm3.2.margin-factor': ('frei2023', 'reconstructed', 'z is max-margin within the factor (κ+γ)/2', 'ibcheck.checks.frei2023.gf'),
    'frei2023.sec5.gmm': ('frei2023', 'reconstructed', 'Gaussian mixture: GD reaches zero training error and a minimax-optimal test error', 'ibcheck.checks.frei2023.sec5'),
    'frei2023.sec5.gmm-bayes': ('frei2023', 'reconstructed', "Gaussian mixture: the GF network's test error matches sign⟨μ,x⟩ (a paraphrase)", 'ibcheck.checks.frei2023.sec5'),
    'frei2023.sec5.xor': ('frei2023', 'reconstructed', 'noisy 2-XOR: the GF network fits its data and has 50% test error, like every linear classifier', 'ibcheck.checks.frei2023.sec5'),
    'frei2023.activation': ('frei2023', 'seed', 'the smoothed leaky ReLU is γ-leaky and ¼-smooth (sympy proof)', 'ibcheck.checks.frei2023.gd'),
    'frei2023.thm4.2.loss': ('frei2023', 'reconstructed', 'GD with the smoothed leaky ReLU drives L̂ → 0', 'ibcheck.checks.frei2023.gd'),
    'frei2023.thm4.2.norm': ('frei2023', 'reconstructed', '‖W⁽ᵗ⁾‖₂ → ∞', 'ibcheck.checks.frei2023.gd'),
    'frei2023.thm4.2.srank': ('frei2023', 'reconstructed', 'stable rank ≤ C for all t ≥ 1 after small init', 'ibcheck.checks.frei2023.gd'),
    'frei2023.fig1': ('frei2023', 'seed', 'stable-rank reduction grows with d and as the init scale shrinks', 'ibcheck.checks.frei2023.gd'),
    'frei2023.fig2': ('frei2023', 'seed', 'ReLU+bias SGD: default init keeps the stable rank high, small init drops it', 'ibcheck.checks.frei2023.fig2'),
    'soudry2018.asymptotic': ('soudry2018', 'standard', 'w(t) = ŵ log t + ρ(t) with ρ bounded (Theorem 3)', 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.residual_limit': ('soudry2018', 'reconstructed', 'ρ(t) → w̃ with η e^{−z_nᵀw̃} = α_n on S (Theorem 4)', 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.direction_rate': ('soudry2018', 'reconstructed', '‖w/‖w‖ − ŵ/‖ŵ‖‖ = O(1/log t)', 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.margin_loss_rates': ('soudry2018', 'reconstructed', 'margin gap = O(1/log t) and L(w(t)) = O(1/t), with tL → ‖ŵ‖²/η', 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.stepsize': ('soudry2018', 'standard', 'the theorems need η < 2/(βσ_max²): below it GD descends at every step', 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.fig1': ('soudry2018', 'reconstructed', "the paper's Fig. 1 fixture: ŵ ∝ (1,1), margin √2, w̃ ∥ (1,1), ρ → w̃", 'ibcheck.checks.soudry2018.gd'),
    'soudry2018.rank_condition': ('soudry2018', 'exploratory', 'exploratory: with rank(Z_S) < rank(Z) the residual ρ(t) − w̃ does not converge', 'ibcheck.checks.soudry2018.gd'),
    'jitelgarsky2019.ray': ('jitelgarsky2019', 'reconstructed', 'GD follows a ray: direction ū of the maximal separable subset, offset v̄', 'ibcheck.checks.jitelgarsky2019.gd'),
    'jitelgarsky2019.risk': ('jitelgarsky2019', 'reconstructed', 'R(w_t) → R̄ = (1/n)Σ_{i∉I} ℓ(z_iᵀv̄), rate O(ln²t/t)', 'ibcheck.checks.jitelgarsky2019.gd'),
    'jitelgarsky2019.separable_edge': ('jitelgarsky2019', 'reconstructed', "edge case I^c = ∅: the ray is Soudry's, w/‖w‖ → ŵ/‖ŵ‖", 'ibcheck.checks.jitelgarsky2019.gd'),
    'jitelgarsky2019.nonseparable_edge': ('jitelgarsky2019', 'reconstructed', 'edge case I = ∅: w_t → v̄, the bounded risk optimum', 'ibcheck.checks.jitelgarsky2019.gd'),
    'jitelgarsky2020.direction': ('jitelgarsky2020', 'standard', 'θ/‖θ‖ converges (the normalised path has finite length)', 'ibcheck.checks.jitelgarsky2020.flow'),
    'jitelgarsky2020.alignment': ('jitelgarsky2020', 'paper', 'θ and −∇𝓛 align: cos∠(θ, −∇𝓛) → 1', 'ibcheck.checks.jitelgarsky2020.flow'),
    'lyuli2020.smoothed_margin_monotone': ('lyuli2020', 'paper', 'GF: the smoothed margin γ̃ never decreases after 𝓛 < 1 (Thm 4.1)', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.sandwich': ('lyuli2020', 'seed', 'γ̄ − ‖θ‖^{−L} log N ≤ γ̃ ≤ γ̄ along the flow (to 1e-12)', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.lemma5_1': ('lyuli2020', 'reconstructed', 'Lemma 5.1, pointwise: ‖g‖²/(𝓛 log(1/𝓛)) − La ≥ Lb/a wherever 𝓛 < 1', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.euler_identity': ('lyuli2020', 'paper', 'GF: ½ d‖θ‖²/dt = L Σ e^{−q_n} q_n (eq. 6)', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.rates': ('lyuli2020', 'paper', '𝓛 = Θ(1/(T(log T)^{2−2/L})) and ‖θ‖ = Θ((log T)^{1/L}) (Thm 4.3)', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.kkt': ('lyuli2020', 'paper', 'limit points of θ/‖θ‖ are along KKT points of (P) (Thm 4.4)', 'ibcheck.checks.lyuli2020.flow'),
    'lyuli2020.loss_based_lr': ('lyuli2020', 'exploratory', 'exploratory: the loss-based step η ∝ 1/𝓛 grows γ̄ faster than a constant step', 'ibcheck.checks.lyuli2020.gd'),
    'lyuli2020.euler_identity_gd': ('lyuli2020', 'reconstructed', 'GD: ‖θ_{t+1}‖² − ‖θ_t‖² = 2ηLΣe^{−q}q + η²‖∇𝓛‖², exactly, every step', 'ibcheck.checks.lyuli2020.gd'),
    'lyuli2020.gd_margin': ('lyuli2020', 'exploratory', 'exploratory: under GD the smoothed margin γ̃ is monotone too (report-only)', 'ibcheck.checks.lyuli2020.gd'),
    'boursier2022.convergence': ('boursier2022', 'seed', 'shallow ReLU, orthogonal inputs: gradient flow drives the loss to 0', 'ibcheck.checks.boursier2022.flow'),
    'boursier2022.min_variation_norm': ('boursier2022', 'reconstructed', "as λ → 0 the limit's variation norm tends to ‖β₊‖ + ‖β₋‖", 'ibcheck.checks.boursier2022.flow'),
    'boursier2022.saddle_to_saddle': ('boursier2022', 'reconstructed', 'the loss visits the saddles: plateau (1/2n)Σ_slow y² between ln(1/λ)/D_±', 'ibcheck.checks.boursier2022.flow'),
    'boursier2022.early_alignment': ('boursier2022', 'exploratory', 'exploratory: early alignment of each neuron with its active class points', 'ibcheck.checks.boursier2022.flow'),
    'boursier2022.balancedness': ('boursier2022', 'standard', 'gradient flow conserves a_j² − ‖w_j‖² (each neuron)', 'ibcheck.checks.boursier2022.flow'),
    'boursier2022.balancedness_gd': ('boursier2022', 'seed', 'gradient descent: Δ(a_j² − ‖w_j‖²) = η²(g_a² − ‖g_w‖²) at every step', 'ibcheck.checks.boursier2022.flow'),
    'kou2023.leaky_srank_to_1': ('kou2023', 'reconstructed', "leaky ReLU: the stable rank of each class's weight matrix tends to 1", 'ibcheck.checks.kou2023.gd'),
    'kou2023.relu_srank_bounded': ('kou2023', 'exploratory', 'exploratory: with ReLU the stable rank stays bounded (C UNKNOWN)', 'ibcheck.checks.kou2023.gd'),
    'kou2023.margin_equalization': ('kou2023', 'reconstructed', 'all examples reach the same normalised margin asymptotically', 'ibcheck.checks.kou2023.gd'),
    'kou2023.loss_rate': ('kou2023', 'exploratory', 'exploratory: L_S = Θ(1/t) (up to logs)', 'ibcheck.checks.kou2023.gd'),
    'kou2023.full_srank': ('kou2023', 'exploratory', 'exploratory: the full W tends to the derived stable rank of (v₊, v₋), not to 1', 'ibcheck.checks.kou2023.gd'),
    'woodworth2020.limit': ('woodworth2020', 'standard', "diagonal network: the flow's limit is argmin_{Xw=y} Q_α(w)", 'ibcheck.checks.woodworth2020.flow'),
    'woodworth2020.rich': ('woodworth2020', 'standard', 'diagonal network, α → 0: the limit approaches the minimum-ℓ1 interpolant', 'ibcheck.checks.woodworth2020.flow'),
    'woodworth2020.kernel': ('woodworth2020', 'reconstructed', 'diagonal network, α → ∞: the limit approaches the minimum-ℓ2 interpolant', 'ibcheck.checks.woodworth2020.flow'),
    'woodworth2020.transition': ('woodworth2020', 'exploratory', 'exploratory: the α at which w_α is equidistant from w_ℓ1 and w_ℓ2', 'ibcheck.checks.woodworth2020.flow'),
    'vardishamir2021.single_neuron_construction': ('vardishamir2021', 'reconstructed', 'single neuron: the GF limit depends on γ although the zero-loss set does not', 'ibcheck.checks.vardishamir2021.neuron'),
    'vardishamir2021.not_min_norm': ('vardishamir2021', 'reconstructed', 'single neuron: for γ > 0 the GF limit is not the min-norm zero-loss point', 'ibcheck.checks.vardishamir2021.neuron'),
    'vardishamir2021.approximate': ('vardishamir2021', 'exploratory', 'exploratory: how far GF limits are from the min-norm point (random inits)', 'ibcheck.checks.vardishamir2021.neuron'),
    'vardishamir2021.zero_loss_set': ('vardishamir2021', 'reconstructed', 'the zero-loss set is {(5,−1,w₃): w₃ ≤ 1} for every γ > 0 (exact)', 'ibcheck.checks.vardishamir2021.neuron'),
    'vardishamir2021.balancedness_conserved': ('vardishamir2021', 'standard', 'one hidden layer, square loss: GF conserves a_j² − ‖w_j‖² while it descends the loss', 'ibcheck.checks.vardishamir2021.balancedness'),
    'razincohen2020.norms_diverge': ('razincohen2020', 'seed', 'factorised 2×2 completion: |W₁₁| and ‖W‖_* diverge while L → 0', 'ibcheck.checks.razincohen2020.completion'),
    'razincohen2020.det_sign': ('razincohen2020', 'seed', 'det W(t) never changes sign under GF from det W(0) > 0 (depth N ≥ 2)', 'ibcheck.checks.razincohen2020.completion'),
    'razincohen2020.effective_rank': ('razincohen2020', 'seed', 'the effective rank of W(t) falls towards 1', 'ibcheck.checks.razincohen2020.completion'),
    'zhang2024.adam_linf_margin': ('zhang2024', 'reconstructed', 'Adam (ε = 0) maximises the ℓ∞ margin: γ∞(w_t) → γ∞ at a polynomial rate', 'ibcheck.papers.zhang2024.checks.margins'),
    'zhang2024.gd_l2_margin': ('zhang2024', 'reconstructed', 'control: GD on the same data maximises the ℓ2 margin, not the ℓ∞ margin', 'ibcheck.papers.zhang2024.checks.margins'),
    'zhang2024.adam_eps': ('zhang2024', 'exploratory', 'exploratory: Adam with a large ε behaves like GD (ℓ2 margin), not like Adam (ℓ∞)', 'ibcheck.papers.zhang2024.checks.margins'),
    'wu2023.loss': ('wu2023', 'reconstructed', 'any constant step: the logistic loss is minimised, η t L(w_t) → ‖ŵ‖²', 'ibcheck.papers.wu2023.checks.eos'),
    'wu2023.margin_growth': ('wu2023', 'reconstructed', 'any constant step: the projection on the max-margin direction grows like log t', 'ibcheck.papers.wu2023.checks.eos'),
    'wu2023.orthogonal': ('wu2023', 'reconstructed', "any constant step: the orthogonal part converges to the potential's minimiser", 'ibcheck.papers.wu2023.checks.eos'),
    'wu2023.exp_large_step': ('wu2023', 'exploratory', 'exploratory: GD on the exponential loss at a large step diverges', 'ibcheck.papers.wu2023.checks.eos'),
}
# planned claim ID → (source, title, where)
# deprecated claim ID (kept for one release) → its current ID
ALIASES: dict[str, str] = {
    'vardishamir2021.balancedness_only': 'vardishamir2021.balancedness_conserved',
}
PLANNED: dict[str, tuple[str, str, str]] = {
}
# shipped conjecture ID → (source, title, expected outcome, module)
CONJECTURES: dict[str, tuple[str, str, str, str]] = {
    'conj.relu-boundary': ('frei2023', 'the GF limit of a ReLU network (γ = 0) has a linear decision boundary', 'refuted', 'ibcheck.checks.conjectures.relu_boundary'),
    'conj.lai-step': ('lai2026', 'the lai2026 lower bound holds for every η‖λ‖₁ in [0.05, 1.5]', 'refuted', 'ibcheck.checks.conjectures.lai_step'),
    'conj.frei-beyond-H': ('frei2023', "Theorem 3.2's conclusions hold for every d > n (well outside (H))", 'survived', 'ibcheck.checks.conjectures.frei_beyond_h'),
    'conj.kou-relu-srank': ('conjecture (Kou et al.)', 'ReLU GD from small init keeps the stable rank ≤ 4', 'survived', 'ibcheck.checks.conjectures.kou_relu_srank'),
    'conj.gunasekar-nuclear': ('gunasekar2017 / razincohen2020', 'GF on a factorised model from small init converges to the minimum-nuclear-norm completion', 'refuted', 'ibcheck.checks.conjectures.gunasekar_nuclear'),
}
# --- end of the generated tables ---


def plugins_installed() -> bool:
    """Whether any third-party catalogue is installed (and not switched off by ``IBCHECK_NO_PLUGINS``)."""
    import os
    if os.environ.get("IBCHECK_NO_PLUGINS", "").strip() not in ("", "0"):
        return False
    from importlib.metadata import entry_points

    from .plugins import GROUP
    try:
        return bool(list(entry_points(group=GROUP)))
    except Exception:  # noqa: BLE001  (unreadable metadata: the full registry reports it)
        return True


def suggest(word: str, known) -> str:
    """`` — did you mean 'x'?`` for the closest known ID (empty when nothing is close)."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def unknown_claim(claim_id: str, known) -> InputError:
    return InputError(f"unknown claim {claim_id!r}{suggest(claim_id, known)} (see `ibcheck list`)")


def spec(claim_id: str):
    """The check of ``claim_id``: from the registry when this process has imported it anyway, else a built-in one
    imports only its own module and any other ID loads the full registry (plugins). An unknown ID is an
    ``InputError`` naming the closest known one."""
    import sys
    loaded = sys.modules.get("ibcheck.checks.registry")  # already paid for: the registry decides (and may be patched)
    if loaded is not None and hasattr(loaded, "REGISTRY") and claim_id in loaded.REGISTRY:
        return loaded.REGISTRY[claim_id]
    module = CLAIMS.get(claim_id, (None,) * 4)[3]
    if module is not None:
        for s in importlib.import_module(module).SPECS:
            if s.id == claim_id:
                return s
    if claim_id not in CLAIMS and not plugins_installed():
        raise unknown_claim(claim_id, [c for c, v in CLAIMS.items() if v[3]])
    from .registry import REGISTRY
    if claim_id not in REGISTRY:
        raise unknown_claim(claim_id, REGISTRY)
    return REGISTRY[claim_id]
