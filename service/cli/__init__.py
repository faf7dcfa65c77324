"""The `penang-rummy` command: `serve`, `openapi`, `verify` (see `service.cli.main`).

Nothing is imported here, so `python -m service.cli.verify` loads the rules engine and the
signing module only.
"""
