"""Root pytest configuration: the test process is single-threaded like every ibcheck process (numerics.threads)."""
from ibcheck.numerics.threads import default_single_threaded_env

default_single_threaded_env()
