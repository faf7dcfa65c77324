"""How long a test waits for a condition: long enough for a shared machine.

A test polls for what it waits for (a server that answers, a bot's turn, a clock's
timeout, a line in a log) and gives up after `PATIENCE` seconds. On two cores beside two
busy loops (`python3 tests/run.py --busy`), a served process took tens of seconds to
start: the bound is generous, and a condition met early ends the wait at once, so a
quiet machine pays nothing for it. PENANG_RUMMY_TEST_PATIENCE sets another bound.
"""

from __future__ import annotations

import os

PATIENCE = float(os.environ.get("PENANG_RUMMY_TEST_PATIENCE", "") or 180.0)
