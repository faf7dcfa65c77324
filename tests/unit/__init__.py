"""Unit tests of the rules engine: one table of cases per rule area."""
