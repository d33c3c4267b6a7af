"""The generic ODE pieces, blind to the model they integrate: the Dormand–Prince 5(4) tableau, its dense output and the
log-space time quadrature (``dopri``), the event-aware integrator for piecewise-smooth fields with Filippov sliding
(``flow_events``), the horizon engine, Radau in the log-loss clock for the stiff late flow (``horizon``), and the
engine objects a caller picks among them (``engine``: explicit, a handoff to a fixed-mode continuation, a fallback). A
model enters only through the field (and Jacobian) it hands them; the models themselves live in ``trainers``."""
