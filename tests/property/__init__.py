"""Property tests: random legal play from random deals, with invariants after every event."""
