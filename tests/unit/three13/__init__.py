"""Unit tests of Three Thirteen's rules (domain/three13/): one table of cases per rule area."""
