"""Unit tests of Penang Rummy's rules (domain/penang/): one file per rule area."""
