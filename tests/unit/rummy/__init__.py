"""Unit tests of basic Rummy's rules (domain/rummy/): one table of cases per rule area."""
