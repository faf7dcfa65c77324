"""Unit tests of what the draw games share (domain/drawgame/)."""
