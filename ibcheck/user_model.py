"""A user's trained model and data files, loaded and validated for ``ibcheck kkt`` (one ``InputError`` line each).

* ``load_model``: a TorchScript file (``torch.jit.load``) or a pickled ``nn.Module`` (``torch.load(weights_only=
  False)``, which runs the pickle's code like any pickle); a model pickled from a training script's ``__main__``
  gets the fix (define the class in an importable module, or save TorchScript);
* ``prepare``: a float64 CPU copy in eval mode — every floating tensor the forward uses (parameters, buffers and
  plain tensor attributes, also inside lists and dicts) converted, or refused naming the attribute; the native
  outputs of a float32/float16 model kept (how much the margin moves on conversion); structural refusals of what
  is never homogeneous (smooth activations, normalisation layers, named); labels checked against the outputs:
  ±1 for one output, class indices 0..C−1 for C ≥ 2 outputs (the multi-class margin).
"""
from __future__ import annotations

import copy
import warnings
from pathlib import Path

import numpy as np
import torch
from torch import nn

from ibcheck.numerics.data.sets import check_examples, read_npz
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.probe.homogeneous import Prepared
from ibcheck.numerics.runtime.memory import require
from ibcheck.numerics.probe.homogeneous_probe import NONHOM_MODULES, Probe, class_name, error_summary, module_path

from .user_script import agree, looks_traced, rebuild, retrace, two_layer_blackbox


def load_model(path: str | Path, model_class: str | None = None, model_kwargs: str | dict | None = None) -> nn.Module:
    """A TorchScript file or a pickled ``nn.Module`` (``torch.save(model)``) — the latter runs the pickle's code —
    or, with ``model_class`` (``pkg.module:Class``) and its constructor's keyword arguments (JSON), a ``state_dict``
    checkpoint (also inside a dict under ``state_dict``/``model_state_dict``/``model``/``net``)."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"--model {path}: is a directory, not a model file")
    if not p.is_file():
        raise InputError(f"--model {path}: no such file")
    if model_class is not None:
        from .user_checkpoint import from_state_dict
        return from_state_dict(path, model_class, model_kwargs, _unpickle)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # TorchScript is deprecated upstream, still supported
            return torch.jit.load(str(p), map_location="cpu")
    except Exception:  # noqa: BLE001  (not TorchScript: try a pickled module next)
        pass
    obj = _unpickle(path)
    if isinstance(obj, dict):
        raise InputError(f"--model {path}: holds a dict (a state_dict?), not a model: give the model's class, "
                         f"--model-class pkg.module:Class [--model-kwargs JSON], or save the module itself with "
                         f"torch.save(model) or torch.jit.save(torch.jit.script(model), path)")
    if not isinstance(obj, nn.Module):
        raise InputError(f"--model {path}: not an nn.Module (found {type(obj).__name__})")
    return obj


def _unpickle(path):
    try:
        return torch.load(str(path), map_location="cpu", weights_only=False)
    except Exception as exc:  # noqa: BLE001  (any unpickling failure is the user's file)
        if "__main__" in str(exc):
            raise InputError(f"--model {path}: pickled from a script's __main__, whose class this process cannot "
                             f"import ({error_summary(exc)}): define the model's class in an importable module (and "
                             f"put it on PYTHONPATH), or save TorchScript: torch.jit.save(torch.jit.script(model), "
                             f"path)") from None
        if isinstance(exc, ModuleNotFoundError):
            raise InputError(f"--model {path}: the module that defines the model's class is not importable "
                             f"({error_summary(exc)}): put its folder on PYTHONPATH, or save TorchScript") from None
        raise InputError(f"--model {path}: neither a TorchScript file nor a pickled nn.Module ({error_summary(exc)})") from None


def load_data(path: str | Path) -> tuple[np.ndarray, np.ndarray]:
    """``X`` (n × input shape) and ``y`` (n: ±1, or class indices) from an ``.npz``."""
    arrays = read_npz(path)
    return arrays["X"], arrays["y"]


def validate_data(X, y, where: str = "data") -> tuple[torch.Tensor, np.ndarray]:
    """X as float64; ``InputError`` for non-numeric, NaN/Inf or mismatched lengths (labels: ``check_labels``)."""
    X = X.detach().cpu().numpy() if isinstance(X, torch.Tensor) else np.asarray(X)
    y = y.detach().cpu().numpy() if isinstance(y, torch.Tensor) else np.asarray(y)
    if y.dtype.kind == "b":  # boolean labels: False/True are the classes 0/1
        y = y.astype(np.int64)
    if X.dtype.kind not in "fiub" or y.dtype.kind not in "fiu":
        raise InputError(f"{where}: X and y must be numeric (got {X.dtype}, {y.dtype})")
    if X.ndim < 2:
        raise InputError(f"{where}: X must have a leading example axis and at least one feature axis, got shape {X.shape}")
    y = y.reshape(-1) if y.ndim == 2 and 1 in y.shape else y
    check_examples(X, y, where)
    return torch.as_tensor(X, dtype=torch.float64), y


def check_labels(y: np.ndarray, C: int, where: str) -> torch.Tensor:
    """±1 (float64) for one output per example; class indices 0..C−1 (int64) for C ≥ 2 outputs."""
    if C == 1:
        if ((y == 0) | (y == 1)).all() and (y == 0).any():  # {0, 1}: the usual encoding of a one-logit classifier
            return torch.as_tensor(2.0 * y - 1.0, dtype=torch.float64)
        bad = ~((y == 1) | (y == -1))
        if bad.any():
            raise InputError(f"{where}: labels must be ±1 (or 0/1, read as 2y − 1) for a model with one output per "
                             f"example (found {float(y[bad][0]):g})")
        return torch.as_tensor(y, dtype=torch.float64)
    bad = ~((y == np.round(y)) & (y >= 0) & (y < C))
    if bad.any():
        raise InputError(f"{where}: labels must be class indices 0..{C - 1} for a model with {C} outputs per example "
                         f"(found {float(y[bad][0]):g})")
    return torch.as_tensor(y.astype(np.int64))


# ------------------------------------------------------------------------------------------- float64
def _float_tensors(mod: nn.Module):
    """Plain tensor attributes of one module (not parameters, buffers or submodules): (name, value, setter)."""
    for k, v in list(vars(mod).items()):
        if k.startswith("_") and k in ("_parameters", "_buffers", "_modules"):
            continue
        if isinstance(v, torch.Tensor) and not isinstance(v, nn.Parameter):
            yield k, v, (lambda new, k=k: setattr(mod, k, new))
        elif isinstance(v, (list, tuple)) and any(isinstance(t, torch.Tensor) for t in v):
            for j, t in enumerate(v):
                if isinstance(t, torch.Tensor):
                    def put(new, k=k, j=j):
                        seq = list(getattr(mod, k))
                        seq[j] = new
                        setattr(mod, k, type(v)(seq) if isinstance(v, tuple) else seq)
                    yield f"{k}[{j}]", t, put
        elif isinstance(v, dict):
            for j, t in list(v.items()):
                if isinstance(t, torch.Tensor):
                    yield f"{k}[{j!r}]", t, (lambda new, d=v, j=j: d.__setitem__(j, new))


def native_dtypes(model: nn.Module) -> list[str]:
    """The dtypes of every floating tensor of the model (parameters, buffers, plain attributes)."""
    ts = [t for t in list(model.parameters()) + list(model.buffers()) if t.is_floating_point()]
    if not isinstance(model, torch.jit.ScriptModule):
        ts += [t for mod in model.modules() for _, t, _ in _float_tensors(mod) if t.is_floating_point()]
    return sorted({str(t.dtype).replace("torch.", "") for t in ts})


def to_float64(m: nn.Module) -> dict:
    """Convert the plain floating tensor attributes of an eager model to float64 in place (parameters and buffers:
    ``.double()``); returns them by name (``model.<module>.<attribute>``), the fixed tensors the forward may use."""
    fixed = {}
    for name, mod in m.named_modules():
        for k, t, put in _float_tensors(mod):
            if not t.is_floating_point():
                continue
            full = f"{module_path(name)}.{k}"
            try:
                new = t.detach().to(torch.float64)
                put(new)
            except Exception as exc:  # noqa: BLE001  (a read-only attribute, a property without setter, ...)
                raise InputError(f"model: attribute {full} ({t.dtype}) cannot be converted to float64 "
                                 f"({error_summary(exc)}): make it a buffer (register_buffer) or a parameter") from None
            fixed[full] = new
    return fixed


def script_to_float64(m) -> dict:
    """The tensor attributes a TorchScript module's forwards read (``prim::GetAttr`` in each graph) that are neither
    parameters nor buffers, converted to float64 in place (``ScriptModule.double()`` leaves them)."""
    import re
    fixed = {}
    for name, mod in m.named_modules():
        try:
            graph = str(mod.graph)
        except (AttributeError, RuntimeError):  # a module without a forward graph
            continue
        own = {k for k, _ in mod.named_parameters(recurse=False)} | {k for k, _ in mod.named_buffers(recurse=False)}
        for k in sorted(set(re.findall(r'prim::GetAttr\[name="(\w+)"\]', graph)) - own):
            t = getattr(mod, k, None)
            if isinstance(t, torch.Tensor) and t.is_floating_point():
                try:
                    setattr(mod, k, t.detach().to(torch.float64))
                except Exception as exc:  # noqa: BLE001  (a constant or a typed attribute that refuses it)
                    raise InputError(f"model: TorchScript attribute {module_path(name)}.{k} ({t.dtype}) cannot be converted "
                                     f"to float64 ({error_summary(exc)}): make it a buffer (register_buffer)") from None
                fixed[f"{module_path(name)}.{k}"] = getattr(mod, k)
    return fixed


def _stale(m: nn.Module) -> str | None:
    """A floating tensor reachable from the model that is still not float64 (named), after conversion."""
    for name, mod in m.named_modules():
        for k, v in vars(mod).items():
            if k.startswith("_"):
                continue
            for kk, t in (vars(v).items() if hasattr(v, "__dict__") and not isinstance(v, (nn.Module, torch.Tensor)) else []):
                if isinstance(t, torch.Tensor) and t.is_floating_point() and t.dtype != torch.float64:
                    return f"{module_path(name)}.{k}.{kk} ({t.dtype})"
    return None


# ------------------------------------------------------------------------------------------- preparation
def _push(stack, label):
    def pre(mod, inp):
        stack.append(label)

    def post(mod, inp, out):
        if stack:
            stack.pop()
    return pre, post


def _hooks(prep: Prepared) -> None:
    for name, mod in prep.model.named_modules():
        pre, post = _push(prep.stack, f"{module_path(name)} ({class_name(mod)})")
        mod.register_forward_pre_hook(pre)
        mod.register_forward_hook(post)


def _native_outputs(model: nn.Module, X: torch.Tensor, dtype: str) -> torch.Tensor | None:
    """The outputs of the user's model in its own precision (a copy, CPU), as float64; None if it will not run."""
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            m = copy.deepcopy(model).cpu().eval()
            return m(X.to(getattr(torch, dtype))).to(torch.float64)
    except Exception:  # noqa: BLE001  (a mixed-precision model: no native reference)
        return None


def prepare(model, X, y, where: str = "data", source: str = "", hint: str = "") -> Prepared:
    """Copy, cast to float64, refuse what is never homogeneous, run the data through it once, check the labels.
    ``source``: how to name the model when its own code fails on the data (a TypeError, say), with ``hint``."""
    if not isinstance(model, nn.Module):
        raise InputError(f"model: not an nn.Module (got {type(model).__name__})")
    Xt, ynp = validate_data(X, y, where)
    notes = []
    if (y.dtype == torch.bool) if isinstance(y, torch.Tensor) else np.asarray(y).dtype.kind == "b":
        notes.append("boolean labels read as 0/1 (False = class 0, True = class 1)")
    scripted = isinstance(model, torch.jit.ScriptModule)
    dtypes = native_dtypes(model)
    P = sum(p.numel() for p in model.parameters() if p.requires_grad)
    n = Xt.shape[0]  # before any work: the streamed Gram (n × n at least) and one example's gradient must fit
    require(8.0 * (n * n + 2 * P), f"problem too large: the KKT problem (n = {n} examples, P = {P} parameters: an n×n Gram of "
            f"per-example gradients)", "analyse a subset of the examples (the support of the margin needs all of them, "
            "so a random subset answers a different question)")
    for name, mod in model.named_modules():
        if class_name(mod) in NONHOM_MODULES:
            hint = " (return the logits: the multi-class margin is computed from them)" if "Softm" in class_name(mod) else ""
            raise InputError(f"{module_path(name)} ({class_name(mod)}) is {NONHOM_MODULES[class_name(mod)]}{hint}")
    hooked = [nm for nm, p in model.named_parameters() if getattr(p, "_backward_hooks", None)]
    if hooked:  # a copy drops them: the analysis differentiates the forward itself (gradient_check compares)
        notes.append(f"backward hooks on parameter(s) {', '.join(hooked[:5])} are not part of the forward: ignored")
    native = [d for d in dtypes if d != "float64"]
    native_out = _native_outputs(model, Xt, native[0]) if len(native) == 1 else None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = copy.deepcopy(model).cpu()  # the analysis runs on the CPU in float64 (a CUDA model is copied over)
    except Exception as exc:  # noqa: BLE001  (a non-leaf tensor attribute, an unpicklable member, ...)
        raise InputError(f"model: cannot be copied for the analysis ({error_summary(exc)}): store fixed tensors "
                         f"detached (tensor.detach()) or as buffers") from None
    black_box = False
    if scripted:
        eager = rebuild(m)
        traced = eager is None and (isinstance(model, torch.jit.TopLevelTracedModule) or looks_traced(m))
        if traced:  # a trace is a straight-line graph: interpreted as eager code (checked against the trace below)
            eager = retrace(m)
        if eager is not None:
            eager = eager.double()
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ok = agree(m.double().eval(), eager.eval(), Xt)
            if ok is not None:
                notes.append(f"traced TorchScript graph run as eager code (outputs agree to {ok:.1e})" if traced else
                             f"TorchScript Sequential rebuilt as the same eager model (outputs agree to {ok:.1e})")
                m = eager
            else:
                black_box = True
        else:
            black_box = True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ScriptModule.double() touches .grad of non-leaf tensors
        m = m.double().eval()
    fixed = script_to_float64(m) if black_box else to_float64(m)
    notes.append(f"model cast from {', '.join(dtypes)} to float64; data cast to float64" if native
                 else "computed in float64")
    if any(isinstance(mod, nn.Dropout) or class_name(mod).startswith("Dropout") for mod in m.modules()):
        notes.append("evaluated in eval mode (dropout off)")
    names, params, frozen = [], [], []
    for pname, p in m.named_parameters():
        if not torch.isfinite(p).all():
            raise InputError(f"model: parameter {pname} contains NaN or Inf")
        (names if p.requires_grad else frozen).append(pname)
        if p.requires_grad:
            params.append(p)
        else:
            fixed[f"model.{pname}"] = p
    fixed.update({f"model.{k}": b for k, b in m.named_buffers() if b.is_floating_point()})
    if not params:
        raise InputError("model: no trainable parameters (requires_grad=True); θ is the trainable parameters" +
                         (" (a frozen TorchScript module, torch.jit.freeze, inlines its weights as constants: save "
                          "the unfrozen scripted module)" if scripted else ""))
    prep = Prepared(model=m, X=Xt, y=torch.zeros(0), names=names, params=params, frozen=frozen, black_box=black_box,
                    notes=notes)
    prep.fixed, prep.native_dtype, prep.native_out = fixed, (native[0] if native else None), native_out
    prep.source, prep.hint = source, hint
    if not black_box:
        _hooks(prep)
    out = _first_forward(prep, m, Xt, where)
    C = out.numel() // Xt.shape[0]
    if out.ndim < 1 or out.shape[0] != Xt.shape[0] or out.numel() != Xt.shape[0] * C:
        raise InputError(f"model: output of shape {tuple(out.shape)} for {Xt.shape[0]} examples; need one number "
                         f"per example (labels ±1) or one logit per class (labels 0..C−1)")
    if not torch.isfinite(out).all():
        raise InputError("model: the output on the data contains NaN or Inf")
    prep.y = check_labels(ynp, C, where)
    if C == 1 and (ynp == 0).any():
        notes.append("labels 0/1 read as ±1 (y ↦ 2y − 1: class 1 positive, class 0 negative)")
    prep.set_classes(C)
    if C > 1:
        notes.append(f"multi-class: {C} outputs, margin f_y(x) − max_(j≠y) f_j(x); one constraint per pair (i, j≠y_i)")
    if black_box:
        two = two_layer_blackbox(m, Xt) if C == 1 else None
        if two is not None:
            m, note = two
            prep.model, prep.black_box = m, False
            prep.names = [nm for nm, p in m.named_parameters() if p.requires_grad]
            prep.params = [p for _, p in m.named_parameters() if p.requires_grad]
            prep.frozen = [nm for nm, p in m.named_parameters() if not p.requires_grad]
            prep.fixed = {f"model.{nm}": p for nm, p in m.named_parameters() if not p.requires_grad}
            _hooks(prep)
            notes.append(note)
        else:
            notes.append("TorchScript module with a custom forward: analysed as a black box (its activations cannot "
                         "be seen, so kinks cannot be inspected: residuals use PyTorch's derivative and are not "
                         "certified)")
    return prep


def _first_forward(prep: Prepared, m, Xt, where) -> torch.Tensor:
    try:
        with torch.no_grad():
            if prep.black_box:
                return m(Xt)
            with Probe(prep.stack):
                return m(Xt)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001  (the user's model rejected the data: a shape mismatch, usually)
        if isinstance(exc, (TypeError, AttributeError, NameError)) and prep.source:  # the model's code, not the data
            raise InputError(f"{prep.source}: the model's forward fails on the data ({error_summary(exc)}){prep.hint}") from None
        stale = _stale(m) if "ouble" in str(exc) or "dtype" in str(exc) else None
        if stale:
            raise InputError(f"model: the floating tensor {stale} is not float64 and could not be converted (hidden "
                             f"inside an object): make it a buffer (register_buffer) or a plain tensor attribute") from None
        raise InputError(f"{where}: X of shape {tuple(Xt.shape)} does not fit the model ({error_summary(exc)})") from None
