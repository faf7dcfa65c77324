"""The `penang-rummy` command: `serve`, `openapi`, `verify` (see `service.cli.main`)."""

from service.cli.main import main

__all__ = ["main"]
