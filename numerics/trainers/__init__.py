"""The flows and gradient methods of each model family, float64, in span coordinates where exact: the leaky two-layer
network (``two_layer``, ``flow``, ``leaky_modes``, ``leaky_horizon``, ``smooth_gd``), ReLU regression (``relu_gd``,
``relu_square``), homogeneous two-layer nets (``homogeneous_net``), linear predictors (``linear_gd``,
``linear_geometry``, ``adam``, ``adam_incremental``, ``adagrad``), and when float64 freezes a trainer (``frozen``).
They draw data and initialisations from ``data`` and integrate with ``integrators``; each returns its run as the
one record of ``numerics.trajectory`` (a ``Trajectory``: clock, states, log-loss, engine, stats)."""
