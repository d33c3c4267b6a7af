"""The data sets of the checks: Gaussian features and labels (``sets``), covariance spectra (``spectra``), their Gram
law (``gram_law``), the linear and binary classification fixtures (``linear_data``, ``classification``), the
initialisations of the span-coordinate trainers (``inits``) and the diagnosis of degenerate user data
(``degenerate``).

``ibcheck.numerics.data`` was one module in 0.1: its names (``ibcheck.numerics.data.make_gaussian``, …) still
answer, until 0.3.0, with the object of ``data.sets`` and a ``DeprecationWarning`` naming that path. They are looked
up lazily, so importing ``data.degenerate`` (numpy only) does not import torch.
"""
import warnings

# the names of the former module ``ibcheck.numerics.data``, now in ``data.sets`` (``_stream``: its deprecated alias)
FORMER = ("Dataset", "LABELS", "LABELS_HELP", "SAMPLERS", "SAMPLER_HELP", "SPECTRA_HELP", "Spectrum", "as_signs",
          "check_examples", "check_positive_int", "gaussian_features", "gaussian_gram", "gram", "load_npz",
          "make_gaussian", "parse_spectrum", "read_npz", "resolve_sampler", "signed_labels", "spectrum",
          "stream_generator", "_stream")


def __getattr__(name: str):
    """A name of the former module ``ibcheck.numerics.data``: the object of ``data.sets``, warned."""
    if name not in FORMER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__}.{name} moved to {__name__}.sets.{name}; the old path is removed in 0.3.0",
                  DeprecationWarning, stacklevel=2)
    from . import sets
    globals()[name] = value = getattr(sets, name)  # warned once: later look-ups find it here
    return value
