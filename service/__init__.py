"""The Penang Rummy rules service, around the rules engine in `domain`.

- `service.app.create_app`: the composition root (the CLI and tests call it);
- `service.api`: the HTTP API (routes, parameters, problems, the OpenAPI contract);
- `service.usecases`: what the API does (games, records, tokens), free of HTTP;
- `service.store`: the eventsourcing event store, free of HTTP;
- `service.cli`: the `penang-rummy` command;
- `service.signing` and `service.keyfiles`: signing records, checking their signatures,
  the key files (used by the API and the offline `verify` alike);
- `service.settings` and `service.errors`: shared by all of them;
- `service.metrics` and `service.logs`: the figures served at `/metrics`, counted in
  every layer, and the log lines `serve` writes;
- `service.bootstrap` (`python3 -m service`, `tests/run.py`): the checkout's `.venv`.
"""


def version() -> str:
    """The installed distribution's version (`penang-rummy --version`, `GET /`)."""
    from importlib import metadata  # noqa: PLC0415 (`python3 -m service` imports this first)

    try:
        return metadata.version("penang-rummy")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"
