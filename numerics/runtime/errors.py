"""The one exception type that means "the user's input is wrong" (CLI exit status 2)."""


class InputError(ValueError):
    """Bad user input: NaN/Inf, shape mismatch, disallowed labels, out-of-range parameter.

    The message is one line and names the offending input; the CLI prints it and exits 2.
    """
