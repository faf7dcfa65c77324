"""`python -m service.cli`: the `penang-rummy` command."""

import sys

from service.cli.main import main

sys.exit(main())
