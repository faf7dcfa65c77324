"""Step definitions of the rules spec, one module per rule area (registered by conftest.py)."""
